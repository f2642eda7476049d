#!/usr/bin/env node
// Checks the service's manifests (the kustomization deploy/server, rendered by kustomize.mjs,
// or a YAML file) without a cluster or network (Node 18+):
//   1. schema: every document against the Kubernetes API schemas bundled in kubernetes-models
//      (types, required fields, enums, formats; like most offline validators it does not
//      reject unknown fields, so rule 2 asserts every field that matters by name);
//   2. rushhourd's own rules across the documents (sizes, shutdown timing, probes, service
//      links, selectors, the autoscaler's target, a bank of its own on a read-only volume);
//   3. with --self-test, that each of a list of known-bad mutations of the manifest is caught.
//   4. with --server-binary, that the real server accepts the container's environment.
// Usage: node check-manifest.mjs KUSTOMIZATION_DIR|MANIFEST
//                                [--config-source src/server/base/config.c]
//                                [--server-binary build/rushhourd] [--self-test]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { Service } from "kubernetes-models/v1/Service";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { loadManifests } from "./kustomize.mjs";
import { selfTest } from "./self-test.mjs";

const MODELS = {
  "apps/v1/Deployment": Deployment,
  "v1/Service": Service,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
};

// rushhourd's defaults (src/server/base/config.c), for settings the manifest leaves unset.
const SERVER_DEFAULTS = {
  RUSHHOURD_PORT: "8080",
  RUSHHOURD_ADMIN_PORT: "8137",
  RUSHHOURD_MEMORY_BUDGET_BYTES: "1GiB",
  RUSHHOURD_CACHE_BYTES: "64MiB",
  RUSHHOURD_TABLE_CACHE_BYTES: "64MiB",
  RUSHHOURD_TABLE_BUILD_CPU_MS_PER_MIN: "6000",
  RUSHHOURD_MAX_CONNECTIONS: "1024",
  RUSHHOURD_HEADER_MEMORY_BYTES: "32KiB",
  RUSHHOURD_GRACE_S: "20",
  RUSHHOURD_TIMEOUT_MAX_MS: "30000",
  RUSHHOURD_WORKERS: "0",
  RUSHHOURD_HTTP_THREADS: "0",
};
const IMAGE_BANK = "/usr/local/share/rushhour/bank.sqlite"; // the Dockerfile's, where --bank auto looks
const BASE_MEMORY_MARGIN = 64 * 2 ** 20; // binary, thread stacks, bodies: beyond the budgets

const KI = 1024;
// A rushhourd size: digits, optionally followed by KiB, MiB, GiB or TiB.
export function serverBytes(text) {
  const m = /^([0-9]+)(KiB|MiB|GiB|TiB)?$/.exec(String(text));
  if (!m) throw new Error(`"${text}" is not a rushhourd size (digits, then KiB/MiB/GiB/TiB)`);
  const unit = { undefined: 1, KiB: KI, MiB: KI ** 2, GiB: KI ** 3, TiB: KI ** 4 }[m[2]];
  return Number(m[1]) * unit;
}
// A Kubernetes quantity (the common forms): 768Mi, 1G, 512000, 1500m, 0.5.
export function quantity(text) {
  const m = /^([0-9]+(?:\.[0-9]+)?)(m|k|M|G|T|Ki|Mi|Gi|Ti)?$/.exec(String(text));
  if (!m) throw new Error(`"${text}" is not a Kubernetes quantity this check understands`);
  const unit = {
    undefined: 1, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12,
    Ki: KI, Mi: KI ** 2, Gi: KI ** 3, Ti: KI ** 4,
  }[m[2]];
  return Number(m[1]) * unit;
}
const mib = (b) => `${(b / 2 ** 20).toFixed(0)} MiB`;
export const get = (obj, path) => path.split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);

// Validates each document against the schema of its kind among `models` ("apiVersion/kind" to
// a kubernetes-models class), reporting through `fail`; returns the valid-kind documents by kind.
export function checkSchemas(docs, models, fail) {
  const byKind = {};
  docs.forEach((doc, i) => {
    if (!doc || typeof doc !== "object") return fail(`document ${i + 1} is empty or not a mapping`);
    const key = `${doc.apiVersion}/${doc.kind}`;
    const Model = models[key];
    if (!Model) return fail(`document ${i + 1}: unexpected ${key} (expected one of ${Object.keys(models).join(", ")})`);
    try {
      new Model(JSON.parse(JSON.stringify(doc))).validate();
    } catch (e) {
      fail(`document ${i + 1} (${doc.kind} ${get(doc, "metadata.name")}): schema: ${e.message}`);
    }
    (byKind[doc.kind] = byKind[doc.kind] || []).push(doc);
  });
  return byKind;
}

