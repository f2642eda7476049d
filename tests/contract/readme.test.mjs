// README.md cannot drift: every command in its code blocks is run or checked here, and every
// result it states (move counts, statuses, fields) is compared with what the real server and
// CLI answer. Figures that the reference puzzles also give (tests/data/, answers agreed by
// independent solvers) must agree with those too.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { startServer, stopServer, BIN } from './server.mjs';
import { REPO_ROOT } from './spec.mjs';

const README = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8');
const CLI = resolve(BIN, '../rushhour');

/** Every indented code block of README.md, as arrays of lines without their indentation. */
function codeBlocks(text) {
  const blocks = [];
  let cur = null;
  for (const line of text.split('\n')) {
    if (/^ {4}\S/.test(line) || (cur && /^ {4}/.test(line))) {
      if (!cur) blocks.push((cur = []));
      cur.push(line.slice(4));
    } else if (line.trim() === '' && cur) {
      cur.push('');
    } else {
      cur = null;
    }
  }
  return blocks.map((b) => { while (b.length && b[b.length - 1] === '') b.pop(); return b; });
}

/** The curl examples: {comment, command} with continuation lines joined. */
function curlExamples(blocks) {
  const out = [];
  for (const b of blocks) {
    let comment = null;
    for (let i = 0; i < b.length; i++) {
      if (b[i].startsWith('# ')) { comment = b[i].slice(2); continue; }
      if (!b[i].startsWith('curl ')) continue;
      let cmd = b[i];
      while (cmd.endsWith('\\')) cmd = cmd.slice(0, -1) + ' ' + b[++i].trim();
      out.push({ comment, command: cmd });
      comment = null;
    }
  }
  return out;
}

/** jam40.tsv's row for a level: {moves, slides, states}. */
function jam(name) {
  const row = readFileSync(resolve(REPO_ROOT, 'tests/data/jam40.tsv'), 'utf8').split('\n')
    .map((l) => l.split('\t')).find((f) => f[0] === name);
  return { moves: Number(row[2]), slides: Number(row[3]), states: Number(row[4]) };
}

/** classic.jsonl's answer for a puzzle. */
function classic(name) {
  const line = readFileSync(resolve(REPO_ROOT, 'tests/data/classic.jsonl'), 'utf8').split('\n')
    .find((l) => l.includes(`"name": "${name}"`));
  return JSON.parse(line).answer;
}

const JAM1 = jam('jam01');
const HARDEST = classic('hardest-51-moves');

