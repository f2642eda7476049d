// rushhourd's API contract: openapi.yaml against the real server, both ways. Every response
// the suite receives is checked against the operation and status the spec documents for it
// (an undocumented status, media type, header or body fails), and at the end every operation
// in the spec must have been exercised and every status it documents observed.
//
//   RHD_BIN=build/rushhourd node --test tests/contract/
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import YAML from 'yaml';
import { Contract, REPO_ROOT, SPEC_PATH } from './spec.mjs';
import { dirname, join } from 'node:path';
import {
  BIN, fetchResponse, hangUpRequest, httpResponse, keepAliveClient, killAll, rawResponse, sleep,
  startServer, stopServer, waitForLog,
} from './server.mjs';

const contract = new Contract(SPEC_PATH);

const ORIGIN = 'http://app.example';
const JSON_TYPE = 'application/json';
const JAM1_GRID = ['bb...g', 'a..c.g', 'axxc.g', 'a..c..', 'e...ff', 'e.ddd.'];
const HARDEST = 'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.'; // 51 moves
const UNSOLVABLE = {
  board_size: 6, exit_row: 2, walls: [[2, 5]],
  vehicles: [{ id: 'X', row: 2, col: 0, length: 2, orientation: 'H' }],
};
// Unsolvable, with far too many states to finish: the search runs to its deadline (422).
// slow16(BUSY_MS) keeps a worker busy for longer than any test takes, whatever the machine's
// speed: the test ends it by hanging up (hangUpRequest).
const BUSY_MS = 600000;
const slow16 = (timeoutMs) => ({
  board_size: 16, exit_row: 0, walls: [[0, 15]],
  vehicles: [
    { id: 'X', row: 0, col: 0, length: 2, orientation: 'H' },
    { id: 'A', row: 3, col: 2, length: 2, orientation: 'H' },
    { id: 'B', row: 6, col: 9, length: 2, orientation: 'V' },
    { id: 'C', row: 9, col: 4, length: 2, orientation: 'H' },
    { id: 'D', row: 12, col: 12, length: 2, orientation: 'V' },
    { id: 'E', row: 14, col: 1, length: 2, orientation: 'H' },
    { id: 'F', row: 2, col: 13, length: 2, orientation: 'V' },
  ],
  options: { timeout_ms: timeoutMs },
});

// The sample bank the build makes beside rushhourd (CMakeLists.txt, data/bank/sample.txt).
const BANK = join(dirname(BIN), 'bank.sqlite');

const problemType = (slug) => `urn:rushhourd:problem:${slug}`;
const parse = (res) => JSON.parse(res.body);

// A concrete path for a path template of the spec: each {parameter} is its example.
function examplePath(template) {
  const params = contract.doc.paths[template].parameters ?? [];
  return template.replace(/\{([^}]+)\}/g, (_, name) => params.find((p) => p.name === name && p.in === 'path').example);
}

// The playground's paths (x-rushhourd-playground in the spec): served with --playground on,
// the default; with it off, like any path the spec does not list.
const PLAYGROUND_PATHS = Object.keys(contract.doc.paths).filter((p) => contract.doc.paths[p]['x-rushhourd-playground']);
// Each path the playground serves with the file of web/ behind it, which the binary must serve
// byte for byte: the page at /, and under /web/ every script, style sheet, manifest and icon of
// web/ and the solver in the page (web/engine/: its scripts and WebAssembly module).
const PLAYGROUND_FILES = Object.fromEntries([
  ['/', 'web/index.html'],
  ...readdirSync(`${REPO_ROOT}/web`, { recursive: true })
    .filter((f) => /^(engine\/)?[^/]+\.(js|css|webmanifest|svg|wasm)$/.test(f))
    .map((f) => [`/web/${f}`, `web/${f}`]),
]);
const PLAYGROUND_TYPES = {
  html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8', svg: 'image/svg+xml; charset=utf-8', wasm: 'application/wasm',
};

/**
 * A request with fetch, checked against the contract; optionally of an expected status.
 * `without`: the paths the server was started without (see Contract.check).
 */
async function call(server, method, path, { headers = {}, body, status, without } = {}) {
  const res = contract.check(method, path, await fetchResponse(server.base, method, path, { headers, body }), { without });
  if (status !== undefined) assert.equal(res.status, status, `${method} ${path}: ${res.body}`);
  return res;
}

/** `server` as seen on its admin listener, which alone serves /metrics by default. */
const onAdmin = (server) => ({ ...server, base: server.admin });
/** The paths served on the admin port only (x-rushhourd-admin-only) unless --public-metrics on. */
const ADMIN_ONLY = Object.keys(contract.doc.paths).filter((p) => contract.doc.paths[p]['x-rushhourd-admin-only']);
/** `server` where it serves the path template `template`. */
const serving = (server, template) => (ADMIN_ONLY.includes(template) ? onAdmin(server) : server);

/** POST `path` with a JSON body (the body is first checked against the request schema). */
async function post(server, path, doc, { status, valid = true, headers = {} } = {}) {
  const body = typeof doc === 'string' ? doc : JSON.stringify(doc);
  if (valid) assert.deepEqual(contract.checkRequest('POST', path, JSON_TYPE, body), [], `request ${body}`);
  return call(server, 'POST', path, { headers: { 'Content-Type': JSON_TYPE, ...headers }, body, status });
}

/** POST /v1/solve with a JSON body. */
const solve = (server, doc, opts) => post(server, '/v1/solve', doc, opts);

// A guard against a hang while polling: a verdict never rests on how soon something happens.
const PATIENCE_MS = 120000;

/** Polls GET /metrics until `pattern` matches its text (at most PATIENCE_MS); returns the text. */
async function waitForMetrics(server, pattern, what) {
  const until = Date.now() + PATIENCE_MS;
  for (;;) {
    const { body } = await call(onAdmin(server), 'GET', '/metrics', { status: 200 });
    if (pattern.test(body)) return body;
    assert.ok(Date.now() < until, `${what}: no ${pattern} in /metrics within ${PATIENCE_MS} ms: ${body.split("\n").filter((l) => /^rushhourd_(queue|searches|abandoned)/.test(l)).join("; ")}`);
    await sleep(10);
  }
}

/** rushhourd_abandoned_jobs_total, cancelled and dropped together, from the text of /metrics. */
const abandoned = (metrics) => [...metrics.matchAll(/^rushhourd_abandoned_jobs_total\{[^}]*\} (\d+)$/gm)]
  .reduce((n, m) => n + Number(m[1]), 0);

/** How many POST /v1/solve requests `server` logged as given up by their client (499). */
const hungUp = (server) => server.lines.map((l) => JSON.parse(l))
  .filter((o) => o.event === 'request' && o.path === '/v1/solve' && o.status === 499).length;

/**
 * Hangs up the searches of `clients` (hangUpRequest) and waits until the server has given up
 * every one of them (dropped or cancelled) and no search runs or waits.
 */
async function hangUpAll(server, clients) {
  const before = abandoned((await call(onAdmin(server), 'GET', '/metrics', { status: 200 })).body);
  for (const answer of await Promise.all(clients.map((c) => c.hangUp()))) assert.equal(answer, null, 'answered before the hang-up');
  const want = before + clients.length;
  const idle = await waitForMetrics(server, /^rushhourd_searches_in_flight 0$/m, 'searches after the hang-ups');
  await waitForMetrics(server, /^rushhourd_queue_depth 0$/m, 'queued searches after the hang-ups');
  const after = abandoned(await waitForMetrics(server, { test: (t) => abandoned(t) >= want }, 'abandoned jobs'));
  assert.equal(after, want, `abandoned jobs ${before} -> ${after} (idle: ${/^rushhourd_searches_in_flight.*$/m.exec(idle)})`);
}

/**
 * Runs `fn` while the only worker searches and the only queue place is taken (a server with
 * --workers 1 --queue-length 1), so that any new search is refused; then hangs up both.
 * Neither search can end on its own while `fn` runs, however slow the machine.
 */
async function whileQueueFull(server, fn) {
  const busy = JSON.stringify(slow16(BUSY_MS));
  const clients = [hangUpRequest(server.base, '/v1/solve', busy)];
  try {
    await waitForMetrics(server, /^rushhourd_searches_in_flight 1$/m, 'the slow search never started');
    clients.push(hangUpRequest(server.base, '/v1/solve', busy));
    await waitForMetrics(server, /^rushhourd_queue_depth 1$/m, 'the second slow search was never queued');
    await fn();
  } finally {
    await hangUpAll(server, clients);
  }
}

