// web/forms.js under node's test runner: each of the puzzle's forms read into a board (the
// reference puzzles of tests/data/ among them), the errors of each form, a board written back
// as JSON, and the body of a request built from the text and the page's options.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  PreviewError, buildRequest, describeForm, parsePuzzle, positionDocument, pretty, textOptions, tryParse,
} from '../../web/forms.js';

const DATA = new URL('../data/', import.meta.url);
const CLASSIC = Object.fromEntries(readFileSync(new URL('classic.jsonl', DATA), 'utf8').trim().split('\n')
  .map((line) => JSON.parse(line)).map((d) => [d.name, d.puzzle]));
const JAM1_GRID = 'bb...g\na..c.g\naxxc.g\na..c..\ne...ff\ne.ddd.';
const HARDEST_LINE = 'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.'; // hardest-51-moves in classic.jsonl

// A board's vehicles as {row, col, length, horizontal}, sorted: ids differ between the forms.
const layout = (board) => board.vehicles.map(({ row, col, length, horizontal }) => ({ row, col, length, horizontal }))
  .sort((a, b) => a.row - b.row || a.col - b.col);
const target = (board) => board.vehicles[board.target];

describe('parsePuzzle reads each form', () => {
  it('a text grid: Jam 1, with its red car (x) on the exit row', () => {
    const board = parsePuzzle(JAM1_GRID);
    assert.equal(board.size, 6);
    assert.equal(board.exitRow, 2);
    assert.deepEqual(board.walls, []);
    assert.equal(board.vehicles.length, 8);
    assert.deepEqual(target(board), { id: 'x', row: 2, col: 1, length: 2, horizontal: true });
    assert.deepEqual(board.vehicles.find((v) => v.id === 'a'), { id: 'a', row: 1, col: 0, length: 3, horizontal: false });
  });

  it('rows separated by / (the form of tests/data/jam40.tsv), with blanks around them', () => {
    assert.deepEqual(parsePuzzle(' bb...g / a..c.g/axxc.g/a..c../e...ff/e.ddd.\n'), parsePuzzle(JAM1_GRID));
  });

  it('JSON vehicles: Jam 1 of classic.jsonl is the same board as its grid', () => {
    const board = parsePuzzle(JSON.stringify(CLASSIC['jam01-json']));
    assert.deepEqual(layout(board), layout(parsePuzzle(JAM1_GRID)));
    assert.equal(target(board).id, 'X');
    assert.equal(board.exitRow, 2);
  });

  it('JSON vehicles: walls, an explicit exit row and target, orientations in any spelling', () => {
    const board = parsePuzzle(JSON.stringify({
      board_size: 5, exit_row: 1, target: 'R', walls: [[4, 4]],
      vehicles: [
        { id: 'R', row: 1, col: 0, length: 2, orientation: 'horizontal' },
        { id: 'T', row: 0, col: 3, length: 3, orientation: 'v' },
      ],
    }));
    assert.equal(board.size, 5);
    assert.equal(board.exitRow, 1);
    assert.deepEqual(board.walls, [[4, 4]]);
    assert.equal(target(board).id, 'R');
    assert.equal(board.vehicles[1].horizontal, false);
  });

  it('JSON grid (rows or one string, with a named target) and JSON board', () => {
    const rows = JAM1_GRID.split('\n');
    assert.deepEqual(parsePuzzle(JSON.stringify({ grid: rows })), parsePuzzle(JAM1_GRID));
    assert.deepEqual(parsePuzzle(JSON.stringify({ grid: rows.join('/') })), parsePuzzle(JAM1_GRID));
    assert.equal(target(parsePuzzle(JSON.stringify({ grid: rows, target: 'd' }))).id, 'd');
    assert.deepEqual(parsePuzzle(JSON.stringify({ board: HARDEST_LINE })), parsePuzzle(HARDEST_LINE));
  });

  it('the one-line board notation: A is the red car, x a wall; the hardest puzzle as classic.jsonl has it', () => {
    const board = parsePuzzle(HARDEST_LINE);
    assert.equal(board.size, 6);
    assert.equal(target(board).id, 'A');
    assert.deepEqual(layout(board), layout(parsePuzzle(JSON.stringify(CLASSIC['hardest-51-moves']))));
    const walled = parsePuzzle('ooooooooooooAAoooxoooooooooooooooooo');
    assert.deepEqual(walled.walls, [[2, 5]]);
    assert.equal(walled.exitRow, 2);
  });
});

