#!/usr/bin/env node
// bench-wasm: the WebAssembly module's speed against the native library's, on the same machine
// and the same inputs, and the module's size. It prints figures; it asserts nothing.
//
//   node bench/wasm/bench-wasm.mjs [build-dir] [rounds] [warm-up rounds]
//                                  (defaults: build, 51, 5; the native CLI is BUILD/rushhour)
//
// What is timed on both sides is the search inside one process: the `stats.elapsed_us` the
// library reports for each rh_solve (its own clock, around the search alone), summed over a
// workload's puzzles, one sum a round; the median of the rounds after the warm-up ones (which
// let V8 compile the module's hot functions with its optimising tier, and fill the caches).
// Native: one `rushhour solve --lines --jobs 1` process a workload, fed the workload's lines
// once per round. Module: web/engine/solver.js over the committed web/engine/rushhour.wasm, in
// this node process, its solve and hint calls with the request bodies POST /v1/solve and
// /v1/hint take. Both run under the module's default budgets (20,000,000 nodes, 5,000 ms,
// 128 MiB: a memory cap changes how small tables grow, so the native run is given the same).
// The ratio is the module's median over the native one: at most 2 is at least half native
// speed. The last column is the module's whole calls (reading the body, the search, writing
// the answer document), which the server's parse and answer take natively.
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {cpus, loadavg} from 'node:os';
import {resolve} from 'node:path';
import {performance} from 'node:perf_hooks';
import {gzipSync} from 'node:zlib';
import {DEFAULTS, loadSolver} from '../../web/engine/solver.js';
import {ROOT, asLine, referencePuzzles} from '../../tests/wasm/engines.mjs';

const [buildArg = 'build', roundsArg = '51', warmArg = '5'] = process.argv.slice(2);
const ROUNDS = Number(roundsArg);
const WARM = Number(warmArg);
const CLI = resolve(buildArg, 'rushhour');
if (!(ROUNDS >= 1) || !(WARM >= 0) || !existsSync(CLI)) {
  console.error('usage: node bench/wasm/bench-wasm.mjs [build-dir] [rounds] [warm-up rounds]');
  console.error(`  (no native CLI at ${CLI}: run scripts/build.sh first)`);
  process.exit(2);
}

const MODULE_PATH = resolve(ROOT, 'web/engine/rushhour.wasm');
const MODULE = readFileSync(MODULE_PATH);
// The hardest 6x6 puzzle (docs/glossary.md; examples/hardest51.json), id 6qEEgucAESQ: Jam 40.
const HARDEST = {board: 'BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.'};
const JAMS = referencePuzzles().jams.map((p) => p.body);

