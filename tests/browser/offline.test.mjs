// The playground offline, end to end in Chromium: a page loaded once, with its service worker,
// reloads with the network off (playwright's setOffline), shows its board, says it is offline,
// and plays from the solver in the page: its optimal count, a hint equal to the server's for
// the same position (asked of the server before the network went), and Solve from here to the
// exit. When a served file changes, the worker installs the new version into a new cache and
// deletes the old one. axe-core checks the offline view.
//
//   node --test tests/browser/                 (RHD_BIN, else build/rushhourd)
//   node tests/browser/offline.test.mjs build/rushhourd
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { STEP_MS, SUITE_MS, axeViolations, killServer, openBrowser, startServer } from './harness.mjs';

const CACHE_PREFIX = 'rushhourd-files-';

/** A proxy on loopback in front of `target` that passes every request on, except that once
 *  its `newBuild` is set it answers /web/offline-files.js with another version and ETag.
 *  Resolves to {base, newBuild, close}. */
async function startProxy(target) {
  const proxy = { newBuild: false };
  const http = createServer(async (req, res) => {
    const headers = { ...req.headers };
    delete headers.host;
    const changed = proxy.newBuild && req.url === '/web/offline-files.js';
    if (changed) delete headers['if-none-match'];
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    let body = Buffer.from(await answer.arrayBuffer());
    const out = Object.fromEntries([...answer.headers].filter(([k]) => !['content-length', 'connection', 'keep-alive'].includes(k)));
    if (changed) {
      body = Buffer.from(body.toString().replace(/version: '[0-9a-f]{16}'/, "version: '0123456789abcdef'"));
      out.etag = '"0123456789abcdef"';
    }
    res.writeHead(answer.status, out);
    res.end(body);
  });
  await new Promise((done) => http.listen(0, '127.0.0.1', done));
  proxy.base = `http://127.0.0.1:${http.address().port}`;
  proxy.close = () => http.close();
  return proxy;
}

