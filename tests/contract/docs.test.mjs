// The docs cannot drift: every command in the `sh` code blocks of README.md and of each page
// of docs/ is run or checked here, and every result a command's comment promises (move counts,
// statuses, fields) is compared with what the real server and CLI answer. Figures that the
// reference puzzles also give (tests/data/, answers agreed by independent solvers) must agree
// with those too. A command that cannot run here carries the line
// `# not run by the doc test: <why>` directly above it (it covers the commands up to the next
// blank line or comment); any other command this file does not know how to check fails it.
// The library's commands are those scripts/install-check.sh runs, its CMake lines those of the
// example that script builds, and its C blocks are compiled and run against the build.
// Its `js` blocks are ES modules run by node from the repository's root, unless the block opens
// with `// not run by the doc test: <why>` (code for a browser: a Worker, a page).
// The error catalogue (docs/errors.md) must list exactly the problem types openapi.yaml lists
// and the server's C sources can send, each with a status the sources give it.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { startServer, stopServer, BIN } from './server.mjs';
import YAML from 'yaml';
import { REPO_ROOT, SPEC_PATH } from './spec.mjs';

const CLI = resolve(BIN, '../rushhour');
const SKIP = '# not run by the doc test:';
const LANGUAGES = new Set(['sh', 'text', 'c', 'cmake', 'js']);
const JS_SKIP = '// not run by the doc test:';