/** The paths the spec lists with the methods of their operations. */
const specPaths = () => Object.keys(contract.doc.paths).map((p) => ({
  template: p,
  path: examplePath(p),
  methods: contract.operations(p).map(([m]) => m.toUpperCase()),
}));

after(killAll);

describe('openapi.yaml', () => {
  it('compiles: every component schema, in strict JSON Schema 2020-12', () => {
    for (const name of Object.keys(contract.doc.components.schemas)) {
      contract.validator(`/components/schemas/${name}`);
    }
  });

  it('has examples that are valid by their own schemas', () => {
    const examples = contract.examples();
    assert.ok(examples.length >= 10, `only ${examples.length} examples found`);
    const bad = examples.flatMap(({ where, pointer, value }) => contract.validate(pointer, value).map((p) => `${where}: ${p}`));
    assert.deepEqual(bad, []);
  });
});

// The cluster tables are off here, so that solves are searched or cached as the tests expect;
// their own block below covers table answers.
describe('rushhourd (2 workers, CORS for http://app.example) against openapi.yaml', () => {
  let s;
  before(async () => {
    s = await startServer(['--workers', '2', '--cors-origins', ORIGIN, '--bank', BANK, '--table-cache-bytes', '0']);
  });

  it('GET answers 200 on every GET path', async () => {
    assert.deepEqual(parse(await call(s, 'GET', '/healthz', { status: 200 })), { status: 'ok' });
    assert.deepEqual(parse(await call(s, 'GET', '/readyz', { status: 200 })), { status: 'ready' });
    const metrics = await call(onAdmin(s), 'GET', '/metrics', { status: 200 });
    assert.match(metrics.body, /^rushhourd_build_info\{version="[^"]+"\} 1$/m);
    const hidden = await call(s, 'GET', '/metrics', { status: 404, without: ['/metrics'] });
    assert.equal(parse(hidden).type, problemType('not-found'), 'the main port hides /metrics');
    const version = parse(await call(s, 'GET', '/version', { status: 200 }));
    assert.equal(version.name, 'rushhourd');
    assert.equal(version.version, s.start.version, 'the version the start log gives');
    const spec = await call(s, 'GET', '/openapi.yaml', { status: 200 });
    assert.ok(spec.body === contract.text,
      'GET /openapi.yaml serves a different openapi.yaml than this tree: the binary is stale, rebuild it (./scripts/build.sh)');
    assert.equal(YAML.parse(spec.body).openapi, '3.1.0');
  });

  it('GET serves the playground (on by default): the page, and each of its modules and its style sheet', async () => {
    assert.deepEqual(PLAYGROUND_PATHS.sort(), ['/', '/web/engine/{file}', '/web/{file}'], 'the paths marked x-rushhourd-playground');
    assert.ok(Object.keys(PLAYGROUND_FILES).length > 3, 'the page has its modules');
    const name = (folder) => new RegExp(contract.doc.paths[`${folder}{file}`].parameters[0].schema.pattern);
    for (const [path, file] of Object.entries(PLAYGROUND_FILES)) {
      const folder = path.replace(/[^/]*$/, '');
      if (path !== '/') assert.match(path.slice(folder.length), name(folder), 'the spec\'s pattern of file names');
      const res = await call(s, 'GET', path, { status: 200 });
      assert.equal(res.headers['content-type'], PLAYGROUND_TYPES[file.split('.').pop()], path);
      const bytes = Buffer.from(await (await fetch(`${s.base}${path}`)).arrayBuffer());
      assert.ok(bytes.equals(readFileSync(`${REPO_ROOT}/${file}`)),
        `GET ${path} serves a different ${file} than this tree: the binary is stale, rebuild it (./scripts/build.sh)`);
    }
    const page = await call(s, 'GET', '/', { status: 200 });
    assert.match(page.body, /<script type="module" src="web\/app.js"><\/script>/);
    assert.match(page.body, /<link rel="stylesheet" href="web\/style.css">/);
    // Module scripts (and WebAssembly) from the page's own origin, and nothing else.
    assert.match(page.headers['content-security-policy'], /default-src 'none'/);
    assert.match(page.headers['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval';/);
    assert.match(page.headers['content-security-policy'], /manifest-src 'self';/);
    const module = await call(s, 'GET', '/web/app.js', { status: 200 });
    assert.equal(module.headers['content-security-policy'], undefined, 'the policy is the page\'s');
    assert.equal(module.headers['service-worker-allowed'], undefined, 'the worker\'s scope is its own');
    const worker = await call(s, 'GET', '/web/service-worker.js', { status: 200 });
    assert.equal(worker.headers['service-worker-allowed'], '/', 'the worker may control the page at /');
    // What the worker keeps, made at build time: the page and every file above, and a version.
    const kept = (await call(s, 'GET', '/web/offline-files.js', { status: 200 })).body;
    const [, files] = /^self\.offlineFiles = \{version: '[0-9a-f]{16}', files: \[(.*)\]\};$/m.exec(kept) ?? [];
    assert.deepEqual(JSON.parse(`[${files.replaceAll("'", '"')}]`).sort(),
      ['../', ...Object.keys(PLAYGROUND_FILES).filter((p) => p !== '/').map((p) => p.slice('/web/'.length))].sort());
  });

  it('serves under /web/ only the exact names of the page\'s files: 404 for any other, no way out of it', async () => {
    for (const path of ['/web/nope.js', '/web/index.html', '/web/APP.JS', '/web/app.js.map', '/web/%2e%2e%2fopenapi.yaml',
      '/web/engine/app.js', '/web/engine/rushhour.wasm.txt', '/web/engine/%2e%2e%2fapp.js']) {
      const res = await call(s, 'GET', path, { status: 404 });
      assert.equal(parse(res).type, problemType('not-found'), path);
    }
    for (const path of ['/web/', '/web', '/web/x/app.js', '/web/..%2fopenapi.yaml', '/web/x%2fapp.js']) {
      assert.equal(parse(await call(s, 'GET', path, { status: 404 })).type, problemType('not-found'), path);
    }
    // Sent as is, where fetch would resolve the dot segments (%2e included) itself.
    for (const path of ['/web/../openapi.yaml', '/web/%2e%2e/openapi.yaml', '/web/./app.js', '/web//app.js', '/web/../web/app.js']) {
      const res = contract.check('GET', path, await rawResponse(s.base, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      assert.equal(res.status, 404, path);
    }
    // Every file counts under the one route pattern.
    const metrics = (await call(onAdmin(s), 'GET', '/metrics', { status: 200 })).body;
    assert.match(metrics, /^rushhourd_http_requests_total\{route="\/web\/\{file\}",method="GET",code="200"\} \d+$/m);
    assert.doesNotMatch(metrics, /route="\/web\/[a-z]/, 'no series per file');
    assert.match(metrics, /^rushhourd_http_requests_total\{route="other",method="GET",code="404"\} \d+$/m,
      'an unknown file is counted as any unrouted path');
  });

  it('caches only the playground and bank puzzles: their ETag revalidates to 304, to GET and HEAD', async () => {
    const cached = {
      '/': 'no-cache', '/web/app.js': 'no-cache', '/web/engine/rushhour.wasm': 'no-cache',
      '/v1/puzzles/6qEEgucAESQ': 'public, max-age=86400',
    };
    for (const [path, policy] of Object.entries(cached)) {
      const fresh = await call(s, 'GET', path, { status: 200 });
      assert.equal(fresh.headers['cache-control'], policy, path);
      const tag = fresh.headers.etag;
      for (const [method, listed] of [['GET', tag], ['HEAD', `"stale", W/${tag}`], ['GET', '*']]) {
        const res = await call(s, method, path, { headers: { 'If-None-Match': listed }, status: 304 });
        assert.equal(res.body, '', `${method} ${path}`);
        assert.equal(res.headers.etag, tag, `${method} ${path}`);
        assert.equal(res.headers['cache-control'], policy, `${method} ${path}`);
      }
      await call(s, 'GET', path, { headers: { 'If-None-Match': '"stale"' }, status: 200 });
    }
    // Everything else, POSTs and errors included, is no-store and untagged.
    for (const res of [await call(s, 'GET', '/version', { headers: { 'If-None-Match': '*' }, status: 200 }),
      await call(s, 'GET', '/v1/puzzles/6sUEFGcAESQ', { headers: { 'If-None-Match': '*' }, status: 404 }),
      await solve(s, { grid: JAM1_GRID }, { status: 200 })]) {
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers.etag, undefined);
    }
  });

  it('HEAD answers as GET does, without the body', async () => {
    for (const { template, path, methods } of specPaths()) {
      if (!methods.includes('GET')) continue;
      const get = await call(serving(s, template), 'GET', path, { status: 200 });
      const head = await call(serving(s, template), 'HEAD', path, { status: 200 });
      assert.equal(head.body, '');
      assert.equal(head.headers['content-type'], get.headers['content-type'], path);
    }
  });

  it('echoes a valid X-Request-Id, in the header and the problem, and replaces an invalid one', async () => {
    const mine = 'contract-1:a.b_C';
    const ok = await call(s, 'GET', '/healthz', { headers: { 'X-Request-Id': mine }, status: 200 });
    assert.equal(ok.headers['x-request-id'], mine);
    const problem = await call(s, 'GET', '/no-such-path', { headers: { 'X-Request-Id': mine }, status: 404 });
    assert.equal(parse(problem).request_id, mine);
    for (const bad of ['has space', 'x'.repeat(65), 'semi;colon']) {
      const res = await call(s, 'GET', '/healthz', { headers: { 'X-Request-Id': bad }, status: 200 });
      assert.notEqual(res.headers['x-request-id'], bad);
      assert.match(res.headers['x-request-id'], /^[0-9a-f]{16}$/);
    }
  });

  it('answers the CORS preflight (OPTIONS) on every path with 204 and Allow', async () => {
    for (const { template, path, methods } of specPaths()) {
      const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].sort();
      const at = serving(s, template);
      const plain = await call(at, 'OPTIONS', path, { status: 204 });
      assert.deepEqual(plain.headers.allow.split(', ').sort(), allow, `Allow of ${path}`);
      assert.equal(plain.headers['access-control-allow-origin'], undefined, 'no CORS headers without an Origin');
      const cors = await call(at, 'OPTIONS', path, {
        headers: { Origin: ORIGIN, 'Access-Control-Request-Method': methods.includes('POST') ? 'POST' : 'GET' },
        status: 204,
      });
      assert.equal(cors.headers['access-control-allow-origin'], ORIGIN);
      assert.deepEqual(cors.headers['access-control-allow-methods'].split(', ').sort(), allow);
      assert.equal(cors.headers.vary, 'Origin');
      const other = await call(at, 'OPTIONS', path, { headers: { Origin: 'http://other.example' }, status: 204 });
      assert.equal(other.headers['access-control-allow-origin'], undefined, 'an origin not allowed gets no CORS headers');
    }
    // An allowed origin gets the CORS headers on ordinary responses too.
    const get = await call(s, 'GET', '/healthz', { headers: { Origin: ORIGIN }, status: 200 });
    assert.equal(get.headers['access-control-allow-origin'], ORIGIN);
    assert.equal(get.headers['access-control-expose-headers'], 'X-Request-Id, Retry-After');
  });

  it('answers 405 with Allow to a method a path does not take', async () => {
    for (const { template, path, methods } of specPaths()) {
      const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].sort();
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        if (methods.includes(method)) continue;
        const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined;
        const res = await call(serving(s, template), method, path, { headers: body ? { 'Content-Type': JSON_TYPE } : {}, body, status: 405 });
        assert.equal(parse(res).type, problemType('method-not-allowed'));
        assert.deepEqual(res.headers.allow.split(', ').sort(), allow, `Allow of ${path}`);
      }
    }
  });

  it('answers 404 to any other path, whatever the method', async () => {
    for (const [method, path] of [['GET', '/index.html'], ['GET', '/v1'], ['POST', '/v1/solve/'], ['OPTIONS', '/v2/solve'], ['DELETE', '/healthz/x']]) {
      const res = await call(s, method, path, { status: 404 });
      assert.equal(parse(res).type, problemType('not-found'));
    }
  });

  it('POST /v1/solve: the spec\'s own request examples are solved', async () => {
    const { content } = contract.doc.paths['/v1/solve'].post.requestBody;
    for (const [name, { value }] of Object.entries(content[JSON_TYPE].examples)) {
      const doc = parse(await solve(s, value, { status: 200 }));
      assert.equal(doc.status, 'solved', name);
    }
    const text = await call(s, 'POST', '/v1/solve', { headers: { 'Content-Type': 'text/plain' }, body: content['text/plain'].example, status: 200 });
    assert.equal(parse(text).status, 'solved');
  });

  it('POST /v1/solve: 200 for every input form', async () => {
    const jam1 = JSON.parse(readFileSync(`${REPO_ROOT}/examples/jam01.json`, 'utf8'));
    assert.ok(jam1.vehicles, 'examples/jam01.json is the vehicles form');
    const vehicles = parse(await solve(s, { ...jam1, options: { algorithm: 'bfs' } }, { status: 200 }));
    assert.equal(vehicles.solution.move_count, 8);
    const grid = parse(await solve(s, { grid: JAM1_GRID, options: { algorithm: 'bfs', include_boards: false } }, { status: 200 }));
    assert.equal(grid.solution.move_count, 8);
    const gridString = parse(await solve(s, { grid: JAM1_GRID.join('/'), target: 'x' }, { status: 200 }));
    assert.equal(gridString.solution.move_count, 8);
    const board = parse(await solve(s, { board: HARDEST, options: { max_nodes: 1000000, timeout_ms: BUSY_MS } }, { status: 200 }));
    assert.equal(board.solution.move_count, 51);
    const txt = readFileSync(`${REPO_ROOT}/examples/jam01.txt`, 'utf8');
    assert.deepEqual(contract.checkRequest('POST', '/v1/solve', 'text/plain', txt), []);
    const text = parse(await call(s, 'POST', '/v1/solve', { headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: txt, status: 200 }));
    assert.equal(text.solution.move_count, 8);
    const oneLine = parse(await call(s, 'POST', '/v1/solve', { headers: { 'Content-Type': 'text/plain' }, body: HARDEST, status: 200 }));
    assert.equal(oneLine.solution.move_count, 51);
    for (const doc of [vehicles, grid, board, text]) {
      assert.equal(doc.status, 'solved');
      assert.equal(doc.optimal, true);
      assert.equal(doc.solution.moves.length, doc.solution.move_count);
      assert.equal(doc.solution.notation.split(' ').length, doc.solution.move_count);
    }
  });

  it('POST /v1/solve: 200 with the options (astar, slides, fast, include_boards)', async () => {
    const astar = parse(await solve(s, { grid: JAM1_GRID, options: { algorithm: 'astar', metric: 'moves' } }, { status: 200 }));
    assert.equal(astar.algorithm, 'astar');
    assert.equal(astar.solution.move_count, 8);
    const slides = parse(await solve(s, { grid: JAM1_GRID, options: { metric: 'slides' } }, { status: 200 }));
    assert.equal(slides.metric, 'slides');
    assert.equal(slides.solution.slide_count, 16);
    const fast = parse(await solve(s, { board: HARDEST, options: { algorithm: 'fast' } }, { status: 200 }));
    assert.equal(fast.algorithm, 'fast');
    assert.equal(fast.status, 'solved');
    const boards = parse(await solve(s, { grid: JAM1_GRID, options: { algorithm: 'astar', metric: 'slides', include_boards: true } }, { status: 200 }));
    assert.equal(boards.solution.boards.length, boards.solution.move_count);
    for (const b of boards.solution.boards) assert.equal(b.length, 6);
    assert.equal(astar.solution.boards, undefined, 'boards only with include_boards');
  });

  it('POST /v1/solve: a repeated puzzle is answered from the cache', async () => {
    const doc = { board: HARDEST, options: { metric: 'slides', algorithm: 'astar' } };
    const first = parse(await solve(s, doc, { status: 200 }));
    const second = parse(await solve(s, doc, { status: 200 }));
    assert.equal(first.cached, false);
    assert.equal(second.cached, true);
    assert.deepEqual(second.solution, first.solution);
    assert.deepEqual(second.stats, first.stats, 'the stats of the search that found it');
    assert.equal(second.timing_us.queue, 0);
    assert.equal(second.timing_us.solve, 0);
  });

  it('POST /v1/solve: 200 for an unsolvable puzzle, with no solution', async () => {
    const doc = parse(await solve(s, UNSOLVABLE, { status: 200 }));
    assert.equal(doc.status, 'unsolvable');
    assert.equal(doc.optimal, true);
    assert.equal(doc.solution, undefined);
  });

  it('POST /v1/solve: 400 for a body that is not JSON', async () => {
    const res = await solve(s, '{"board": ', { status: 400, valid: false });
    const doc = parse(res);
    assert.equal(doc.type, problemType('invalid-json'));
    assert.equal(doc.errors, undefined);
    const { value: example } = contract.doc.components.responses.BadRequest.content['application/problem+json'].examples.json;
    assert.deepEqual({ ...doc, request_id: example.request_id }, example, 'the spec\'s example of this answer');
  });

  it('POST /v1/solve: 400 for an invalid puzzle, every problem listed', async () => {
    const bad = {
      vehicles: [
        { id: 'X', row: '2', col: 0, length: 2, orientation: 'H' },
        { id: 'A', row: 2, col: 1, length: 7, orientation: 'V' },
      ],
    };
    const doc = parse(await solve(s, bad, { status: 400, valid: false }));
    assert.equal(doc.type, problemType('invalid-puzzle'));
    assert.deepEqual(doc.errors.map((e) => e.field), ['vehicles[0].row', 'vehicles[1].length']);
    // The spec's example is the answer to the puzzle it describes, word for word.
    const { value: example } = contract.doc.components.responses.BadRequest.content['application/problem+json'].examples.invalid;
    const described = parse(await solve(s, {
      vehicles: [
        { id: 'X', row: 2, col: 0, length: 2, orientation: 'H' },
        { id: 'A', row: '0', col: 0, length: 2, orientation: 'H' },
        { id: 'C', row: 1, col: 1, length: 2, orientation: 'V' },
      ],
    }, { status: 400, valid: false }));
    assert.deepEqual({ ...described, request_id: example.request_id }, example);
    const options = parse(await solve(s, { board: HARDEST, options: { algorithm: 'dfs', speed: 11, max_nodes: 0 } }, { status: 400, valid: false }));
    assert.deepEqual(options.errors.map((e) => e.field).sort(), ['options.algorithm', 'options.max_nodes', 'options.speed']);
    const forms = parse(await solve(s, { board: HARDEST, grid: JAM1_GRID }, { status: 400, valid: false }));
    assert.equal(forms.type, problemType('invalid-puzzle'));
    // Places are counted in characters, not bytes: 'é' is one character (two bytes).
    const accent = parse(await solve(s, { board: `${HARDEST.slice(0, 35)}é` }, { status: 400 }));
    assert.deepEqual(accent.errors.map((e) => e.field), ['board']);
    assert.match(accent.errors[0].message, /^the character at position 35 is not ASCII/);
    const accentRow = parse(await solve(s, { grid: ['bb...é', ...JAM1_GRID.slice(1)] }, { status: 400 }));
    assert.deepEqual(accentRow.errors.map((e) => [e.field, e.message.split(';')[0]]), [['grid[0]', 'the character at column 5 is not ASCII (its first byte is 0xc3)']]);
    const text = parse(await call(s, 'POST', '/v1/solve', { headers: { 'Content-Type': 'text/plain' }, body: 'not a board', status: 400 }));
    assert.equal(text.type, problemType('invalid-puzzle'));
    assert.ok(text.errors.length >= 1);
  });

  it('POST /v1/solve: 415 for a media type other than JSON or text/plain', async () => {
    for (const type of ['text/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await call(s, 'POST', '/v1/solve', { headers: { 'Content-Type': type }, body: `{"board": "${HARDEST}"}`, status: 415 });
      assert.equal(parse(res).type, problemType('unsupported-media-type'));
    }
  });

  it('POST /v1/solve: a cached answer is given whatever the budgets', async () => {
    // The hardest board was solved above (bfs, moves): its answer is in the cache, so even a
    // budget of 10 nodes gets it, with the stats of the search that found it.
    const doc = parse(await solve(s, { board: HARDEST, options: { max_nodes: 10 } }, { status: 200 }));
    assert.equal(doc.cached, true);
    assert.ok(doc.stats.nodes_expanded > 10);
  });

  it('POST /v1/hint: 200 with the first move of an optimal solution and the whole length', async () => {
    const { content } = contract.doc.paths['/v1/hint'].post.requestBody;
    const hint = parse(await post(s, '/v1/hint', content[JSON_TYPE].example, { status: 200 }));
    const { example } = contract.doc.paths['/v1/hint'].post.responses['200'].content[JSON_TYPE];
    assert.equal(hint.algorithm, 'astar');
    assert.deepEqual(hint.solution, example.solution, 'the spec\'s example is this answer');
    const text = parse(await call(s, 'POST', '/v1/hint', { headers: { 'Content-Type': 'text/plain' }, body: content['text/plain'].example, status: 200 }));
    assert.equal(text.solution.moves.length, 1);
    assert.equal(text.solution.move_count, 8);
    // The hint's options are solve's: here the whole solution, by BFS.
    const whole = parse(await post(s, '/v1/hint', { grid: JAM1_GRID, options: { algorithm: 'bfs', max_moves_returned: 100 } }, { status: 200 }));
    assert.equal(whole.solution.moves.length, 8);
  });

  it('POST /v1/solve: max_moves_returned cuts the moves, notation and boards, not the counts', async () => {
    const doc = parse(await solve(s, { board: HARDEST, options: { max_moves_returned: 2, include_boards: true } }, { status: 200 }));
    assert.equal(doc.solution.moves.length, 2);
    assert.equal(doc.solution.boards.length, 2);
    assert.equal(doc.solution.notation.split(' ').length, 2);
    assert.equal(doc.solution.move_count, 51);
  });

  it('POST /v1/hint: 400 naming the fields, 415, and 422 when the budget runs out', async () => {
    const bad = parse(await post(s, '/v1/hint', { board: HARDEST, options: { max_moves_returned: 0, metric: 'cells' } }, { status: 400, valid: false }));
    assert.deepEqual(bad.errors.map((e) => e.field).sort(), ['options.max_moves_returned', 'options.metric']);
    await post(s, '/v1/hint', '{"grid": [', { status: 400, valid: false });
    await call(s, 'POST', '/v1/hint', { headers: { 'Content-Type': 'text/xml' }, body: '<x/>', status: 415 });
    // (A* proves a wall at the exit unsolvable at once: a solvable puzzle, asked in a way
    // nothing before cached.)
    const limit = parse(await post(s, '/v1/hint', { board: HARDEST, options: { max_nodes: 10, metric: 'slides', include_boards: true } }, { status: 422 }));
    assert.equal(limit.type, problemType('search-limit'));
    assert.equal(limit.algorithm, 'astar');
  });

  it('POST /v1/verify: the spec\'s examples get the spec\'s verdicts; a solver\'s solution is optimal', async () => {
    const { examples } = contract.doc.paths['/v1/verify'].post.requestBody.content[JSON_TYPE];
    const answers = contract.doc.paths['/v1/verify'].post.responses['200'].content[JSON_TYPE].examples;
    for (const [name, { value }] of Object.entries(examples)) {
      const { timing_us: _, ...verdict } = parse(await post(s, '/v1/verify', value, { status: 200 }));
      const { timing_us: __, ...expected } = answers[name].value;
      assert.deepEqual(verdict, expected, name);
    }
    const solved = parse(await solve(s, { board: HARDEST, options: { algorithm: 'astar' } }, { status: 200 }));
    const verdict = parse(await post(s, '/v1/verify', { board: HARDEST, moves: solved.solution.moves }, { status: 200 }));
    assert.deepEqual([verdict.legal, verdict.solved, verdict.optimal, verdict.move_count], [true, true, true, 51]);
    const unsolvable = parse(await post(s, '/v1/verify', { ...UNSOLVABLE, moves: [] }, { status: 200 }));
    assert.deepEqual([unsolvable.optimal_move_count, unsolvable.optimal], [null, false]);
  });

  it('POST /v1/verify: 400 naming each field, 415, and 422 when the budget runs out', async () => {
    const bad = parse(await post(s, '/v1/verify', {
      grid: JAM1_GRID,
      moves: [{ vehicle: 'x', direction: 'sideways', distance: 1 }, { vehicle: 'c', direction: 'up', distance: 9 }, 3, { vehicle: 1, direction: 'up', distance: 1 }],
    }, { status: 400, valid: false }));
    assert.equal(bad.type, problemType('invalid-request'));
    assert.deepEqual(bad.errors.map((e) => e.field), ['moves[0].direction', 'moves[1].distance', 'moves[2]', 'moves[3].vehicle']);
    const tooMany = parse(await post(s, '/v1/verify', { grid: JAM1_GRID, moves: Array(1001).fill({ vehicle: 'b', direction: 'right', distance: 1 }) }, { status: 400, valid: false }));
    assert.deepEqual(tooMany.errors.map((e) => e.field), ['moves']);
    await post(s, '/v1/verify', '{"grid": [', { status: 400, valid: false });
    await call(s, 'POST', '/v1/verify', { headers: { 'Content-Type': 'text/plain' }, body: JAM1_GRID.join('\n'), status: 415 });
    const limit = parse(await post(s, '/v1/verify', { board: HARDEST, moves: [], options: { max_nodes: 10 } }, { status: 422 }));
    assert.equal(limit.type, problemType('search-limit'));
    assert.equal(limit.limit, 'nodes');
    assert.equal(limit.optimal_move_count, null);
    assert.equal(limit.legal, true);
  });

  it('POST /v1/verify, /v1/hint, /v1/solve by a bank id: the board\'s answer and the id; 404 for an id not held, 400 naming id', async () => {
    const puzzle = parse(await call(s, 'GET', examplePath('/v1/puzzles/{id}'), { status: 200 }));
    const { moves } = parse(await solve(s, { board: puzzle.board, options: { algorithm: 'astar' } }, { status: 200 })).solution;
    const byId = parse(await post(s, '/v1/verify', { id: puzzle.id, moves }, { status: 200 }));
    const byBoard = parse(await post(s, '/v1/verify', { board: puzzle.board, moves }, { status: 200 }));
    assert.equal(byId.id, puzzle.id, 'the answer echoes the id');
    assert.equal(byBoard.id, undefined, 'a board has no id');
    const verdict = ({ timing_us: _, id: __, ...rest }) => rest;
    assert.deepEqual(verdict(byId), verdict(byBoard), 'the verdict by id is the board\'s');
    assert.deepEqual([byId.legal, byId.solved, byId.optimal, byId.move_count], [true, true, true, puzzle.moves]);
    for (const path of ['/v1/hint', '/v1/solve']) {
      const answer = parse(await post(s, path, { id: puzzle.id }, { status: 200 }));
      assert.equal(answer.id, puzzle.id, path);
      assert.equal(answer.solution.move_count, puzzle.moves, path);
    }
    for (const path of ['/v1/verify', '/v1/hint', '/v1/solve']) {
      const more = path === '/v1/verify' ? { moves: [] } : {};
      // HARDEST's id: a well-formed id this bank does not hold.
      const absent = parse(await post(s, path, { id: '6sUEFGcAESQ', ...more }, { status: 404 }));
      assert.equal(absent.type, problemType('unknown-puzzle'), path);
      for (const bad of [{ id: 'abc' }, { id: 12 }, { id: puzzle.id, board: puzzle.board }, {}]) {
        const problem = parse(await post(s, path, { ...bad, ...more }, { status: 400, valid: false }));
        assert.equal(problem.type, problemType('invalid-puzzle'), `${path} ${JSON.stringify(bad)}`);
        assert.deepEqual(problem.errors.map((e) => e.field), ['id'], `${path} ${JSON.stringify(bad)}`);
      }
    }
  });

  it('POST /v1/solve/batch: 200 with each puzzle\'s outcome in input order', async () => {
    const many = parse(await post(s, '/v1/solve/batch', { puzzles: [{ grid: JAM1_GRID }, { board: HARDEST }, UNSOLVABLE] }, { status: 200 }));
    assert.deepEqual(many.results.map((r) => r.status), ['solved', 'solved', 'unsolvable']);
    assert.equal(many.results[1].solution.move_count, 51);
  });

  it('POST /v1/solve/batch: 400 naming the field, and 415', async () => {
    const notArray = parse(await post(s, '/v1/solve/batch', { puzzles: { board: HARDEST } }, { status: 400, valid: false }));
    assert.deepEqual(notArray.errors.map((e) => e.field), ['puzzles']);
    const tooMany = parse(await post(s, '/v1/solve/batch', { puzzles: Array.from({ length: 33 }, () => ({ board: HARDEST })) }, { status: 400 }));
    assert.deepEqual(tooMany.errors.map((e) => e.field), ['puzzles']);
    const other = parse(await post(s, '/v1/solve/batch', { puzzles: [{ board: HARDEST }], options: { speed: 1 }, extra: 1 }, { status: 400, valid: false }));
    assert.deepEqual(other.errors.map((e) => e.field).sort(), ['extra', 'options.speed']);
    // An item that is not an object, and an item's own options, are the batch's to get right
    // (the schema refuses them, and so does the server, naming them), before any search.
    const items = {
      puzzles: [{ board: HARDEST, options: { speed: 1, max_nodes: 0 } }, HARDEST, { grid: JAM1_GRID, options: 'fast' }],
    };
    assert.notDeepEqual(contract.checkRequest('POST', '/v1/solve/batch', JSON_TYPE, JSON.stringify(items)), []);
    const itemFaults = parse(await post(s, '/v1/solve/batch', items, { status: 400, valid: false }));
    assert.equal(itemFaults.type, problemType('invalid-request'));
    assert.deepEqual(itemFaults.errors.map((e) => e.field).sort(),
      ['puzzles[0].options.max_nodes', 'puzzles[0].options.speed', 'puzzles[1]', 'puzzles[2].options']);
    await post(s, '/v1/solve/batch', '{"puzzles": [', { status: 400, valid: false });
    await call(s, 'POST', '/v1/solve/batch', { headers: { 'Content-Type': 'text/plain' }, body: HARDEST, status: 415 });
    await call(s, 'POST', '/v1/solve/batch', { headers: { 'Content-Type': 'text/xml' }, body: '<x/>', status: 415 });
  });

  it('POST /v1/generate: 200 with the spec\'s example answer, a puzzle solve takes back', async () => {
    const { example } = contract.doc.paths['/v1/generate'].post.requestBody.content[JSON_TYPE];
    const searching = await startServer(['--workers', '1']); // no bank: the generator answers
    const doc = parse(await post(searching, '/v1/generate', example, { status: 200 }));
    await stopServer(searching);
    const { example: answer } = contract.doc.paths['/v1/generate'].post.responses['200'].content[JSON_TYPE];
    for (const k of ['status', 'metric', 'length', 'puzzle', 'board', 'candidates', 'restarts', 'seed', 'source', 'solution']) {
      assert.deepEqual(doc[k], answer[k], k);
    }
    const solved = parse(await solve(s, { ...doc.puzzle, options: { algorithm: 'bfs' } }, { status: 200 }));
    assert.equal(solved.solution.move_count, doc.length);
    const slides = parse(await post(s, '/v1/generate', { min_moves: 6, metric: 'slides', seed: 2, min_vehicles: 4, max_vehicles: 6 }, { status: 200 }));
    assert.ok(slides.length >= 6);
    assert.equal(slides.solution.slide_count, slides.length);
  });

  it('POST /v1/generate: 400 naming the member, 415, and 422 when the budget runs out', async () => {
    const bad = parse(await post(s, '/v1/generate', { board_size: '6', colour: 1, seed: -1 }, { status: 400, valid: false }));
    assert.deepEqual(bad.errors.map((e) => e.field).sort(), ['board_size', 'colour', 'seed']);
    const impossible = parse(await post(s, '/v1/generate', { min_moves: 52 }, { status: 400 }));
    assert.deepEqual(impossible.errors.map((e) => e.field), ['min_moves']);
    await post(s, '/v1/generate', '{"seed": ', { status: 400, valid: false });
    await call(s, 'POST', '/v1/generate', { headers: { 'Content-Type': 'text/xml' }, body: '<x/>', status: 415 });
    const searching = await startServer(['--workers', '1']); // no bank: the generator answers
    const limit = parse(await post(searching, '/v1/generate', { min_moves: 45, max_nodes: 20000, seed: 3 }, { status: 422 }));
    await stopServer(searching);
    assert.equal(limit.type, problemType('search-limit'));
    assert.equal(limit.limit, 'nodes');
    assert.equal(limit.seed, 3);
  });

  it('GET /v1/puzzles, /daily, /stats: 200 from the bank, 400 naming each parameter', async () => {
    const stats = parse(await call(s, 'GET', '/v1/puzzles/stats', { status: 200 }));
    assert.equal(stats.board_size, 6);
    assert.ok(stats.total > 0);
    const picked = parse(await call(s, 'GET', '/v1/puzzles?min_moves=10&max_moves=40&count=5&seed=9', { status: 200 }));
    assert.equal(picked.seed, 9);
    for (const p of picked.puzzles) assert.ok(p.moves >= 10 && p.moves <= 40, JSON.stringify(p));
    const again = parse(await call(s, 'GET', '/v1/puzzles?seed=9&count=5&max_moves=40&min_moves=10', { status: 200 }));
    assert.deepEqual(again, picked);
    const solved = parse(await solve(s, { board: picked.puzzles[0].board, options: { algorithm: 'bfs' } }, { status: 200 }));
    assert.equal(solved.solution.move_count, picked.puzzles[0].moves);
    const day = parse(await call(s, 'GET', '/v1/puzzles/daily?date=2026-11-24', { status: 200 }));
    assert.equal(day.date, '2026-11-24');
    assert.deepEqual(parse(await call(s, 'GET', '/v1/puzzles/daily?date=2026-11-24', { status: 200 })), day);
    const bad = parse(await call(s, 'GET', '/v1/puzzles?count=0&walls=x&lang=fr', { status: 400 }));
    assert.deepEqual(bad.errors.map((e) => e.field).sort(), ['count', 'lang', 'walls']);
    const badDay = parse(await call(s, 'GET', '/v1/puzzles/daily?date=2026-13-01', { status: 400 }));
    assert.deepEqual(badDay.errors.map((e) => e.field), ['date']);
    await call(s, 'GET', '/v1/puzzles/stats?verbose=1', { status: 400 });
    // With walls, the counts are those of the puzzles within them: by_walls says how many.
    for (const walls of ['0', '1', '0-1']) {
      const [lo, hi = lo] = walls.split('-').map(Number);
      const within = parse(await call(s, 'GET', `/v1/puzzles/stats?walls=${walls}`, { status: 200 }));
      const expected = Object.entries(stats.by_walls).filter(([w]) => Number(w) >= lo && Number(w) <= hi)
        .reduce((a, [, n]) => a + n, 0);
      assert.equal(within.total, expected, `walls=${walls}`);
      assert.equal(Object.values(within.by_moves).reduce((a, n) => a + n, 0), expected, `walls=${walls}`);
      assert.deepEqual(within.meta, stats.meta, "the bank's meta, whatever the filter");
    }
    const badWalls = parse(await call(s, 'GET', '/v1/puzzles/stats?walls=2-1&metric=moves', { status: 400 }));
    assert.deepEqual(badWalls.errors.map((e) => e.field).sort(), ['metric', 'walls']);
    const hard = picked.puzzles[0];
    const banked = parse(await post(s, '/v1/generate', {
      min_moves: hard.moves, max_moves: hard.moves, min_vehicles: hard.vehicles, max_vehicles: hard.vehicles, walls: hard.walls, seed: 1,
    }, { status: 200 }));
    assert.equal(banked.source, 'bank');
    assert.equal(banked.length, hard.moves);
    assert.equal(parse(await call(s, 'GET', `/v1/puzzles/${banked.id}`, { status: 200 })).moves, hard.moves);
  });

  it('GET /v1/puzzles/{id}: every puzzle handed out by its id, 404 for one not held, 400 for no id', async () => {
    const picked = parse(await call(s, 'GET', '/v1/puzzles?count=20&seed=4', { status: 200 }));
    const day = parse(await call(s, 'GET', '/v1/puzzles/daily?date=2026-11-24', { status: 200 }));
    for (const p of [...picked.puzzles, day.puzzle]) {
      assert.deepEqual(parse(await call(s, 'GET', `/v1/puzzles/${p.id}`, { status: 200 })), p);
    }
    // The spec's own example id is the sample bank's hardest puzzle.
    const example = parse(await call(s, 'GET', examplePath('/v1/puzzles/{id}'), { status: 200 }));
    assert.equal(example.board, 'BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.');
    // The other 51-move puzzle (HARDEST) is not in the sample: a valid id, not held.
    const absent = parse(await call(s, 'GET', '/v1/puzzles/6sUEFGcAESQ', { status: 404 }));
    assert.equal(absent.type, problemType('unknown-puzzle'));
    for (const id of ['6sUEFGcAESQA', 'abc', '9w']) {
      const bad = parse(await call(s, 'GET', `/v1/puzzles/${id}`, { status: 400 }));
      assert.deepEqual(bad.errors.map((e) => e.field), ['id'], id);
    }
    await call(s, 'GET', '/v1/puzzles/6qEEgucAESQ?verbose=1', { status: 400 });
  });

  it('POST /v1/analyze: 200 for the spec\'s examples, every form, and an unsolvable puzzle', async () => {
    const { content } = contract.doc.paths['/v1/analyze'].post.requestBody;
    for (const [name, { value }] of Object.entries(content[JSON_TYPE].examples)) {
      const doc = parse(await post(s, '/v1/analyze', value, { status: 200 }));
      assert.equal(doc.status, 'complete', name);
      assert.equal(doc.metric, value.options?.metric ?? 'moves', name);
    }
    const text = parse(await call(s, 'POST', '/v1/analyze', { headers: { 'Content-Type': 'text/plain' }, body: content['text/plain'].example, status: 200 }));
    // The spec's example is the analysis of the text board it shows, figure for figure.
    const { example } = contract.doc.paths['/v1/analyze'].post.responses['200'].content[JSON_TYPE];
    const figures = ['states', 'goal_states', 'dead_states', 'solvable', 'start_distance', 'start_moves', 'max_distance', 'histogram', 'hardest'];
    for (const k of figures) assert.deepEqual(text[k], example[k], k);
    const hardest = parse(await post(s, '/v1/analyze', { board: HARDEST }, { status: 200 }));
    assert.equal(hardest.start_distance, 51);
    assert.equal(hardest.states, 4780);
    assert.equal(hardest.histogram.reduce((a, b) => a + b, 0), hardest.states);
    const none = parse(await post(s, '/v1/analyze', UNSOLVABLE, { status: 200 }));
    assert.equal(none.solvable, false);
    assert.equal(none.start_distance, -1);
  });

  it('POST /v1/analyze: 400 naming every field, 415, and 422 when a budget runs out', async () => {
    const bad = parse(await post(s, '/v1/analyze', { board: HARDEST, options: { algorithm: 'astar', max_nodes: 0 } }, { status: 400, valid: false }));
    assert.equal(bad.type, problemType('invalid-puzzle'));
    assert.deepEqual(bad.errors.map((e) => e.field).sort(), ['options.algorithm', 'options.max_nodes']);
    await post(s, '/v1/analyze', '{"grid": [', { status: 400, valid: false });
    await call(s, 'POST', '/v1/analyze', { headers: { 'Content-Type': 'text/xml' }, body: '<x/>', status: 415 });
    const limit = parse(await post(s, '/v1/analyze', { board: HARDEST, options: { max_nodes: 100 } }, { status: 422 }));
    assert.equal(limit.type, problemType('search-limit'));
    assert.equal(limit.limit, 'nodes');
    assert.ok(limit.stats.nodes_expanded <= 101, `${limit.stats.nodes_expanded} nodes expanded`);
  });

  it('request headers beyond --header-memory-bytes: 431 from libmicrohttpd (the documented exception)', async () => {
    const res = await httpResponse(s.base, 'GET', '/healthz', { headers: { 'X-Padding': 'p'.repeat(40 * 1024) } });
    assert.equal(res.status, 431);
    assert.equal(res.headers['x-request-id'], undefined, 'info.description says this answer has no X-Request-Id');
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const { code, signal } = await stopServer(s);
    assert.equal(signal, null);
    assert.equal(code, 0, s.stderr);
    await waitForLog(s, 'stop');
  });
});

describe('rushhourd --max-body-bytes 1024 --cache-bytes 0', () => {
  let s;
  before(async () => {
    s = await startServer(['--workers', '1', '--max-body-bytes', '1024', '--cache-bytes', '0']);
  });

  it('GET /v1/puzzles, /daily, /stats: 503 no-bank without a bank, and readiness unaffected', async () => {
    for (const path of ['/v1/puzzles', '/v1/puzzles/daily', '/v1/puzzles/stats', '/v1/puzzles/6qEEgucAESQ']) {
      assert.equal(parse(await call(s, 'GET', path, { status: 503 })).type, problemType('no-bank'), path);
    }
    await call(s, 'GET', '/readyz', { status: 200 });
  });

  it('POST /v1/solve, /v1/hint, /v1/verify by a bank id: 503 no-bank without a bank, no Retry-After', async () => {
    for (const [path, more] of [['/v1/solve', {}], ['/v1/hint', {}], ['/v1/verify', { moves: [] }]]) {
      const res = await post(s, path, { id: '6qEEgucAESQ', ...more }, { status: 503 });
      assert.equal(parse(res).type, problemType('no-bank'), path);
      assert.equal(res.headers['retry-after'], undefined, `${path}: no-bank lasts as long as the instance`);
    }
  });

  it('POST /v1/solve: 413 for a body larger than the limit, by Content-Length or streamed', async () => {
    const big = JSON.stringify({ board: HARDEST, padding: 'x'.repeat(2000) });
    const declared = await call(s, 'POST', '/v1/solve', { headers: { 'Content-Type': JSON_TYPE }, body: big, status: 413 });
    assert.equal(parse(declared).type, problemType('body-too-large'));
    const chunks = Array.from({ length: 8 }, () => `${' '.repeat(255)}\n`);
    const streamed = contract.check('POST', '/v1/solve', await httpResponse(s.base, 'POST', '/v1/solve', {
      headers: { 'Content-Type': JSON_TYPE }, chunks,
    }));
    assert.equal(streamed.status, 413, streamed.body);
    assert.equal(parse(streamed).type, problemType('body-too-large'));
    // Just under the limit is read and solved.
    await solve(s, { grid: JAM1_GRID }, { status: 200 });
    for (const path of ['/v1/hint', '/v1/analyze', '/v1/solve/batch', '/v1/generate', '/v1/verify']) {
      const res = await call(s, 'POST', path, { headers: { 'Content-Type': JSON_TYPE }, body: big, status: 413 });
      assert.equal(parse(res).type, problemType('body-too-large'), path);
    }
  });

  it('POST /v1/solve: 422 when the node budget runs out, with the statistics so far', async () => {
    const doc = parse(await solve(s, { board: HARDEST, options: { max_nodes: 10 } }, { status: 422 }));
    assert.equal(doc.type, problemType('search-limit'));
    assert.equal(doc.limit, 'nodes');
    assert.equal(doc.algorithm, 'bfs');
    assert.ok(doc.stats.nodes_expanded <= 10, `${doc.stats.nodes_expanded} nodes expanded`);
  });

  it('POST /v1/solve/batch: the spec\'s example gets the spec\'s answer (nothing cached)', async () => {
    const { example } = contract.doc.paths['/v1/solve/batch'].post.requestBody.content[JSON_TYPE];
    const { results } = parse(await post(s, '/v1/solve/batch', example, { status: 200 }));
    const { example: answer } = contract.doc.paths['/v1/solve/batch'].post.responses['200'].content[JSON_TYPE];
    assert.deepEqual(results.map((r) => r.status), answer.results.map((r) => r.status));
    assert.deepEqual(results[0].solution, answer.results[0].solution);
    assert.deepEqual(results[1].errors, answer.results[1].errors);
    assert.equal(results[2].limit, 'nodes');
  });

  it('POST /v1/solve: with the cache off, a repeated puzzle is searched again', async () => {
    const first = parse(await solve(s, { grid: JAM1_GRID, options: { metric: 'slides' } }, { status: 200 }));
    const second = parse(await solve(s, { grid: JAM1_GRID, options: { metric: 'slides' } }, { status: 200 }));
    assert.equal(first.cached, false);
    assert.equal(second.cached, false);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const { code } = await stopServer(s);
    assert.equal(code, 0, s.stderr);
  });
});

describe('rushhourd --cache-bytes 0: answers from a cluster table', () => {
  let s;
  before(async () => {
    s = await startServer(['--workers', '1', '--cache-bytes', '0']);
  });

  it('POST /v1/hint and /v1/solve: after /v1/analyze, source table, optimal, in the spec', async () => {
    const before = parse(await post(s, '/v1/hint', { board: HARDEST }, { status: 200 }));
    assert.equal(before.source, 'search');
    await post(s, '/v1/analyze', { board: HARDEST }, { status: 200 });
    const hint = parse(await post(s, '/v1/hint', { board: HARDEST }, { status: 200 }));
    assert.equal(hint.source, 'table');
    assert.equal(hint.cached, false);
    assert.equal(hint.algorithm, 'astar', 'the algorithm asked is echoed');
    assert.equal(hint.solution.move_count, 51);
    assert.equal(hint.solution.moves.length, 1);
    assert.equal(hint.stats.states_stored, 4780, 'the cluster\'s states');
    const slides = parse(await post(s, '/v1/solve', { board: HARDEST, options: { metric: 'slides', include_boards: true } }, { status: 200 }));
    assert.equal(slides.source, 'table');
    assert.equal(slides.optimal, true);
    assert.equal(slides.solution.boards.length, slides.solution.move_count);
    assert.ok(slides.solution.slide_count <= hint.solution.slide_count, 'the fewest slides');
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const { code } = await stopServer(s);
    assert.equal(code, 0, s.stderr);
  });
});

describe('rushhourd --workers 1 --queue-length 1 (busy, then draining)', () => {
  let s;
  before(async () => {
    // --grace-s 600: the drain cannot reach its deadline before the test's client hangs up.
    s = await startServer(['--workers', '1', '--queue-length', '1', '--grace-s', '600']);
  });

  it('POST /v1/solve: 503 with Retry-After when every solver is busy and the queue is full', async () => {
    // Five searches that cannot end on their own while the test runs: one runs, at most one
    // waits (none when all came before the worker took the first), and the others are refused
    // at once, whatever the machine's speed. Waits until each is answered, running or queued.
    const body = JSON.stringify(slow16(BUSY_MS));
    const clients = Array.from({ length: 5 }, () => hangUpRequest(s.base, '/v1/solve', body));
    const answered = [];
    clients.forEach((c, i) => c.answer.then((r) => { if (r) answered.push(i); }, () => {}));
    const gauge = (text, name) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)[1]);
    const held = (text) => gauge(text, 'rushhourd_searches_in_flight') + gauge(text, 'rushhourd_queue_depth');
    await waitForMetrics(s, {
      test: (t) => answered.length + held(t) === 5 && gauge(t, 'rushhourd_searches_in_flight') === 1,
    }, 'each search answered, running or queued');
    assert.ok(answered.length >= 3, `only ${answered.length} refused`);
    for (const i of answered) {
      const r = contract.check('POST', '/v1/solve', await clients[i].answer);
      assert.equal(r.status, 503, r.body);
      assert.equal(parse(r).type, problemType('queue-full'));
      assert.equal(r.headers['retry-after'], '1');
    }
    await hangUpAll(s, clients.filter((_, i) => !answered.includes(i)));
    // A search admitted on an idle server answers 422 at its deadline: limit time, or
    // queue-timeout if the deadline passed before a worker took it.
    const late = parse(await solve(s, slow16(100), { status: 422 }));
    const why = late.type === problemType('queue-timeout') ? 'queue-timeout' : late.limit;
    assert.ok(why === 'time' || why === 'queue-timeout', JSON.stringify(late));
  });

  it('POST /v1/hint, /v1/analyze, /v1/solve/batch, /v1/generate, /v1/verify: 503 with Retry-After when the queue is full', async () => {
    await whileQueueFull(s, async () => {
      for (const path of ['/v1/hint', '/v1/analyze', '/v1/solve/batch', '/v1/generate', '/v1/verify']) {
        const doc = {
          '/v1/solve/batch': { puzzles: [{ grid: JAM1_GRID }] },
          '/v1/generate': { min_moves: 5 },
          '/v1/verify': { grid: JAM1_GRID, moves: [] },
        }[path] ?? { grid: JAM1_GRID };
        const res = await post(s, path, doc, { status: 503 });
        assert.equal(parse(res).type, problemType('queue-full'), path);
        assert.equal(res.headers['retry-after'], '1');
      }
    });
  });

  it('while draining: GET /readyz 503 and POST /v1/solve 503 on open connections, then exit 0', async () => {
    const ready = keepAliveClient(s.base);
    const other = keepAliveClient(s.base);
    try {
      const hungUpBefore = hungUp(s);
      // Two connections opened before the drain (the listening socket closes when it starts).
      contract.check('GET', '/readyz', await ready.request('GET', '/readyz'));
      contract.check('GET', '/healthz', await other.request('GET', '/healthz'));
      // A search running before the SIGTERM that keeps the drain going: it cannot end on its
      // own before the checks below, whatever the machine's speed; its client then hangs up.
      const running = hangUpRequest(s.base, '/v1/solve', JSON.stringify(slow16(BUSY_MS)));
      for (let until = Date.now() + PATIENCE_MS; ;) {
        const metrics = await call(onAdmin(s), 'GET', '/metrics');
        if (/^rushhourd_searches_in_flight 1$/m.test(metrics.body)) break;
        assert.ok(Date.now() < until, 'the slow search never started');
        await sleep(10);
      }
      s.child.kill('SIGTERM');
      await waitForLog(s, 'draining');
      let res;
      for (let until = Date.now() + PATIENCE_MS; ;) {
        res = contract.check('GET', '/readyz', await ready.request('GET', '/readyz'));
        if (res.status !== 200 || Date.now() > until) break;
        await sleep(10);
      }
      assert.equal(res.status, 503, 'readyz never reported the drain');
      assert.equal(parse(res).type, problemType('not-ready'));
      assert.equal(res.headers['retry-after'], '5');
      const refused = contract.check('POST', '/v1/solve', await other.request('POST', '/v1/solve', {
        headers: { 'Content-Type': JSON_TYPE }, body: JSON.stringify({ grid: JAM1_GRID }),
      }));
      assert.equal(refused.status, 503, refused.body);
      assert.equal(parse(refused).type, problemType('shutting-down'));
      assert.equal(refused.headers['retry-after'], '1');
      assert.equal(s.child.exitCode, null, 'the drain waits for the running search');
      assert.equal(await running.hangUp(), null, 'the running search answered before the hang-up');
      const { code } = await s.exited;
      assert.equal(code, 0, s.stderr);
      // The drain ended with the search its client gave up: logged as 499, nothing sent.
      await waitForLog(s, 'stop');
      assert.equal(hungUp(s), hungUpBefore + 1, s.lines.join('\n'));
    } finally {
      ready.close();
      other.close();
    }
  });
});

