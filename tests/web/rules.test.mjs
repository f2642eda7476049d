// web/rules.js under node's test runner: legal and illegal slides, walls, the exit, the
// notation, the move count of a playback made by hand, and a search made of these rules alone
// that finds the reference answers of tests/data/ (fewest moves, fewest slides, positions).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseDocument, parsePuzzle } from '../../web/forms.js';
import { REFERENCE_PUZZLES } from '../../web/puzzles.js';
import {
  applyMove, atExit, cellsOf, describeVehicle, moveOf, movesOf, notationOf, playMove, reach,
} from '../../web/rules.js';
import { search } from './search.mjs';

const DATA = new URL('../data/', import.meta.url);
const CLASSIC = readFileSync(new URL('classic.jsonl', DATA), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const JAM40 = readFileSync(new URL('jam40.tsv', DATA), 'utf8').trim().split('\n').slice(1)
  .map((line) => line.split('\t'))
  .map(([name, rows, moves, slides, states]) => ({ name, rows, moves: Number(moves), slides: Number(slides), states: Number(states) }));
const JAM1 = parsePuzzle('bb...g\na..c.g\naxxc.g\na..c..\ne...ff\ne.ddd.');
const vehicle = (board, id) => board.vehicles.find((v) => v.id === id);

describe('the move rules', () => {
  it('reach: how far each vehicle of Jam 1 slides, stopped by vehicles and the board\'s edge', () => {
    // bb...g / a..c.g / axxc.g / a..c.. / e...ff / e.ddd.
    const expected = { x: [0, 0], b: [0, 3], g: [0, 1], a: [0, 0], c: [1, 1], d: [1, 1], e: [0, 0], f: [3, 0] };
    for (const [id, [back, ahead]] of Object.entries(expected)) {
      assert.deepEqual(reach(JAM1, vehicle(JAM1, id)), { back, ahead }, id);
    }
  });

  it('reach: a wall stops a slide as a vehicle does', () => {
    const walled = parseDocument(CLASSIC.find((d) => d.name === 'blocked-by-wall').puzzle);
    assert.deepEqual(reach(walled, walled.vehicles[walled.target]), { back: 0, ahead: 3 });
    const open = { ...walled, walls: [] };
    assert.deepEqual(reach(open, open.vehicles[open.target]), { back: 0, ahead: 4 });
  });

  it('applyMove slides one vehicle and leaves the board it was given as it was', () => {
    const after = applyMove(JAM1, { vehicle: 'f', direction: 'left', distance: 3 });
    assert.deepEqual(vehicle(after, 'f'), { id: 'f', row: 4, col: 1, length: 2, horizontal: true });
    assert.deepEqual(vehicle(JAM1, 'f'), { id: 'f', row: 4, col: 4, length: 2, horizontal: true });
    assert.deepEqual(cellsOf(vehicle(after, 'f')), [[4, 1], [4, 2]]);
    assert.throws(() => applyMove(JAM1, { vehicle: 'z', direction: 'up', distance: 1 }), /moves z/);
  });

  it('atExit: the red car\'s right end in the last column of the exit row, and nothing else', () => {
    const board = (vehicles, exitRow = 2) => ({ size: 6, exitRow, walls: [], target: 0, vehicles });
    assert.equal(atExit(board([{ id: 'X', row: 2, col: 4, length: 2, horizontal: true }])), true);
    assert.equal(atExit(board([{ id: 'X', row: 2, col: 3, length: 2, horizontal: true }])), false, 'one short');
    assert.equal(atExit(board([{ id: 'X', row: 2, col: 4, length: 2, horizontal: true }], 3)), false, 'another row');
    assert.equal(atExit(board([{ id: 'X', row: 1, col: 5, length: 2, horizontal: false }])), false, 'vertical');
    assert.equal(atExit(JAM1), false);
  });

  it('moves as the server writes them: a direction by the sign, the notation, the server\'s when given', () => {
    assert.deepEqual(moveOf(vehicle(JAM1, 'f'), -3), { vehicle: 'f', direction: 'left', distance: 3 });
    assert.deepEqual(moveOf(vehicle(JAM1, 'c'), -1), { vehicle: 'c', direction: 'up', distance: 1 });
    assert.deepEqual(moveOf(vehicle(JAM1, 'b'), 2), { vehicle: 'b', direction: 'right', distance: 2 });
    assert.equal(notationOf({ vehicle: 'b', direction: 'right', distance: 1 }), 'bR1');
    const moves = [{ vehicle: 'A', direction: 'down', distance: 2 }, { vehicle: 'X', direction: 'right', distance: 4 }];
    assert.deepEqual(movesOf({ moves, notation: 'AD2 XR4' }).map((m) => m.notation), ['AD2', 'XR4']);
    assert.deepEqual(movesOf({ moves }).map((m) => m.notation), ['AD2', 'XR4']);
    assert.deepEqual(movesOf(undefined), []);
  });

  it('describeVehicle says where a vehicle is and where it can go', () => {
    assert.equal(describeVehicle(JAM1, vehicle(JAM1, 'x')), 'x: the red car, horizontal, row 2, columns 1 to 2; cannot move.');
    assert.equal(describeVehicle(JAM1, vehicle(JAM1, 'f')), 'f: car, horizontal, row 4, columns 4 to 5; can move left 3.');
    assert.equal(describeVehicle(JAM1, vehicle(JAM1, 'd')), 'd: truck, horizontal, row 5, columns 2 to 4; can move left 1 or right 1.');
    assert.equal(describeVehicle(JAM1, vehicle(JAM1, 'c')), 'c: truck, vertical, column 3, rows 1 to 3; can move up 1 or down 1.');
  });
});

describe('the move count of a playback', () => {
  const play = (start, list) => list.reduce((p, [move, hand]) => playMove(p.boards, p.moves, p.boards.length - 1, move, hand),
    { boards: [start], moves: [] });

  it('Jam 1\'s optimal answer, each move made cell by cell by hand, counts 8 moves and brings the red car out', () => {
    const { length, path } = search(JAM1);
    assert.equal(length, 8);
    const cells = path.flatMap((m) => Array.from({ length: m.distance }, () => [{ ...m, distance: 1 }, true]));
    assert.equal(cells.length > 8, true, 'some moves slide more than one cell');
    const played = play(JAM1, cells);
    assert.equal(played.moves.length, 8);
    assert.deepEqual(played.moves.map(({ vehicle, direction, distance }) => ({ vehicle, direction, distance })), path);
    assert.equal(atExit(played.boards.at(-1)), true);
  });

  it('a vehicle moved back by hand to where it was takes its move back; moves not by hand never merge', () => {
    const left = { vehicle: 'f', direction: 'left', distance: 2 };
    const right = { vehicle: 'f', direction: 'right', distance: 2 };
    assert.equal(play(JAM1, [[left, true], [right, true]]).moves.length, 0);
    assert.equal(play(JAM1, [[left, false], [right, false]]).moves.length, 2);
    const turned = play(JAM1, [[left, true], [{ vehicle: 'f', direction: 'right', distance: 3 }, true]]);
    assert.deepEqual(turned.moves.map((m) => m.notation), ['fR1'], 'left 2 then right 3 is right 1');
  });

  it('a move from an earlier step drops the steps after it', () => {
    const two = play(JAM1, [[{ vehicle: 'f', direction: 'left', distance: 3 }, false], [{ vehicle: 'd', direction: 'right', distance: 1 }, false]]);
    const again = playMove(two.boards, two.moves, 1, { vehicle: 'c', direction: 'up', distance: 1 }, false);
    assert.deepEqual(again.moves.map((m) => m.notation), ['fL3', 'cU1']);
    assert.equal(again.boards.length, 3);
    assert.equal(two.moves.length, 2, 'the playback it was given is unchanged');
  });
});

describe('a search of the page\'s rules finds the reference answers', () => {
  // The reference sets' smaller puzzles (a few thousand positions each), so that this stays fast.
  for (const d of CLASSIC.filter((c) => c.answer.reachable <= 5000)) {
    it(`${d.name} (classic.jsonl)`, () => {
      const board = parseDocument(d.puzzle);
      const moves = search(board);
      assert.equal(moves.length, d.answer.min_moves);
      assert.equal(moves.reachable, d.answer.reachable);
      assert.equal(search(board, { slides: true }).length, d.answer.min_slides);
    });
  }
  for (const p of JAM40.filter((j) => j.states <= 1400)) {
    it(`${p.name} (jam40.tsv)`, () => {
      const board = parsePuzzle(p.rows);
      const moves = search(board);
      assert.deepEqual([moves.length, moves.reachable], [p.moves, p.states]);
      assert.equal(search(board, { slides: true }).length, p.slides);
    });
  }

  it('the page\'s reference puzzles have the lengths their labels give', () => {
    for (const p of REFERENCE_PUZZLES) {
      const claimed = p.label.match(/\((\d+) moves\)/);
      if (!claimed || Number(claimed[1]) > 8) continue; // the long ones are checked above
      assert.equal(search(parsePuzzle(p.text)).length, Number(claimed[1]), p.label);
    }
    const walled = REFERENCE_PUZZLES.find((p) => p.key === 'walled');
    assert.equal(search(parsePuzzle(walled.text)).length, null, 'the unsolvable one');
  });
});