// The workloads: a label, the puzzles, the route, the CLI's flags for the same search.
const WORKLOADS = [
  {label: '40 Jams, solve, moves (BFS)', puzzles: JAMS, route: 'solve', metric: 'moves', flags: []},
  {label: '40 Jams, solve, slides (BFS)', puzzles: JAMS, route: 'solve', metric: 'slides', flags: []},
  {label: '40 Jams, hint (A*, moves)', puzzles: JAMS, route: 'hint', metric: 'moves', flags: ['--algorithm', 'astar']},
  {label: 'hardest 6x6 (51), solve, moves', puzzles: [HARDEST], route: 'solve', metric: 'moves', flags: []},
  {label: 'hardest 6x6 (51), solve, slides', puzzles: [HARDEST], route: 'solve', metric: 'slides', flags: []},
  {label: 'hardest 6x6 (51), hint (A*)', puzzles: [HARDEST], route: 'hint', metric: 'moves', flags: ['--algorithm', 'astar']},
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Native: one process answering the workload WARM + `rounds` times over, one thread, under the
// module's budgets; each round's searches summed (us), the warm-up rounds left out.
function nativeRounds(w, rounds) {
  const round = w.puzzles.map(asLine).join('\n');
  const input = `${Array(WARM + rounds).fill(round).join('\n')}\n`;
  const args = ['solve', '--lines', '--jobs', '1', '--metric', w.metric, ...w.flags,
    '--max-nodes', String(DEFAULTS.maxNodes), '--timeout-ms', String(DEFAULTS.timeoutMs),
    '--max-memory', String(DEFAULTS.memoryBudget)];
  const run = spawnSync(CLI, args, {input, encoding: 'utf8', maxBuffer: 1 << 28});
  if (run.status !== 0) throw new Error(`${CLI} ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  const docs = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
  const sums = [];
  for (let r = WARM; r < WARM + rounds; r++) {
    const slice = docs.slice(r * w.puzzles.length, (r + 1) * w.puzzles.length);
    for (const d of slice) if (d.status !== 'solved') throw new Error(`native: ${w.label}: ${d.status}`);
    sums.push(slice.reduce((t, d) => t + d.stats.elapsed_us, 0));
  }
  const last = docs.slice(-w.puzzles.length);
  return {search: sums, expanded: last.reduce((t, d) => t + d.stats.nodes_expanded, 0)};
}

// Module: the same searches through solver.js, in this process, `skip` rounds then `rounds`;
// each round's searches summed (the library's own clock), and its whole calls
// (performance.now around each).
function moduleRounds(solver, w, skip, rounds) {
  const bodies = w.puzzles.map((p) => ({...p, options: {metric: w.metric}}));
  const search = [];
  const calls = [];
  for (let r = 0; r < skip + rounds; r++) {
    let s = 0;
    let c = 0;
    for (const body of bodies) {
      const t0 = performance.now();
      const answer = solver[w.route](body);
      c += performance.now() - t0;
      if (answer.status !== 200) throw new Error(`module: ${w.label}: ${JSON.stringify(answer.body)}`);
      s += answer.body.stats.elapsed_us;
    }
    if (r >= skip) {
      search.push(s);
      calls.push(c * 1000);
    }
  }
  return {search, calls};
}

const ms = (us) => (us / 1000).toFixed(3);
const git = (...args) => spawnSync('git', args, {cwd: ROOT, encoding: 'utf8'}).stdout.trim();
const provenance = readFileSync(resolve(ROOT, 'web/engine/rushhour.wasm.txt'), 'utf8');

console.log('rushhour WebAssembly module against the native library: search time in one process');
console.log(`tree ${git('rev-parse', '--short', 'HEAD')}; module last committed at ${git('log', '-1', '--format=%h', '--', 'web/engine/rushhour.wasm')}` +
  `, ${provenance.match(/^compiler (.*)$/m)?.[1] ?? 'compiler unknown'}; native ${CLI}`);
console.log(`node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} x ${cpus().length}, ` +
  `load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log(`median of ${ROUNDS} rounds after ${WARM} warm-up rounds, native and module in turn in blocks;` +
  ' each round every puzzle of the row once\n');

// Gzipped as scripts/build-wasm.sh --check measures it (gzip -9n), or by zlib without gzip.
const gzip = spawnSync('gzip', ['-9n'], {input: MODULE, maxBuffer: 1 << 24});
const [gz, how] = gzip.status === 0 ? [gzip.stdout.length, 'gzip -9n'] : [gzipSync(MODULE, {level: 9}).length, 'zlib, level 9'];
console.log(`module size: ${MODULE.length} bytes raw, ${gz} bytes gzipped (${how}): ` +
  `${(gz / 1000).toFixed(1)} KB of the 300 KB allowed\n`);

// A workload's rounds in BLOCKS blocks, native and module in turn, so that both meet the same
// load on a shared machine; the module warmed up once, each native process on its own.
const BLOCKS = Math.min(5, ROUNDS);
const solver = await loadSolver(MODULE);
const rows = [];
for (const w of WORKLOADS) {
  const n = {search: [], expanded: 0};
  const m = {search: [], calls: []};
  moduleRounds(solver, w, WARM, 0);
  for (let b = 0; b < BLOCKS; b++) {
    const rounds = Math.floor(ROUNDS * (b + 1) / BLOCKS) - Math.floor(ROUNDS * b / BLOCKS);
    const nb = nativeRounds(w, rounds);
    const mb = moduleRounds(solver, w, 0, rounds);
    n.search.push(...nb.search);
    n.expanded = nb.expanded;
    m.search.push(...mb.search);
    m.calls.push(...mb.calls);
  }
  rows.push({w, n, m});
}

const best = (xs) => Math.min(...xs);
const header = ['workload', 'native ms', 'module ms', 'ratio', 'native best', 'module best', 'ratio', 'expanded',
  'module calls ms'];
const table = rows.map(({w, n, m}) => [
  w.label,
  ms(median(n.search)),
  ms(median(m.search)),
  (median(m.search) / median(n.search)).toFixed(2),
  ms(best(n.search)),
  ms(best(m.search)),
  (best(m.search) / best(n.search)).toFixed(2),
  String(n.expanded),
  ms(median(m.calls)),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(header));
for (const r of table) console.log(line(r));
const ratios = rows.map(({n, m}) => median(m.search) / median(n.search));
console.log(`\nratio of the medians (module / native search time): ${best(ratios).toFixed(2)} to ` +
  `${Math.max(...ratios).toFixed(2)}; at most 2 is at least half native speed`);
console.log('best: the least disturbed round of each; expanded: the nodes a round expands (the module');
console.log('expands the same ones: tests/wasm/); module calls: its whole solve or hint calls, median');