describe('rushhourd --body-timeout-s 1: answers before routing, on any path', () => {
  let s;
  before(async () => {
    s = await startServer(['--workers', '1', '--body-timeout-s', '1']);
  });

  const head = (path, fields) => `POST ${path} HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n${fields}\r\n`;

  it('400 bad-request for framing it cannot trust, 501 not-implemented for an unknown transfer coding', async () => {
    for (const path of ['/v1/solve', '/v1/generate', '/healthz', '/nowhere']) {
      const twice = contract.checkUnrouted(await rawResponse(s.base, `${head(path, 'Content-Length: 0\r\nContent-Length: 2\r\n')}{}`));
      assert.equal(twice.status, 400, `${path}: ${twice.body}`);
      assert.equal(parse(twice).type, problemType('bad-request'));
      const gzip = contract.checkUnrouted(await rawResponse(s.base, head(path, 'Transfer-Encoding: gzip\r\n')));
      assert.equal(gzip.status, 501, `${path}: ${gzip.body}`);
      assert.equal(parse(gzip).type, problemType('not-implemented'));
    }
  });

  it('408 request-timeout for a body that does not arrive within --body-timeout-s', async () => {
    const started = Date.now();
    const res = contract.checkUnrouted(await rawResponse(s.base, `${head('/v1/solve', 'Content-Length: 100\r\n')}{"gr`));
    assert.equal(res.status, 408, res.body);
    assert.equal(parse(res).type, problemType('request-timeout'));
    assert.ok(Date.now() - started >= 900, `answered after ${Date.now() - started} ms`);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const { code } = await stopServer(s);
    assert.equal(code, 0, s.stderr);
  });
});

