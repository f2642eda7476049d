#!/usr/bin/env node
// Checks the enumeration's manifests (a kustomization of deploy/enumerate, rendered by
// kustomize.mjs, or YAML files) without a cluster, as check-manifest.mjs checks the service's:
//   1. schema: every document against the Kubernetes API schemas of kubernetes-models;
//   2. the enumeration's rules: an Indexed Job whose index picks the shard (--shard
//      $(JOB_COMPLETION_INDEX)/N with N = completions) and its bank on the shared claim,
//      restarts that resume from it, threads = CPUs, memory for the 256 MiB goal, a writable
//      /tmp under a read-only root; a merge Job that joins exactly the N shard banks through a
//      new file renamed at the end (its script read with the container's environment, as the
//      shell reads it); the component labels that apply the claim and the Job first, the merge
//      after (kubectl apply -k DIR -l app.kubernetes.io/component=...);
//   3. with --self-test, that each of a list of known-bad mutations is caught.
// Usage: node check-enumerate.mjs KUSTOMIZATION_DIR|MANIFEST... [--self-test]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Job } from "kubernetes-models/batch/v1/Job";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { checkSchemas, get, quantity } from "./check-manifest.mjs";
import { loadManifests } from "./kustomize.mjs";
import { selfTest } from "./self-test.mjs";

const MODELS = {
  "batch/v1/Job": Job,
  "v1/PersistentVolumeClaim": PersistentVolumeClaim,
};
const MEMORY_GOAL = 256 * 2 ** 20; // issue #15: peak memory per enumerating process
const argAfter = (args, name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const COMPONENT = "app.kubernetes.io/component";
// A shell script with the container's literal variables ($NAME, ${NAME}) put in, as the shell
// sees them; Kubernetes' own $(NAME) is left alone.
function withEnv(script, container) {
  const env = Object.fromEntries((container.env || []).filter((e) => e.value !== undefined).map((e) => [e.name, String(e.value)]));
  return script.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (all, a, b) => env[a ?? b] ?? all);
}

// The pod rules both Jobs share: the image, restarts, resources, security, volumes.
function checkPod(job, claim, fail) {
  const name = job.metadata.name;
  const pod = get(job, "spec.template.spec") || {};
  const c = (pod.containers || [])[0] || {};
  const expect = (cond, msg) => { if (!cond) fail(`Job ${name}: ${msg}`); };
  expect((pod.containers || []).length === 1, "one container");
  expect(/(^|\/)rushhourd:[0-9]+\.[0-9]+\.[0-9]+$/.test(c.image || ""), `image "${c.image}" is not rushhourd:<version> (it holds the rushhour CLI)`);
  expect(["OnFailure", "Never"].includes(pod.restartPolicy), "restartPolicy must be OnFailure or Never");
  expect(job.spec.backoffLimit >= 1, "backoffLimit must allow restarts: they resume from the checkpoint");
  expect(pod.enableServiceLinks === false, "enableServiceLinks must be false");
  let memLimit = NaN, memRequest = NaN, cpuLimit = NaN;
  try {
    memLimit = quantity(get(c, "resources.limits.memory"));
    memRequest = quantity(get(c, "resources.requests.memory"));
    cpuLimit = quantity(get(c, "resources.limits.cpu"));
    quantity(get(c, "resources.requests.cpu"));
  } catch (e) {
    fail(`Job ${name}: resources: requests and limits of cpu and memory are all required: ${e.message}`);
  }
  expect(memRequest >= MEMORY_GOAL, `requests.memory must be at least the 256 MiB goal (is ${memRequest})`);
  expect(memLimit > MEMORY_GOAL && memLimit >= memRequest, `limits.memory must exceed the 256 MiB goal and the request (is ${memLimit})`);
  const psc = pod.securityContext || {};
  const csc = c.securityContext || {};
  expect(psc.runAsNonRoot === true && (csc.runAsUser ?? psc.runAsUser) === 10001, "runAsNonRoot with user 10001 (the image's)");
  expect(psc.fsGroup === 10001, "fsGroup 10001, so the user may write the volume");
  expect(csc.readOnlyRootFilesystem === true && csc.allowPrivilegeEscalation === false, "read-only root, no privilege escalation");
  const volumes = Object.fromEntries((pod.volumes || []).map((v) => [v.name, v]));
  const mounts = Object.fromEntries((c.volumeMounts || []).map((m) => [m.mountPath, m.name]));
  expect(get(volumes[mounts["/data"]], "persistentVolumeClaim.claimName") === claim, `/data must be the claim ${claim}`);
  expect(volumes[mounts["/tmp"]] && volumes[mounts["/tmp"]].emptyDir, "/tmp must be an emptyDir (SQLite's sort files, under a read-only root)");
  return { c, cpuLimit };
}

