// Share by link, end to end in Chromium, on a desktop (1280x900) and a phone (390x844): the
// page's address names the puzzle on the board (#id= for a bank puzzle, #board= for another
// board, #text= where the notation cannot say it all), and opening such a link loads that
// puzzle ready to play, its optimal length shown. A link with a bank id (picked from the served
// bank at test time, so any bank will do), a plain board and a JSON text open their puzzles;
// unknown, malformed and unreadable links say why, over a usable page; loading a bank puzzle
// (New puzzle, Puzzle of the day, Generate from the bank) puts its id in the address, an edit
// its board, without a history entry; a link pasted into the open page (hashchange) loads its
// puzzle; Share shows the link, which fits a phone's width. axe-core checks the views. Saves
// build/playground-share-1280.png and -390.png (the puzzle panel, the link shown).
//
//   node --test tests/browser/                 (RHD_BIN, else build/rushhourd)
//   node tests/browser/share.test.mjs build/rushhourd
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  REPO_ROOT, SUITE_MS, axeViolations, killServer, layoutFigures, openBrowser, startServer, watchPage,
} from './harness.mjs';

// Jam 1 (8 moves) in the database notation, its letters as the reference grid has them.
const JAM1_BOARD = 'bb...ga..c.gaAAc.ga..c..e...ffe.ddd.';
// A board with the red car already at the exit: 0 moves, so in no bank (lengths start at 1);
// a well-formed id all the same.
const SOLVED_ID = '6AAAAAAAAw';
const VIEWPORTS = [[1280, 900], [390, 844]];