describe('rushhourd --playground off', () => {
  let s;
  before(async () => {
    s = await startServer(['--workers', '1', '--playground', 'off']);
  });

  it('answers 404 on the playground\'s paths, whatever the method, as on any unlisted path', async () => {
    assert.equal(s.start.playground, false, 'the start log says the playground is off');
    for (const path of [...PLAYGROUND_PATHS.map(examplePath), ...Object.keys(PLAYGROUND_FILES)]) {
      for (const method of ['GET', 'HEAD', 'OPTIONS', 'POST']) {
        const res = await call(s, method, path, { status: 404, without: PLAYGROUND_PATHS });
        if (method !== 'HEAD') assert.equal(parse(res).type, problemType('not-found'), `${method} ${path}`);
      }
    }
    // The API itself is unaffected.
    assert.equal(parse(await solve(s, { grid: JAM1_GRID }, { status: 200 })).solution.move_count, 8);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const { code } = await stopServer(s);
    assert.equal(code, 0, s.stderr);
  });
});

describe('coverage', () => {
  it('every operation in openapi.yaml was exercised and answered every status it documents', (t) => {
    t.diagnostic('observed (operation: statuses):');
    for (const line of contract.summary()) t.diagnostic(`  ${line}`);
    assert.deepEqual(contract.missing(), []);
    const head = Object.keys(contract.doc.paths).filter((p) => contract.doc.paths[p].get && !contract.headSeen.has(p));
    assert.deepEqual(head, [], 'HEAD not checked on these GET paths');
  });

  it('only the 500 (out of memory) goes unprovoked, and every operation that can send it lists it', (t) => {
    const unprovoked = contract.notProvoked();
    for (const { key, status, reason } of unprovoked) t.diagnostic(`not provoked: ${key} ${status} (${reason})`);
    assert.deepEqual([...new Set(unprovoked.map(({ status, pointer }) => `${status} ${pointer}`))],
      ['500 /components/responses/InternalError'], 'no other response may be exempt from the coverage check');
    // Every answer built at run time can run out of memory (src/server: rhd_reply_json and the
    // routes' own "out of memory" replies): the POST operations, /readyz's 503, /metrics and the
    // puzzle bank's GET routes. The fixed answers (static texts) cannot.
    const built = contract.documented().filter(({ key }) => key.startsWith('POST ')
      || ['GET /readyz', 'GET /metrics', 'GET /v1/puzzles', 'GET /v1/puzzles/daily', 'GET /v1/puzzles/stats',
        'GET /v1/puzzles/{id}'].includes(key));
    assert.deepEqual(unprovoked.map(({ key }) => key).sort(), built.map(({ key }) => key).sort());
  });

  it('every problem type the spec lists was received, with the title of the spec\'s examples', () => {
    const types = contract.doc.components.schemas.ProblemMembers.properties.type.enum;
    // 'internal' (500, out of memory) cannot be produced from outside.
    // 'queue-timeout' comes only when a queued search outwaits its deadline, which this suite's
    // timing cannot force (seen missing once under ASan); tests/http/test_hangups.c provokes it
    // deterministically (batch_item_whose_deadline_passed_in_the_queue_says_so).
    const mayBeUnseen = [problemType('internal'), problemType('queue-timeout')];
    const unseen = types.filter((t) => !mayBeUnseen.includes(t) && !contract.problemTitles.has(t));
    assert.deepEqual(unseen, [], 'problem types never received');
    const wrong = contract.examples()
      .filter(({ value }) => value && typeof value === 'object' && typeof value.type === 'string' && value.type.startsWith(problemType('')))
      // The titles of the types above can be compared only when they were received.
      .filter(({ value }) => contract.problemTitles.has(value.type) || !mayBeUnseen.includes(value.type))
      .filter(({ value }) => contract.problemTitles.get(value.type) !== value.title)
      .map(({ where, value }) => `${where}: title '${value.title}', the server's '${contract.problemTitles.get(value.type)}'`);
    assert.deepEqual(wrong, []);
  });
});