// The RUSHHOURD_* settings the server reads, from its source when given.
function serverSettings(configSource) {
  if (!configSource) return null;
  const text = fs.readFileSync(configSource, "utf8");
  const names = new Set(text.match(/"RUSHHOURD_[A-Z0-9_]+"/g).map((s) => s.slice(1, -1)));
  if (names.size < 5) throw new Error(`found only ${names.size} RUSHHOURD_* names in ${configSource}`);
  return names;
}

// Returns the list of problems (empty: the manifest passes).
export function check(docs, settingNames) {
  const problems = [];
  const fail = (msg) => problems.push(msg);
  const expect = (cond, msg) => { if (!cond) fail(msg); };

  // ---------------------------------------------------------------------------- 1. schemas
  const byKind = checkSchemas(docs, MODELS, fail);
  for (const kind of ["Deployment", "Service", "HorizontalPodAutoscaler"]) {
    expect((byKind[kind] || []).length === 1, `expected exactly one ${kind}, found ${(byKind[kind] || []).length}`);
  }
  if (problems.length) return problems;
  const [dep] = byKind.Deployment;
  const [svc] = byKind.Service;
  const [hpa] = byKind.HorizontalPodAutoscaler;
  const pdbs = byKind.PodDisruptionBudget || [];

  // ------------------------------------------------------------------------- 2. the Deployment
  const pod = get(dep, "spec.template.spec") || {};
  const containers = pod.containers || [];
  const c = containers.find((x) => x.name === "rushhourd");
  if (!c) return [...problems, "the Deployment has no container named rushhourd"];
  expect(/(^|\/)rushhourd:[0-9]+\.[0-9]+\.[0-9]+$/.test(c.image || ""), `image "${c.image}" is not rushhourd:<version>`);
  expect(pod.enableServiceLinks === false,
    "enableServiceLinks must be false (service links could inject RUSHHOURD_PORT=tcp://..., which the server rejects)");

  const env = {};
  for (const e of c.env || []) {
    if (e.valueFrom) fail(`env ${e.name}: only literal values are checked here`);
    else if (e.name in env) fail(`env ${e.name} is set twice`);
    else env[e.name] = String(e.value ?? "");
    if (/^RUSHHOURD_/.test(e.name) && settingNames && !settingNames.has(e.name)) {
      fail(`env ${e.name} is not a rushhourd setting (it would be ignored)`);
    }
  }
  const setting = (name) => env[name] ?? SERVER_DEFAULTS[name];
  const num = (name) => {
    const v = setting(name);
    if (!/^[0-9]+$/.test(v)) { fail(`env ${name}="${v}" is not a whole number`); return NaN; }
    return Number(v);
  };
  const bytes = (name) => { try { return serverBytes(setting(name)); } catch (e) { fail(`env ${name}: ${e.message}`); return NaN; } };

  // the port: container port = RUSHHOURD_PORT, named http, probed and served
  const port = num("RUSHHOURD_PORT");
  const cport = (c.ports || []).find((p) => p.name === "http");
  expect(cport && cport.containerPort === port, `container port "http" must be ${port} (RUSHHOURD_PORT)`);
  expect(port === 8080, `RUSHHOURD_PORT is ${port}, the image exposes 8080`);
  // the admin listener: probes and scrapes answer on it while the main port is flooded
  const adminPort = num("RUSHHOURD_ADMIN_PORT");
  const aport = (c.ports || []).find((p) => p.name === "admin");
  expect(adminPort > 0 && adminPort !== port, `RUSHHOURD_ADMIN_PORT (${setting("RUSHHOURD_ADMIN_PORT")}) must be a port of its own`);
  expect(aport && aport.containerPort === adminPort, `container port "admin" must be ${adminPort} (RUSHHOURD_ADMIN_PORT)`);
  expect(adminPort === 8137, `RUSHHOURD_ADMIN_PORT is ${adminPort}, the image exposes 8137`);
  const scrape = get(dep, "spec.template.metadata.annotations") ?? {};
  expect(String(scrape["prometheus.io/port"]) === String(adminPort),
    `the prometheus.io/port annotation must name the admin port ${adminPort} (is ${scrape["prometheus.io/port"]})`);
  expect(["0.0.0.0", "::"].includes(setting("RUSHHOURD_BIND") ?? "0.0.0.0"), "RUSHHOURD_BIND must be a wildcard address in a pod");

  // CPU: explicit thread counts, matched by the CPU limit
  const workers = num("RUSHHOURD_WORKERS");
  const httpThreads = num("RUSHHOURD_HTTP_THREADS");
  expect(workers >= 1, "RUSHHOURD_WORKERS must be set (0 means one per node core, not per CPU of the limit)");
  expect(httpThreads >= 1, "RUSHHOURD_HTTP_THREADS must be set (0 means one per node core)");
  const res = c.resources || {};
  let cpuLimit = NaN, cpuRequest = NaN, memLimit = NaN, memRequest = NaN;
  try {
    cpuLimit = quantity(get(res, "limits.cpu"));
    cpuRequest = quantity(get(res, "requests.cpu"));
    memLimit = quantity(get(res, "limits.memory"));
    memRequest = quantity(get(res, "requests.memory"));
  } catch (e) {
    fail(`resources: requests and limits of cpu and memory are all required: ${e.message}`);
  }
  expect(Math.ceil(cpuLimit) === workers, `limits.cpu (${cpuLimit} cores) must match RUSHHOURD_WORKERS (${workers})`);
  expect(cpuRequest > 0 && cpuRequest <= cpuLimit, `requests.cpu (${cpuRequest}) must be set and at most limits.cpu (${cpuLimit})`);
  // The background table builds, at idle priority, still count in what the HPA scales on: their
  // budget stays within a tenth of the CPU request, so no client's flood of hand-outs scales out.
  const buildCpu = num("RUSHHOURD_TABLE_BUILD_CPU_MS_PER_MIN");
  expect(buildCpu <= cpuRequest * 60000 * 0.1,
    `RUSHHOURD_TABLE_BUILD_CPU_MS_PER_MIN (${buildCpu}) must be at most a tenth of requests.cpu over a minute (${cpuRequest * 6000} ms)`);

  // memory: budget + the answer and table caches + header memory of every connection + margin,
  // under the limit (table builds run on the workers, inside the search budget)
  const budget = bytes("RUSHHOURD_MEMORY_BUDGET_BYTES");
  const cache = bytes("RUSHHOURD_CACHE_BYTES") + bytes("RUSHHOURD_TABLE_CACHE_BYTES");
  const ADMIN_CONNECTIONS = 16; // src/server/http/server.c
  const headers = (num("RUSHHOURD_MAX_CONNECTIONS") + ADMIN_CONNECTIONS) * bytes("RUSHHOURD_HEADER_MEMORY_BYTES");
  const need = budget + cache + headers + BASE_MEMORY_MARGIN;
  expect(memLimit > budget + cache, `limits.memory (${mib(memLimit)}) must exceed memory budget + caches (${mib(budget + cache)})`);
  expect(memLimit >= need,
    `limits.memory (${mib(memLimit)}) must be at least budget ${mib(budget)} + caches ${mib(cache)} + headers ${mib(headers)} + ${mib(BASE_MEMORY_MARGIN)} = ${mib(need)}`);
  expect(memRequest === memLimit, `requests.memory (${mib(memRequest)}) should equal limits.memory (${mib(memLimit)})`);

  // probes
  const probe = (name, path) => {
    const p = c[name];
    expect(get(p, "httpGet.path") === path, `${name} must be GET ${path} (is ${get(p, "httpGet.path")})`);
    const pp = get(p, "httpGet.port");
    expect(pp === "admin" || pp === adminPort, `${name} must probe the admin port (is ${pp})`);
  };
  probe("livenessProbe", "/healthz");
  probe("readinessProbe", "/readyz");

  // shutdown: preStop pause, then the drain, within the grace period
  const grace = num("RUSHHOURD_GRACE_S");
  const pre = get(c, "lifecycle.preStop.exec.command") || [];
  const preStop = pre.length === 2 && pre[0] === "/bin/sleep" && /^[0-9]+$/.test(pre[1]) ? Number(pre[1]) : NaN;
  expect(preStop >= 1, `lifecycle.preStop must be exec ["/bin/sleep", "<seconds>"] (is ${JSON.stringify(pre)})`);
  const tgps = pod.terminationGracePeriodSeconds ?? 30;
  expect(tgps > grace + preStop,
    `terminationGracePeriodSeconds (${tgps}) must exceed RUSHHOURD_GRACE_S (${grace}) + preStop (${preStop})`);
  const timeoutMax = num("RUSHHOURD_TIMEOUT_MAX_MS");
  expect(timeoutMax <= grace * 1000,
    `RUSHHOURD_TIMEOUT_MAX_MS (${timeoutMax}) should be at most RUSHHOURD_GRACE_S (${grace} s): searches then finish during the drain`);

  // security
  const psc = pod.securityContext || {};
  const csc = c.securityContext || {};
  expect(psc.runAsNonRoot === true || csc.runAsNonRoot === true, "runAsNonRoot must be true");
  expect((csc.runAsUser ?? psc.runAsUser) === 10001, "runAsUser must be 10001 (the image's user, by number)");
  expect(csc.readOnlyRootFilesystem === true, "readOnlyRootFilesystem must be true");
  expect(csc.allowPrivilegeEscalation === false, "allowPrivilegeEscalation must be false");
  expect(JSON.stringify(get(csc, "capabilities.drop")) === '["ALL"]', "capabilities must drop ALL");

  // the bank: the image's own (auto finds it) or a file on a volume mounted read-only, as
  // deploy/server-bank mounts an enumeration's claim (the root filesystem is read-only)
  const bank = setting("RUSHHOURD_BANK");
  if (bank !== undefined && !["auto", "off", IMAGE_BANK].includes(bank)) {
    const m = (c.volumeMounts || []).find((v) => bank.startsWith(`${v.mountPath.replace(/\/$/, "")}/`));
    expect(m, `RUSHHOURD_BANK (${bank}) is on no mounted volume, and the image holds only ${IMAGE_BANK}`);
    expect(!m || m.readOnly === true, `the volume of RUSHHOURD_BANK (${m?.mountPath}) must be mounted readOnly: the server only reads the bank`);
    expect(!m || (pod.volumes || []).some((v) => v.name === m.name), `volumeMount ${m?.name} names no volume of the pod`);
  }

  // ---------------------------------------------------------------- 3. Service, HPA, PDB
  const labels = get(dep, "spec.template.metadata.labels") || {};
  const matches = (sel) => sel && Object.keys(sel).length > 0 && Object.entries(sel).every(([k, v]) => labels[k] === v);
  expect(matches(get(dep, "spec.selector.matchLabels")), "the Deployment's selector must match its pod labels");
  expect(matches(svc.spec.selector), "the Service's selector must match the pods");
  expect((svc.spec.type ?? "ClusterIP") === "ClusterIP", "the Service must be ClusterIP");
  const sp = (svc.spec.ports || [])[0] || {};
  expect(sp.port === 80 && (sp.targetPort === "http" || sp.targetPort === port),
    `the Service must map port 80 to the container's http port (is ${sp.port} -> ${sp.targetPort})`);
  expect((svc.spec.ports || []).every((p) => p.targetPort !== "admin" && p.targetPort !== adminPort),
    "the Service must not expose the admin port: it is for the kubelet and Prometheus");
  // The variables service links would define for each Service must not be settings, should
  // enableServiceLinks ever be turned back on (and other Services of the namespace must not be
  // named rushhourd either).
  for (const s of byKind.Service) {
    const prefix = s.metadata.name.toUpperCase().replace(/-/g, "_");
    const injected = [`${prefix}_SERVICE_HOST`, `${prefix}_SERVICE_PORT`, `${prefix}_PORT`];
    const clash = injected.filter((n) => (settingNames ? settingNames.has(n) : n in SERVER_DEFAULTS));
    expect(clash.length === 0, `Service ${s.metadata.name}: its service links would define ${clash.join(", ")}, a rushhourd setting`);
  }

  const ref = hpa.spec.scaleTargetRef || {};
  expect(ref.kind === "Deployment" && ref.apiVersion === "apps/v1" && ref.name === dep.metadata.name,
    `the HPA must target Deployment ${dep.metadata.name} (targets ${ref.apiVersion} ${ref.kind} ${ref.name})`);
  expect(hpa.spec.minReplicas >= 2, `HPA minReplicas (${hpa.spec.minReplicas}) must be at least 2`);
  expect(hpa.spec.maxReplicas > hpa.spec.minReplicas, "HPA maxReplicas must exceed minReplicas");
  expect(dep.spec.replicas === undefined,
    `the Deployment sets replicas (${dep.spec.replicas}) while the HPA owns the scale: every apply would reset it`);
  const cpuMetric = (hpa.spec.metrics || []).find((m) => m.type === "Resource" && get(m, "resource.name") === "cpu");
  const util = get(cpuMetric, "resource.target.averageUtilization");
  expect(get(cpuMetric, "resource.target.type") === "Utilization" && util > 0 && util <= 90,
    "the HPA must scale on CPU Utilization (a target of at most 90%)");

  for (const pdb of pdbs) {
    expect(matches(get(pdb, "spec.selector.matchLabels")), `PodDisruptionBudget ${pdb.metadata.name} must select the pods`);
    const minAvailable = pdb.spec.minAvailable;
    expect(typeof minAvailable !== "number" || minAvailable < hpa.spec.minReplicas,
      `PodDisruptionBudget minAvailable (${minAvailable}) must be below minReplicas, or no node could ever be drained`);
  }
  return problems;
}