describe('parsePuzzle says why it cannot draw', () => {
  const cases = [
    ['nothing', '  \n ', 'nothing to draw yet'],
    ['broken JSON', '{"vehicles": [', 'the JSON does not parse (yet)'],
    ['JSON neither vehicles, grid nor board', '{"size": 6}', 'give vehicles, grid or board'],
    ['a grid that is not rows', '{"grid": 6}', 'grid is neither rows nor a string'],
    ['board_size out of range', '{"board_size": 2, "vehicles": []}', 'board_size is not 3 to 16'],
    ['vehicles not an array', '{"vehicles": {}}', 'vehicles is not an array'],
    ['a vehicle without an orientation', '{"vehicles": [{"id": "X", "row": 2, "col": 0, "length": 2}]}', 'vehicles[0] cannot be drawn'],
    ['a row as a string', '{"vehicles": [{"id": "X", "row": "2", "col": 0, "length": 2, "orientation": "H"}]}', 'vehicles[0] cannot be drawn'],
    ['a wall that is not a pair', '{"walls": [[1]], "vehicles": [{"id": "X", "row": 2, "col": 0, "length": 2, "orientation": "H"}]}', 'walls[0] cannot be drawn'],
    ['no red car', '{"vehicles": [{"id": "A", "row": 2, "col": 0, "length": 2, "orientation": "H"}]}', 'no vehicle X (the red car)'],
    ['a vehicle off the board', '{"vehicles": [{"id": "X", "row": 2, "col": 5, "length": 2, "orientation": "H"}]}', 'vehicle X is off the board'],
    ['a wall off the board', '{"walls": [[6, 0]], "vehicles": [{"id": "X", "row": 2, "col": 0, "length": 2, "orientation": "H"}]}', 'a wall is off the board'],
    ['the exit off the board', '{"exit_row": 6, "vehicles": [{"id": "X", "row": 2, "col": 0, "length": 2, "orientation": "H"}]}', 'exit_row is off the board'],
    ['too few rows', 'xx.\n...', 'the grid has 2 rows; boards have 3 to 16'],
    ['a short row', 'bb...g\na..c.g\naxxc.\na..c..\ne...ff\ne.ddd.', 'row 2 is not 6 characters long'],
    ['a character that is no cell', '......\n......\n.xx.?.\n......\n......\n......', "'?' in row 2 is not a cell"],
    ['a bent vehicle', 'aa....\na.....\nxx....\n......\n......\n......', "vehicle 'a' is not one straight run of 2 or more cells"],
    ['a one-cell vehicle', 'a.....\n......\nxx....\n......\n......\n......', "vehicle 'a' is not one straight run of 2 or more cells"],
    ['a grid without x', 'aa....\n......\n......\n......\n......\n......', 'no vehicle x (the red car)'],
    ['a board line of the wrong length', 'AA.....', 'a board of 7 characters is not N*N (36 for 6x6)'],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => {
      assert.throws(() => parsePuzzle(text), (e) => e instanceof PreviewError && e.message === message);
      assert.equal(tryParse(text), null);
    });
  }
});

describe('the forms written and sent', () => {
  it('describeForm names the form of a text', () => {
    assert.equal(describeForm('{"grid": []}'), 'JSON');
    assert.equal(describeForm(HARDEST_LINE), 'a one-line board');
    assert.equal(describeForm(JAM1_GRID), 'a text grid');
  });

  it('positionDocument writes a board in the JSON vehicles form that reads back the same', () => {
    for (const text of [JAM1_GRID, HARDEST_LINE, JSON.stringify(CLASSIC['blocked-by-wall'])]) {
      const board = parsePuzzle(text);
      const doc = positionDocument(board);
      assert.equal(doc.target, target(board).id);
      assert.deepEqual(parsePuzzle(JSON.stringify(doc)), board);
    }
  });

  it('pretty prints JSON that parses back to the same document, one vehicle a line', () => {
    const doc = { ...CLASSIC['blocked-by-wall'], options: { metric: 'moves' } };
    const text = pretty(doc);
    assert.deepEqual(JSON.parse(text), doc);
    assert.match(text, /^ {4}\{ "id": "X", "row": 2, "col": 0, "length": 2, "orientation": "H" \}$/m);
    assert.match(text, /\[2, 5\]/);
  });

  it('buildRequest: a text board with the server\'s default options goes as text/plain', () => {
    assert.deepEqual(buildRequest(JAM1_GRID, { algorithm: 'bfs', metric: 'moves' }), { contentType: 'text/plain', body: JAM1_GRID });
  });

  it('buildRequest: with other options a text board is wrapped as JSON (board for one line, grid for rows)', () => {
    const options = { algorithm: 'astar', metric: 'slides' };
    const line = buildRequest(HARDEST_LINE, options);
    assert.equal(line.contentType, 'application/json');
    assert.deepEqual(JSON.parse(line.body), { board: HARDEST_LINE, options });
    assert.deepEqual(JSON.parse(buildRequest(JAM1_GRID, options).body), { grid: JAM1_GRID.split('\n'), options });
  });

  it('buildRequest: JSON gets the page\'s options, under its own, which win', () => {
    const text = JSON.stringify({ grid: JAM1_GRID.split('\n'), options: { metric: 'slides', max_nodes: 10 } });
    const sent = JSON.parse(buildRequest(text, { algorithm: 'astar', metric: 'moves' }).body);
    assert.deepEqual(sent.options, { algorithm: 'astar', metric: 'slides', max_nodes: 10 });
    assert.deepEqual(textOptions(text), { metric: 'slides', max_nodes: 10 });
  });

  it('buildRequest: broken JSON and options that are not an object go as they are, for the server to judge', () => {
    assert.deepEqual(buildRequest('{"grid": [', { metric: 'moves' }), { contentType: 'application/json', body: '{"grid": [' });
    const odd = JSON.parse(buildRequest('{"board": "x", "options": [1]}', { metric: 'moves' }).body);
    assert.deepEqual(odd.options, [1]);
    assert.deepEqual(textOptions('{"options": [1]}'), {});
    assert.deepEqual(textOptions(JAM1_GRID), {});
  });
});
