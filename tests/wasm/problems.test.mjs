// The module's problems against the server's: bad bodies on every route give the same status,
// problem type, title, detail and list of errors (field and message) as rushhourd of the same
// tree (build/rushhourd, or RHD_BIN); node budgets give the same 422 document; and a search
// stops at its memory budget with the server's search-limit problem, limit "memory", as the
// native CLI stops with limit "memory" too. Nothing here depends on the machine's speed: no
// time limit is set short, and the server gives every search 600 s.
import assert from 'node:assert/strict';
import {after, before, describe, test} from 'node:test';
import {startServer, stopServer} from '../contract/server.mjs';
import {asLine, comparable, load, native, referencePuzzles} from './engines.mjs';

const {jams, sets} = referencePuzzles();
const JAM1 = jams[0].body;
const JAM40 = jams[39].body;
const BIG = sets.find((p) => p.name === 'big-cluster-541934').body;
// The server's search time in the contract harness (withGenerousTime), here too.
const TIME = {timeoutMs: 600000, timeoutMaxMs: 600000};
// The module caches nothing: neither does the server it is compared with.
const NO_CACHE = ['--cache-bytes', '0', '--table-cache-bytes', '0'];

let server;
let solver;
before(async () => {
  [server, solver] = await Promise.all([startServer(NO_CACHE), load(TIME)]);
});
after(() => stopServer(server));

// The server's answer to `body` on `route`; a string body goes as it is, with `type`.
async function post(srv, route, body, type = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(`${srv.base}/v1/${route}`, {method: 'POST', headers: {'content-type': type}, body: text});
  return {status: res.status, body: await res.json()};
}

// The module's answer to the same request.
function local(s, route, body, type = 'application/json') {
  return route === 'verify' ? s.verify(body) : s[route](body, type);
}

const withoutId = ({request_id, ...rest}) => rest;

const BAD = [
  ['an array', '[]'],
  ['an empty object', {}],
  ['a number', '5'],
  ['a board of the wrong length', {board: 'AAoo'}],
  ['a board that is not a string', {board: 7}],
  ['two forms', {board: 'AAoo', grid: ['AA..']}],
  ['a grid with a row not a string', {grid: ['....', 5, null]}],
  ['a grid of too many rows', {grid: Array(17).fill('....')}],
  ['a grid with an unknown target', {grid: JAM1.grid, target: 'q'}],
  ['a grid with a bad target', {grid: JAM1.grid, target: 'far-too-long'}],
  ['a grid with a stray member', {grid: JAM1.grid, colour: 'red'}],
  ['vehicles not a list', {vehicles: 'X'}],
  ['vehicles badly typed', {
    board_size: 20, exit_row: 'two', foo: 1,
    vehicles: [{id: 'X', row: 2, col: 0, length: 2, orientation: 'sideways'},
      {id: 'A', row: 1.5, col: 1e7, length: '3'}, 'car', {id: '', row: 0, col: 0, length: 2, orientation: 'v', wheels: 4}],
    walls: [[0, 0], [1], 'w'],
  }],
  ['vehicles that overlap and leave the board', {
    vehicles: [{id: 'X', row: 2, col: 0, length: 2, orientation: 'H'},
      {id: 'A', row: 1, col: 1, length: 3, orientation: 'V'}, {id: 'B', row: 5, col: 5, length: 2, orientation: 'H'}],
    walls: [[2, 5], [9, 9]],
  }],
  ['a vertical target', {vehicles: [{id: 'X', row: 0, col: 0, length: 2, orientation: 'V'}]}],
  ['the target dropped as malformed', {vehicles: [{id: 'X', row: 'two', col: 0, length: 2, orientation: 'H'}]}],
  ['bad options', {...JAM1, options: {metric: 'steps', algorithm: 1, max_nodes: 0, timeout_ms: 2.5, include_boards: 'yes', bogus: 1}}],
  ['options not an object', {...JAM1, options: 5}],
  ['an id that is not one', {id: 'zzz'}],
  ['an id not a string', {id: 5}],
  ['an id and a board', {id: '6qEEgucAESQ', board: 'AAoo'}],
  ['neither id nor board', {options: {}}],
];