// Known-bad variants of the manifest: each must be rejected, or the check is not checking.
const MUTATIONS = [
  ["replicas set beside the HPA", (d) => { d.Deployment.spec.replicas = 2; }],
  ["replicas not an integer (schema)", (d) => { d.Deployment.spec.replicas = "two"; }],
  ["HPA minReplicas: 1", (d) => { d.HorizontalPodAutoscaler.spec.minReplicas = 1; }],
  ["container without a name (schema)", (d) => { delete d.Deployment.spec.template.spec.containers[0].name; }],
  ["Service port as text (schema)", (d) => { d.Service.spec.ports[0].port = "eighty"; }],
  ["HPA without scaleTargetRef.kind (schema)", (d) => { delete d.HorizontalPodAutoscaler.spec.scaleTargetRef.kind; }],
  ["PodDisruptionBudget minAvailable as a list (schema)", (d) => { d.PodDisruptionBudget.spec.minAvailable = [1]; }],
  ["HPA metric type unknown", (d) => { d.HorizontalPodAutoscaler.spec.metrics[0].type = "Cpu"; }],
  ["enableServiceLinks true", (d) => { d.Deployment.spec.template.spec.enableServiceLinks = true; }],
  ["Service named rushhourd", (d) => { d.Service.metadata.name = "rushhourd"; }],
  ["termination grace 25 s = drain 20 + preStop 5", (d) => { d.Deployment.spec.template.spec.terminationGracePeriodSeconds = 25; }],
  ["memory limit 512Mi (= budget)", (d) => { const r = d.container.resources; r.limits.memory = "512Mi"; r.requests.memory = "512Mi"; }],
  ["memory budget 700MiB under a 768Mi limit", (d) => { d.env("RUSHHOURD_MEMORY_BUDGET_BYTES").value = "700MiB"; }],
  ["table builds' CPU budget a quarter of the CPU request", (d) => { d.env("RUSHHOURD_TABLE_BUILD_CPU_MS_PER_MIN").value = "15000"; }],
  ["table cache 128MiB under a 768Mi limit", (d) => { d.env("RUSHHOURD_TABLE_CACHE_BYTES").value = "128MiB"; }],
  ["readiness probe on /healthz", (d) => { d.container.readinessProbe.httpGet.path = "/healthz"; }],
  ["liveness probe removed", (d) => { delete d.container.livenessProbe; }],
  ["liveness probe on the main port", (d) => { d.container.livenessProbe.httpGet.port = "http"; }],
  ["scrape annotation on the main port", (d) => { d.Deployment.spec.template.metadata.annotations["prometheus.io/port"] = "8080"; }],
  ["admin listener off", (d) => { d.env("RUSHHOURD_ADMIN_PORT").value = "off"; }],
  ["Service exposes the admin port", (d) => { d.Service.spec.ports.push({ name: "admin", port: 8137, targetPort: "admin", protocol: "TCP" }); }],
  ["cpu limit 4 with 2 workers", (d) => { d.container.resources.limits.cpu = "4"; }],
  ["RUSHHOURD_WORKERS unset", (d) => { d.container.env = d.container.env.filter((e) => e.name !== "RUSHHOURD_WORKERS"); }],
  ["misspelt setting RUSHHOURD_WORKER", (d) => { d.env("RUSHHOURD_WORKERS").name = "RUSHHOURD_WORKER"; }],
  ["size with a bad unit (512MB)", (d) => { d.env("RUSHHOURD_MEMORY_BUDGET_BYTES").value = "512MB"; }],
  ["HPA targets another Deployment", (d) => { d.HorizontalPodAutoscaler.spec.scaleTargetRef.name = "rushhour"; }],
  ["HPA minReplicas 1", (d) => { d.HorizontalPodAutoscaler.spec.minReplicas = 1; }],
  ["Service selects nothing of ours", (d) => { d.Service.spec.selector = { app: "other" }; }],
  ["no preStop sleep", (d) => { delete d.container.lifecycle; }],
  ["root filesystem writable", (d) => { d.container.securityContext.readOnlyRootFilesystem = false; }],
  ["privilege escalation allowed", (d) => { d.container.securityContext.allowPrivilegeEscalation = true; }],
  ["bank on no volume", (d) => { d.container.env.push({ name: "RUSHHOURD_BANK", value: "/bank/bank.sqlite" }); }],
  ["bank on a writable volume", (d) => {
    d.container.env.push({ name: "RUSHHOURD_BANK", value: "/bank/bank.sqlite" });
    d.container.volumeMounts = [{ name: "bank", mountPath: "/bank" }];
    d.Deployment.spec.template.spec.volumes = [{ name: "bank", persistentVolumeClaim: { claimName: "rushhour-banks" } }];
  }],
];