describe('share by link in Chromium', { timeout: SUITE_MS }, () => {
  let server;
  let context;
  let closeBrowser;
  const problems = []; // console errors, page errors, refused requests: any one fails
  // Chromium logs every error status as a console error; these the tests cause on purpose.
  const provoked = /^console error: Failed to load resource: the server responded with a status of (400|404) /;

  before(async () => {
    server = await startServer();
    ({ context, close: closeBrowser } = await openBrowser([server], problems));
  });

  after(async () => {
    await closeBrowser?.();
    killServer(server);
  });

  /** The server's answer to GET `path`, as JSON (asked by the test itself). */
  async function getJson(path) {
    const res = await fetch(`${server.base}${path}`);
    assert.equal(res.status, 200, path);
    return res.json();
  }

  /** A fresh page at the given size, opened at `fragment`, once the page is ready. */
  async function openAt(fragment, [width, height]) {
    const page = watchPage(await context.newPage(), problems);
    await page.setViewportSize({ width, height });
    await page.goto(`${server.base}/${fragment}`);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  }

  const hashOf = (page) => new URL(page.url()).hash;

  for (const size of VIEWPORTS) {
    const at = `at ${size.join('x')}`;

    it(`opens a link with a bank id: that puzzle, at its start, its optimal length shown (${at})`, async () => {
      const [puzzle] = (await getJson('/v1/puzzles?count=1&min_moves=5')).puzzles;
      const page = await openAt(`#id=${puzzle.id}`, size);
      try {
        await page.waitForSelector(`#bank-message[data-kind="ok"][data-id="${puzzle.id}"]`);
        assert.match(await page.textContent('#bank-message'), new RegExp(`^The puzzle of this link: ${puzzle.moves} moves at best`));
        assert.equal(await page.inputValue('#puzzle-input'), puzzle.board);
        assert.equal(await page.locator('#board g.vehicle').count(), puzzle.vehicles);
        assert.equal(await page.getAttribute('#play-status', 'data-optimal'), String(puzzle.moves));
        assert.equal(await page.getAttribute('#play-status', 'data-moves'), '0', 'at its start');
        assert.equal(hashOf(page), `#id=${puzzle.id}`, 'the address keeps naming it');
        assert.equal(await page.isHidden('#link-message'), true, 'no message about the link');
        assert.deepEqual(await axeViolations(page), [], 'a bank puzzle opened by its link');
      } finally {
        await page.close();
      }
    });

    it(`opens a link with a plain board, and one with a JSON text, their optimal length asked (${at})`, async () => {
      let page = await openAt(`#board=${JAM1_BOARD}`, size);
      try {
        assert.equal(await page.inputValue('#puzzle-input'), JAM1_BOARD);
        assert.equal(await page.locator('#board g.vehicle').count(), 8);
        await page.waitForSelector('#play-status[data-optimal="8"]');
        assert.equal(hashOf(page), `#board=${JAM1_BOARD}`);
      } finally {
        await page.close();
      }
      // Options in the text: the notation would lose them, so the link carries the text.
      const text = JSON.stringify({ board: JAM1_BOARD, options: { metric: 'slides' } });
      page = await openAt(`#text=${encodeURIComponent(text)}`, size);
      try {
        assert.equal(await page.inputValue('#puzzle-input'), text);
        assert.equal(await page.inputValue('#metric'), 'slides', 'the text\'s options win, as typed');
        assert.equal(await page.locator('#board g.vehicle').count(), 8);
        await page.waitForSelector('#play-status[data-optimal="8"]');
        assert.equal(hashOf(page), `#text=${encodeURIComponent(text)}`);
      } finally {
        await page.close();
      }
    });

    it(`says why a link with an unknown or malformed id cannot be opened, over a usable page (${at})`, async () => {
      const cases = [
        [`#id=${SOLVED_ID}`, /^The puzzle of this link could not be opened: Not Found \(404\): the bank holds no puzzle of this id\.$/],
        ['#id=9xx', /^The puzzle of this link could not be opened: "9xx" is not a puzzle id/],
        ['#id=daily', /could not be opened: "daily" is not a puzzle id/],
        ['#puzzle=6qEEgucAESQ', /could not be opened: "#puzzle=6qEEgucAESQ" names no puzzle/],
        ['#text=%E0%A4%A', /could not be opened: the link's text is not URL-encoded properly/],
      ];
      for (const [fragment, message] of cases) {
        const page = await openAt(fragment, size);
        try {
          await page.waitForSelector('#link-message[data-kind="error"]');
          assert.match(await page.textContent('#link-message'), message, fragment);
          // The first reference puzzle instead, ready to play; the address names it.
          assert.equal(await page.locator('#board g.vehicle').count(), 8, fragment);
          assert.equal(await page.inputValue('#puzzle-select'), 'jam01', fragment);
          assert.equal(hashOf(page), `#board=${JAM1_BOARD}`, fragment);
          if (fragment === `#id=${SOLVED_ID}`) {
            assert.deepEqual(await axeViolations(page), [], 'a link that failed');
            // Another puzzle on the board: the message about the link goes.
            await page.selectOption('#puzzle-select', 'jam40');
            await page.waitForSelector('#link-message', { state: 'hidden' });
          }
        } finally {
          await page.close();
        }
      }
    });
  }

  it('puts a bank puzzle\'s id in the address, an edited board its board, with no history entry', async () => {
    const page = await openAt('', [1280, 900]);
    try {
      assert.equal(hashOf(page), `#board=${JAM1_BOARD}`, 'the first reference puzzle');
      await page.waitForSelector('#bank[data-bank="ready"]');
      const entries = await page.evaluate(() => history.length);
      await page.click('#new-puzzle-button');
      await page.waitForSelector('#bank-message[data-kind="ok"][data-id]');
      const id = await page.getAttribute('#bank-message', 'data-id');
      assert.equal(hashOf(page), `#id=${id}`);
      // The id names the board shown: the server's lookup of it answers that board.
      const looked = await getJson(`/v1/puzzles/${id}`);
      assert.equal(looked.board, await page.inputValue('#puzzle-input'));

      await page.click('#daily-button');
      const daily = await getJson('/v1/puzzles/daily?walls=0'); // the page's: wall-free
      await page.waitForSelector(`#bank-message[data-kind="ok"][data-id="${daily.puzzle.id}"]`);
      assert.equal(hashOf(page), `#id=${daily.puzzle.id}`);

      // An edit (a vehicle removed in the editor): no longer the bank's puzzle, so its board.
      await page.click('#edit-button');
      // The board is first: in view at the top (clicking the bank's buttons scrolled down).
      await page.evaluate(() => window.scrollTo(0, 0));
      const before = await page.locator('#board g.vehicle').count();
      const victim = await page.locator('#board g.vehicle:not(.target)').first().boundingBox();
      await page.mouse.click(victim.x + victim.width / 2, victim.y + victim.height / 2);
      await page.waitForFunction((n) => document.querySelectorAll('#board g.vehicle').length === n - 1, before);
      await page.click('#edit-button');
      assert.match(hashOf(page), /^#board=[A-Za-wyz0-9.]{36}$/);
      const edited = hashOf(page).slice('#board='.length);
      assert.equal(new Set(edited.replace(/\./g, '')).size, before - 1, `${edited}: one vehicle fewer`);
      // Typed text: the address follows it.
      await page.fill('#puzzle-input', JAM1_BOARD);
      await page.waitForFunction((b) => location.hash === `#board=${b}`, JAM1_BOARD);
      // Generate, answered from the bank (wall-free 6x6, no vehicle bounds): its id.
      await page.fill('#gen-min-moves', '3');
      await page.fill('#gen-min-vehicles', '');
      await page.fill('#gen-max-vehicles', '');
      await page.fill('#gen-walls', '0');
      await page.fill('#gen-seed', '7');
      const [res] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/generate'),
        page.click('#generate-button'),
      ]);
      const generated = await res.json();
      await page.waitForSelector('#generate-message[data-kind="ok"]');
      assert.equal(generated.source, 'bank', 'a wall-free request is answered from the bank');
      assert.equal(hashOf(page), `#id=${generated.id}`);
      assert.equal(await page.evaluate(() => history.length), entries, 'replaceState: no history entry');
    } finally {
      await page.close();
    }
  });

  it('loads a link pasted into the open page, and keeps the board when the new one fails', async () => {
    const [first, second] = (await getJson('/v1/puzzles?count=2&min_moves=3&seed=11')).puzzles;
    const page = await openAt(`#id=${first.id}`, [390, 844]);
    try {
      await page.waitForSelector(`#bank-message[data-id="${first.id}"]`);
      await page.evaluate((id) => { location.hash = `#id=${id}`; }, second.id);
      await page.waitForSelector(`#bank-message[data-kind="ok"][data-id="${second.id}"]`);
      assert.equal(await page.inputValue('#puzzle-input'), second.board);
      assert.equal(await page.getAttribute('#play-status', 'data-optimal'), String(second.moves));
      // A board link pasted: its board, its length asked.
      await page.evaluate((b) => { location.hash = `#board=${b}`; }, JAM1_BOARD);
      await page.waitForSelector('#play-status[data-optimal="8"]');
      assert.equal(await page.inputValue('#puzzle-input'), JAM1_BOARD);
      // An unknown id pasted: the message, the board unchanged, the address naming it again.
      await page.evaluate((id) => { location.hash = `#id=${id}`; }, SOLVED_ID);
      await page.waitForSelector('#link-message[data-kind="error"]');
      assert.match(await page.textContent('#link-message'), /Not Found \(404\)/);
      assert.equal(await page.inputValue('#puzzle-input'), JAM1_BOARD);
      await page.waitForFunction((b) => location.hash === `#board=${b}`, JAM1_BOARD);
    } finally {
      await page.close();
    }
  });

  for (const size of VIEWPORTS) {
    it(`shows the link on Share, which opens the same puzzle, and fits the page at ${size.join('x')}`, async () => {
      const [puzzle] = (await getJson('/v1/puzzles?count=1&min_moves=20')).puzzles;
      const page = await openAt('', size);
      try {
        await page.fill('#puzzle-input', puzzle.board);
        await page.waitForFunction((b) => location.hash === `#board=${b}`, puzzle.board);
        await page.click('#share-button');
        await page.waitForSelector('#message[data-kind="ok"] a');
        const href = await page.getAttribute('#message a', 'href');
        assert.equal(href, page.url());
        assert.match(await page.textContent('#message'), /^(Link copied|The link to this puzzle): http/);
        const f = await layoutFigures(page);
        assert.ok(f.pageWidth <= size[0], `the page is ${f.pageWidth}px wide at ${size[0]}`);
        assert.deepEqual(f.small, [], 'controls under 44 px');
        assert.deepEqual(f.overlaps, [], 'overlapping controls');
        assert.deepEqual(await axeViolations(page), [], 'the link shown');
        await page.locator('.input-panel').screenshot({ path: join(REPO_ROOT, `build/playground-share-${size[0]}.png`) });
        // The link, opened afresh: the same board, ready to play.
        const other = await openAt(new URL(href).hash, size);
        try {
          assert.equal(await other.inputValue('#puzzle-input'), puzzle.board);
          await other.waitForSelector(`#play-status[data-optimal="${puzzle.moves}"]`);
        } finally {
          await other.close();
        }
      } finally {
        await page.close();
      }
    });
  }

  it('had no console errors and no request beyond the server', () => {
    assert.deepEqual(problems.filter((p) => !provoked.test(p)), []);
  });
});