/** README.md, CONTRIBUTING.md, CHANGELOG.md, then every page of docs/: {name, text}. */
const PAGES = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...readdirSync(resolve(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort()
  .map((f) => `docs/${f}`)].map((name) => ({ name, text: readFileSync(resolve(REPO_ROOT, name), 'utf8') }));

/** Every fenced code block of a page: {page, info, line, lines}. */
function codeBlocks(page) {
  const blocks = [];
  let cur = null;
  page.text.split('\n').forEach((line, i) => {
    if (cur && line.startsWith('```')) {
      blocks.push(cur);
      cur = null;
    } else if (cur) {
      cur.lines.push(line);
    } else if (line.startsWith('```')) {
      cur = { page: page.name, info: line.slice(3).trim(), line: i + 1, lines: [] };
    }
  });
  assert.equal(cur, null, `${page.name}: a code block is not closed`);
  return blocks;
}

/**
 * The commands of the `sh` blocks, continuation lines joined: {page, block, comment, command,
 * skip}. `block` is the block's line; `comment` the comment line directly above; `skip` the
 * reason of a marker above.
 */
function commands(blocks) {
  const out = [];
  for (const b of blocks.filter((x) => x.info === 'sh')) {
    let comment = null;
    let skip = null;
    for (let i = 0; i < b.lines.length; i++) {
      const line = b.lines[i];
      if (line.trim() === '') { comment = null; skip = null; continue; }
      if (line.startsWith(SKIP)) { skip = line.slice(SKIP.length).trim(); comment = null; continue; }
      if (line.startsWith('#')) { comment = line.replace(/^# ?/, ''); skip = null; continue; }
      let command = line;
      while (command.endsWith('\\')) command = command.slice(0, -1) + ' ' + b.lines[++i].trim();
      out.push({ page: b.page, block: b.line, comment, command, skip });
      comment = null;
    }
  }
  return out;
}

const count = (digits) => Number(digits.replace(/,/g, ''));

/** jam40.tsv's row for a level: {moves, slides, states}. */
function jam(name) {
  const row = readFileSync(resolve(REPO_ROOT, 'tests/data/jam40.tsv'), 'utf8').split('\n')
    .map((l) => l.split('\t')).find((f) => f[0] === name);
  return { moves: Number(row[2]), slides: Number(row[3]), states: Number(row[4]) };
}

/** `rushhour bank stats` output: {total, moves: {length: count}}. */
function bankStats(text) {
  const stats = { total: null, moves: {} };
  for (const [key, a, b] of text.split('\n').map((l) => l.split(' '))) {
    if (key === 'total') stats.total = Number(a);
    if (key === 'moves') stats.moves[a] = Number(b);
  }
  return stats;
}

/** `moves board cluster_size id` lines (bank export, pick): [{moves, board, size, id}]. */
function exportLines(text) {
  return text.trim().split('\n').map((l) => {
    const [moves, board, size, id] = l.split(' ');
    return { moves: Number(moves), board, size: Number(size), id };
  });
}

/** A puzzle solved by the CLI under test. */
function solve(puzzle) {
  return JSON.parse(execFileSync(CLI, ['solve', '-'], { input: JSON.stringify(puzzle), encoding: 'utf8' }));
}

/** Runs a documented command in `dir`; a non-zero exit fails. */
function run(command, dir) {
  const r = spawnSync('sh', ['-c', command], { cwd: dir, encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, `${command}: exit ${r.status ?? r.signal}\n${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr, dir };
}

/**
 * Runs a documented start of the server (SERVER_COMMAND): the binary under test with the
 * command's arguments, its variables added to an environment without RUSHHOURD_* ones, in
 * `dir`, killed after 10 s (a start that was to be refused but listens fails).
 */
function runServer(command, dir) {
  const words = command.split(/\s+/);
  const at = words.indexOf('./build/rushhourd');
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('RUSHHOURD_')));
  for (const w of words.slice(0, at)) env[w.slice(0, w.indexOf('='))] = w.slice(w.indexOf('=') + 1);
  const r = spawnSync(BIN, words.slice(at + 1), { cwd: dir, env, encoding: 'utf8', timeout: 10000, killSignal: 'SIGKILL' });
  assert.notEqual(r.status, null, `${command}: still running after 10 s: it started`);
  return { stdout: r.stdout, stderr: r.stderr, status: r.status, dir };
}

/** A command's output as JSON, JSON lines, or else text. */
function parsed(text) {
  try { return JSON.parse(text); } catch { /* not one document */ }
  const lines = text.trim().split('\n');
  try { return lines.map((l) => JSON.parse(l)); } catch { return text; }
}

const JAM1 = jam('jam01');
// The hardest 6x6 puzzle by moves is Jam 40 (jam40.tsv), which the bank stores as its hardest
// puzzle: the first line the sample bank exports, hardest first. The docs call that board, and
// no other, the hardest.
const HARDEST = jam('jam40');
const HARDEST_BOARD = execFileSync(CLI, ['bank', 'export', resolve(BIN, '../bank-sample.sqlite')], { encoding: 'utf8' })
  .split('\n')[0].split(' ')[1];

/** Fails unless a command (or the file it reads) names the bank's hardest board. */
function namesTheHardest(command) {
  const file = command.match(/\b(examples\/\S+\.json)\b/)?.[1];
  const text = file ? readFileSync(resolve(REPO_ROOT, file), 'utf8') : command;
  assert.ok(text.includes(HARDEST_BOARD), `"the hardest" is the bank's ${HARDEST_BOARD}: ${text.slice(0, 120)}`);
}

// What each example's comment promises, checked against the answer. The numbers a comment
// states are read from it (the regex's groups), so changing the docs' text changes the test.
// Each check gets the answer, the groups, the command, and {stdout, stderr, dir}.
const EXPECTATIONS = [
  [/^JSON vehicles \(Jam 1\): (\d+) moves$/, (doc, n) => {
    assert.equal(Number(n), JAM1.moves, 'the doc disagrees with jam40.tsv');
    assert.equal(doc.status, 'solved');
    assert.equal(doc.solution.move_count, JAM1.moves);
  }],
  [/^a grid, with options: the fewest slides, by A\*$/, (doc) => {
    assert.equal(doc.metric, 'slides');
    assert.equal(doc.algorithm, 'astar');
    assert.equal(doc.optimal, true);
    assert.equal(doc.solution.slide_count, JAM1.slides);
  }],
  [/^the board notation: the hardest 6x6 puzzle, (\d+) moves$/, (doc, n, command) => {
    namesTheHardest(command);
    assert.equal(Number(n), HARDEST.moves, 'the doc disagrees with jam40.tsv');
    assert.equal(doc.solution.move_count, HARDEST.moves);
  }],
  [/^a text board as plain text$/, (doc) => {
    assert.equal(doc.status, 'solved');
    assert.equal(doc.solution.move_count, JAM1.moves);
  }],
  [/^a hint: the first move of an optimal solution \(here (\w+)\), and (\d+) moves to go in all$/,
    (doc, move, n) => {
      assert.equal(doc.solution.notation, move);
      assert.equal(doc.solution.moves.length, 1);
      assert.equal(Number(n), HARDEST.moves, 'the doc disagrees with jam40.tsv');
      assert.equal(doc.solution.move_count, HARDEST.moves);
    }],
  [/^the first (\w+) moves only \(move_count is still (\d+)\)$/, (doc, count, n) => {
    const words = { one: 1, two: 2, three: 3, four: 4, five: 5 };
    assert.equal(doc.solution.moves.length, words[count] ?? Number(count));
    assert.equal(Number(n), JAM1.moves);
    assert.equal(doc.solution.move_count, JAM1.moves);
  }],
  [/^a player's moves checked: Jam 1 in its (\d+) optimal moves, legal, solved and optimal$/, (doc, n, command) => {
    assert.equal(Number(n), JAM1.moves, 'the doc disagrees with jam40.tsv');
    assert.equal((command.match(/"vehicle"/g) ?? []).length, JAM1.moves, 'the example sends that many moves');
    assert.deepEqual([doc.legal, doc.solved, doc.optimal], [true, true, true]);
    assert.equal(doc.move_count, JAM1.moves);
    assert.equal(doc.optimal_move_count, JAM1.moves);
  }],
  [/^an illegal move: the red car driven into (\w), first_illegal (\d+), blocked at row (\d+), column (\d+)$/,
    (doc, blocker, index, row, col) => {
      assert.equal(doc.legal, false);
      assert.equal(doc.first_illegal, Number(index));
      assert.deepEqual(doc.reason, { code: 'blocked', vehicle: blocker, wall: false, cell: { row: Number(row), col: Number(col) } });
      assert.equal(doc.optimal_move_count, JAM1.moves);
    }],
  [/^a bank puzzle by its id: (\w+) in its (\d+) optimal moves, legal, solved and optimal, the id echoed$/,
    (doc, id, n, command) => {
      assert.match(command, new RegExp(`"id": "${id}"`));
      assert.equal((command.match(/"vehicle"/g) ?? []).length, Number(n), 'the example sends that many moves');
      assert.equal(doc.id, id);
      assert.deepEqual([doc.legal, doc.solved, doc.optimal], [true, true, true]);
      assert.equal(doc.move_count, Number(n));
      assert.equal(doc.optimal_move_count, Number(n));
      // The bank stores it at that length, and the same moves on its board get the same verdict.
      const base = `127.0.0.1:${server.port}`;
      const puzzle = JSON.parse(run(`curl -s ${base}/v1/puzzles/${id}`, REPO_ROOT).stdout);
      assert.equal(puzzle.moves, Number(n));
      const byBoard = command.replace('localhost:8080', base).replace(`"id": "${id}"`, `"board": "${puzzle.board}"`);
      const verdict = ({ timing_us: _, id: __, ...rest }) => rest;
      assert.deepEqual(verdict(doc), verdict(JSON.parse(run(byBoard, REPO_ROOT).stdout)));
    }],
  [/^a hint for the bank puzzle (\w+), by its id: (\d+) moves to go, the id echoed$/, (doc, id, n, command) => {
    assert.match(command, new RegExp(`"id": "${id}"`));
    assert.equal(doc.id, id);
    assert.equal(doc.solution.moves.length, 1);
    assert.equal(Number(n), HARDEST.moves, 'the doc disagrees with jam40.tsv');
    assert.equal(doc.solution.move_count, HARDEST.moves);
    const puzzle = JSON.parse(run(`curl -s 127.0.0.1:${server.port}/v1/puzzles/${id}`, REPO_ROOT).stdout);
    assert.equal(puzzle.moves, Number(n), 'the bank stores it at that length');
  }],
  [/^Jam 1's optimal solution checked: legal, solved and optimal, (\d+) moves$/, (doc, n) => {
    assert.equal(Number(n), JAM1.moves, 'the doc disagrees with jam40.tsv');
    assert.deepEqual([doc.legal, doc.solved, doc.optimal], [true, true, true]);
    assert.equal(doc.move_count, JAM1.moves);
  }],
  [/^a batch: shared options, a puzzle's own options override them; answers in input order$/,
    (doc) => {
      const [a, b, c] = doc.results;
      assert.equal(doc.results.length, 3);
      assert.equal(a.algorithm, 'astar', 'the shared options apply');
      assert.equal(a.solution.move_count, HARDEST.moves);
      assert.equal(b.metric, 'slides', "the item's own options override");
      assert.equal(b.solution.slide_count, JAM1.slides);
      assert.equal(c.status, 400, 'the malformed item gets its own problem');
    }],
  [/^the whole state space of the hardest 6x6 puzzle: ([\d,]+) states, (\d+) moves from the start$/,
    (doc, states, n, command) => {
      namesTheHardest(command);
      assert.equal(Number(states.replace(/,/g, '')), HARDEST.states);
      assert.equal(doc.states, HARDEST.states);
      assert.equal(Number(n), HARDEST.moves);
      assert.equal(doc.start_distance, HARDEST.moves);
    }],
  [/^(\d+) puzzles of (\d+) to (\d+) moves from the served bank, each solvable at its stated length$/,
    (doc, n, lo, hi, command) => {
      assert.match(command, new RegExp(`count=${n}\\b`));
      assert.equal(doc.puzzles.length, Number(n));
      for (const p of doc.puzzles) {
        assert.ok(p.moves >= Number(lo) && p.moves <= Number(hi), JSON.stringify(p));
        const solved = JSON.parse(execFileSync(CLI, ['solve', '-'], { input: JSON.stringify({ board: p.board }), encoding: 'utf8' }));
        assert.equal(solved.solution.move_count, p.moves, p.board);
      }
    }],
  [/^the puzzle of a day \(UTC; without date, today's\)$/, (doc) => {
    assert.equal(doc.date, '2026-11-24');
    assert.equal(doc.puzzle.board_size, 6);
  }],
  [/^the puzzle of id (\w+): the hardest 6x6 puzzle by moves, (\d+) moves$/, (doc, id, n) => {
    assert.equal(doc.id, id);
    assert.equal(doc.board, HARDEST_BOARD);
    assert.equal(doc.moves, Number(n));
    assert.equal(doc.moves, HARDEST.moves);
  }],
  [/^the served bank's counts per length and per walls, and its meta$/, (doc) => {
    assert.equal(doc.board_size, 6);
    assert.equal(Object.values(doc.by_moves).reduce((a, b) => a + b, 0), doc.total);
  }],
  [/^the same counts of its one-wall puzzles alone \(the shipped bank's: up to 1,000 of each length\)$/, (doc, command) => {
    assert.match(command, /\?walls=1'$/);
    assert.equal(doc.board_size, 6);
    assert.deepEqual(Object.keys(doc.by_walls).filter((w) => w !== '1'), [], 'only one-wall puzzles counted');
    assert.equal(doc.by_walls['1'] ?? 0, doc.total);
    assert.equal(Object.values(doc.by_moves).reduce((a, b) => a + b, 0), doc.total);
    assert.ok(Object.values(doc.by_moves).every((n) => n <= 1000), JSON.stringify(doc.by_moves));
  }],
  [/^a 6x6 puzzle needing at least (\d+) moves \(seed (\d+): (\d+) moves, from the (bank|search)\), with its solution$/,
    (doc, min, seed, n, source, command) => {
      assert.equal(doc.source, source);
      assert.match(command, new RegExp(`"min_moves": ${min}, "seed": ${seed}\\b`));
      assert.equal(doc.status, 'generated');
      assert.equal(doc.length, Number(n));
      assert.ok(doc.length >= Number(min));
      assert.equal(doc.solution.move_count, Number(n));
    }],
  [/^an invalid puzzle: 400 with every problem listed by field$/, (doc) => {
    assert.equal(doc.status, 400);
    assert.deepEqual(doc.errors.map((e) => e.field), ['vehicles[0].row', 'vehicles[1].length']);
  }],
  [/^Jam 1 from a text board: (\d+) moves$/, (doc, n) => {
    assert.equal(Number(n), JAM1.moves, 'the doc disagrees with jam40.tsv');
    assert.equal(doc.status, 'solved');
    assert.equal(doc.solution.move_count, JAM1.moves);
  }],
  [/^the hardest 6x6 puzzle's whole cluster: ([\d,]+) states, (\d+) moves from the start$/,
    (doc, states, n, command) => {
      namesTheHardest(command);
      assert.equal(count(states), HARDEST.states, 'the doc disagrees with jam40.tsv');
      assert.equal(doc.states, HARDEST.states);
      assert.equal(Number(n), HARDEST.moves);
      assert.equal(doc.start_distance, HARDEST.moves);
    }],
  [/^two puzzles, one a line: answers in input order, (\d+) and (\d+) moves$/, (docs, a, b) => {
    assert.equal(docs.length, 2);
    assert.deepEqual(docs.map((d) => d.line), [1, 2]);
    assert.deepEqual([Number(a), Number(b)], [HARDEST.moves, JAM1.moves]);
    assert.deepEqual(docs.map((d) => d.solution.move_count), [HARDEST.moves, JAM1.moves]);
  }],
  [/^the sample bank: (\d+) puzzles, every length from (\d+) to (\d+) moves$/, (text, n, lo, hi) => {
    const stats = bankStats(text);
    assert.equal(stats.total, Number(n));
    for (let len = Number(lo); len <= Number(hi); len++) assert.ok(stats.moves[len] > 0, `no puzzle of ${len} moves`);
    assert.deepEqual(Object.keys(stats.moves).map(Number).sort((x, y) => x - y)
      .filter((len) => len < Number(lo) || len > Number(hi)), []);
  }],
  [/^the puzzle of id (\w+): (\d+) moves, (\d+) slides, (\d+) vehicles$/, (text, id, moves, slides, vehicles) => {
    const [first, ...fields] = text.trim().split('\n');
    const [row] = exportLines(first);
    assert.equal(row.moves, Number(moves));
    assert.equal(first.split(' ')[3], id);
    assert.deepEqual(fields.slice(0, 3), [`slides ${slides}`, `vehicles ${vehicles}`, 'walls 0']);
    assert.match(fields[3], /^rank \d+$/);
  }],
  [/^the three hardest of the sample, hardest first: (\d+), (\d+) and (\d+) moves$/, (text, ...rest) => {
    const rows = exportLines(text);
    assert.deepEqual(rows.map((r) => r.moves), rest.slice(0, 3).map(Number));
    assert.equal(rows[0].moves, HARDEST.moves);
  }],
  [/^(\d+) puzzles of the sample re-derived by the library \(seed (\d+)\): none disagrees$/,
    (text, n, seed, command) => {
      assert.match(command, new RegExp(`--sample ${n}\\b.*--seed ${seed}\\b`));
      assert.match(text, new RegExp(`^verifying ${n} of \\d+ puzzles of .*, seed ${seed}$`, 'm'));
      assert.match(text, new RegExp(`^verified ${n} puzzles in [\\d.]+ s: 0 disagree$`, 'm'));
    }],
  [/^(\d+) puzzles of at least (\d+) moves, the same for the same seed, each solvable at its stated length$/,
    (text, n, min, command, out) => {
      const rows = exportLines(text);
      assert.match(command, new RegExp(`--count ${n}\\b.*--min-moves ${min}\\b`));
      assert.equal(rows.length, Number(n));
      assert.equal(run(command, out.dir).stdout, text, 'the same seed gives the same puzzles');
      for (const r of rows) {
        assert.ok(r.moves >= Number(min), JSON.stringify(r));
        assert.equal(solve({ board: r.board }).solution.move_count, r.moves, r.board);
      }
    }],
  [/^the whole wall-free 5x5 space: ([\d,]+) blocked configurations, ([\d,]+) clusters, ([\d,]+) puzzles kept, the hardest (\d+) moves$/,
    (text, configurations, clusters, kept, hardest, command, out) => {
      const field = (name) => Number(out.stderr.match(new RegExp(`^${name} (\\d+)`, 'm'))?.[1]);
      assert.equal(field('configurations'), count(configurations));
      assert.equal(field('clusters'), count(clusters));
      assert.equal(field('kept'), count(kept));
      assert.equal(field('max moves'), Number(hardest));
    }],
  [/^refused at start-up, exit (\d+): (.+)$/, (text, code, message, command, out) => {
    assert.match(command, SERVER_COMMAND, 'a start of ./build/rushhourd');
    assert.notEqual(Number(code), 0);
    assert.equal(out.status, Number(code), `exit ${out.status}; stderr: ${out.stderr}`);
    assert.equal(out.stdout, '', 'the server logged: it started');
    assert.equal(out.stderr, `rushhourd: invalid configuration:\n${message}\n`, 'that problem alone');
  }],
  [/^the 5x5 bank just made: ([\d,]+) puzzles, (\d+) of them (\d+) moves long$/, (text, n, k, len) => {
    const stats = bankStats(text);
    assert.equal(stats.total, count(n));
    assert.equal(stats.moves[len], Number(k));
    assert.equal(Math.max(...Object.keys(stats.moves).map(Number)), Number(len), 'the longest length');
  }],
];

const blocks = PAGES.flatMap(codeBlocks);
const all = commands(blocks);
const curls = all.filter((c) => !c.skip && c.command.startsWith('curl '));
// The CLI as a reader runs it from the repository's root after a build: alone, or fed by
// printf, or cut by head.
const CLI_COMMAND = /^(printf [^|;&]*\| *)?\.\/build\/rushhour [^|;&<>`$]*(\| *head -n \d+)?$/;
const clis = all.filter((c) => !c.skip && CLI_COMMAND.test(c.command));
// The server as a reader starts it from there, with variables set before it or not: the
// examples are starts it refuses (configuration.md), run without a shell (runServer).
const SERVER_COMMAND = /^([A-Z][A-Z0-9_]*=[^\s|;&<>`$'"\\]* )*\.\/build\/rushhourd( [^|;&<>`$'"\\]*)?$/;
const servers = all.filter((c) => !c.skip && SERVER_COMMAND.test(c.command));
const examples = [...curls, ...clis, ...servers];
// The library's commands: every `cc` line, and every command of docs/library.md, which
// scripts/install-check.sh runs as written against a temporary prefix.
const LIBRARY_PAGE = 'docs/library.md';
const libraryCommands = all.filter((c) => !c.skip && !examples.includes(c)
  && (c.page === LIBRARY_PAGE || c.command.startsWith('cc ')));
let server;
let scratch;

// As the docs' run command starts it: with the bank the build makes beside the binary. The CLI's
// commands run in a scratch directory that sees the build and the repository's inputs, so the
// files they write stay out of the clone.
before(async () => {
  server = await startServer(['--bank', resolve(BIN, '../bank.sqlite')]);
  scratch = mkdtempSync(join(tmpdir(), 'rushhour-docs-'));
  symlinkSync(dirname(CLI), join(scratch, 'build'));
  for (const d of ['examples', 'tests', 'data']) symlinkSync(resolve(REPO_ROOT, d), join(scratch, d));
});
after(async () => {
  if (server) await stopServer(server);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('every page opens with whom it is for, no page speaks of work periods, README stays short', () => {
  for (const p of PAGES.filter((x) => x.name.startsWith('docs/'))) {
    const [, , opening] = p.text.split('\n');
    assert.match(opening, /^For /, `${p.name}: the line under the title says whom the page is for`);
  }
  for (const p of PAGES) assert.doesNotMatch(p.text, /\bsessions?\b/i, `${p.name} speaks of a session`);

  const readme = PAGES.find((p) => p.name === 'README.md');
  assert.ok(readme.text.split('\n').length <= 250, 'README.md is the front door: at most 250 lines, the rest in docs/');
});

test('one board is "the hardest 6x6 puzzle": the bank\'s, on every page, in the spec and the playground', () => {
  // A wall-free 6x6 board named beside "hardest" that needs as many moves as the hardest is the
  // bank's board: its cluster holds other starts as far from the goal, and only the bank's has
  // an id the served bank finds.
  const BOARD = /(?<![\w.])[A-Zo.]{36}(?![\w.])/g;
  const lengths = new Map();
  const moves = (board) => {
    if (!lengths.has(board)) lengths.set(board, solve({ board }).solution?.move_count);
    return lengths.get(board);
  };
  const named = [];
  for (const p of PAGES) {
    p.text.split('\n').forEach((line, i) => {
      if (/hardest/i.test(line)) for (const [b] of line.matchAll(BOARD)) named.push([`${p.name}:${i + 1}`, b]);
    });
  }
  for (const c of all.filter((x) => x.comment && /hardest/i.test(x.comment))) {
    for (const [b] of c.command.matchAll(BOARD)) named.push([`${c.page}: ${c.comment}`, b]);
  }
  const walk = (node, where) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.summary === 'string' && /hardest/i.test(node.summary) && node.value?.board) {
      named.push([`openapi.yaml ${where}`, node.value.board]);
    }
    for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
  };
  walk(YAML.parse(readFileSync(SPEC_PATH, 'utf8')), '#');
  assert.ok(named.length >= 5, `only ${named.length} boards named the hardest found`);
  assert.equal(moves(HARDEST_BOARD), HARDEST.moves, 'the bank\'s first puzzle is the hardest');
  for (const [where, board] of named) {
    if (moves(board) !== HARDEST.moves) continue;
    assert.equal(board, HARDEST_BOARD, `${where}: "the hardest" is the bank's board`);
  }
  // The playground's menu: the one puzzle it calls the hardest is Jam 40, the bank's board.
  const menu = readFileSync(resolve(REPO_ROOT, 'web/puzzles.js'), 'utf8').split('\n').filter((l) => /label: /.test(l));
  assert.deepEqual(menu.filter((l) => /hardest/i.test(l)).map((l) => l.match(/key: '(\w+)'/)?.[1]), ['jam40']);
});

const slug = (h) => h.toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');

/** The text of a page's section `anchor`: from its heading to the next heading as high. */
function section(page, anchor) {
  const lines = page.text.split('\n');
  const start = lines.findIndex((l) => /^#{1,6} /.test(l) && slug(l.replace(/^#+ /, '')) === anchor);
  assert.ok(start >= 0, `${page.name}: no section #${anchor}`);
  const level = lines[start].match(/^#+/)[0].length;
  const end = lines.findIndex((l, i) => i > start && new RegExp(`^#{1,${level}} `).test(l));
  return lines.slice(start, end < 0 ? lines.length : end).join('\n');
}

const DATA = (f) => resolve(REPO_ROOT, 'data/bank', f);
/** A counts file's `key value` lines (`meta KEY VALUE`, `total N`): key -> value. */
function counts(file) {
  return Object.fromEntries(readFileSync(DATA(file), 'utf8').trim().split('\n').map((l) => {
    const f = l.split(' ');
    return f[0] === 'meta' ? [f[1], f.slice(2).join(' ')] : [f.slice(0, -1).join(' '), f.at(-1)];
  }));
}
const SERVED = resolve(BIN, '../bank.sqlite');
const SAMPLE = resolve(BIN, '../bank-sample.sqlite');
/** The served bank is the whole one (RH_FULL_BANK=ON), not a copy of the sample. */
const fullBank = () => statSync(SERVED).size !== statSync(SAMPLE).size;
const WALL_FREE = () => counts('wall-free-6x6.counts');
const ONE_WALL = () => counts('one-wall-6x6-sample.counts');

// Each headline figure has one home: the section that states it with its machine, date,
// command and commit (benchmarks.md for speed and memory, enumerator.md for what an
// enumeration found and cost, bank.md for the bank's contents and sizes). `re` finds the figure
// in the words the pages write it in (its first group that matched is the value). The home
// section states it, with one value; any other page that writes it gives the same value and
// links to the home page in the same paragraph (a table is one paragraph). A figure the build
// or the shipped data measures has `built`, the value the pages must state (when it can be
// known: null skips, as in a sanitizer build, which serves the sample bank).
const FIGURES = [
  { what: 'wall-free 6x6: blocked configurations', home: 'docs/enumerator.md#the-whole-wall-free-6x6-space',
    re: /(?:^\| |wall-free 6x6: )blocked configurations \| (\d+(?:,\d{3})*)/gm, built: () => WALL_FREE()['total.configurations'] },
  { what: 'wall-free 6x6: clusters', home: 'docs/enumerator.md#the-whole-wall-free-6x6-space',
    re: /(?:^\| |wall-free 6x6: )clusters \| (\d+(?:,\d{3})*)/gm, built: () => WALL_FREE()['total.clusters'] },
  { what: 'wall-free 6x6: kept puzzles', home: 'docs/enumerator.md#the-whole-wall-free-6x6-space',
    re: /(?:^\| |wall-free 6x6: )kept (?:puzzles )?\(solvable and minimal\) \| (\d+(?:,\d{3})*)|wall-free 6x6\s+(?:space|enumeration)[^.|]{0,40}?[:,] (\d+(?:,\d{3})*) puzzles/gm,
    built: () => WALL_FREE().total },
  { what: 'wall-free 6x6, moves: wall time of the whole run', home: 'docs/enumerator.md#what-a-space-costs',
    re: /wall-free 6x6, moves\b[^\n]*?\| ([\d.]+ min) \(/g },
  { what: 'wall-free 6x6, moves: CPU of the whole run', home: 'docs/enumerator.md#what-a-space-costs',
    re: /wall-free 6x6, moves\b[^\n]*? min \([\d,]+ s\)[^\n]*?\b([\d,]{3,}) s\b/g },
  { what: 'wall-free 6x6, moves: peak RSS of the whole run', home: 'docs/enumerator.md#what-a-space-costs',
    re: /wall-free 6x6, moves\b[^\n]*?\b(\d+ MiB)/g },
  { what: 'wall-free 6x6, both metrics: wall time of the whole run', home: 'docs/enumerator.md#what-a-space-costs',
    re: /wall-free 6x6, both metrics\b[^\n]*?\| ([\d.]+ min) \(/g },
  { what: 'wall-free 6x6, both metrics: CPU of the whole run', home: 'docs/enumerator.md#what-a-space-costs',
    re: /wall-free 6x6, both metrics\b[^\n]*? min \([\d,]+ s\)[^\n]*?\b([\d,]{3,}) s\b/g },
  { what: 'wall-free 6x6, both metrics: peak RSS of the whole run', home: 'docs/enumerator.md#what-a-space-costs',
    re: /wall-free 6x6, both metrics\b[^\n]*?\b(\d+ MiB)/g },
  { what: 'both metrics against moves alone', home: 'docs/benchmarks.md#the-enumerator',
    re: /[Bb]oth metrics (?:cost|take) ([\d.]+) times/g },
  { what: '6x6 with 0-1 walls: blocked configurations', home: 'docs/enumerator.md#the-whole-6x6-space-with-0-1-walls',
    re: /(?:^\| |0-1 walls: )blocked configurations \| (\d+(?:,\d{3})*)/gm, built: () => ONE_WALL()['one_wall.total.configurations'] },
  { what: '6x6 with 0-1 walls: kept one-wall puzzles', home: 'docs/enumerator.md#the-whole-6x6-space-with-0-1-walls',
    re: /\b(\d+(?:,\d{3})*) with one wall \||kept one-wall puzzles \| (\d+(?:,\d{3})*)/g },
  { what: '6x6 with 0-1 walls: the hardest in moves', home: 'docs/enumerator.md#the-whole-6x6-space-with-0-1-walls',
    re: /^\| hardest by moves \| (\d+) moves|0-1 walls: the hardest \| (\d+) moves/gm },
  { what: '6x6 with 0-1 walls, both metrics: CPU of the whole run', home: 'docs/enumerator.md#what-a-space-costs',
    re: /0-1 walls, both metrics\b[^\n]*?\b([\d,]{4,}) s (?:of CPU|\(\d)/g },
  { what: '6x6 with 0-1 walls, both metrics: hours of the two cores', home: 'docs/enumerator.md#what-a-space-costs',
    re: /0-1 walls, both metrics\b[^\n]*?\b([\d.]+) hours of the (?:two|2) cores/g },
  { what: 'the served bank: one-wall puzzles', home: 'docs/bank.md#the-bank-out-of-the-box',
    re: /\b(\d+(?:,\d{3})*) one-wall puzzles,\s+up|\b(\d+(?:,\d{3})*) with one wall,|of which (\d+(?:,\d{3})*) ship/g, built: () => ONE_WALL().total },
  { what: 'the served bank: puzzles', home: 'docs/bank.md#the-bank-out-of-the-box',
    re: /(\d+(?:,\d{3})*) puzzles in a file of/g, built: () => fullBank() ? Number(WALL_FREE().total) + Number(ONE_WALL().total) : null },
  { what: 'the served bank: bytes', home: 'docs/bank.md#the-bank-out-of-the-box',
    re: /puzzles in a file of (\d+(?:,\d{3})*) bytes/g, built: () => fullBank() ? statSync(SERVED).size : null },
  { what: 'the sample bank: bytes', home: 'docs/bank.md#the-bank-out-of-the-box',
    re: /bytes of text; a file of (\d+(?:,\d{3})*) bytes/g, built: () => statSync(SAMPLE).size },
  { what: 'the sample bank: bytes of text', home: 'docs/bank.md#the-bank-out-of-the-box',
    re: /(\d+(?:,\d{3})*) bytes of text/g, built: () => statSync(DATA('sample.txt')).size },
  { what: 'the wall-free archive: bytes', home: 'docs/bank.md#the-shipped-data',
    re: /wall-free-6x6\.tar\.xz` \((\d+(?:,\d{3})*) bytes/g, built: () => statSync(DATA('wall-free-6x6.tar.xz')).size },
  { what: 'the one-wall sample archive: bytes', home: 'docs/bank.md#the-shipped-data',
    re: /one-wall-6x6-sample\.\*`, (\d+(?:,\d{3})*) bytes/g, built: () => statSync(DATA('one-wall-6x6-sample.tar.xz')).size },
  { what: 'the archives: bytes', home: 'docs/bank.md#the-shipped-data',
    re: /archives take (\d+(?:,\d{3})*) bytes/g,
    built: () => statSync(DATA('wall-free-6x6.tar.xz')).size + statSync(DATA('one-wall-6x6-sample.tar.xz')).size },
  { what: 'hints from cluster tables against searches', home: 'docs/benchmarks.md#hints-at-lookup-speed',
    re: /([\d.]+) times as many (?:hints|a second)/g },
  // The committed module's size, as scripts/build-wasm.sh measured it into its provenance.
  { what: 'the WebAssembly module: bytes gzipped', home: 'docs/benchmarks.md#the-webassembly-module',
    re: /(\d+(?:,\d{3})*) bytes gzipped/g, built: () => wasmBytes().gzipped },
  { what: 'the WebAssembly module: bytes raw', home: 'docs/benchmarks.md#the-webassembly-module',
    re: /(\d+(?:,\d{3})*) bytes raw/g, built: () => wasmBytes().raw },
];

/** web/engine/rushhour.wasm.txt's `bytes RAW (gzip -9: GZIPPED)`: {raw, gzipped}. */
function wasmBytes() {
  const text = readFileSync(resolve(REPO_ROOT, 'web/engine/rushhour.wasm.txt'), 'utf8');
  const [, raw, gzipped] = text.match(/^bytes (\d+) \(gzip -9: (\d+)\)$/m);
  assert.equal(Number(raw), statSync(resolve(REPO_ROOT, 'web/engine/rushhour.wasm')).size, 'rushhour.wasm.txt gives the module\'s size');
  return { raw: Number(raw), gzipped: Number(gzipped) };
}

/** Every statement of a figure: {page, paragraph, value}, the value's commas and spaces kept. */
function statements(figure, text) {
  return text.split(/\n\s*\n/).flatMap((paragraph) => [...paragraph.matchAll(figure.re)]
    .map((m) => ({ paragraph, value: m.slice(1).find((g) => g !== undefined) })));
}

test('every headline figure is stated at its home and quoted equal, with a link, elsewhere', () => {
  for (const f of FIGURES) {
    const [name, anchor] = f.home.split('#');
    const home = PAGES.find((p) => p.name === name);
    const stated = statements(f, section(home, anchor));
    assert.ok(stated.length >= 1, `${f.home} no longer states ${f.what} (${f.re})`);
    const values = [...new Set(stated.map((x) => x.value))];
    assert.equal(values.length, 1, `${f.home} states ${f.what} as ${values.join(' and ')}`);
    const [value] = values;
    const built = f.built?.();
    if (built !== undefined && built !== null) {
      assert.equal(count(value.replace(/ .*/, '')), Number(built), `${f.home}: ${f.what} is ${value}; the build and data/bank/ give ${built}`);
    }
    const file = name.replace(/^docs\//, '');
    for (const p of PAGES.filter((x) => x.name !== name)) {
      for (const quote of statements(f, p.text)) {
        assert.equal(quote.value, value, `${p.name} gives ${f.what} as ${quote.value}; its home, ${f.home}, as ${value}`);
        if (f.built) continue;
        assert.ok(quote.paragraph.includes(`${file}`) && /\]\([^)]*\.md/.test(quote.paragraph),
          `${p.name} quotes ${f.what} (${value}) without a link to ${f.home}`);
      }
    }
  }
});

test('every link between the pages names a page and a heading that exist', () => {
  const headings = Object.fromEntries(PAGES.map((p) => [p.name,
    new Set(p.text.split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, ''))))]));
  for (const p of PAGES) {
    for (const [, target] of p.text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file, anchor] = target.split('#');
      const name = file ? join(dirname(p.name), file).replace(/^\.\//, '') : p.name;
      if (!name.endsWith('.md')) continue;
      assert.ok(headings[name], `${p.name}: link to ${target}: no such page`);
      if (anchor) assert.ok(headings[name].has(anchor), `${p.name}: link to ${target}: no such heading`);
    }
  }
});

test('every code block says its language, and every command is run, checked, or marked', () => {
  for (const b of blocks) {
    assert.ok(LANGUAGES.has(b.info), `${b.page}:${b.line}: a code block's language must be one of ${[...LANGUAGES]}`);
  }
  for (const c of all) {
    if (c.skip !== null) {
      assert.ok(c.skip.length > 0, `${c.page}: "${c.command}": the marker says why`);
      continue;
    }
    assert.ok(examples.includes(c) || libraryCommands.includes(c),
      `${c.page}: "${c.command}": the doc test cannot check this command; mark it "${SKIP} <why>" or teach the test`);
  }
});

test('every js block runs in node from the repository root, or says why it cannot', () => {
  const js = blocks.filter((b) => b.info === 'js');
  let ran = 0;
  for (const b of js) {
    const where = `${b.page}:${b.line}`;
    if (b.lines[0]?.startsWith(JS_SKIP)) {
      assert.ok(b.lines[0].slice(JS_SKIP.length).trim().length > 0, `${where}: the marker says why`);
      continue;
    }
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', b.lines.join('\n')],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60000 });
    assert.equal(r.status, 0, `${where}: the block, run by node, exits ${r.status ?? r.signal}\n${r.stderr}`);
    ran++;
  }
  assert.ok(js.length === 0 || ran >= 1, 'at least one js block is run');
});

test('every example has exactly one expectation, and each expectation an example', () => {
  for (const e of examples) {
    const hits = EXPECTATIONS.filter(([re]) => e.comment && re.test(e.comment));
    assert.equal(hits.length, 1, `${e.page}: example "${e.comment}" (${e.command.slice(0, 60)}...) needs one expectation here`);
  }
  for (const [re] of EXPECTATIONS) {
    assert.ok(examples.some((e) => e.comment && re.test(e.comment)), `no example in the docs matches ${re}`);
  }
});

for (const e of examples) {
  test(`${e.page}: ${e.comment}`, () => {
    const entry = EXPECTATIONS.find(([re]) => e.comment && re.test(e.comment));
    assert.ok(entry, 'no expectation');
    let out;
    if (curls.includes(e)) {
      const command = e.command.replaceAll('localhost:8080', `127.0.0.1:${server.port}`);
      assert.notEqual(command, e.command, 'the example must name the server as localhost:8080');
      out = run(command, REPO_ROOT);
    } else if (servers.includes(e)) {
      out = runServer(e.command, scratch);
    } else {
      out = run(e.command, scratch);
    }
    const [, ...groups] = e.comment.match(entry[0]);
    entry[1](parsed(out.stdout), ...groups, e.command, out);
  });
}

const PROBLEM = 'urn:rushhourd:problem:';
const SLUG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Every .c and .h file under `dir`. */
function cSources(dir) {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) return cSources(path);
    return /\.[ch]$/.test(f) ? [path] : [];
  });
}

/** C text without its comments (string and character literals kept whole). */
function withoutComments(text) {
  let out = '';
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The arguments of the call whose '(' is at `open`, split at its top-level commas. */
function callArguments(text, open) {
  const args = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '(') {
      depth++;
    } else if (c === ')' && --depth === 0) {
      args.push(text.slice(start, i).trim());
      return args;
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  throw new Error('a call is not closed');
}

/**
 * The problem types the C sources can send, as a map slug -> set of statuses (empty when no
 * place names the status): the slug of every rhd_problem and rhd_reply_problem call (string
 * literals, or a `slug` variable, whose values are its assignments `slug = "..."`, with the
 * status of a `case NNN:` before them), every `PROBLEM_BASE "..."`, and every whole type URN
 * written out (the command line's too). A call whose slug is neither fails: teach this
 * function its form rather than let a type go unseen.
 */
function sourceProblemTypes() {
  const types = new Map();
  const add = (slug, status, where) => {
    assert.match(slug, SLUG, `${where}: "${slug}" is no problem slug`);
    if (!types.has(slug)) types.set(slug, new Set());
    if (status) types.get(slug).add(status);
  };
  const files = cSources(resolve(REPO_ROOT, 'src'));
  const server = resolve(REPO_ROOT, 'src/server');
  for (const file of files) {
    const text = withoutComments(readFileSync(file, 'utf8'));
    const where = file.slice(REPO_ROOT.length);
    for (const [, slug] of text.matchAll(/"urn:rushhourd:problem:([^"\\]+)/g)) add(slug, null, where);
    if (!file.startsWith(server)) continue;
    for (const [, slug] of text.matchAll(/(?<!#define\s+)\bPROBLEM_BASE\s*"([^"\\%]+)/g)) add(slug, null, where);
    for (const [line] of text.matchAll(/^.*\bslug\s*=\s*"[^"]*".*$/gm)) {
      const status = Number(line.match(/\bcase (\d{3}):/)?.[1]) || null;
      for (const [, slug] of line.matchAll(/\bslug\s*=\s*"([^"]*)"/g)) add(slug, status, where);
    }
    for (const m of text.matchAll(/\brhd_(?:reply_)?problem\s*\(/g)) {
      const args = callArguments(text, m.index + m[0].length - 1);
      if (args.length < 3 || /^const\b/.test(args[2])) continue; // the declaration or definition
      const status = /^\d{3}$/.test(args[1]) ? Number(args[1]) : null;
      const literals = [...args[2].matchAll(/"([^"]*)"/g)].map((x) => x[1]);
      if (literals.length) {
        for (const slug of literals) add(slug, status, where);
      } else {
        assert.match(args[2], /\bslug$/, `${where}: cannot read the problem type of ${m[0]}${args.join(', ')})`);
      }
    }
  }
  return types;
}

/** docs/errors.md's table: slug -> status, one row each. */
function catalogue() {
  const page = PAGES.find((p) => p.name === 'docs/errors.md');
  assert.ok(page, 'docs/errors.md, the error catalogue, exists');
  const rows = new Map();
  for (const [, slug, status] of page.text.matchAll(/^\| `([^`]+)` \| (\d{3}) \|/gm)) {
    assert.ok(!rows.has(slug), `docs/errors.md lists ${slug} twice`);
    rows.set(slug, Number(status));
  }
  return rows;
}

test('the error catalogue lists every problem type the spec lists and the server can send', () => {
  const listed = catalogue();
  const spec = YAML.parse(readFileSync(SPEC_PATH, 'utf8')).components.schemas.ProblemMembers.properties.type.enum;
  const fromSpec = spec.map((t) => {
    assert.ok(t.startsWith(PROBLEM), `openapi.yaml: ${t} is not a ${PROBLEM} type`);
    return t.slice(PROBLEM.length);
  });
  const sent = sourceProblemTypes();
  const sorted = (xs) => [...xs].sort();
  assert.ok(sent.size >= 10, `the scan of src/ found only ${[...sent.keys()]}: it no longer reads the sources`);
  assert.deepEqual(sorted(listed.keys()), sorted(fromSpec), 'docs/errors.md and openapi.yaml (ProblemMembers.type) list different types');
  assert.deepEqual(sorted(listed.keys()), sorted(sent.keys()), 'docs/errors.md and the types src/ can send differ');
  for (const [slug, statuses] of sent) {
    if (statuses.size) assert.ok(statuses.has(listed.get(slug)), `docs/errors.md gives ${slug} status ${listed.get(slug)}; src/ sends it with ${sorted(statuses)}`);
  }
});

test("README's set-up commands are the ones .ci/run and the scripts use", () => {
  const lines = all.filter((c) => c.page === 'README.md').map((c) => c.command);
  const ci = readFileSync(resolve(REPO_ROOT, '.ci/run'), 'utf8');
  const testCommand = './scripts/install-deps.sh --test && ./scripts/test.sh';
  assert.ok(lines.includes(testCommand), 'README shows the test command');
  assert.ok(ci.split('\n').includes(testCommand), '.ci/run runs exactly the test command');
  assert.ok(lines.includes('./scripts/install-deps.sh && ./scripts/build.sh && ./build/rushhourd'));
});

/** A shell script's commands, one a line: continuation lines joined, comments left out. */
function scriptLines(text) {
  const lines = [];
  for (const line of text.split('\n')) {
    const prev = lines.length ? lines[lines.length - 1] : null;
    if (prev !== null && prev.endsWith('\\')) lines[lines.length - 1] = `${prev.slice(0, -1)} ${line.trim()}`;
    else if (!/^\s*#/.test(line)) lines.push(line);
  }
  return lines;
}

test("the library's commands are the ones scripts/install-check.sh runs, in their order", () => {
  const install = scriptLines(readFileSync(resolve(REPO_ROOT, 'scripts/install-check.sh'), 'utf8'));
  assert.ok(libraryCommands.some((c) => c.command.startsWith('cc ')), 'the docs show how to build against the library');
  assert.ok(libraryCommands.some((c) => c.command.startsWith('cmake --install ')), `${LIBRARY_PAGE} shows how to install`);
  let at = -1;
  let block = null;
  for (const c of libraryCommands) {
    const from = c.page === LIBRARY_PAGE && c.block === block ? at + 1 : 0;
    const found = install.findIndex((line, i) => i >= from && line.includes(c.command));
    assert.ok(found >= 0, `${c.page}: "${c.command}" is not run by install-check.sh${from ? ' after the commands above it' : ''}`);
    [at, block] = [found, c.page === LIBRARY_PAGE ? c.block : null];
  }
});

test("the docs' CMake lines are those of examples/library/CMakeLists.txt, which install-check.sh builds", () => {
  const install = readFileSync(resolve(REPO_ROOT, 'scripts/install-check.sh'), 'utf8');
  assert.match(install, /cmake -S examples\/library /, 'install-check.sh builds examples/library');
  const example = readFileSync(resolve(REPO_ROOT, 'examples/library/CMakeLists.txt'), 'utf8').split('\n').map((l) => l.trim());
  const cmakeBlocks = blocks.filter((b) => b.info === 'cmake');
  assert.ok(cmakeBlocks.length >= 1, 'the docs show how to use the CMake package');
  for (const b of cmakeBlocks) {
    let at = -1;
    for (const line of b.lines.map((l) => l.replace(/#.*/, '').trim()).filter(Boolean)) {
      const found = example.findIndex((l, i) => i > at && l === line);
      assert.ok(found >= 0, `${b.page}:${b.line}: "${line}" is not a line of examples/library/CMakeLists.txt after the block's lines above it`);
      at = found;
    }
  }
});

// Every C block of README.md and docs/library.md is the body of a program, compiled against the
// headers and the core library of the build under test with its compiler (and sanitizers), and
// run on a text board: `text` and `len`, as README says, and, for a block that uses them without
// declaring them, `puzzle` and `position`, that board parsed. Automatic variables start as a
// pattern, not zeros, so that a block which relied on one being initialised would be caught; a
// value a block shows its reader may go unused.
const C_PAGES = ['README.md', LIBRARY_PAGE];
const JAM1_BOARD = 'BB...CD..E.CDAAE.CD..E..F...GGF.HHH.';
const BUILD = dirname(BIN);

/** The build's CMake cache entry `name`, or undefined. */
function cacheEntry(name) {
  const cache = readFileSync(join(BUILD, 'CMakeCache.txt'), 'utf8');
  return cache.match(new RegExp(`^${name}:[A-Z]+=(.*)$`, 'm'))?.[1];
}

/** The program whose main runs `lines` on the board argv[1]. */
function cProgram(lines) {
  const body = lines.join('\n');
  const given = ['puzzle', 'position'].filter((v) => new RegExp(`\\b${v}\\b`).test(body)
    && !new RegExp(`\\brh_puzzle\\s+${v}\\b`).test(body));
  return [
    '#include <stdio.h>',
    '#include <string.h>',
    '#include <rushhour/rushhour.h>',
    'int main(int argc, char **argv)',
    '{',
    '    const char *text = argc > 1 ? argv[1] : "";',
    '    const size_t len = strlen(text);',
    ...(given.length ? [
      `    rh_puzzle ${given.join(', ')};`,
      '    rh_diags given_diags;',
      `    if (rh_parse_text_board(&${given[0]}, &given_diags, text, len) != RH_OK) return 3;`,
      ...given.slice(1).map((v) => `    ${v} = ${given[0]};`),
    ] : ['    (void)len;']),
    '    {',
    ...lines.map((l) => `        ${l}`),
    '    }',
    '    return 0;',
    '}',
    '',
  ].join('\n');
}

test('every C block of README.md and docs/library.md compiles and runs against the library', () => {
  const cBlocks = blocks.filter((b) => b.info === 'c' && C_PAGES.includes(b.page));
  assert.ok(cBlocks.some((b) => b.page === 'README.md'), 'README shows the library');
  const cc = cacheEntry('CMAKE_C_COMPILER') || 'cc';
  const sanitize = cacheEntry('RH_SANITIZE') === 'ON' ? ['-fsanitize=address,undefined'] : [];
  const dir = mkdtempSync(join(tmpdir(), 'rushhour-docs-c-'));
  try {
    for (const b of cBlocks) {
      const where = `${b.page}:${b.line}`;
      const source = join(dir, 'block.c');
      const program = join(dir, 'block');
      writeFileSync(source, cProgram(b.lines));
      const built = spawnSync(cc, ['-std=c11', '-Wall', '-Wextra', '-Werror', '-Wno-unused-variable',
        '-Wno-unused-but-set-variable', '-ftrivial-auto-var-init=pattern',
        ...sanitize, `-I${resolve(REPO_ROOT, 'include')}`, `-I${join(BUILD, 'include')}`, source,
        join(BUILD, 'librushhour.a'), '-lm', '-pthread', '-o', program], { encoding: 'utf8' });
      assert.equal(built.status, 0, `${where}: the block does not compile as a program's body:\n${built.stderr}`);
      // Jam 1, then bad boards, on which a block given `puzzle` is not run (exit 3).
      for (const [board, exits] of [[JAM1_BOARD, [0]], ['AAB', [0, 3]], ['', [0, 3]]]) {
        const ran = spawnSync(program, [board], { encoding: 'utf8', timeout: 60000 });
        assert.ok(exits.includes(ran.status), `${where}: on "${board}": exit ${ran.status ?? ran.signal}\n${ran.stderr}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the command-line synopsis lists exactly the options `rushhour --help` gives", () => {
  let help;
  try {
    help = execFileSync(CLI, ['--help'], { encoding: 'utf8' });
  } catch (err) {
    help = `${err.stdout ?? ''}${err.stderr ?? ''}`;
  }
  const synopsis = blocks.find((b) => b.info === 'text' && b.lines[0].startsWith('rushhour solve ['));
  assert.ok(synopsis, 'the docs have the synopsis block');
  const options = (text) => {
    const bySub = {};
    let sub = null;
    for (const m of text.matchAll(/rushhour (\w+)|(--[a-z-]+)/g)) {
      if (m[1]) { sub = m[1]; bySub[sub] ??= new Set(); } else if (sub) bySub[sub].add(m[2]);
    }
    return Object.fromEntries(Object.entries(bySub).map(([k, v]) => [k, [...v].sort()]));
  };
  const documented = options(synopsis.lines.join('\n'));
  assert.ok(Object.keys(documented).length >= 4 && documented.solve.includes('--metric'));
  assert.deepEqual(documented, options(help.split('\nInput:')[0]));
});

/**
 * `rushhourd --help`: the lines above its settings table, and a row {flag, variable, default,
 * values} a setting, read in the columns its heading line (FLAG VARIABLE DEFAULT VALUES
 * MEANING) sets.
 */
function serverHelp() {
  const lines = execFileSync(BIN, ['--help'], { encoding: 'utf8' }).split('\n');
  const head = lines.findIndex((l) => /^ +FLAG +VARIABLE +DEFAULT +VALUES +MEANING$/.test(l));
  assert.ok(head > 0, '`rushhourd --help` has the heading FLAG VARIABLE DEFAULT VALUES MEANING');
  const at = ['FLAG', 'VARIABLE', 'DEFAULT', 'VALUES', 'MEANING'].map((w) => lines[head].indexOf(w));
  const rows = lines.slice(head + 1).filter((l) => l.trim()).map((l) => {
    const [flag, variable, value, values] = at.slice(0, 4).map((start, k) => l.slice(start, at[k + 1]).trim());
    return { flag, variable, default: value, values };
  });
  return { prose: lines.slice(0, head), rows };
}

/** configuration.md's settings table: a row {flag, variable, default, values}, backticks dropped. */
function configurationTable(text) {
  assert.ok(text.includes('\n| flag | variable | default | values | meaning |\n'), 'configuration.md has the settings table');
  return text.split('\n').filter((l) => l.startsWith('| `--')).map((l) => {
    const [flag, variable, value, values] = l.slice(2).split(' | ').map((c) => c.replaceAll('`', '').trim());
    return { flag, variable, default: value, values };
  });
}

test('configuration.md gives every setting as `rushhourd --help` does, and its units and sizes', () => {
  const page = PAGES.find((p) => p.name === 'docs/configuration.md');
  const help = serverHelp();
  assert.ok(help.rows.length >= 25 && help.rows.some((r) => r.flag === '--admin-port'), 'the --help table was not read');
  assert.deepEqual(configurationTable(page.text), help.rows, 'configuration.md and `rushhourd --help` list different settings, defaults or values');
  const flat = (t) => t.replaceAll('`', '').replace(/\s+/g, ' ');
  const said = help.prose.filter((l) => /^(Units|Sizes) /.test(l));
  assert.equal(said.length, 2, '--help states the units and the size suffixes');
  for (const line of said) assert.ok(flat(page.text).includes(line), `configuration.md does not say, as --help does: ${line}`);
});
