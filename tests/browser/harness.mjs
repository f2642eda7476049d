// What the browser suites share (tests/browser/*.test.mjs): the server under test, started on
// loopback; Chromium, launched headless on a fresh profile, whose pages may reach only the
// servers under test; the layout's figures and axe-core's verdict on a page. Not a test file itself.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = resolve(process.cwd(), process.argv[2] ?? process.env.RHD_BIN ?? join(REPO_ROOT, 'build/rushhourd'));
export const CHROMIUM = process.env.RH_CHROMIUM ?? '/usr/bin/chromium';
// axe-core from node_modules (pinned in package-lock.json), evaluated in the page by the
// DevTools protocol: nothing is fetched, and the page's Content-Security-Policy stays on.
const AXE_SOURCE = join(REPO_ROOT, 'node_modules/axe-core/axe.min.js');
// As the machine notes say: no GPU, no sandbox (root), and no background traffic, which
// this machine's closed network would refuse anyway.
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
// The most any one wait may take: a guard against a hang, never a verdict (a loaded machine
// slows Chromium and the server alike).
export const STEP_MS = 120000;
// The most a whole suite may take: a hang guard too.
export const SUITE_MS = 1800000;

/** Starts rushhourd on 127.0.0.1 and a free port (with `extra` options); resolves once its
 *  start log names the port. */
export async function startServer(extra = []) {
  assert.ok(existsSync(BIN), `no rushhourd binary at ${BIN}: build it first (./scripts/build.sh)`);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('RUSHHOURD_')));
  const child = spawn(BIN, ['--bind', '127.0.0.1', '--port', '0', '--admin-port', '0', '--workers', '2', ...extra], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const server = { child, stderr: '' };
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => { server.stderr += d; });
  server.exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  // However this process ends (a failed test, the runner cancelling), no server outlives it.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  server.exited.then(() => process.off('exit', kill));
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`rushhourd: no start line within ${STEP_MS} ms`)), STEP_MS);
    lines.once('line', (line) => {
      clearTimeout(timer);
      done(line);
    });
    server.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(new Error(`rushhourd exited (${code ?? signal}) before starting: ${server.stderr}`));
    });
  });
  lines.on('line', () => {}); // keep reading the log, so the server never blocks on a full pipe
  const start = JSON.parse(first);
  assert.equal(start.event, 'start', first);
  assert.ok(Number.isInteger(start.port) && start.port > 0, first);
  assert.equal(start.playground, true, 'the playground is on by default');
  server.base = `http://127.0.0.1:${start.port}`;
  return server;
}

/** Stops a server started by startServer (SIGKILL), unless it has exited already. */
export function killServer(server) {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
}

/** Notes in `problems` every console error or warning and every page error of `page`;
 *  answers the page. */
export function watchPage(page, problems) {
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return page;
}

/** Chromium on a fresh, empty profile, with a first page. Its pages may reach the servers in
 *  `servers` (which may grow) and data: URLs only: any other request is refused and noted in
 *  `problems`, as is every console error or warning and page error of the first page.
 *  Resolves to {context, page, close}; close() also removes the profile. */
export async function openBrowser(servers, problems) {
  assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install chromium (scripts/install-deps.sh --test)`);
  const profile = mkdtempSync(join(tmpdir(), 'rushhourd-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
    timeout: STEP_MS,
  });
  context.setDefaultTimeout(STEP_MS);
  // Loopback only: the page may talk to these servers and nothing else (no CDN, no fonts).
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (servers.some((s) => url.startsWith(`${s.base}/`)) || url.startsWith('data:')) return route.continue();
    problems.push(`request outside the server refused: ${url}`);
    return route.abort();
  });
  const page = watchPage(context.pages()[0] ?? await context.newPage(), problems);
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, page, close };
}

/** The layout's figures at the current viewport, at the top of the page: where the board is,
 *  the controls smaller than 44x44 px, and the boxes that overlap (controls with each other,
 *  the histogram's labels with each other). */
export function layoutFigures(page) {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.dataset.id ? `[${e.dataset.id}]` : ''}` +
      `${e.textContent.trim() ? ` "${e.textContent.trim().slice(0, 20)}"` : ''}`;
    const overlaps = (list) => {
      const found = [];
      const boxes = list.map((e) => [e, e.getBoundingClientRect()]);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, r] = boxes[i];
          const [b, q] = boxes[j];
          const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
          const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
          if (w > 0.5 && h > 0.5) found.push(`${name(a)} and ${name(b)}`);
        }
      }
      return found;
    };
    // Every control a thumb may use: buttons (the move list's rows aside: a list, not
    // controls), menus, fields, the speed slider, and the vehicles.
    const controls = [...document.querySelectorAll('button, select, input, textarea, #board g.vehicle')]
      .filter((e) => shown(e) && !e.closest('.move-list'));
    const small = controls.filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width < 44 || r.height < 44;
    }).map((e) => {
      const r = e.getBoundingClientRect();
      return `${name(e)}: ${Math.round(r.width)}x${Math.round(r.height)}`;
    });
    const board = document.getElementById('board').getBoundingClientRect();
    const labels = [...document.querySelectorAll('#histogram text')].filter(shown);
    return {
      viewport: [innerWidth, innerHeight],
      pageWidth: document.documentElement.scrollWidth,
      boardTop: board.top,
      boardBottom: board.bottom,
      small,
      overlaps: [...overlaps(controls), ...overlaps(labels)],
    };
  });
}

/** axe-core's violations of serious or critical impact on the page as it is now, one line
 *  each (rule, impact, the elements). */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) })));
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}
