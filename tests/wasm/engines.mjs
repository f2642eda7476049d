// What the WebAssembly suites share: the committed module loaded through web/engine/solver.js,
// the native CLI of the same tree (build/rushhour, or RH_CLI) run on the same puzzles, and the
// reference puzzles of tests/data/ (the 40 Jams, the classic and the random sets).
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {dirname, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadSolver} from '../../web/engine/solver.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = process.env.RH_CLI ? resolve(process.env.RH_CLI) : resolve(ROOT, 'build/rushhour');
export const MODULE = readFileSync(resolve(ROOT, 'web/engine/rushhour.wasm'));

export const load = (settings) => loadSolver(MODULE, settings);

// The reference puzzles: {name, body (a request body), answer: {min_moves, min_slides,
// reachable} (null figures: unsolvable)}.
export function referencePuzzles() {
  const data = (file) => readFileSync(resolve(ROOT, 'tests/data', file), 'utf8');
  const jams = data('jam40.tsv').trim().split('\n').slice(1).map((line) => {
    const [name, rows, moves, slides, reachable] = line.split('\t');
    return {
      name,
      body: {grid: rows, target: 'x'},
      answer: {min_moves: +moves, min_slides: +slides, reachable: +reachable},
    };
  });
  const sets = ['classic.jsonl', 'random.jsonl'].flatMap((file) =>
    data(file).trim().split('\n').map((line, i) => {
      const {name, puzzle, answer} = JSON.parse(line);
      return {name: name ?? `${file}:${i + 1}`, body: puzzle, answer};
    }),
  );
  return {jams, sets};
}

// The native CLI's answer documents, one per line, for `args` given `input` on stdin, whatever
// its exit code says of them (a limit, a verdict that does not solve).
export function native(args, input) {
  if (!existsSync(CLI)) throw new Error(`no CLI at ${CLI}: build it (scripts/build.sh) or set RH_CLI`);
  const run = spawnSync(CLI, args, {input, encoding: 'utf8', maxBuffer: 1 << 28});
  if (!run.stdout) throw new Error(`${CLI} ${args.join(' ')}: no answer (${run.stderr})`);
  return run.stdout.trim().split('\n').map((line) => JSON.parse(line));
}

// A puzzle body as one line of `rushhour solve --lines` input (the body without its options).
export const asLine = (body) => JSON.stringify(body);

// An answer without what depends on the machine or on the word size: the times, the peak
// memory (pointers are 4 bytes in wasm32), the members only the HTTP answer has, and the
// line number `solve --lines` adds.
export function comparable(doc) {
  const {cached, source, timing_us, line, ...rest} = doc;
  if (rest.stats) {
    const {elapsed_us, peak_memory_bytes, ...stats} = rest.stats;
    rest.stats = stats;
  }
  return rest;
}
