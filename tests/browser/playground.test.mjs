// The playground page end to end: the real rushhourd serves it, Debian's Chromium (headless,
// driven by playwright-core) loads it, a puzzle is solved and animated, an invalid one shows
// the server's field errors; Jam 1 is analysed (its histogram checked bar by bar), a hint is
// applied, and a generated puzzle is solved in its length. Jam 1 is played to the exit by
// hand: mouse drags at 1280x900, touch drags at 390x844, the keyboard; undo, redo and solve
// from here; each game by hand ends with the server's verdict (POST v1/verify): optimal, or
// 10 moves where the best is 8. Jam 1 is built in the editor and solved. The layout is measured at 390x844 and 1280x900, and axe-core checks every view.
// Puzzles to play come from the bank the build made (build/bank.sqlite, found by --bank auto):
// New puzzle at each difficulty, then played to the exit in its optimal length; the puzzle of the
// day, twice the same, wall-free; Generate's source; a second server started --bank off, whose
// page says the bank is unavailable; and a third serving a bank of one- and two-wall puzzles made
// by the test (`rushhour enumerate`), whose page says it has no wall-free one, counts its one-wall
// puzzles when Walls is "One wall", loads one with its wall and plays it to the exit, then does
// the same with "Two walls".
// Everything stays on loopback: any request the page makes elsewhere is refused and fails the
// test. Saves, for a person to look at: build/playground.png (the solved board),
// playground-errors.png (the field errors), playground-analyze.png (the analysis),
// playground-play.png (played by hand), playground-phone.png (played by touch on a phone),
// playground-390.png and playground-1280.png (whole pages, analysed), playground-editor.png,
// playground-bank.png (a puzzle from the bank, played to the exit), playground-one-wall.png (a
// one-wall puzzle from the bank, played to the exit).
//
//   node --test tests/browser/                 (RHD_BIN, else build/rushhourd)
//   node tests/browser/playground.test.mjs build/rushhourd
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  BIN, REPO_ROOT, STEP_MS, SUITE_MS, axeViolations, killServer, layoutFigures, openBrowser, startServer, watchPage,
} from './harness.mjs';

const CLI = join(dirname(BIN), 'rushhour'); // built beside rushhourd

const SCREENSHOT = join(REPO_ROOT, 'build/playground.png');
const SCREENSHOT_ERRORS = join(REPO_ROOT, 'build/playground-errors.png');
const SCREENSHOT_ANALYZE = join(REPO_ROOT, 'build/playground-analyze.png');
const SCREENSHOT_PLAY = join(REPO_ROOT, 'build/playground-play.png');
const SCREENSHOT_PHONE = join(REPO_ROOT, 'build/playground-phone.png');

// Invalid on two counts: a row given as a string, and a vehicle overlapping the red car.
const INVALID = {
  vehicles: [
    { id: 'X', row: 2, col: 0, length: 2, orientation: 'H' },
    { id: 'A', row: '0', col: 0, length: 2, orientation: 'H' },
    { id: 'C', row: 1, col: 1, length: 2, orientation: 'V' },
  ],
};

/** Where the red car is, from the SVG's own attributes and from its laid-out geometry. */
function redCar(page) {
  return page.evaluate(() => {
    const board = document.getElementById('board');
    const car = board.querySelector('g.vehicle.target');
    const exit = document.getElementById('exit');
    const body = car.querySelector('rect.body').getBoundingClientRect();
    const gap = exit.querySelector('rect.exit-gap').getBoundingClientRect();
    const viewBoxWidth = board.viewBox.baseVal.width;
    return {
      size: Number(board.dataset.size),
      exitRow: Number(exit.dataset.row),
      row: Number(car.dataset.row),
      col: Number(car.dataset.col),
      length: Number(car.dataset.length),
      orientation: car.dataset.orientation,
      transform: car.getAttribute('transform'),
      x: Number(car.dataset.x),
      y: Number(car.dataset.y),
      bodyRight: body.right,
      bodyMiddle: (body.top + body.bottom) / 2,
      gapLeft: gap.left,
      gapMiddle: (gap.top + gap.bottom) / 2,
      pxPerUnit: board.getBoundingClientRect().width / viewBoxWidth,
    };
  });
}

/** The server's optimal moves for a puzzle text, asked by the test itself (from the page, so
 *  the request stays on the server's origin). */
function solutionOf(page, text) {
  return page.evaluate(async (body) => {
    const res = await fetch('v1/solve', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body });
    return (await res.json()).solution.moves;
  }, text);
}

/** The middle of a vehicle on the main board, and the size of a cell, in CSS pixels. */
function vehicleBox(page, id) {
  return page.evaluate((vid) => {
    const board = document.getElementById('board');
    const body = board.querySelector(`g.vehicle[data-id="${vid}"] rect.body`).getBoundingClientRect();
    return {
      x: (body.left + body.right) / 2,
      y: (body.top + body.bottom) / 2,
      cell: (board.getBoundingClientRect().width / board.viewBox.baseVal.width) * 60,
    };
  }, id);
}

/** The middle of board cell (row, col), in CSS pixels. */
function cellPoint(page, row, col) {
  return page.evaluate(([r, c]) => {
    const m = document.getElementById('board').getScreenCTM();
    return { x: m.a * (16 + c * 60 + 30) + m.e, y: m.d * (16 + r * 60 + 30) + m.f };
  }, [row, col]);
}

/** A mouse press on one cell and its release on another (the same: a click). */
async function dragCells(page, [r0, c0], [r1, c1]) {
  const from = await cellPoint(page, r0, c0);
  const to = await cellPoint(page, r1, c1);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** Loads a reference puzzle afresh, at its start, even when the select already shows it. */
async function loadReference(page, key) {
  await page.selectOption('#puzzle-select', '');
  await page.selectOption('#puzzle-select', key);
}

const DIRECTION = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

/** Drags each move's vehicle by its distance, with the mouse or (through the DevTools
 *  protocol, as a phone's finger) a touch; after each, the counter must have moved on. */
async function dragMoves(page, moves, pointer) {
  const cdp = pointer === 'touch' ? await page.context().newCDPSession(page) : null;
  await page.evaluate(() => window.scrollTo(0, 0)); // the board is first: in view at the top
  for (const [k, m] of moves.entries()) {
    const box = await vehicleBox(page, m.vehicle);
    const [dx, dy] = DIRECTION[m.direction];
    const to = { x: box.x + dx * m.distance * box.cell, y: box.y + dy * m.distance * box.cell };
    const path = Array.from({ length: 8 }, (_, i) => ({
      x: box.x + ((to.x - box.x) * (i + 1)) / 8,
      y: box.y + ((to.y - box.y) * (i + 1)) / 8,
    }));
    if (cdp) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x, y: box.y }] });
      for (const p of path) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } else {
      await page.mouse.move(box.x, box.y);
      await page.mouse.down();
      for (const p of path) await page.mouse.move(p.x, p.y);
      await page.mouse.up();
    }
    await page.waitForSelector(`#play-status[data-moves="${k + 1}"]`);
  }
  await cdp?.detach();
}

// The screenshots go to build/ (there already when the server was built there).
mkdirSync(join(REPO_ROOT, 'build'), { recursive: true });

