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
import { after, before, describe, it } from 'node:test';
import { SUITE_MS, axeViolations, killServer, openBrowser, startServer } from './harness.mjs';

const CACHE_PREFIX = 'rushhourd-files-';

describe('the playground offline in Chromium', { timeout: SUITE_MS }, () => {
  let server;
  let context;
  let page;
  let closeBrowser;
  let puzzle; // a bank puzzle, and the server's hint for its start
  let serverHint;
  const problems = []; // console errors, page errors, refused requests: any one fails

  before(async () => {
    server = await startServer();
    ({ context, page, close: closeBrowser } = await openBrowser([server], problems));
    const picked = await fetch(`${server.base}/v1/puzzles?count=1&min_moves=15&max_moves=30&seed=40`);
    assert.equal(picked.status, 200);
    [puzzle] = (await picked.json()).puzzles;
    const hinted = await fetch(`${server.base}/v1/hint`, {
      method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: puzzle.board,
    });
    assert.equal(hinted.status, 200);
    serverHint = await hinted.json();
  });

  after(async () => {
    await closeBrowser?.();
    killServer(server);
  });

  /** The names of the page's caches, and the version the server's offline-files.js gives. */
  async function caches() {
    return page.evaluate(() => window.caches.keys());
  }

  it('loads once online, its service worker keeping the page\'s files', async () => {
    await page.goto(`${server.base}/#board=${puzzle.board}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const version = /version: '([0-9a-f]{16})'/.exec(await (await fetch(`${server.base}/web/offline-files.js`)).text())[1];
    assert.deepEqual(await caches(), [`${CACHE_PREFIX}${version}`], 'one cache, of the served version');
    assert.equal(await page.isHidden('#offline-notice'), true, 'online: no notice');
    assert.deepEqual(problems, []);
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

  it('is online again, without the notice, once the server answers', async () => {
    await context.setOffline(false);
    await page.click('#hint-button');
    await page.waitForSelector('#offline-notice', { state: 'hidden' });
  });

  it('updates its worker when a served file changes: a new cache, the old one deleted', async () => {
    const [before] = await caches();
    // The server's files as a new build would serve them: offline-files.js, which the worker
    // imports, names a new version.
    await context.route('**/web/offline-files.js', async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace(/version: '[0-9a-f]{16}'/, "version: '0123456789abcdef'");
      await route.fulfill({ response: res, body });
    });
    await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.update()));
    await page.waitForFunction(async (name) => {
      const names = await window.caches.keys();
      return names.length === 1 && names[0] === name;
    }, `${CACHE_PREFIX}0123456789abcdef`);
    assert.notEqual(before, `${CACHE_PREFIX}0123456789abcdef`);
    await context.unroute('**/web/offline-files.js');
  });
});
