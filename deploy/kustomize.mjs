#!/usr/bin/env node
// Renders a kustomization offline, as `kubectl kustomize DIR` (kustomize build) would, for the
// subset deploy/ uses, so that scripts/k8s-check.sh checks what `kubectl apply -k DIR` applies
// without kustomize or a cluster:
//   - resources: YAML files and directories holding a kustomization.yaml (bases), in order;
//   - patches: JSON6902 operations (add, remove, replace, test) with a target (kind, name as an
//     anchored regular expression, optionally group and version), inline (patch) or from a
//     file (path), applied before the names change, as kustomize applies them;
//   - components: directories holding a kustomization.yaml of kind Component, whose resources
//     join the including kustomization's and whose patches and images then apply to them all,
//     before the including kustomization's own;
//   - images: name, newName, newTag (or digest) replace the image of every container and init
//     container whose image name is `name`, after the patches, as kustomize's image transformer
//     does; an entry that matches no container is refused (kustomize ignores it);
//   - namePrefix and nameSuffix, then the references kustomize updates for the kinds used
//     here: a PersistentVolumeClaim's name in a pod's volumes (Pod, Deployment, StatefulSet,
//     DaemonSet, ReplicaSet, Job, CronJob) and a Deployment's in an HPA's scaleTargetRef;
//   - the output in kustomize's default ("legacy") order: Namespace ... Service, ...,
//     PersistentVolumeClaim, Deployment, ..., PodDisruptionBudget first, other kinds next by
//     group_version_kind, then names.
// Anything else it refuses rather than ignores: another field of a kustomization, a
// strategic-merge patch, a remote resource, another JSON6902 operation, a patch whose target
// matches nothing, a failed `test` (kustomize applies a patch that matches nothing silently).
//
//   node deploy/kustomize.mjs DIR          prints the rendered documents, as `kubectl kustomize DIR`
//   node deploy/kustomize.mjs --self-test  renders small kustomizations of its own: the right
//                                          output, and each known-bad one refused
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const FIELDS = new Set(['apiVersion', 'kind', 'resources', 'components', 'patches', 'images', 'namePrefix',
  'nameSuffix']);
const COMPONENT_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'patches', 'images']);
const IMAGE_FIELDS = new Set(['name', 'newName', 'newTag', 'digest']);
const FILENAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

// Every document of a YAML file (empty ones dropped); a YAML error throws, naming the file.
export function readDocuments(file) {
  const parsed = YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'));
  const errors = parsed.flatMap((d) => d.errors.map((e) => e.message));
  if (errors.length) throw new Error(`${file}: YAML: ${errors.join('; ')}`);
  return parsed.map((d) => d.toJS()).filter((d) => d !== null);
}

// The manifests at a path: a kustomization directory rendered, or a YAML file's documents.
export function loadManifests(p) {
  return fs.statSync(p).isDirectory() ? render(p) : readDocuments(p);
}

export function render(dir) {
  return legacyOrder(build(dir));
}

