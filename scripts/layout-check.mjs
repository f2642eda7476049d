// The floor plan, checked on the built objects and the tree (docs/architecture.md states it):
// - no circle between source files: the call graph of src/ has no cycle, so no two files call
//   each other. It is read off the objects: who defines a global symbol (nm), and whose code
//   refers to it (objdump's relocations of .text sections). A table of function pointers (the
//   route table) registers its handlers from a data section, which is dispatch, not a call;
// - lower layers never call upward: each layer calls only itself and the layers below it;
// - no file name repeats across the folders of src/;
// - tests, fuzzers and benchmarks link the code, never #include a .c file;
// - no C test file over 1,200 lines, no script of the page (web/*.js) over 400.
//
//   node scripts/layout-check.mjs [build dir]     (default: build; needs a built tree)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const BUILD = resolve(ROOT, process.argv[2] ?? 'build');

// The layers, each with the layers it may call (besides itself). A file's layer is its folder;
// the server's folders are its layers: base/ (the infrastructure), routes/ above it, and on top
// its glue, http/ (the libmicrohttpd front and a request's steps) and the programs at
// src/server/ itself.
const LIBS = ['src/core', 'src/solve', 'src/enumerate', 'src/json', 'src/bank'];
const SERVER_LAYERS = {
  'src/server/base': 'server infrastructure',
  'src/server/routes': 'server routes',
  'src/server/http': 'server glue',
  'src/server': 'server glue',
};
const MAY_CALL = {
  'src/core': [],
  'src/solve': ['src/core'],
  'src/enumerate': ['src/core'],
  'src/json': ['src/core', 'src/solve'],
  'src/bank': ['src/core', 'src/enumerate'],
  'src/cli': LIBS,
  'server infrastructure': LIBS,
  'server routes': [...LIBS, 'server infrastructure'],
  'server glue': [...LIBS, 'server infrastructure', 'server routes'],
};
const layer = (src) => SERVER_LAYERS[dirname(src)] ?? dirname(src);

const problems = [];
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');

/** Every object file under dir whose source is a tracked file of src/: {source: object path}. */
function objects() {
  const found = {};
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.c.o')) {
        const m = /CMakeFiles\/[^/]+\.dir\/(src\/.*)\.o$/.exec(p);
        if (m && tracked.includes(m[1])) found[m[1]] = p;
      }
    }
  };
  walk(join(BUILD, 'CMakeFiles'));
  return found;
}

const objs = objects();
const sources = Object.keys(objs).sort();
if (sources.length < 50) {
  console.error(`layout-check: only ${sources.length} objects under ${BUILD}: build the tree first`);
  process.exit(1);
}
const definer = new Map();
for (const src of sources) {
  const out = execFileSync('nm', ['-g', '--defined-only', objs[src]], { encoding: 'utf8' });
  for (const line of out.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length === 3) definer.set(f[2], src);
  }
}
/** The symbols the code of an object refers to: relocations in its .text sections. */
function codeReferences(obj) {
  const refs = new Set();
  let inCode = false;
  for (const line of execFileSync('objdump', ['-r', obj], { encoding: 'utf8' }).split('\n')) {
    const section = /^RELOCATION RECORDS FOR \[(.*)\]:$/.exec(line);
    if (section) inCode = section[1].startsWith('.text');
    else if (inCode) {
      const f = line.trim().split(/\s+/);
      if (f.length === 3 && /^[0-9a-f]+$/.test(f[0])) refs.add(f[2].replace(/[-+]0x[0-9a-f]+$/, ''));
    }
  }
  return refs;
}
const calls = new Map();
for (const src of sources) {
  const out = new Set();
  for (const sym of codeReferences(objs[src])) {
    const to = definer.get(sym);
    if (to && to !== src) out.add(to);
  }
  calls.set(src, out);
}

// Circles: the strongly connected components of more than one file (Tarjan).
let index = 0;
const idx = new Map(), low = new Map(), stack = [], on = new Set();
function strong(v) {
  idx.set(v, index); low.set(v, index++); stack.push(v); on.add(v);
  for (const w of calls.get(v)) {
    if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const part = [];
    let w;
    do { w = stack.pop(); on.delete(w); part.push(w); } while (w !== v);
    if (part.length > 1) {
      const edges = part.flatMap((a) => [...calls.get(a)].filter((b) => part.includes(b))
        .map((b) => `${a} -> ${b}`));
      problems.push(`files calling in a circle: ${edges.join(', ')}`);
    }
  }
}
for (const v of sources) if (!idx.has(v)) strong(v);

// Layers.
for (const [from, tos] of calls) {
  const allowed = MAY_CALL[layer(from)];
  if (!allowed) { problems.push(`${from}: its folder has no place in the layers (MAY_CALL)`); continue; }
  for (const to of tos)
    if (layer(to) !== layer(from) && !allowed.includes(layer(to)))
      problems.push(`${from} (${layer(from)}) calls up into ${to} (${layer(to)})`);
}

// File names that repeat across folders.
const byName = new Map();
for (const f of tracked.filter((t) => /^src\/.*\.[ch]$/.test(t))) {
  const list = byName.get(basename(f)) ?? [];
  byName.set(basename(f), [...list, f]);
}
for (const [name, list] of byName)
  if (list.length > 1) problems.push(`${name} repeats: ${list.join(', ')}`);

// Tests, fuzzers and benchmarks link, never include a .c file; sizes.
for (const f of tracked.filter((t) => /^(tests|fuzz|bench)\/.*\.[ch]$/.test(t))) {
  const text = readFileSync(join(ROOT, f), 'utf8');
  for (const m of text.matchAll(/^\s*#\s*include\s*["<]([^">]+\.c)[">]/gm))
    problems.push(`${f} includes ${m[1]}: link it instead`);
  const lines = text.split('\n').length - 1;
  if (f.startsWith('tests/') && f.endsWith('.c') && lines > 1200)
    problems.push(`${f} has ${lines} lines (at most 1,200: split it by unit)`);
}
for (const f of tracked.filter((t) => /^web\/.*\.js$/.test(t))) {
  const lines = readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1;
  if (lines > 400) problems.push(`${f} has ${lines} lines (at most 400: split it by concern)`);
}

if (!existsSync(join(ROOT, 'docs/architecture.md'))) problems.push('docs/architecture.md is missing');
for (const p of problems) console.error(`layout-check: ${p}`);
if (problems.length) process.exit(1);
const edges = [...calls.values()].reduce((n, s) => n + s.size, 0);
console.log(`layout-check: ${sources.length} source files, ${edges} calls between them, ` +
  `no circle, no call upward, no repeated name; tests link (${relative(ROOT, BUILD)})`);