describe('the playground page in Chromium', { timeout: SUITE_MS }, () => {
  let server;
  let context;
  let page;
  let closeBrowser;
  const problems = []; // console errors, page errors, refused requests: any one fails
  // Chromium logs every error status as a console error; these the tests cause on purpose.
  const provoked = /^console error: Failed to load resource: the server responded with a status of (400|422) /;
  const servers = []; // the origins the page may reach: this server, and the one without a bank

  before(async () => {
    server = await startServer();
    servers.push(server);
    ({ context, page, close: closeBrowser } = await openBrowser(servers, problems));
  });

  // Clicks `button` and resolves to the server's response to POST `path` that it causes.
  async function clickFor(button, path, options) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${server.base}${path}`, options),
      page.click(button),
    ]);
    return response;
  }

  // Clicks `button` and resolves to the server's response to GET `path` (any query) it causes.
  async function clickForGet(button, path) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'GET'),
      page.click(button),
    ]);
    return response;
  }

  after(async () => {
    await closeBrowser?.();
    killServer(server);
  });

  it('loads from rushhourd with its script and style sheet, and offers the reference puzzles', async () => {
    const res = await page.goto(`${server.base}/`);
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-type'], /^text\/html/);
    await page.waitForSelector('body[data-ready="true"]');
    const options = await page.locator('#puzzle-select option').allTextContents();
    for (const name of ['Jam 1', 'Jam 40', 'The 93-slide puzzle']) {
      assert.ok(options.some((o) => o.startsWith(name)), `no ${name} among ${options.join(' | ')}`);
    }
    // The style sheet applied: the red car is red, before any solving (Jam 1 is preloaded).
    const fill = await page.locator('g.vehicle.target rect.body').evaluate((r) => getComputedStyle(r).fill);
    assert.equal(fill, 'rgb(214, 40, 40)');
    // The bank's counts, asked at load, are not a request of the user's: the raw box stays empty.
    await page.waitForSelector('#bank[data-bank="ready"]');
    assert.equal(await page.textContent('#raw-request'), '');
    assert.equal(await page.textContent('#raw-response'), '');
  });

  it('draws every reference puzzle, in each input form, before solving', async () => {
    const expected = {
      jam01: [8, 0], // a text grid: [vehicles, walls]
      jam40: [13, 0],
      slides93: [13, 0],
      hardest51: [13, 0], // the one-line notation
      'jam01-json': [8, 0], // JSON vehicles
      walled: [1, 1],
    };
    for (const [key, [vehicles, walls]] of Object.entries(expected)) {
      await page.selectOption('#puzzle-select', key);
      assert.equal(await page.locator('#board g.vehicle').count(), vehicles, key);
      assert.equal(await page.locator('#board g.vehicle.target').count(), 1, `${key}: one red car`);
      assert.equal(await page.locator('#board rect.wall').count(), walls, key);
      assert.equal(await page.getAttribute('#exit', 'data-row'), '2', `${key}: the exit row`);
    }
    // The invalid example cannot be drawn (a row given as a string): the page says so.
    await page.selectOption('#puzzle-select', 'invalid');
    assert.equal(await page.locator('#board').getAttribute('hidden'), '');
    assert.match(await page.textContent('#board-note'), /^Nothing to draw/);
  });

  it('solves Jam 1 and animates its 8 moves until the red car is at the exit', async () => {
    await page.selectOption('#puzzle-select', 'jam01');
    await page.locator('#speed').fill('5'); // the fastest playback: the test waits for its end
    await page.click('#solve-button');
    await page.waitForFunction(() => {
      const label = document.getElementById('step-label');
      return label.dataset.steps === '8' && label.dataset.step === '8' && document.body.dataset.playback === 'paused';
    });
    // A text grid with the default options goes as text/plain.
    assert.match(await page.textContent('#raw-request'), /^POST v1\/solve\nContent-Type: text\/plain/);
    assert.equal(await page.locator('#move-list li').count(), 8);
    assert.equal(await page.textContent('[data-key="move_count"]'), '8');
    assert.equal(await page.textContent('[data-key="slide_count"]'), '16');
    assert.match(await page.textContent('[data-key="nodes_expanded"]'), /^[1-9][\d,]*$/);
    assert.match(await page.textContent('[data-key="server_total"]'), /\d+(\.\d+)? (µs|ms)$/);
    assert.match(await page.textContent('#step-label'), /^move 8 of 8: x right 3/);
    // The last move is the one highlighted.
    assert.deepEqual(await page.locator('#move-list li.current').evaluateAll((l) => l.map((e) => e.dataset.index)), ['7']);

    // Give the last slide time to land: its transform reaches the cell its data-* names.
    await page.waitForFunction(() => {
      const car = document.querySelector('g.vehicle.target');
      return car.getAttribute('transform') === `translate(${16 + car.dataset.col * 60} ${16 + car.dataset.row * 60})`;
    });
    const car = await redCar(page);
    assert.equal(car.orientation, 'H');
    assert.equal(car.row, car.exitRow, 'the red car is in the exit row');
    assert.equal(car.col + car.length, car.size, 'the red car reaches the last column');
    // Its drawn body ends at the board's right edge, where the exit opens, level with it.
    const gap = car.gapLeft - car.bodyRight;
    assert.ok(gap >= 0 && gap < 10 * car.pxPerUnit, `the red car ends ${gap}px before the exit`);
    assert.ok(Math.abs(car.bodyMiddle - car.gapMiddle) < 1, 'the red car is level with the exit');
    assert.ok(await page.locator('#board.solved').count(), 'the board is marked solved');
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    // One step back: the red car is back in the middle; forward again: out.
    await page.click('#back-button');
    assert.match(await page.textContent('#step-label'), /^move 7 of 8/);
    let back = await redCar(page);
    assert.ok(back.col + back.length < back.size, 'one step back, the red car is not at the exit');
    await page.click('#forward-button');
    await page.waitForFunction(() => document.getElementById('step-label').dataset.step === '8');
    back = await redCar(page);
    assert.equal(back.col + back.length, back.size);
    // Back to the start, and play again by the button: it runs to the end by itself.
    await page.click('#first-button');
    assert.equal(await page.getAttribute('#step-label', 'data-step'), '0');
    await page.click('#play-button');
    await page.waitForFunction(() => document.getElementById('step-label').dataset.step === '8' &&
      document.body.dataset.playback === 'paused');
  });

  it('shows every field error of an invalid puzzle, one line each', async () => {
    await page.fill('#puzzle-input', JSON.stringify(INVALID, null, 2));
    await page.click('#solve-button');
    await page.waitForSelector('#field-errors li');
    const lines = await page.locator('#field-errors li').evaluateAll((items) => items.map((li) => ({
      field: li.querySelector('.field')?.textContent ?? '',
      message: li.querySelector('.text')?.textContent ?? '',
    })));
    assert.ok(lines.length >= 2, `only ${lines.length} error lines`);
    assert.ok(lines.filter((l) => /^vehicles\[\d+\]/.test(l.field)).length >= 2, JSON.stringify(lines));
    assert.deepEqual(lines.map((l) => l.field), ['vehicles[1].row', 'vehicles[2]']);
    for (const l of lines) assert.ok(l.message.length > 5, `no message for ${l.field}`);
    assert.match(lines[1].message, /overlaps/);
    assert.equal(await page.getAttribute('#puzzle-input', 'aria-invalid'), 'true');
    assert.match(await page.textContent('#message'), /^Invalid Puzzle/);
    await page.screenshot({ path: SCREENSHOT_ERRORS, fullPage: true });
  });

  it('sends the chosen options as JSON, and shows a 422 as a message', async () => {
    // A text grid with A* and the slide metric is wrapped as JSON to carry the options.
    await page.selectOption('#puzzle-select', 'jam01');
    await page.selectOption('#algorithm', 'astar');
    await page.selectOption('#metric', 'slides');
    await page.click('#solve-button');
    await page.waitForSelector('[data-key="algorithm"]:text-is("astar")');
    assert.match(await page.textContent('#raw-request'), /Content-Type: application\/json/);
    assert.match(await page.textContent('#raw-request'), /"options":\{"algorithm":"astar","metric":"slides"\}/);
    assert.equal(await page.textContent('[data-key="slide_count"]'), '16');
    assert.equal(await page.textContent('[data-key="algorithm"]'), 'astar');
    assert.equal(await page.locator('#field-errors li').count(), 0, 'the earlier errors are gone');
    // A JSON puzzle with a tiny node budget of its own: the search stops, 422.
    await page.selectOption('#algorithm', 'bfs');
    await page.selectOption('#metric', 'moves');
    await page.fill('#puzzle-input', JSON.stringify({ board: 'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.', options: { max_nodes: 10 } }));
    await page.click('#solve-button');
    await page.waitForSelector('#message[data-kind="error"]');
    assert.match(await page.textContent('#message'), /^Search Limit Reached \(422\)/);
    assert.equal(await page.textContent('[data-key="status"]'), 'stopped: nodes limit');
  });

  it('analyzes Jam 1: the counts, a bar per distance, the start highlighted, the hardest position', async () => {
    await page.selectOption('#puzzle-select', 'jam01');
    await page.selectOption('#metric', 'moves');
    const response = await clickFor('#analyze-button', '/v1/analyze');
    assert.equal(response.status(), 200);
    const doc = await response.json();
    await page.waitForSelector('#analysis:not([hidden]) #histogram rect.bar');
    // The figures the seeds measured for Jam 1, as the page shows them.
    assert.equal(doc.states, 1247);
    assert.equal(await page.textContent('#analysis-summary [data-key="states"]'), '1,247');
    assert.equal(await page.textContent('#analysis-summary [data-key="goal_states"]'), String(doc.goal_states));
    assert.equal(await page.textContent('#analysis-summary [data-key="solvable"]'), 'yes');
    assert.equal(await page.textContent('#analysis-summary [data-key="optimal_length"]'), '8 moves');
    assert.equal(await page.textContent('#analysis-summary [data-key="moves_at_start"]'), String(doc.start_moves));
    assert.match(await page.textContent('#message'), /^Analysed: 1,247 states/);

    // One bar per distance 0..max_distance, each with the response's count, drawn to scale.
    const bars = await page.locator('#histogram rect.bar').evaluateAll((rects) => rects.map((r) => ({
      distance: Number(r.dataset.distance),
      count: Number(r.dataset.count),
      height: r.height.baseVal.value,
      start: r.classList.contains('start'),
    })));
    assert.equal(bars.length, doc.max_distance + 1);
    assert.deepEqual(bars.map((b) => b.count), doc.histogram);
    const largest = Math.max(...doc.histogram);
    assert.equal(Math.max(...bars.map((b) => b.count)), largest);
    const tallest = bars.reduce((a, b) => (b.height > a.height ? b : a));
    assert.equal(tallest.count, largest, 'the tallest bar is the largest count');
    for (const b of bars) {
      assert.ok(Math.abs(b.height / tallest.height - b.count / largest) < 1e-6, `bar ${b.distance} is to scale`);
    }
    assert.deepEqual(bars.filter((b) => b.start).map((b) => b.distance), [doc.start_distance]);
    const labels = await page.locator('#histogram text.axis-label').allTextContents();
    assert.deepEqual(labels, ['distance to the goal (moves)', 'states']);

    // The hardest position, drawn small, and its distance.
    assert.equal(await page.locator('#hardest-board g.vehicle').count(), 8);
    assert.equal(await page.locator('#hardest-board g.vehicle.target').count(), 1);
    assert.equal(await page.getAttribute('#hardest-text', 'data-distance'), String(doc.hardest.distance));
    assert.match(await page.textContent('#hardest-text'), new RegExp(`^${doc.hardest.distance} moves from the exit`));
    await page.screenshot({ path: SCREENSHOT_ANALYZE, fullPage: true });

    // Loaded into the main board, the hardest position solves in its distance.
    await page.click('#load-hardest-button');
    assert.equal(await page.inputValue('#puzzle-input'), doc.hardest.board.join('\n'));
    assert.equal(await page.locator('#analysis').getAttribute('hidden'), '', 'the analysis was of the other puzzle');
    await page.click('#solve-button');
    await page.waitForSelector(`[data-key="move_count"]:text-is("${doc.hardest.distance}")`);
  });

  it('shows the problems of Analyze as Solve does: field errors, and a 422 as a message', async () => {
    await page.fill('#puzzle-input', JSON.stringify(INVALID, null, 2));
    await page.click('#analyze-button');
    await page.waitForSelector('#field-errors li');
    const fields = await page.locator('#field-errors li .field').allTextContents();
    assert.deepEqual(fields, ['vehicles[1].row', 'vehicles[2]']);
    assert.match(await page.textContent('#message'), /^Invalid Puzzle/);
    await page.fill('#puzzle-input', JSON.stringify({ board: 'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.', options: { max_nodes: 10 } }));
    await page.click('#analyze-button');
    await page.waitForSelector('#message[data-kind="error"]:text-matches("^Search Limit Reached")');
    assert.match(await page.textContent('#message'), /^Search Limit Reached \(422\).*nodes budget ran out/);
    assert.equal(await page.locator('#field-errors li').count(), 0, 'the earlier errors are gone');
  });

  it('gives a hint from the board shown, applies it, and hints again from there', async () => {
    await page.selectOption('#puzzle-select', 'jam01');
    await page.click('#hint-button');
    await page.waitForSelector('#hint:not([hidden])');
    assert.equal(await page.getAttribute('#hint-text', 'data-left'), '8', 'Jam 1 is 8 moves from the exit');
    const first = await page.textContent('#hint-text');
    const [, vehicle] = first.match(/^Next: (\w+) (up|down|left|right) (\d+)/) ?? [];
    assert.ok(vehicle, first);
    await page.click('#apply-hint-button');
    await page.waitForFunction(() => document.getElementById('step-label').dataset.step === '1');
    assert.equal(await page.getAttribute('#step-label', 'data-steps'), '1');
    assert.equal(await page.locator('#hint').getAttribute('hidden'), '', 'the applied hint is gone');
    assert.equal(await page.textContent('#move-list li code'), first.match(/\((\w+)\)/)[1]);
    // The next hint is for the new position, one move nearer, and is sent as JSON vehicles.
    await page.click('#hint-button');
    await page.waitForSelector('#hint:not([hidden])');
    assert.equal(await page.getAttribute('#hint-text', 'data-left'), '7');
    assert.match(await page.textContent('#raw-request'), /^POST v1\/hint\nContent-Type: application\/json/);
  });

  it('shows an invalid generate request\'s problem next to its field', async () => {
    await page.fill('#gen-min-moves', '0');
    await page.fill('#gen-seed', '1');
    await page.click('#generate-button');
    await page.waitForSelector('#gen-min-moves-error:not([hidden])');
    assert.match(await page.textContent('#gen-min-moves-error'), /at least 1/);
    assert.equal(await page.getAttribute('#gen-min-moves', 'aria-invalid'), 'true');
    assert.equal(await page.locator('.generate-form .field-error:not([hidden])').count(), 1, 'only min_moves is wrong');
    assert.equal(await page.getAttribute('#generate-message', 'data-kind'), 'error');
  });

  it('generates a puzzle of 10+ moves from a fixed seed, which Solve then solves in its length', async () => {
    await page.fill('#gen-min-moves', '10');
    await page.fill('#gen-seed', '42');
    const response = await clickFor('#generate-button', '/v1/generate');
    assert.equal(response.status(), 200);
    assert.deepEqual(JSON.parse(response.request().postData()),
      { board_size: 6, min_moves: 10, min_vehicles: 10, max_vehicles: 14, walls: 0, seed: 42, metric: 'moves' });
    const doc = await response.json();
    assert.ok(doc.length >= 10, `length ${doc.length}`);
    await page.waitForSelector('#generate-message[data-kind="ok"]');
    assert.equal(await page.locator('.generate-form .field-error:not([hidden])').count(), 0, 'the earlier error is gone');
    assert.equal(await page.textContent('#generate-summary [data-key="seed"]'), '42');
    // The puzzle is in the box and on the board.
    assert.deepEqual(JSON.parse(await page.inputValue('#puzzle-input')), doc.puzzle);
    assert.equal(await page.locator('#board g.vehicle').count(), doc.puzzle.vehicles.length);
    await page.click('#solve-button');
    await page.waitForSelector('#message[data-kind="ok"]');
    const moves = Number(await page.textContent('[data-key="move_count"]'));
    assert.ok(moves >= 10, `${moves} moves`);
    assert.equal(moves, doc.length);
  });

  it('offers the best puzzle found when the generator\'s budget runs out, which Solve solves in its length', async () => {
    // 61 moves with a wall: no one-wall puzzle needs as many (the bank's longest need 60), so
    // the generator searches, and the server's default budget runs out first.
    await page.fill('#gen-min-moves', '61');
    await page.fill('#gen-walls', '1');
    await page.fill('#gen-seed', '7');
    const response = await clickFor('#generate-button', '/v1/generate', { timeout: STEP_MS });
    assert.equal(response.status(), 422);
    const doc = await response.json();
    assert.ok(doc.length > 0 && doc.puzzle, `best length ${doc.length}`);
    await page.waitForSelector('#load-best-button:not([hidden])');
    // The summary of the puzzle generated before is gone: it is not this answer's.
    assert.equal(await page.locator('#generate-summary dd').count(), 0);
    assert.ok(await page.isHidden('#generate-solution'));
    assert.equal(await page.getAttribute('#generate-message', 'data-kind'), 'error');
    assert.match(await page.textContent('#load-best-button'), new RegExp(`\\(${doc.length} moves\\)`));
    await page.click('#load-best-button');
    await page.waitForSelector('#generate-message[data-kind="ok"]');
    assert.ok(await page.isHidden('#load-best-button'));
    assert.deepEqual(JSON.parse(await page.inputValue('#puzzle-input')), doc.puzzle);
    await page.click('#solve-button');
    await page.waitForSelector('#message[data-kind="ok"]');
    assert.equal(Number(await page.textContent('[data-key="move_count"]')), doc.length);
    // The next request starts clean.
    await page.fill('#gen-walls', '0');
    await page.fill('#gen-min-moves', '3');
    await page.click('#generate-button');
    await page.waitForSelector('#generate-message[data-kind="ok"]');
    assert.ok(await page.isHidden('#load-best-button'));
  });

  it('draws a seed when the field is empty, and shows it', async () => {
    await page.fill('#gen-min-moves', '3');
    await page.fill('#gen-seed', '');
    const response = await clickFor('#generate-button', '/v1/generate');
    const sent = JSON.parse(response.request().postData()).seed;
    assert.ok(Number.isSafeInteger(sent) && sent >= 0, `seed ${sent}`);
    assert.equal((await response.json()).seed, sent);
    await page.waitForSelector('#generate-message[data-kind="ok"]');
    assert.equal(await page.textContent('#generate-summary [data-key="seed"]'), String(sent));
  });

  it('plays Jam 1 to the exit by dragging with the mouse at 1280x900', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loadReference(page, 'jam01');
    const moves = await solutionOf(page, await page.inputValue('#puzzle-input'));
    assert.equal(moves.length, 8);
    await page.evaluate(() => {
      window.pointerTypes = new Set();
      document.getElementById('board').addEventListener('pointerdown', (e) => window.pointerTypes.add(e.pointerType));
    });
    await dragMoves(page, moves, 'mouse');
    assert.deepEqual(await page.evaluate(() => [...window.pointerTypes]), ['mouse']);
    // The server's verdict on the moves played (POST v1/verify) replaces the page's own count.
    await page.waitForSelector('#play-status[data-solved="true"][data-optimal="8"][data-verdict="optimal"]');
    assert.equal(await page.textContent('#play-status'), 'Solved in 8 moves: optimal!');
    const car = await redCar(page);
    assert.equal(car.col + car.length, car.size, 'the red car reaches the exit');
    assert.ok(await page.locator('#board.solved').count(), 'the board is marked solved');
    assert.equal(await page.locator('#move-list li').count(), 8, 'the moves played are listed');
    await page.screenshot({ path: SCREENSHOT_PLAY });
  });

  it('plays Jam 1 the long way by hand, and the server\'s verdict says so: 10 moves, the best is 8', async () => {
    await loadReference(page, 'jam01');
    const moves = await solutionOf(page, await page.inputValue('#puzzle-input'));
    // c up and back down around b's first move: two moves more than the optimal eight.
    const detour = [{ vehicle: 'c', direction: 'up', distance: 1 }, moves[0], { vehicle: 'c', direction: 'down', distance: 1 }];
    assert.deepEqual(moves[0], { vehicle: 'b', direction: 'right', distance: 1 });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${server.base}/v1/verify`),
      dragMoves(page, [...detour, ...moves.slice(1)], 'mouse'),
    ]);
    const sent = JSON.parse(response.request().postData());
    assert.deepEqual(sent.moves, [...detour, ...moves.slice(1)], 'the moves played, as the player made them');
    assert.equal(sent.vehicles.length, 8, 'and the start, in the JSON vehicles form');
    await page.waitForSelector('#play-status[data-solved="true"][data-verdict="longer"]');
    assert.equal(await page.textContent('#play-status'), 'Solved: 10 moves, the best is 8.');
  });

  it('drags no vehicle through another or a wall, and a drag back undoes the move', async () => {
    await loadReference(page, 'jam01');
    await page.evaluate(() => window.scrollTo(0, 0));
    // In Jam 1 the red car (x, row 2, columns 1-2) has a at its left and c at its right.
    let box = await vehicleBox(page, 'x');
    await page.mouse.move(box.x, box.y);
    await page.mouse.down();
    await page.mouse.move(box.x + 4 * box.cell, box.y, { steps: 8 });
    await page.mouse.up();
    assert.equal(await page.getAttribute('#play-status', 'data-moves'), '0');
    assert.deepEqual(await page.$eval('g.vehicle.target', (g) => [g.dataset.row, g.dataset.col]), ['2', '1']);
    // g (column 5, rows 0-2) dragged 6 cells down: f (row 4) stops it after 1.
    box = await vehicleBox(page, 'g');
    await page.mouse.move(box.x, box.y);
    await page.mouse.down();
    await page.mouse.move(box.x, box.y + 6 * box.cell, { steps: 8 });
    await page.mouse.up();
    await page.waitForSelector('#play-status[data-moves="1"]');
    assert.equal(await page.getAttribute('g.vehicle[data-id="g"]', 'data-row'), '1', 'f blocks g at row 4');
    // Dragged again, the same vehicle continues its move: back where it was is no move at all.
    box = await vehicleBox(page, 'g');
    await page.mouse.move(box.x, box.y);
    await page.mouse.down();
    await page.mouse.move(box.x, box.y - box.cell, { steps: 4 });
    await page.mouse.up();
    await page.waitForSelector('#play-status[data-moves="0"]');
    assert.equal(await page.getAttribute('g.vehicle[data-id="g"]', 'data-row'), '0');
  });

  it('plays with the keyboard: Tab to a vehicle, arrows slide it, its label says where it can go', async () => {
    await loadReference(page, 'jam01');
    const moves = await solutionOf(page, await page.inputValue('#puzzle-input'));
    // Tab from the top of the page reaches the vehicles (the board comes first).
    await page.evaluate(() => document.activeElement?.blur());
    let focused = null;
    for (let i = 0; i < 6 && !focused; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement.closest('#board g.vehicle')?.dataset.id ?? null);
    }
    assert.ok(focused, 'Tab reaches a vehicle');
    assert.match(await page.getAttribute('g.vehicle.target', 'aria-label'),
      /^x: the red car, horizontal, row 2, columns 1 to 2; cannot move\.$/);
    // A key across a vehicle's axis, or into a neighbour, moves nothing.
    await page.focus('g.vehicle.target');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#play-status', 'data-moves'), '0');
    assert.match(await page.textContent('#board-announce'), /^x: the red car/);
    const keys = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
    for (const m of moves) {
      await page.focus(`g.vehicle[data-id="${m.vehicle}"]`);
      for (let i = 0; i < m.distance; i++) await page.keyboard.press(keys[m.direction]);
    }
    // Several presses on one vehicle are one move, as in the "moves" metric.
    await page.waitForSelector('#play-status[data-solved="true"][data-moves="8"][data-verdict="optimal"]');
    assert.match(await page.textContent('#board-announce'), /Solved: the red car is out\.$/);
  });

  it('undoes and redoes moves by button and by Ctrl+Z / Ctrl+Y; a new move drops the redo', async () => {
    // Jam 1 solved by hand just before: 8 moves.
    await page.click('#undo-button');
    await page.waitForSelector('#play-status[data-moves="7"][data-solved="false"][data-verdict=""]');
    let car = await redCar(page);
    assert.ok(car.col + car.length < car.size, 'undone, the red car is back on the board');
    await page.click('#undo-button');
    await page.keyboard.press('Control+z');
    await page.waitForSelector('#play-status[data-moves="5"]');
    await page.click('#redo-button');
    await page.keyboard.press('Control+y');
    await page.waitForSelector('#play-status[data-moves="7"]');
    await page.click('#redo-button');
    // Back at the end of the same moves: their verdict again, without asking anew.
    await page.waitForSelector('#play-status[data-moves="8"][data-solved="true"][data-verdict="optimal"]');
    assert.ok(await page.isDisabled('#redo-button'), 'nothing left to redo');
    // Back to the start and one other move: the old moves cannot be redone.
    await page.click('#first-button');
    await page.focus('g.vehicle[data-id="g"]');
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('#play-status[data-moves="1"]');
    assert.ok(await page.isDisabled('#redo-button'));
    assert.equal(await page.getAttribute('#step-label', 'data-steps'), '1');
  });

  it('solves from the position reached by hand and plays the rest to the exit', async () => {
    // g was moved down 1 by hand: Solve from here continues from there.
    await page.locator('#speed').fill('5');
    const response = await clickFor('#solve-here-button', '/v1/solve');
    assert.equal(response.status(), 200);
    const sent = JSON.parse(response.request().postData());
    assert.deepEqual(sent.vehicles.find((v) => v.id === 'g'), { id: 'g', row: 1, col: 5, length: 3, orientation: 'V' });
    const rest = (await response.json()).solution.move_count;
    await page.waitForFunction((n) => {
      const label = document.getElementById('step-label');
      return label.dataset.steps === String(n) && label.dataset.step === String(n) &&
        document.body.dataset.playback === 'paused';
    }, rest + 1);
    await page.waitForSelector('#play-status[data-solved="true"]');
    assert.equal(await page.getAttribute('#play-status', 'data-moves'), String(rest + 1));
  });

  it('plays Jam 1 to the exit by touch at 390x844', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await loadReference(page, 'jam01');
    await page.evaluate(() => window.scrollTo(0, 0));
    const moves = await solutionOf(page, await page.inputValue('#puzzle-input'));
    await page.evaluate(() => { window.pointerTypes = new Set(); });
    await dragMoves(page, moves, 'touch');
    assert.deepEqual(await page.evaluate(() => [...window.pointerTypes]), ['touch']);
    await page.waitForSelector('#play-status[data-solved="true"][data-moves="8"][data-verdict="optimal"]');
    assert.equal(await page.textContent('#play-status'), 'Solved in 8 moves: optimal!');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'dragging did not scroll the page');
    await page.screenshot({ path: SCREENSHOT_PHONE });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await cdp.detach();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('drops the last generated puzzle\'s summary when a generate request is refused', async () => {
    // The seed test just before left a summary.
    assert.ok(await page.locator('#generate-summary dd').count() > 0);
    await page.fill('#gen-min-moves', '0');
    const response = await clickFor('#generate-button', '/v1/generate');
    assert.equal(response.status(), 400);
    await page.waitForSelector('#gen-min-moves-error:not([hidden])');
    assert.equal(await page.locator('#generate-summary dd').count(), 0);
    assert.ok(await page.isHidden('#generate-solution'));
    await page.fill('#gen-min-moves', '3');
  });

  it('lets the options in a pasted JSON puzzle win, and the menus show them', async () => {
    await page.selectOption('#algorithm', 'astar');
    await page.selectOption('#metric', 'moves');
    await loadReference(page, 'jam01-json');
    const jam1 = JSON.parse(await page.inputValue('#puzzle-input'));
    await page.fill('#puzzle-input', JSON.stringify({ ...jam1, options: { metric: 'slides', max_nodes: 5000 } }));
    await page.waitForSelector('#metric:disabled');
    assert.equal(await page.inputValue('#metric'), 'slides', 'the menu shows the text\'s metric');
    assert.ok(await page.isEnabled('#algorithm'), 'the text does not set the algorithm');
    assert.ok(await page.isVisible('#options-note'));
    const response = await clickFor('#solve-button', '/v1/solve');
    assert.deepEqual(JSON.parse(response.request().postData()).options,
      { algorithm: 'astar', metric: 'slides', max_nodes: 5000 });
    await page.waitForSelector('[data-key="metric"]:text-is("slides")');
    // Without options in the text, the menus are the user's again.
    await loadReference(page, 'jam01');
    assert.ok(await page.isEnabled('#metric'));
    assert.ok(await page.isHidden('#options-note'));
    await page.selectOption('#algorithm', 'bfs');
    await page.selectOption('#metric', 'moves');
  });

  it('shows every option of the menus whole at 1280x900', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const cut = await page.evaluate(() => [...document.querySelectorAll('select')].flatMap((menu) => {
      const style = getComputedStyle(menu);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = style.font;
      // The text's room: the box less its padding, its border and the arrow (about 24 px).
      const room = menu.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
      return [...menu.options].filter((o) => ctx.measureText(o.text).width > room)
        .map((o) => `${menu.id}: "${o.text}" needs ${Math.ceil(ctx.measureText(o.text).width)} px of ${room}`);
    }));
    assert.deepEqual(cut, []);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  for (const [width, height] of [[390, 844], [1280, 900]]) {
    it(`lays the page out at ${width}x${height}: the board whole at the top, 44 px targets, no overlaps`, async () => {
      await page.setViewportSize({ width, height });
      await loadReference(page, 'jam01');
      await clickFor('#analyze-button', '/v1/analyze');
      await page.waitForSelector('#analysis:not([hidden]) #histogram rect.bar');
      const f = await layoutFigures(page);
      assert.equal(f.pageWidth, width, 'no sideways scrolling');
      assert.ok(f.boardTop >= 0 && f.boardBottom <= height,
        `the board spans ${Math.round(f.boardTop)} to ${Math.round(f.boardBottom)} px of ${height}`);
      assert.deepEqual(f.small, [], 'controls under 44x44 px');
      assert.deepEqual(f.overlaps, [], 'overlapping boxes');
      await page.screenshot({ path: join(REPO_ROOT, `build/playground-${width}.png`), fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
    });
  }

  it('has no serious or critical axe-core violations in any view, at 1440x900 and 390x844', async () => {
    for (const [width, height] of [[1440, 900], [390, 844]]) {
      await page.setViewportSize({ width, height });
      const views = {
        'the start': async () => loadReference(page, 'jam01'),
        'a move played by hand': async () => {
          await page.focus('g.vehicle[data-id="g"]');
          await page.keyboard.press('ArrowDown');
          await page.waitForSelector('#play-status[data-moves="1"]');
        },
        'a hint': async () => {
          await page.click('#hint-button');
          await page.waitForSelector('#hint:not([hidden])');
        },
        'a solved answer': async () => {
          await loadReference(page, 'jam01');
          await page.click('#solve-button');
          await page.waitForSelector('#message[data-kind="ok"]');
        },
        'the analysis': async () => {
          await clickFor('#analyze-button', '/v1/analyze');
          await page.waitForSelector('#analysis:not([hidden]) #histogram rect.bar');
        },
        'field errors': async () => {
          await page.fill('#puzzle-input', JSON.stringify(INVALID));
          await page.click('#solve-button');
          await page.waitForSelector('#field-errors li');
        },
        'a generate error and a generated puzzle': async () => {
          await page.fill('#gen-min-moves', '0');
          await page.click('#generate-button');
          await page.waitForSelector('#gen-min-moves-error:not([hidden])');
          assert.deepEqual(await axeViolations(page), [], `${width}x${height}: a generate error`);
          await page.fill('#gen-min-moves', '3');
          await page.click('#generate-button');
          await page.waitForSelector('#generate-message[data-kind="ok"]');
        },
      };
      for (const [view, reach] of Object.entries(views)) {
        await reach();
        assert.deepEqual(await axeViolations(page), [], `${width}x${height}: ${view}`);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('builds Jam 1 in the editor, the text following the board and the board the text, and solves it', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('#edit-button');
    assert.equal(await page.getAttribute('#edit-button', 'aria-pressed'), 'true');
    await page.fill('#edit-size', '6');
    await page.fill('#edit-exit-row', '2');
    await page.click('#edit-clear-button');
    assert.equal(await page.locator('#board g.vehicle').count(), 1, 'an empty board: the red car alone');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.check('input[name="edit-tool"][value="target"]');
    await dragCells(page, [2, 1], [2, 2]);
    await page.check('input[name="edit-tool"][value="vehicle"]');
    // Jam 1: b, g, a, c, e, f, d, each dragged over its cells.
    const jam1 = [[[0, 0], [0, 1]], [[0, 5], [2, 5]], [[1, 0], [3, 0]], [[1, 3], [3, 3]], [[4, 0], [5, 0]],
      [[4, 4], [4, 5]], [[5, 2], [5, 4]]];
    for (const [k, [from, to]] of jam1.entries()) {
      await dragCells(page, from, to);
      await page.waitForFunction((n) => document.querySelectorAll('#board g.vehicle').length === n, k + 2);
    }
    // A drag over a taken cell places nothing.
    await dragCells(page, [3, 1], [3, 3]);
    assert.equal(await page.locator('#board g.vehicle').count(), 8);
    // The text follows the board: Jam 1 in the JSON vehicles form.
    const doc = JSON.parse(await page.inputValue('#puzzle-input'));
    assert.equal(doc.board_size, 6);
    assert.equal(doc.exit_row, 2);
    assert.deepEqual(doc.vehicles.find((v) => v.id === 'X'), { id: 'X', row: 2, col: 1, length: 2, orientation: 'H' });
    assert.deepEqual(doc.vehicles.map((v) => [v.row, v.col, v.length, v.orientation]).sort(),
      [[0, 0, 2, 'H'], [0, 5, 3, 'V'], [1, 0, 3, 'V'], [1, 3, 3, 'V'], [2, 1, 2, 'H'], [4, 0, 2, 'V'], [4, 4, 2, 'H'], [5, 2, 3, 'H']]);
    // A wall by a click with the wall tool, and away by another; a click removes a vehicle.
    await page.check('input[name="edit-tool"][value="wall"]');
    await dragCells(page, [3, 5], [3, 5]);
    assert.equal(await page.locator('#board rect.wall').count(), 1);
    assert.deepEqual(JSON.parse(await page.inputValue('#puzzle-input')).walls, [[3, 5]]);
    await dragCells(page, [3, 5], [3, 5]);
    assert.equal(await page.locator('#board rect.wall').count(), 0);
    await dragCells(page, [0, 0], [0, 0]);
    assert.equal(await page.locator('#board g.vehicle').count(), 7);
    // The board follows the text: b back by typing (as Q: the editor named the others A to G).
    const text = JSON.parse(await page.inputValue('#puzzle-input'));
    text.vehicles.push({ id: 'Q', row: 0, col: 0, length: 2, orientation: 'H' });
    await page.fill('#puzzle-input', JSON.stringify(text));
    await page.waitForFunction(() => document.querySelectorAll('#board g.vehicle').length === 8);
    assert.deepEqual(await axeViolations(page), [], 'the editor');
    await page.screenshot({ path: join(REPO_ROOT, 'build/playground-editor.png') });
    await page.click('#edit-button');
    assert.ok(await page.isHidden('#editor'));
    const response = await clickFor('#solve-button', '/v1/solve');
    assert.equal(response.status(), 200);
    await page.waitForSelector('[data-key="move_count"]:text-is("8")');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('offers every difficulty the bank has, and New puzzle loads one in its range, its optimal length known', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForSelector('#bank[data-bank="ready"]');
    // The bank's counts of wall-free puzzles (the Walls menu's first choice), asked by the test
    // itself: a difficulty is offered iff it has puzzles.
    assert.equal(await page.inputValue('#bank-walls'), '0');
    const stats = await page.evaluate(async () => (await fetch('v1/puzzles/stats?walls=0')).json());
    const levels = { beginner: [1, 10], intermediate: [11, 20], advanced: [21, 30], expert: [31, 2047] };
    const inRange = ([lo, hi]) => Object.entries(stats.by_moves).filter(([m]) => m >= lo && m <= hi).reduce((a, [, n]) => a + n, 0);
    const offered = await page.locator('#bank-level option').evaluateAll((os) => os.map((o) => [o.value, o.disabled]));
    assert.deepEqual(offered, Object.entries(levels).map(([key, range]) => [key, inRange(range) === 0]));
    assert.ok(offered.every(([, disabled]) => !disabled), 'the built bank (moves 1-51) has every difficulty');
    const hints = [];
    const countHints = (r) => { if (new URL(r.url()).pathname === '/v1/hint') hints.push(r.url()); };
    page.on('request', countHints);
    for (const [key, [lo, hi]] of Object.entries(levels)) {
      await page.selectOption('#bank-level', key);
      const response = await clickForGet('#new-puzzle-button', '/v1/puzzles');
      assert.equal(response.status(), 200);
      const query = new URL(response.url()).searchParams;
      assert.equal(query.get('min_moves'), String(lo), key);
      assert.equal(query.get('max_moves'), hi === 2047 ? null : String(hi), key);
      assert.equal(query.get('count'), '1', key);
      assert.equal(query.get('walls'), '0', key);
      const [puzzle] = (await response.json()).puzzles;
      assert.ok(puzzle.moves >= lo && puzzle.moves <= hi, `${key}: ${puzzle.moves} moves`);
      assert.equal(puzzle.walls, 0, key);
      await page.waitForSelector(`#bank-message[data-kind="ok"][data-board="${puzzle.board}"]`);
      assert.equal(await page.inputValue('#puzzle-input'), puzzle.board, key);
      assert.equal(await page.locator('#board g.vehicle').count(), puzzle.vehicles, key);
      // The optimal length is the answer's, at once: no solve, no hint asked for it.
      assert.equal(await page.getAttribute('#play-status', 'data-optimal'), String(puzzle.moves), key);
      assert.equal(await page.getAttribute('#play-status', 'data-moves'), '0', key);
    }
    // The expert puzzle shown: Solve from here plays it out in exactly its optimal length.
    const expert = Number(await page.getAttribute('#bank-message', 'data-moves'));
    await page.locator('#speed').fill('5');
    const solved = await clickFor('#solve-here-button', '/v1/solve');
    assert.equal((await solved.json()).solution.move_count, expert);
    await page.waitForSelector('#play-status[data-solved="true"]', { timeout: STEP_MS });
    assert.equal(await page.getAttribute('#play-status', 'data-moves'), String(expert));
    page.off('request', countHints);
    assert.deepEqual(hints, [], 'the counter asked for no optimal length');
  });

  it('plays a beginner puzzle from the bank to the exit by hand, in its optimal length', async () => {
    await page.selectOption('#bank-level', 'beginner');
    const response = await clickForGet('#new-puzzle-button', '/v1/puzzles');
    const [puzzle] = (await response.json()).puzzles;
    await page.waitForSelector(`#bank-message[data-board="${puzzle.board}"]`);
    const moves = await solutionOf(page, puzzle.board);
    assert.equal(moves.length, puzzle.moves);
    await dragMoves(page, moves, 'mouse');
    await page.waitForSelector(`#play-status[data-solved="true"][data-optimal="${puzzle.moves}"][data-verdict="optimal"]`);
    assert.match(await page.textContent('#play-status'), new RegExp(`^Solved in ${puzzle.moves} moves?: optimal!$`));
    assert.deepEqual(await axeViolations(page), [], 'a bank puzzle played');
    await page.screenshot({ path: join(REPO_ROOT, 'build/playground-bank.png') });
  });

  it('loads the puzzle of the day, the same board each time', async () => {
    const boards = [];
    for (let k = 0; k < 2; k++) {
      await loadReference(page, 'jam01');
      const response = await clickForGet('#daily-button', '/v1/puzzles/daily');
      assert.equal(response.status(), 200);
      assert.equal(new URL(response.url()).searchParams.get('walls'), '0', 'the day is wall-free');
      const doc = await response.json();
      assert.equal(doc.date, new Date().toISOString().slice(0, 10), 'today, UTC');
      assert.doesNotMatch(doc.puzzle.board, /x/, 'no wall on the day\'s board');
      await page.waitForSelector(`#bank-message[data-kind="ok"][data-board="${doc.puzzle.board}"]`);
      assert.match(await page.textContent('#bank-message'), new RegExp(`^The puzzle of ${doc.date}: ${doc.puzzle.moves} moves`));
      assert.equal(await page.getAttribute('#play-status', 'data-optimal'), String(doc.puzzle.moves));
      boards.push(await page.inputValue('#puzzle-input'));
    }
    assert.equal(boards[0], boards[1]);
    for (const [width, height] of [[1440, 900], [390, 844]]) {
      await page.setViewportSize({ width, height });
      assert.deepEqual(await axeViolations(page), [], `${width}x${height}: the puzzle of the day`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('says which source answered a generate request: the bank, or a search', async () => {
    // Wall-free 6x6 with no vehicle bounds: the bank has such puzzles. Two walls: it has none.
    const sources = [];
    for (const [walls, expected] of [['0', 'bank'], ['2', 'search']]) {
      await page.fill('#gen-min-moves', '3');
      await page.fill('#gen-min-vehicles', '');
      await page.fill('#gen-max-vehicles', '');
      await page.fill('#gen-walls', walls);
      await page.fill('#gen-seed', '7');
      const response = await clickFor('#generate-button', '/v1/generate');
      assert.equal(response.status(), 200);
      const doc = await response.json();
      assert.equal(doc.source, expected, `walls ${walls}`);
      await page.waitForSelector('#generate-message[data-kind="ok"]');
      assert.equal(await page.textContent('#generate-summary [data-key="source"]'), expected);
      assert.match(await page.textContent('#generate-message'), expected === 'bank' ? /from the puzzle bank/ : /found by search/);
      sources.push(expected);
    }
    assert.deepEqual(sources, ['bank', 'search']);
    await page.fill('#gen-walls', '0');
    await page.fill('#gen-min-vehicles', '10');
    await page.fill('#gen-max-vehicles', '14');
  });

  it('says the bank is unavailable on a server started with --bank off, its controls off', async () => {
    const bankless = await startServer(['--bank', 'off']);
    servers.push(bankless);
    const other = await context.newPage();
    const errors = [];
    other.on('pageerror', (e) => errors.push(e.message));
    try {
      const [stats] = await Promise.all([
        other.waitForResponse((r) => new URL(r.url()).pathname === '/v1/puzzles/stats'),
        other.goto(`${bankless.base}/`),
      ]);
      assert.equal(stats.status(), 503);
      await other.waitForSelector('#bank[data-bank="none"]');
      assert.match(await other.textContent('#bank-message'), /no puzzle bank/);
      for (const control of ['#bank-walls', '#bank-level', '#new-puzzle-button', '#daily-button']) {
        assert.ok(await other.isDisabled(control), `${control} is disabled`);
      }
      assert.deepEqual(await axeViolations(other), [], 'the bank unavailable');
      assert.deepEqual(errors, []);
    } finally {
      await other.close();
      bankless.child.kill('SIGTERM');
      await bankless.exited;
    }
  });

  it('offers the one- and two-wall puzzles of a bank that has them: their counts, a pick drawn and played with its walls, the day still wall-free', async () => {
    // A bank of puzzles with walls only, made here: the minimal clusters of the 6x6 space with
    // one or two walls and 1-5 vehicles (3,010 one-wall puzzles of 3-12 moves and 1,754 two-wall
    // ones; 13 s of CPU on 2 cores).
    const dir = mkdtempSync(join(tmpdir(), 'rushhourd-walls-'));
    const bankFile = join(dir, 'walls.sqlite');
    execFileSync(CLI, ['enumerate', '--size', '6', '--walls', '1-2', '--vehicles', '1-5', '--bank', bankFile], { stdio: 'ignore' });
    const walled = await startServer(['--bank', bankFile]);
    servers.push(walled);
    const other = watchPage(await context.newPage(), problems);
    const stats = (walls) => other.evaluate(async (w) => (await fetch(`v1/puzzles/stats?walls=${w}`)).json(), walls);
    try {
      await other.goto(`${walled.base}/`);
      await other.waitForSelector('#bank[data-bank="ready"][data-walls="0"]');
      // No walls, the menu's first choice: the bank has none, says so, and New puzzle is off.
      assert.equal((await stats(0)).total, 0);
      assert.equal(await other.textContent('#bank-message'), "The server's bank holds no wall-free puzzle: choose other walls.");
      assert.ok(await other.isDisabled('#new-puzzle-button'));
      assert.ok(await other.isDisabled('#bank-level'));
      assert.ok(await other.isEnabled('#bank-walls'));
      assert.deepEqual(await axeViolations(other), [], 'no wall-free puzzle in the bank');

      // One wall, chosen with the keyboard: the menu's counts are the stats route's for walls=1.
      await other.focus('#bank-walls');
      const [counted] = await Promise.all([
        other.waitForResponse((r) => new URL(r.url()).pathname === '/v1/puzzles/stats'),
        other.keyboard.press('ArrowDown'),
      ]);
      assert.equal(new URL(counted.url()).searchParams.get('walls'), '1');
      await other.waitForSelector('#bank[data-walls="1"]');
      const one = await stats(1);
      assert.deepEqual(await counted.json(), one);
      assert.ok(one.total > 0 && one.by_walls['1'] === one.total, JSON.stringify(one.by_walls));
      const levels = { beginner: [1, 10], intermediate: [11, 20], advanced: [21, 30], expert: [31, 2047] };
      const inRange = ([lo, hi]) => Object.entries(one.by_moves).filter(([m]) => m >= lo && m <= hi).reduce((a, [, n]) => a + n, 0);
      const offered = await other.locator('#bank-level option').evaluateAll((os) => os.map((o) => [o.value, o.disabled, o.textContent]));
      assert.deepEqual(offered.map(([key, disabled]) => [key, disabled]), Object.entries(levels).map(([key, range]) => [key, inRange(range) === 0]));
      for (const [key, , text] of offered) {
        const n = inRange(levels[key]);
        assert.ok(text.endsWith(`(${n ? n.toLocaleString('en-US') : 'none in this bank'})`), text);
      }
      assert.deepEqual(offered.map(([, disabled]) => disabled), [false, false, true, true], 'this bank: 3-12 moves');
      assert.equal(await other.textContent('#bank-message'), `The server's bank holds ${one.total.toLocaleString('en-US')} one-wall puzzles: pick a difficulty.`);
      assert.ok(await other.isEnabled('#new-puzzle-button'));

      // New puzzle asks for one wall: the board has exactly one, drawn, and plays to the exit
      // in its optimal length.
      await other.selectOption('#bank-level', 'intermediate');
      const [picked] = await Promise.all([
        other.waitForResponse((r) => new URL(r.url()).pathname === '/v1/puzzles'),
        other.click('#new-puzzle-button'),
      ]);
      assert.equal(picked.status(), 200);
      const query = new URL(picked.url()).searchParams;
      assert.deepEqual([query.get('walls'), query.get('min_moves'), query.get('max_moves')], ['1', '11', '20']);
      const [puzzle] = (await picked.json()).puzzles;
      assert.equal(puzzle.walls, 1);
      await other.waitForSelector(`#bank-message[data-kind="ok"][data-board="${puzzle.board}"]`);
      const board = await other.getAttribute('#bank-message', 'data-board');
      assert.equal(board.match(/x/g)?.length, 1, `one wall in ${board}`);
      assert.match(await other.textContent('#bank-message'), new RegExp(`^An intermediate one-wall puzzle \\(seed \\d+\\): ${puzzle.moves} moves at best, ${puzzle.vehicles} vehicles, 1 wall `));
      const wall = board.indexOf('x');
      assert.deepEqual(await other.locator('#board rect.wall').evaluateAll((ws) => ws.map((w) => [Number(w.dataset.row), Number(w.dataset.col)])),
        [[Math.floor(wall / 6), wall % 6]], 'the wall drawn in its cell');
      assert.equal(await other.locator('#board g.vehicle').count(), puzzle.vehicles);
      assert.equal(await other.getAttribute('#play-status', 'data-optimal'), String(puzzle.moves));
      const moves = await solutionOf(other, board);
      assert.equal(moves.length, puzzle.moves);
      await dragMoves(other, moves, 'mouse');
      await other.waitForSelector(`#play-status[data-solved="true"][data-optimal="${puzzle.moves}"][data-verdict="optimal"]`);
      assert.deepEqual(await axeViolations(other), [], 'a one-wall puzzle played');
      await other.screenshot({ path: join(REPO_ROOT, 'build/playground-one-wall.png') });

      // Two walls: the counts are the stats route's for walls=2, and a beginner pick has
      // exactly two walls, both drawn, and plays to the exit in its optimal length.
      const [counted2] = await Promise.all([
        other.waitForResponse((r) => new URL(r.url()).pathname === '/v1/puzzles/stats'),
        other.selectOption('#bank-walls', '2'),
      ]);
      assert.equal(new URL(counted2.url()).searchParams.get('walls'), '2');
      await other.waitForSelector('#bank[data-walls="2"]');
      const two = await stats(2);
      assert.deepEqual(await counted2.json(), two);
      assert.ok(two.total > 0 && two.by_walls['2'] === two.total, JSON.stringify(two.by_walls));
      assert.equal(await other.textContent('#bank-message'), `The server's bank holds ${two.total.toLocaleString('en-US')} two-wall puzzles: pick a difficulty.`);
      await other.selectOption('#bank-level', 'beginner');
      const [picked2] = await Promise.all([
        other.waitForResponse((r) => new URL(r.url()).pathname === '/v1/puzzles'),
        other.click('#new-puzzle-button'),
      ]);
      assert.equal(new URL(picked2.url()).searchParams.get('walls'), '2');
      const [puzzle2] = (await picked2.json()).puzzles;
      assert.equal(puzzle2.walls, 2);
      await other.waitForSelector(`#bank-message[data-kind="ok"][data-board="${puzzle2.board}"]`);
      assert.equal(puzzle2.board.match(/x/g)?.length, 2, `two walls in ${puzzle2.board}`);
      assert.match(await other.textContent('#bank-message'), new RegExp(`^A beginner two-wall puzzle \\(seed \\d+\\): ${puzzle2.moves} moves at best, ${puzzle2.vehicles} vehicles, 2 walls `));
      assert.equal(await other.locator('#board rect.wall').count(), 2);
      const moves2 = await solutionOf(other, puzzle2.board);
      assert.equal(moves2.length, puzzle2.moves);
      await dragMoves(other, moves2, 'mouse');
      await other.waitForSelector(`#play-status[data-solved="true"][data-optimal="${puzzle2.moves}"][data-verdict="optimal"]`);
      assert.deepEqual(await axeViolations(other), [], 'a two-wall puzzle played');

      // The puzzle of the day stays wall-free whatever the menu says: this bank has none.
      const [daily] = await Promise.all([
        other.waitForResponse((r) => new URL(r.url()).pathname === '/v1/puzzles/daily'),
        other.click('#daily-button'),
      ]);
      assert.equal(new URL(daily.url()).searchParams.get('walls'), '0');
      assert.equal((await daily.json()).puzzle, null);
      await other.waitForSelector('#bank-message[data-kind="error"]');
      assert.equal(await other.textContent('#bank-message'), 'The bank has no puzzle of the day.');
    } finally {
      await other.close();
      walled.child.kill('SIGTERM');
      await walled.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('had no console errors and no request beyond the server', () => {
    assert.deepEqual(problems.filter((p) => !provoked.test(p)), []);
  });

  it('the server stops on SIGTERM with exit code 0', async () => {
    server.child.kill('SIGTERM');
    let timer;
    const { code, signal } = await Promise.race([
      server.exited,
      new Promise((_, fail) => { timer = setTimeout(() => fail(new Error('no exit within 10 s of SIGTERM')), 10000); }),
    ]).finally(() => clearTimeout(timer));
    assert.equal(signal, null);
    assert.equal(code, 0, server.stderr);
  });
});