// The resources of the kustomization in `dir`, transformed; with `into` (a component), the
// component's resources are added to those and its transformations applied to them all.
function build(dir, into = null) {
  const file = FILENAMES.map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const [k = {}] = readDocuments(file);
  const where = (msg) => new Error(`${file}: ${msg}`);
  const kind = into ? 'Component' : 'Kustomization';
  if ((k.kind ?? 'Kustomization') !== kind) throw where(`kind ${k.kind ?? 'Kustomization'} where a ${kind} is expected`);
  for (const field of Object.keys(k)) {
    if (!(into ? COMPONENT_FIELDS : FIELDS).has(field)) throw where(`"${field}" is not supported by this renderer (deploy/kustomize.mjs)`);
  }

  const resources = into ?? [];
  const local = (entry, what) => {
    if (/^[a-z]+:\/\/|^git@/.test(entry)) throw where(`remote ${what} ${entry} is not supported`);
    const p = path.join(dir, entry);
    if (!fs.existsSync(p)) throw where(`${what} ${entry} does not exist`);
    return p;
  };
  for (const entry of k.resources ?? []) {
    const p = local(entry, 'resource');
    resources.push(...(fs.statSync(p).isDirectory() ? build(p) : readDocuments(p)));
  }
  for (const entry of k.components ?? []) {
    const p = local(entry, 'component');
    if (!fs.statSync(p).isDirectory()) throw where(`component ${entry} is not a directory`);
    build(p, resources);
  }

  for (const [i, patch] of (k.patches ?? []).entries()) {
    const name = `patches[${i}]`;
    if (!patch.target) throw where(`${name}: a target is required (strategic-merge patches are not supported)`);
    if ((patch.path === undefined) === (patch.patch === undefined)) throw where(`${name}: give path or patch`);
    const ops = patch.path !== undefined ? readDocuments(path.join(dir, patch.path))[0] : YAML.parse(patch.patch);
    if (!Array.isArray(ops)) throw where(`${name}: only JSON6902 patches (a list of operations) are supported`);
    const targets = resources.filter((r) => selects(patch.target, r));
    if (!targets.length) throw where(`${name}: the target ${JSON.stringify(patch.target)} matches no resource`);
    for (const r of targets) {
      try {
        applyJson6902(r, ops);
      } catch (e) {
        throw where(`${name} on ${r.kind} ${r.metadata.name}: ${e.message}`);
      }
    }
  }

  for (const [i, image] of (k.images ?? []).entries()) {
    try {
      setImage(resources, image);
    } catch (e) {
      throw where(`images[${i}]: ${e.message}`);
    }
  }

  if (k.namePrefix || k.nameSuffix) {
    const renamed = new Map(); // "Kind/old name" -> new name
    for (const r of resources) {
      const name = `${k.namePrefix ?? ''}${r.metadata.name}${k.nameSuffix ?? ''}`;
      renamed.set(`${r.kind}/${r.metadata.name}`, name);
      r.metadata.name = name;
    }
    for (const r of resources) fixReferences(r, renamed);
  }
  return resources;
}

// An image reference split as kustomize splits it: name, then ":tag" (a colon after the last
// slash: a registry's port is not a tag), then "@digest".
function splitImage(ref) {
  const at = ref.indexOf('@');
  const digest = at < 0 ? '' : ref.slice(at);
  const rest = at < 0 ? ref : ref.slice(0, at);
  const colon = rest.lastIndexOf(':');
  return colon > rest.lastIndexOf('/') ? [rest.slice(0, colon), rest.slice(colon), digest] : [rest, '', digest];
}

// kustomize's image transformer on the containers and init containers of every pod template.
function setImage(resources, image) {
  for (const key of Object.keys(image ?? {})) {
    if (!IMAGE_FIELDS.has(key)) throw new Error(`"${key}" is not supported by this renderer`);
  }
  if (typeof image?.name !== 'string' || !image.name) throw new Error('a name is required');
  if (image.newTag !== undefined && image.digest !== undefined) throw new Error('give newTag or digest, not both');
  let matched = 0;
  for (const r of resources) {
    const podPath = POD_SPEC_PATHS[r.kind];
    const pod = podPath && podPath.reduce((o, key) => (o == null ? undefined : o[key]), r);
    for (const c of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])]) {
      if (typeof c.image !== 'string') continue;
      const [name, tag, digest] = splitImage(c.image);
      if (name !== image.name) continue;
      matched++;
      const newName = image.newName ?? name;
      if (image.digest !== undefined) c.image = `${newName}@${image.digest}`;
      else if (image.newTag !== undefined) c.image = `${newName}:${image.newTag}`;
      else c.image = `${newName}${tag}${digest}`;
    }
  }
  if (!matched) throw new Error(`no container's image is named ${image.name}`);
}

function selects(target, r) {
  const [group, version] = r.apiVersion.includes('/') ? r.apiVersion.split('/') : ['', r.apiVersion];
  for (const key of Object.keys(target)) {
    if (!['kind', 'name', 'group', 'version'].includes(key)) throw new Error(`target.${key} is not supported by this renderer`);
  }
  return (target.kind === undefined || target.kind === r.kind) &&
    (target.group === undefined || target.group === group) &&
    (target.version === undefined || target.version === version) &&
    (target.name === undefined || new RegExp(`^(?:${target.name})$`).test(r.metadata.name));
}