describe('bad input', () => {
  for (const route of ['solve', 'hint', 'analyze', 'verify'])
    test(`${route}: the server's problems, errors and all`, async () => {
      for (const [what, bad] of BAD) {
        const body = route === 'verify' && typeof bad === 'object' && !Array.isArray(bad) ? {...bad, moves: []} : bad;
        const expected = await post(server, route, body);
        const got = local(solver, route, body);
        assert.equal(got.status, expected.status, `${route}, ${what}`);
        assert.deepEqual(withoutId(got.body), withoutId(expected.body), `${route}, ${what}`);
        assert.match(got.body.request_id, /^[0-9a-f]{16}$/);
      }
    });

  test('a body that is not JSON: invalid-json on every route', async () => {
    for (const route of ['solve', 'hint', 'analyze', 'verify'])
      for (const text of ['{"board": "AAo', '', '{"board": "\\u0000"}', 'nul\u0000']) {
        const expected = await post(server, route, text);
        const got = local(solver, route, text);
        assert.equal(got.status, 400, `${route} ${JSON.stringify(text)}`);
        for (const key of ['type', 'title', 'status']) assert.equal(got.body[key], expected.body[key]);
      }
  });

  test('a text board: read as the server reads a text/plain body', async () => {
    for (const text of ['not a board', 'bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.', JAM40.grid.replaceAll('/', '\n')])
      for (const route of ['solve', 'analyze']) {
        const expected = await post(server, route, text, 'text/plain');
        const got = local(solver, route, text, 'text/plain');
        assert.equal(got.status, expected.status, text);
        if (got.status === 400) assert.deepEqual(withoutId(got.body), withoutId(expected.body));
        else assert.deepEqual(comparable(got.body), comparable(expected.body));
      }
  });

  test('verify: bad move lists are the server\'s invalid-request problems', async () => {
    const lists = [
      undefined,
      'aU1',
      [5, {vehicle: 3, direction: 'north', distance: 0, speed: 1}, {vehicle: 'a'}],
      Array(1001).fill({vehicle: 'a', direction: 'up', distance: 1}),
    ];
    for (const moves of lists) {
      const body = {...JAM1, moves};
      const expected = await post(server, 'verify', body);
      const got = solver.verify(body);
      assert.equal(got.status, expected.status);
      assert.deepEqual(withoutId(got.body), withoutId(expected.body));
    }
  });
});

describe('budgets', () => {
  test('a node budget: the server\'s 422 search-limit documents, on every route', async () => {
    const cases = [
      ['solve', {...JAM40, options: {max_nodes: 50}}],
      ['solve', {...JAM40, options: {max_nodes: 50, metric: 'slides'}}],
      ['hint', {...JAM40, options: {max_nodes: 50}}],
      ['analyze', {...JAM40, options: {max_nodes: 50, metric: 'slides'}}],
      ['verify', {...JAM40, moves: [{vehicle: 'a', direction: 'down', distance: 1}], options: {max_nodes: 50}}],
    ];
    for (const [route, body] of cases) {
      const expected = await post(server, route, body);
      const got = local(solver, route, body);
      assert.equal(got.status, 422, route);
      assert.equal(expected.status, 422, route);
      assert.deepEqual(comparable(withoutId(got.body)), comparable(withoutId(expected.body)), route);
    }
  });

  test('a request asks at most the budget the settings allow', () => {
    const small = {...TIME, maxNodes: 50};
    return load(small).then((s) => {
      const {status, body} = s.solve({...JAM40, options: {max_nodes: 1000000}});
      assert.equal(status, 422);
      assert.equal(body.limit, 'nodes');
      assert.equal(body.stats.nodes_expanded, 50);
    });
  });

  test('a search stops at its memory budget: the server\'s problem, limit "memory"', async () => {
    const MIB = 1024 * 1024;
    // The server's smallest budget: 1 MiB for its one worker.
    const [tight, s] = await Promise.all([
      startServer(['--workers', '1', '--memory-budget-bytes', '1MiB', ...NO_CACHE]),
      load({...TIME, memoryBudget: MIB}),
    ]);
    try {
      for (const metric of ['moves', 'slides']) {
        const body = {...BIG, options: {metric}};
        const expected = await post(tight, 'analyze', body);
        const got = s.analyze(body);
        assert.equal(got.status, 422, metric);
        for (const key of ['type', 'title', 'status', 'detail', 'limit', 'metric'])
          assert.equal(got.body[key], expected.body[key], `${metric}: ${key}`);
        assert.equal(got.body.limit, 'memory');
        assert.ok(got.body.stats.peak_memory_bytes <= MIB, `${got.body.stats.peak_memory_bytes} bytes`);
        const [cli] = native(['analyze', '--metric', metric, '--max-memory', '1MiB', '-'], asLine(BIG));
        assert.equal(cli.limit, 'memory');
      }
    } finally {
      await stopServer(tight);
    }
  });

  test('a solve stops at its memory budget as the native one does', async () => {
    for (const [p, kib] of [[JAM40, 32], [BIG, 64]]) {
      const s = await load({...TIME, memoryBudget: kib * 1024});
      const [cli] = native(['solve', '--max-memory', `${kib}KiB`, '-'], asLine(p));
      const got = s.solve(p);
      assert.equal(cli.limit, 'memory');
      assert.equal(got.status, 422);
      assert.equal(got.body.type, 'urn:rushhourd:problem:search-limit');
      assert.equal(got.body.limit, 'memory');
      assert.ok(got.body.stats.peak_memory_bytes <= kib * 1024);
    }
  });

  test('the memory budget is bounded by the module\'s memory', async () => {
    await assert.rejects(load({memoryBudget: 1024 * 1024 * 1024}), RangeError);
  });
});