describe('the playground offline in Chromium', { timeout: SUITE_MS }, () => {
  let server;
  let context;
  let page;
  let closeBrowser;
  let puzzle; // a bank puzzle, and the server's hint for its start
  let serverHint;
  let packBoards; // the offline pack's puzzles by board
  const servers = []; // what the page may reach: the server, and the proxy of the update test
  const problems = []; // console errors, page errors, refused requests: any one fails

  before(async () => {
    // Without cluster tables the server answers every hint by its A* search, the search the
    // solver in the page runs: the same move. (A table, which the server builds in the
    // background as puzzles are played, walks to the exit by any optimal move.)
    server = await startServer(['--table-cache-bytes', '0']);
    servers.push(server);
    ({ context, page, close: closeBrowser } = await openBrowser(servers, problems));
    const picked = await fetch(`${server.base}/v1/puzzles?count=1&min_moves=15&max_moves=30&seed=40`);
    assert.equal(picked.status, 200);
    [puzzle] = (await picked.json()).puzzles;
    const hinted = await fetch(`${server.base}/v1/hint`, {
      method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: puzzle.board,
    });
    assert.equal(hinted.status, 200);
    serverHint = await hinted.json();
    assert.equal(serverHint.source, 'search');
  });

  after(async () => {
    await closeBrowser?.();
    killServer(server);
  });

  /** The names of the caches of the page's files (the offline pack's aside). */
  async function fileCaches() {
    return page.evaluate((prefix) => window.caches.keys().then((names) => names.filter((n) => n.startsWith(prefix))), CACHE_PREFIX);
  }

  /** Resolves once `check()` resolves to true, asking again every 100 ms; fails after STEP_MS
   *  (a hang guard, never a verdict). */
  async function until(check, what) {
    for (const start = Date.now(); !(await check());) {
      assert.ok(Date.now() - start < STEP_MS, `still not ${what} after ${STEP_MS} ms`);
      await sleep(100);
    }
  }

  it('loads once online, its service worker keeping the page\'s files', async () => {
    await page.goto(`${server.base}/#board=${puzzle.board}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const version = /version: '([0-9a-f]{16})'/.exec(await (await fetch(`${server.base}/web/offline-files.js`)).text())[1];
    assert.deepEqual(await fileCaches(), [`${CACHE_PREFIX}${version}`], 'one cache, of the served version');
    assert.equal(await page.isHidden('#offline-notice'), true, 'online: no notice');
    assert.deepEqual(problems, []);
  });

  it('keeps an offline pack of the bank\'s puzzles, each difficulty as the server answers it', async () => {
    await until(() => page.evaluate(async () => (await (await window.caches.open('rushhourd-pack')).keys()).length === 4),
      'the four difficulties kept');
    const kept = await page.evaluate(async () => {
      const cache = await window.caches.open('rushhourd-pack');
      return Promise.all((await cache.keys()).map(async (r) => [r.url, await (await cache.match(r)).json()]));
    });
    let total = 0;
    for (const [url, doc] of kept) {
      const { pathname, search } = new URL(url);
      assert.equal(pathname, '/v1/puzzles', url);
      const asked = await (await fetch(`${server.base}${pathname}${search}`)).json();
      assert.deepEqual(doc.puzzles, asked.puzzles, `the server's answer to ${search}`);
      total += doc.puzzles.length;
    }
    assert.ok(total >= 200, `a few hundred puzzles (${total})`);
    packBoards = new Map(kept.flatMap(([, doc]) => doc.puzzles.map((p) => [p.board, p])));
  });

  it('reloads with the network off: the board, the notice, the optimal count from the page', async () => {
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.locator('#board g.vehicle').count(), puzzle.vehicles, 'the board of the link');
    await page.waitForSelector('#offline-notice:not([hidden])');
    assert.match(await page.textContent('#offline-notice'), /^\s*Offline: the server cannot be reached/);
    await page.waitForSelector(`#play-status[data-optimal="${puzzle.moves}"]`);
    assert.deepEqual(await axeViolations(page), [], 'the page offline');
  });

  it('answers a hint offline equal to the server\'s for the same position', async () => {
    await page.click('#hint-button');
    await page.waitForSelector('#hint:not([hidden])');
    const move = serverHint.solution.moves[0];
    assert.equal(await page.getAttribute('#hint-text', 'data-left'), String(serverHint.solution.move_count));
    assert.match(await page.textContent('#hint-text'), new RegExp(`^Next: ${move.vehicle} ${move.direction} ${move.distance} `));
    assert.match(await page.textContent('#raw-response'), /^HTTP 200\n/, 'the answer shown as the server\'s');
  });

  it('solves from here offline and plays to the exit', async () => {
    await page.locator('#speed').fill('5');
    await page.click('#solve-here-button');
    await page.waitForFunction((n) => {
      const label = document.getElementById('step-label');
      return label.dataset.steps === String(n) && label.dataset.step === String(n) &&
        document.body.dataset.playback === 'paused';
    }, puzzle.moves);
    await page.waitForSelector('#play-status[data-solved="true"]');
    assert.deepEqual(problems.filter((p) => !/net::ERR_INTERNET_DISCONNECTED/.test(p)), []);
  });

  it('loads a puzzle of a difficulty from the offline pack, its optimal length shown, and by its link', async () => {
    await page.waitForSelector('#bank-message:text-matches("^The offline pack holds")');
    await page.selectOption('#bank-level', 'advanced');
    await page.click('#new-puzzle-button');
    await page.waitForSelector('#bank-message[data-kind="ok"]');
    const board = await page.getAttribute('#bank-message', 'data-board');
    const puzzle = packBoards.get(board);
    assert.ok(puzzle, `${board} is in the pack`);
    assert.ok(puzzle.moves >= 21 && puzzle.moves <= 30, `an advanced puzzle: ${puzzle.moves} moves`);
    assert.equal(await page.getAttribute('#play-status', 'data-optimal'), String(puzzle.moves));
    // A link to it by id, once another puzzle is on the board, opens it from the pack.
    const shown = (board) => document.getElementById('puzzle-input').value === board;
    await page.selectOption('#puzzle-select', 'jam01');
    await page.waitForFunction((board) => document.getElementById('puzzle-input').value !== board, puzzle.board);
    await page.evaluate((id) => { location.hash = `#id=${id}`; }, puzzle.id);
    await page.waitForFunction(shown, puzzle.board);
    assert.equal(await page.getAttribute('#bank-message', 'data-id'), puzzle.id);
    assert.equal(await page.getAttribute('#play-status', 'data-optimal'), String(puzzle.moves));
    await page.click('#daily-button');
    await page.waitForSelector('#bank-message:text-matches("^Offline: this needs the server")');
  });

  it('is online again, without the notice, once the server answers', async () => {
    await context.setOffline(false);
    await page.click('#hint-button');
    await page.waitForSelector('#offline-notice', { state: 'hidden' });
  });

  it('updates its worker when a served file changes: a new cache, the old one deleted', async () => {
    // The page through a proxy of its own origin, which then serves offline-files.js as a new
    // build would (another version, another ETag): the browser's own update check, which no
    // playwright route sees, finds the change.
    const proxy = await startProxy(server.base);
    servers.push(proxy);
    try {
      await page.goto(`${proxy.base}/`);
      await page.waitForSelector('body[data-ready="true"]');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const [before] = await fileCaches();
      const after = `${CACHE_PREFIX}0123456789abcdef`;
      proxy.newBuild = true;
      await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.update()));
      await until(async () => (await fileCaches()).join() === after, `${after} alone`);
      assert.notEqual(before, after);
    } finally {
      proxy.close();
    }
  });
});