// RFC 6902 on a plain object, for the operations listed above; JSON pointers per RFC 6901.
function applyJson6902(doc, ops) {
  for (const op of ops) {
    const keys = op.path.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (op.path[0] !== '/' || !keys.length) throw new Error(`path "${op.path}" is not supported`);
    const last = keys.pop();
    let parent = doc;
    for (const key of keys) {
      if (parent === null || typeof parent !== 'object' || !(key in parent)) throw new Error(`${op.op} ${op.path}: no such path`);
      parent = parent[key];
    }
    if (parent === null || typeof parent !== 'object') throw new Error(`${op.op} ${op.path}: no such path`);
    const isList = Array.isArray(parent);
    const index = isList ? (last === '-' && op.op === 'add' ? parent.length : Number(last)) : null;
    if (isList && !(Number.isInteger(index) && /^(0|[1-9][0-9]*|-)$/.test(last) && index <= parent.length - (op.op === 'add' ? 0 : 1))) {
      throw new Error(`${op.op} ${op.path}: index out of range`);
    }
    const exists = isList ? index < parent.length : last in parent;
    switch (op.op) {
      case 'test':
        if (!exists || JSON.stringify(parent[isList ? index : last]) !== JSON.stringify(op.value)) {
          throw new Error(`test ${op.path}: is ${JSON.stringify(parent[isList ? index : last])}, not ${JSON.stringify(op.value)}`);
        }
        break;
      case 'add':
        if (isList) parent.splice(index, 0, op.value);
        else parent[last] = op.value;
        break;
      case 'replace':
      case 'remove':
        if (!exists) throw new Error(`${op.op} ${op.path}: no such path`);
        if (op.op === 'replace') parent[isList ? index : last] = op.value;
        else if (isList) parent.splice(index, 1);
        else delete parent[last];
        break;
      default:
        throw new Error(`operation "${op.op}" is not supported by this renderer`);
    }
  }
}

const POD_SPEC_PATHS = {
  Pod: ['spec'],
  Deployment: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};

function fixReferences(r, renamed) {
  const podPath = POD_SPEC_PATHS[r.kind];
  const pod = podPath && podPath.reduce((o, key) => (o == null ? undefined : o[key]), r);
  for (const v of pod?.volumes ?? []) {
    const claim = v.persistentVolumeClaim;
    if (claim && renamed.has(`PersistentVolumeClaim/${claim.claimName}`)) {
      claim.claimName = renamed.get(`PersistentVolumeClaim/${claim.claimName}`);
    }
  }
  const ref = r.kind === 'HorizontalPodAutoscaler' ? r.spec?.scaleTargetRef : undefined;
  if (ref && renamed.has(`${ref.kind}/${ref.name}`)) ref.name = renamed.get(`${ref.kind}/${ref.name}`);
}

// kustomize's legacy order (api/resid/gvk.go: orderFirst, orderLast).
const ORDER_FIRST = ['Namespace', 'ResourceQuota', 'StorageClass', 'CustomResourceDefinition',
  'ServiceAccount', 'PodSecurityPolicy', 'Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding',
  'ConfigMap', 'Secret', 'Endpoints', 'Service', 'LimitRange', 'PriorityClass', 'PersistentVolume',
  'PersistentVolumeClaim', 'Deployment', 'StatefulSet', 'CronJob', 'PodDisruptionBudget'];
const ORDER_LAST = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];

function legacyOrder(resources) {
  const rank = (kind) => {
    if (ORDER_FIRST.includes(kind)) return ORDER_FIRST.indexOf(kind) - ORDER_FIRST.length;
    if (ORDER_LAST.includes(kind)) return ORDER_LAST.indexOf(kind) + 1;
    return 0;
  };
  const gvk = (r) => {
    const [group, version] = r.apiVersion.includes('/') ? r.apiVersion.split('/') : ['', r.apiVersion];
    return `${group || '~G'}_${version}_${r.kind}`;
  };
  const key = (r) => `${r.metadata.namespace ?? ''}|${r.metadata.name}`;
  const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return [...resources].sort((a, b) => rank(a.kind) - rank(b.kind) || cmp(gvk(a), gvk(b)) || cmp(key(a), key(b)));
}