// Returns the list of problems (empty: the manifests pass).
function check(docs) {
  const problems = [];
  const fail = (msg) => problems.push(msg);
  const expect = (cond, msg) => { if (!cond) fail(msg); };
  const byKind = checkSchemas(docs, MODELS, fail);
  const jobs = byKind.Job || [];
  const indexed = jobs.filter((j) => j.spec.completionMode === "Indexed");
  const merges = jobs.filter((j) => j.spec.completionMode !== "Indexed");
  expect((byKind.PersistentVolumeClaim || []).length === 1, "expected one PersistentVolumeClaim");
  expect(indexed.length === 1 && merges.length === 1, `expected one Indexed Job and one merge Job (found ${indexed.length} and ${merges.length})`);
  if (problems.length) return problems;
  const [pvc] = byKind.PersistentVolumeClaim;
  const [job] = indexed;
  const [merge] = merges;
  expect((pvc.spec.accessModes || []).includes("ReadWriteMany"), "the claim must be ReadWriteMany: pods of several nodes write their shards on it");

  // the Indexed Job: one shard per index, its bank on the claim
  const n = job.spec.completions;
  expect(Number.isInteger(n) && n >= 2, `completions (${n}) must be a shard count of at least 2`);
  expect(job.spec.parallelism >= 1 && job.spec.parallelism <= n, `parallelism (${job.spec.parallelism}) must be 1..completions`);
  const { c, cpuLimit } = checkPod(job, pvc.metadata.name, fail);
  const args = c.args || [];
  expect(JSON.stringify(c.command) === '["/usr/local/bin/rushhour"]' && args[0] === "enumerate", "the container must run /usr/local/bin/rushhour enumerate");
  expect(argAfter(args, "--shard") === `$(JOB_COMPLETION_INDEX)/${n}`, `--shard must be $(JOB_COMPLETION_INDEX)/${n} (is ${argAfter(args, "--shard")})`);
  const bank = argAfter(args, "--bank") || "";
  expect(/^\/data\/[^/]*\$\(JOB_COMPLETION_INDEX\)[^/]*\.sqlite$/.test(bank), `--bank must be a file of the index in /data (is "${bank}")`);
  expect(Number(argAfter(args, "--threads")) === Math.ceil(cpuLimit), `--threads (${argAfter(args, "--threads")}) must match limits.cpu (${cpuLimit})`);

  // the merge: exactly the N banks, into a new file renamed over the result
  const { c: m } = checkPod(merge, pvc.metadata.name, fail);
  const script = withEnv((m.args || []).join(" "), m);
  const files = bank.replace("$(JOB_COMPLETION_INDEX)", "%g");
  expect((merge.spec.completions ?? 1) === 1, "the merge Job runs once");
  expect(script.includes(`$(seq -f ${files} 0 ${n - 1})`), `the merge must join $(seq -f ${files} 0 ${n - 1})`);
  const into = /bank merge ([^\s;]+)/.exec(script);
  const moved = /mv ([^\s;]+) ([^\s;]+)/.exec(script);
  expect(into && moved && moved[1] === into[1] && moved[2] !== into[1] &&
    script.includes(`rm -f ${into[1]}`) && /^\s*set -eu/.test(script),
    "the merge must write a new file (set -eu; rm -f TMP; bank merge TMP ...; mv TMP OUT): merging into the result twice would count shards twice");

  // the two steps: the claim and the Job first, the merge once the Job is complete
  const component = (r) => get(r, "metadata.labels")?.[COMPONENT];
  expect(component(pvc) === "enumerate" && component(job) === "enumerate" && component(merge) === "merge",
    `the claim and the Indexed Job must be labelled ${COMPONENT}: enumerate and the merge ${COMPONENT}: merge (are ${component(pvc)}, ${component(job)}, ${component(merge)}): kubectl apply -k DIR -l ${COMPONENT}=... applies them in two steps`);
  return problems;
}

