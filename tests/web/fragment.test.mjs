// web/fragment.js under node's test runner: the puzzle in the page's address. Fragments read
// into {id}, {board} or {text} and written back (round trips), malformed ones refused with a
// reason, and the form a puzzle text takes in a link (the notation when it says everything).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boardNotation, buildFragment, linkOf, parseFragment } from '../../web/fragment.js';
import { parseBoardNotation, parsePuzzle, pretty } from '../../web/forms.js';
import { JAM1_VEHICLES, REFERENCE_PUZZLES } from '../../web/puzzles.js';

const HARDEST = 'BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.';
const JAM1_GRID = REFERENCE_PUZZLES.find((p) => p.key === 'jam01').text;

// The board a drawing holds, whatever its vehicles are called: size, exit row, walls, and each
// vehicle's place and shape (the red car marked).
function shape(board) {
  const vehicles = board.vehicles.map((v, i) => `${i === board.target ? '*' : ''}${v.row},${v.col},${v.length},${v.horizontal ? 'H' : 'V'}`);
  return { size: board.size, exitRow: board.exitRow, walls: [...board.walls].sort(), vehicles: vehicles.sort() };
}

describe('fragments read and written', () => {
  it('reads each form, with or without the #', () => {
    assert.deepEqual(parseFragment('#id=6qEEgucAESQ'), { id: '6qEEgucAESQ' });
    assert.deepEqual(parseFragment('id=6qEEgucAESQ'), { id: '6qEEgucAESQ' });
    assert.deepEqual(parseFragment(`#board=${HARDEST}`), { board: HARDEST });
    assert.deepEqual(parseFragment('#text=a%20b%0Ac'), { text: 'a b\nc' });
    assert.deepEqual(parseFragment('#id=6qE%45gucAESQ'), { id: '6qEEgucAESQ' }, 'percent-encoded characters decoded');
  });

  it('reads an empty fragment as no puzzle', () => {
    assert.equal(parseFragment(''), null);
    assert.equal(parseFragment('#'), null);
  });

  it('round-trips every form, whatever the text holds', () => {
    const links = [
      { id: '6qEEgucAESQ' },
      { id: '8-_' },
      { board: HARDEST },
      { board: 'AA.' },
      { text: JAM1_GRID },
      { text: pretty({ ...JAM1_VEHICLES, options: { metric: 'slides' } }) },
      { text: 'é & = # % + ? / {"a": [1, 2]} \t\r\n 🚗' },
      { text: '=' },
    ];
    for (const link of links) {
      const fragment = buildFragment(link);
      assert.match(fragment, /^#(id|board|text)=[A-Za-z0-9%._~!*'()-]*$/, `${fragment}: only URL-safe characters`);
      assert.deepEqual(parseFragment(fragment), link, fragment);
    }
    assert.equal(buildFragment(null), '');
  });

  it('refuses malformed fragments, saying why', () => {
    const cases = [
      ['#6qEEgucAESQ', /names no puzzle/],
      ['#puzzle=6qEEgucAESQ', /names no puzzle: a link holds #id=, #board= or #text=/],
      ['#ID=6qEEgucAESQ', /names no puzzle/],
      ['#id=', /id is empty/],
      ['#text=%20%0A', /text is empty/],
      ['#text=%E0%A4%A', /text is not URL-encoded properly/],
      ['#board=%', /board is not URL-encoded properly/],
      ['#id=daily', /"daily" is not a puzzle id/],
      ['#id=stats', /is not a puzzle id/],
      ['#id=6qE/../x', /is not a puzzle id/],
      ['#id=6qE%20E', /is not a puzzle id/],
      ['#board=BCC.D.BEF%0ADGBEF', /board is not one line of the database notation/],
      ['#board=AA%23.', /board is not one line/],
    ];
    for (const [fragment, why] of cases) {
      const link = parseFragment(fragment);
      assert.ok(link && typeof link.error === 'string', `${fragment}: ${JSON.stringify(link)}`);
      assert.match(link.error, why, fragment);
    }
  });
});

describe('the form a puzzle takes in a link', () => {
  it('names a bank puzzle by its id, and an empty text by nothing', () => {
    assert.deepEqual(linkOf(HARDEST, '6qEEgucAESQ'), { id: '6qEEgucAESQ' });
    assert.equal(linkOf('  \n '), null);
  });

  it('keeps a one-line board as it is', () => {
    assert.deepEqual(linkOf(HARDEST), { board: HARDEST });
    assert.deepEqual(linkOf(`  ${HARDEST}\n`), { board: HARDEST });
  });

  it('writes a grid or JSON vehicles in the notation, the same board, the letters kept where they can be', () => {
    const grid = linkOf(JAM1_GRID);
    assert.deepEqual(grid, { board: 'bb...ga..c.gaAAc.ga..c..e...ffe.ddd.' });
    assert.deepEqual(shape(parseBoardNotation(grid.board)), shape(parsePuzzle(JAM1_GRID)));
    // JAM1_VEHICLES names its cars A to G: the red car takes 'A', so that car is renamed.
    const json = linkOf(pretty(JAM1_VEHICLES));
    assert.ok(json.board, JSON.stringify(json));
    assert.deepEqual(shape(parseBoardNotation(json.board)), shape(parsePuzzle(pretty(JAM1_VEHICLES))));
    for (const p of REFERENCE_PUZZLES.filter((r) => ['jam40', 'slides93'].includes(r.key))) {
      const link = linkOf(p.text);
      assert.deepEqual(shape(parseBoardNotation(link.board)), shape(parsePuzzle(p.text)), p.key);
    }
  });

  it('reads a one-line board with a # wall and writes it with x', () => {
    assert.deepEqual(linkOf('AA#......'), { board: 'AAx......' });
  });

  it('writes walls as x, and names vehicles whose names the notation cannot take', () => {
    const doc = {
      board_size: 5,
      walls: [[0, 4]],
      vehicles: [
        { id: 'red', row: 1, col: 0, length: 2, orientation: 'H' },
        { id: 'o', row: 2, col: 0, length: 3, orientation: 'H' },
        { id: 'x', row: 3, col: 3, length: 2, orientation: 'V' },
        { id: 'B', row: 0, col: 0, length: 2, orientation: 'H' },
      ],
      target: 'red',
    };
    assert.deepEqual(linkOf(JSON.stringify(doc)), { board: 'BB..xAA...CCC.....D....D.' });
  });

  it('keeps the text where the notation cannot say it all', () => {
    const texts = {
      'options': pretty({ ...JAM1_VEHICLES, options: { metric: 'slides' } }),
      'an exit row away from the red car': pretty({ ...JAM1_VEHICLES, exit_row: 3 }),
      'a vertical red car': pretty({ vehicles: [{ id: 'X', row: 0, col: 2, length: 2, orientation: 'V' }] }),
      'overlapping vehicles': pretty({ vehicles: [
        { id: 'X', row: 2, col: 0, length: 2, orientation: 'H' },
        { id: 'B', row: 1, col: 1, length: 2, orientation: 'V' },
      ] }),
      'a text the page cannot draw': '{"vehicles": [',
      'a line that is no board': 'AA. ......',
    };
    for (const [what, text] of Object.entries(texts)) assert.deepEqual(linkOf(text), { text }, what);
  });

  it('gives up the notation when the vehicles outnumber its names', () => {
    // A 16x16 board of 63 vertical cars: the notation has 59 names besides the red car's.
    const vehicles = [{ id: 'X', row: 15, col: 0, length: 2, orientation: 'H' }];
    for (let k = 0; k < 63; k++) vehicles.push({ id: `v${k}`, row: 2 * Math.floor(k / 16), col: k % 16, length: 2, orientation: 'V' });
    const board = parsePuzzle(JSON.stringify({ board_size: 16, vehicles }));
    assert.equal(boardNotation(board), null);
    assert.equal(boardNotation({ ...board, vehicles: board.vehicles.slice(0, 60) }).length, 256);
  });
});