// What a mutation changes: each document by its kind, the server's container and its
// environment.
function view(copy) {
  const d = {};
  for (const doc of copy) d[doc.kind] = doc;
  d.container = d.Deployment.spec.template.spec.containers[0];
  d.env = (n) => d.container.env.find((e) => e.name === n);
  return d;
}

function main(argv) {
  const args = argv.slice(2);
  let file = null, configSource = null, serverBinary = null, runSelfTest = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--config-source") configSource = args[++i];
    else if (args[i] === "--server-binary") serverBinary = args[++i];
    else if (args[i] === "--self-test") runSelfTest = true;
    else if (!file && !args[i].startsWith("--")) file = args[i];
    else file = null, i = args.length; // anything else: usage
  }
  const settingNames = serverSettings(configSource);
  if (!file) {
    console.error("usage: check-manifest.mjs KUSTOMIZATION_DIR|MANIFEST [--config-source src/server/base/config.c] [--server-binary build/rushhourd] [--self-test]");
    return 2;
  }
  let docs;
  try {
    docs = loadManifests(file);
  } catch (e) {
    console.error(`k8s-check: FAIL: ${e.message}`);
    return 1;
  }
  const problems = check(docs, settingNames);
  if (problems.length) {
    problems.forEach((p) => console.error(`k8s-check: FAIL: ${file}: ${p}`));
    return 1;
  }
  if (serverBinary) {
    // The container's environment, given to the real server: bad values stop it with exit 2.
    // --healthcheck loads the whole configuration, then only knocks on 127.0.0.1:PORT.
    const c = docs.find((d) => d.kind === "Deployment").spec.template.spec.containers[0];
    const env = { PATH: "/usr/bin:/bin" };
    for (const e of c.env) env[e.name] = String(e.value);
    const run = spawnSync(serverBinary, ["--healthcheck"], { env, encoding: "utf8", timeout: 10000 });
    if (run.error || run.status === 2 || run.status === null) {
      console.error(`k8s-check: FAIL: ${serverBinary} rejects the container's environment: ${run.error ? run.error.message : run.stderr.trim()}`);
      return 1;
    }
    console.log(`k8s-check: ${serverBinary} accepts the container's environment (${Object.keys(env).length - 1} variables)`);
  }
  console.log(`k8s-check: ${file}: ${docs.map((d) => `${d.kind}/${d.metadata.name}`).join(", ")}: schemas and rules pass`);
  if (runSelfTest) {
    const caught = selfTest(docs, MUTATIONS, view, (copy) => check(copy, settingNames));
    if (caught < 0) {
      console.error("k8s-check: FAIL: the check accepted a known-bad manifest (above)");
      return 1;
    }
    console.log(`k8s-check: self-test: all ${caught} known-bad mutations rejected`);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main(process.argv));