// What each example's comment promises, checked against the answer. The numbers a comment
// states are read from it (the regex's groups), so changing the README's text changes the test.
const EXPECTATIONS = [
  [/^JSON vehicles \(Jam 1\): (\d+) moves$/, (doc, n) => {
    assert.equal(Number(n), JAM1.moves, 'README disagrees with jam40.tsv');
    assert.equal(doc.status, 'solved');
    assert.equal(doc.solution.move_count, JAM1.moves);
  }],
  [/^a grid, with options: the fewest slides, by A\*$/, (doc) => {
    assert.equal(doc.metric, 'slides');
    assert.equal(doc.algorithm, 'astar');
    assert.equal(doc.optimal, true);
    assert.equal(doc.solution.slide_count, JAM1.slides);
  }],
  [/^the database notation: the hardest 6x6 puzzle, (\d+) moves$/, (doc, n) => {
    assert.equal(Number(n), HARDEST.min_moves, 'README disagrees with classic.jsonl');
    assert.equal(doc.solution.move_count, HARDEST.min_moves);
  }],
  [/^a text board as plain text$/, (doc) => {
    assert.equal(doc.status, 'solved');
    assert.equal(doc.solution.move_count, JAM1.moves);
  }],
  [/^a hint: the first move of an optimal solution \(here (\w+)\), and (\d+) moves to go in all$/,
    (doc, move, n) => {
      assert.equal(doc.solution.notation, move);
      assert.equal(doc.solution.moves.length, 1);
      assert.equal(Number(n), HARDEST.min_moves, 'README disagrees with classic.jsonl');
      assert.equal(doc.solution.move_count, HARDEST.min_moves);
    }],
  [/^the first (\w+) moves only \(move_count is still (\d+)\)$/, (doc, count, n) => {
    const words = { one: 1, two: 2, three: 3, four: 4, five: 5 };
    assert.equal(doc.solution.moves.length, words[count] ?? Number(count));
    assert.equal(Number(n), JAM1.moves);
    assert.equal(doc.solution.move_count, JAM1.moves);
  }],
  [/^a batch: shared options, a puzzle's own options override them; answers in input order$/,
    (doc) => {
      const [a, b, c] = doc.results;
      assert.equal(doc.results.length, 3);
      assert.equal(a.algorithm, 'astar', 'the shared options apply');
      assert.equal(a.solution.move_count, HARDEST.min_moves);
      assert.equal(b.metric, 'slides', "the item's own options override");
      assert.equal(b.solution.slide_count, JAM1.slides);
      assert.equal(c.status, 400, 'the malformed item gets its own problem');
    }],
  [/^the whole state space of the hardest 6x6 puzzle: ([\d,]+) states, (\d+) moves from the start$/,
    (doc, states, n) => {
      assert.equal(Number(states.replace(/,/g, '')), HARDEST.reachable);
      assert.equal(doc.states, HARDEST.reachable);
      assert.equal(Number(n), HARDEST.min_moves);
      assert.equal(doc.start_distance, HARDEST.min_moves);
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
  [/^the served bank's counts per length and per walls, and its meta$/, (doc) => {
    assert.equal(doc.board_size, 6);
    assert.equal(Object.values(doc.by_moves).reduce((a, b) => a + b, 0), doc.total);
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
];

const blocks = codeBlocks(README);
const examples = curlExamples(blocks);
let server;

// As README's run command starts it: with the bank the build makes beside the binary.
before(async () => { server = await startServer(['--bank', resolve(BIN, '../bank.sqlite')]); });
after(async () => { if (server) await stopServer(server); });

test('every curl example of README.md has exactly one expectation, and each expectation an example', () => {
  assert.ok(examples.length >= EXPECTATIONS.length);
  for (const e of examples) {
    const hits = EXPECTATIONS.filter(([re]) => e.comment && re.test(e.comment));
    assert.equal(hits.length, 1, `README example "${e.comment}" (${e.command.slice(0, 60)}...) needs one expectation here`);
  }
  for (const [re] of EXPECTATIONS) {
    assert.ok(examples.some((e) => e.comment && re.test(e.comment)), `no README example matches ${re}`);
  }
});

for (const e of examples) {
  test(`README: ${e.comment}`, () => {
    const entry = EXPECTATIONS.find(([re]) => e.comment && re.test(e.comment));
    assert.ok(entry, 'no expectation');
    const command = e.command.replaceAll('localhost:8080', `127.0.0.1:${server.port}`);
    assert.notEqual(command, e.command, 'the example must name the server as localhost:8080');
    const body = execFileSync('sh', ['-c', command], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60000 });
    const [, ...groups] = e.comment.match(entry[0]);
    entry[1](JSON.parse(body), ...groups, e.command);
  });
}

test("README's set-up commands are the ones .ci/run and the scripts use", () => {
  const lines = blocks.flat();
  const ci = readFileSync(resolve(REPO_ROOT, '.ci/run'), 'utf8');
  const testCommand = './scripts/install-deps.sh && ./scripts/test.sh';
  assert.ok(lines.includes(testCommand), 'README shows the test command');
  assert.ok(ci.split('\n').includes(testCommand), '.ci/run runs exactly the test command');
  assert.ok(lines.includes('./scripts/install-deps.sh && ./scripts/build.sh && ./build/rushhourd'));
  const install = readFileSync(resolve(REPO_ROOT, 'scripts/install-check.sh'), 'utf8');
  const cc = lines.find((l) => l.startsWith('cc '));
  assert.ok(cc && install.includes(cc.slice(cc.indexOf('$(pkg-config'))),
    "README's C build line is the one scripts/install-check.sh runs");
});

test("README's command-line synopsis lists exactly the options `rushhour --help` gives", () => {
  let help;
  try {
    help = execFileSync(CLI, ['--help'], { encoding: 'utf8' });
  } catch (err) {
    help = `${err.stdout ?? ''}${err.stderr ?? ''}`;
  }
  const synopsis = blocks.find((b) => b[0].startsWith('rushhour solve ['));
  assert.ok(synopsis, 'README has the synopsis block');
  const options = (text) => {
    const bySub = {};
    let sub = null;
    for (const m of text.matchAll(/rushhour (\w+)|(--[a-z-]+)/g)) {
      if (m[1]) { sub = m[1]; bySub[sub] ??= new Set(); } else if (sub) bySub[sub].add(m[2]);
    }
    return Object.fromEntries(Object.entries(bySub).map(([k, v]) => [k, [...v].sort()]));
  };
  const documented = options(synopsis.join('\n'));
  assert.ok(Object.keys(documented).length >= 4 && documented.solve.includes('--metric'));
  assert.deepEqual(documented, options(help.split('\nInput:')[0]));
});