// Each is written against the manifest's own shard count (d.n), so that it holds for any space.
const MUTATIONS = [
  ["completions half the shard count", (d) => { d.job.spec.completions = d.n / 2; }],
  ["not Indexed", (d) => { delete d.job.spec.completionMode; }],
  ["parallelism above completions", (d) => { d.job.spec.parallelism = d.n + 1; }],
  ["shard from a fixed index", (d) => { d.jobArgs[d.jobArgs.indexOf("--shard") + 1] = `0/${d.n}`; }],
  ["one bank for every index", (d) => { d.jobArgs[d.jobArgs.indexOf("--bank") + 1] = "/data/bank.sqlite"; }],
  ["bank off the claim", (d) => { d.jobArgs[d.jobArgs.indexOf("--bank") + 1] = "/tmp/shard-$(JOB_COMPLETION_INDEX).sqlite"; }],
  ["4 threads on 1 CPU", (d) => { d.jobArgs[d.jobArgs.indexOf("--threads") + 1] = "4"; }],
  ["no restarts", (d) => { d.job.spec.backoffLimit = 0; }],
  ["restartPolicy Always (schema or rule)", (d) => { d.job.spec.template.spec.restartPolicy = "Always"; }],
  ["memory 128Mi", (d) => { const r = d.job.spec.template.spec.containers[0].resources; r.limits.memory = "128Mi"; r.requests.memory = "128Mi"; }],
  ["no /tmp under a read-only root", (d) => { const c = d.job.spec.template.spec.containers[0]; c.volumeMounts = c.volumeMounts.filter((v) => v.mountPath !== "/tmp"); }],
  ["claim ReadWriteOnce", (d) => { d.pvc.spec.accessModes = ["ReadWriteOnce"]; }],
  ["completions as text (schema)", (d) => { d.job.spec.completions = String(d.n); }],
  ["merge misses the last shard", (d) => { const m = d.merge.spec.template.spec.containers[0]; m.args[0] = withEnv(m.args[0], m).replace(` 0 ${d.n - 1})`, ` 0 ${d.n - 2})`); }],
  ["merge straight into the result", (d) => { const a = d.merge.spec.template.spec.containers[0].args; a[0] = a[0].replace(/\/data\/bank\.sqlite\.merging/g, "/data/bank.sqlite"); }],
  ["merge runs as root", (d) => { d.merge.spec.template.spec.securityContext.runAsUser = 0; }],
  ["merge applied with the Job", (d) => { d.merge.metadata.labels[COMPONENT] = "enumerate"; }],
];

// What a mutation changes: the claim, the Indexed Job (its arguments, its completions) and the
// merge Job.
function view(copy) {
  const d = { pvc: copy.find((x) => x.kind === "PersistentVolumeClaim") };
  d.job = copy.find((x) => x.kind === "Job" && x.spec.completionMode === "Indexed");
  d.merge = copy.find((x) => x.kind === "Job" && x !== d.job);
  d.jobArgs = d.job.spec.template.spec.containers[0].args;
  d.n = d.job.spec.completions;
  return d;
}

function main(argv) {
  const args = argv.slice(2);
  const files = args.filter((a) => !a.startsWith("--"));
  if (files.length < 1 || args.some((a) => a.startsWith("--") && a !== "--self-test")) {
    console.error("usage: check-enumerate.mjs KUSTOMIZATION_DIR|MANIFEST... [--self-test]");
    return 2;
  }
  const docs = [];
  for (const file of files) {
    try {
      docs.push(...loadManifests(file));
    } catch (e) {
      console.error(`k8s-check: FAIL: ${e.message}`);
      return 1;
    }
  }
  const problems = check(docs);
  if (problems.length) {
    problems.forEach((p) => console.error(`k8s-check: FAIL: ${files.join(" + ")}: ${p}`));
    return 1;
  }
  console.log(`k8s-check: ${files.join(" + ")}: ${docs.map((d) => `${d.kind}/${d.metadata.name}`).join(", ")}: schemas and rules pass`);
  if (args.includes("--self-test")) {
    const caught = selfTest(docs, MUTATIONS, view, check);
    if (caught < 0) {
      console.error("k8s-check: FAIL: the check accepted a known-bad manifest (above)");
      return 1;
    }
    console.log(`k8s-check: enumeration self-test: all ${caught} known-bad mutations rejected`);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main(process.argv));