// Small kustomizations written to a temporary folder: one whose output is known, and
// known-bad ones that must be refused.
function selfTest() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kustomize-self-test.'));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' },
    spec: { completions: 2, template: { spec: { containers: [{ name: 'c', image: 'app:1.0.0', args: ['--n', '2'] }],
      volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'pvc' } }] } } } };
  const pvc = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'pvc' } };
  write('base/kustomization.yaml', 'resources: [job.yaml, pvc.yaml]\n');
  write('base/job.yaml', YAML.stringify(job));
  write('base/pvc.yaml', YAML.stringify(pvc));
  const overlay = (name, body) => write(`${name}/kustomization.yaml`, `resources: [../base]\n${body}`);
  const ops = (list) => `patches:\n  - target: {kind: Job, name: j}\n    patch: '${JSON.stringify(list)}'\n`;
  write('image/kustomization.yaml', 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n' +
    'images: [{name: app, newName: registry.example.com:5000/team/app, newTag: "1.1.0"}]\n');
  overlay('good', `components: [../image]\nnameSuffix: -x\n${ops([{ op: 'replace', path: '/spec/completions', value: 3 },
    { op: 'test', path: '/spec/template/spec/containers/0/args/0', value: '--n' },
    { op: 'replace', path: '/spec/template/spec/containers/0/args/1', value: '3' },
    { op: 'add', path: '/spec/template/spec/containers/0/args/-', value: '--y' },
    { op: 'remove', path: '/spec/template/spec/volumes/0/name' }])}`);
  overlay('failed-test', ops([{ op: 'test', path: '/spec/template/spec/containers/0/args/0', value: '--m' }]));
  overlay('no-target', 'patches:\n  - target: {kind: Job, name: k}\n    patch: "[]"\n');
  overlay('strategic-merge', 'patches:\n  - patch: "{kind: Job, metadata: {name: j}, spec: {completions: 3}}"\n');
  overlay('unknown-field', 'namespace: other\n');
  overlay('image-matches-nothing', 'images: [{name: rushhourd, newTag: "1.0.0"}]\n');
  overlay('image-unknown-field', 'images: [{name: app, newTag: "1.0.0", tag: "1.0.0"}]\n');
  write('component-as-resource/kustomization.yaml', 'resources: [../image]\n');
  overlay('kustomization-as-component', 'components: [../base]\n');
  overlay('unknown-op', ops([{ op: 'move', from: '/spec/completions', path: '/spec/parallelism' }]));
  overlay('out-of-range', ops([{ op: 'replace', path: '/spec/template/spec/containers/0/args/2', value: 'x' }]));
  overlay('missing-path', ops([{ op: 'replace', path: '/spec/parallelism', value: 1 }]));
  write('remote/kustomization.yaml', 'resources: [https://example.org/base]\n');

  const problems = [];
  try {
    const out = render(path.join(root, 'good'));
    const want = JSON.parse(JSON.stringify([pvc, job]));
    want[0].metadata.name = 'pvc-x';
    Object.assign(want[1].metadata, { name: 'j-x' });
    want[1].spec.completions = 3;
    want[1].spec.template.spec.containers[0].args = ['--n', '3', '--y'];
    want[1].spec.template.spec.containers[0].image = 'registry.example.com:5000/team/app:1.1.0';
    want[1].spec.template.spec.volumes[0] = { persistentVolumeClaim: { claimName: 'pvc-x' } };
    if (JSON.stringify(out) !== JSON.stringify(want)) problems.push(`good: rendered ${JSON.stringify(out)}`);
    else console.log('k8s-check:   kustomization "good": rendered as kustomize would');
  } catch (e) {
    problems.push(`good: ${e.message}`);
  }
  let refused = 0;
  for (const name of ['failed-test', 'no-target', 'strategic-merge', 'unknown-field', 'image-matches-nothing',
    'image-unknown-field', 'component-as-resource', 'kustomization-as-component', 'unknown-op', 'out-of-range',
    'missing-path', 'remote']) {
    try {
      render(path.join(root, name));
      problems.push(`${name}: NOT refused`);
    } catch (e) {
      refused++;
      console.log(`k8s-check:   kustomization "${name}": refused (${e.message.replace(root + '/', '')})`);
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
  if (problems.length) {
    problems.forEach((p) => console.error(`k8s-check: FAIL: kustomize.mjs self-test: ${p}`));
    return 1;
  }
  console.log(`k8s-check: kustomize.mjs self-test: the known output rendered, all ${refused} known-bad kustomizations refused`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--self-test' && process.argv.length === 3) process.exit(selfTest());
  if (process.argv.length !== 3 || process.argv[2].startsWith('--')) {
    console.error('usage: node deploy/kustomize.mjs DIR | --self-test');
    process.exit(2);
  }
  try {
    process.stdout.write(render(process.argv[2]).map((d) => YAML.stringify(d)).join('---\n'));
  } catch (e) {
    console.error(`kustomize.mjs: ${e.message}`);
    process.exit(1);
  }
}
