// The module's answers against the native library's, on the reference puzzles (the 40 Jams,
// the classic and the random sets of tests/data/), in both metrics: solve, hint, analyze and
// verify give the documents the native CLI of the same tree prints, node counts included (only
// the times and the peak memory, which follows the word size, are left out), and the lengths
// and cluster sizes the independent solvers agreed on.
import assert from 'node:assert/strict';
import {before, describe, test} from 'node:test';
import {asLine, comparable, load, native, referencePuzzles} from './engines.mjs';

const {jams, sets} = referencePuzzles();
const all = [...jams, ...sets];
const METRICS = ['moves', 'slides'];
let solver;
before(async () => {
  solver = await load();
});

const lines = (puzzles) => puzzles.map((p) => asLine(p.body)).join('\n');

describe('solve', () => {
  for (const metric of METRICS) {
    test(`the reference puzzles in ${metric}: the native answers and the agreed lengths`, () => {
      const expected = native(['solve', '--lines', '--metric', metric], lines(all));
      all.forEach((p, i) => {
        const {status, body} = solver.solve({...p.body, options: {metric}});
        assert.equal(status, 200, p.name);
        assert.deepEqual(comparable(body), comparable(expected[i]), p.name);
        assert.equal(body.cached, false);
        assert.equal(body.source, 'search');
        const length = p.answer[metric === 'moves' ? 'min_moves' : 'min_slides'];
        if (length === null) {
          assert.equal(body.status, 'unsolvable', p.name);
        } else {
          assert.equal(body.status, 'solved', p.name);
          assert.equal(body.solution[`${metric === 'moves' ? 'move' : 'slide'}_count`], length, p.name);
        }
      });
    });
  }

  test('the boards after each move are those the native library draws', () => {
    const expected = native(['solve', '--lines'], lines(jams.slice(0, 5)));
    jams.slice(0, 5).forEach((p, i) => {
      const {body} = solver.solve({...p.body, options: {include_boards: true}});
      const {boards, ...solution} = body.solution;
      assert.deepEqual(solution, expected[i].solution, p.name);
      assert.equal(boards.length, solution.moves.length);
      assert.deepEqual(boards.at(-1).length, 6);
    });
  });
});

describe('hint', () => {
  for (const metric of METRICS) {
    test(`the 40 Jams in ${metric}: the first move of the native A* answer`, () => {
      const expected = native(['solve', '--lines', '--algorithm', 'astar', '--metric', metric], lines(jams));
      jams.forEach((p, i) => {
        const {status, body} = solver.hint({...p.body, options: {metric}});
        assert.equal(status, 200, p.name);
        const whole = comparable(expected[i]);
        whole.solution.moves = whole.solution.moves.slice(0, 1);
        whole.solution.notation = whole.solution.notation.split(' ')[0];
        assert.deepEqual(comparable(body), whole, p.name);
      });
    });
  }
});

describe('analyze', () => {
  for (const metric of METRICS) {
    test(`the reference puzzles in ${metric}: the native analysis and the agreed cluster sizes`, () => {
      for (const p of all) {
        const [expected] = native(['analyze', '--metric', metric, '-'], asLine(p.body));
        const {status, body} = solver.analyze({...p.body, options: {metric}});
        assert.equal(status, 200, p.name);
        assert.deepEqual(comparable(body), comparable(expected), p.name);
        const reachable = p.answer.reachable ?? p.answer.reachable_states;
        if (reachable) assert.equal(body.states, reachable, p.name);
      }
    });
  }
});

describe('verify', () => {
  test('the 40 Jams: a solution, its legal prefix and an illegal move, as the native verdicts', () => {
    const solutions = native(['solve', '--lines'], lines(jams));
    jams.forEach((p, i) => {
      const moves = solutions[i].solution.moves;
      const notation = solutions[i].solution.notation.split(' ');
      // The whole solution; its first half; its first half then its first move again, six
      // cells long: past the board's edge or blocked, an illegal move.
      const half = Math.ceil(moves.length / 2);
      const back = {...moves[0], distance: 6};
      const cases = [
        [moves, notation],
        [moves.slice(0, half), notation.slice(0, half)],
        [[...moves.slice(0, half), back], [...notation.slice(0, half), `${back.vehicle}${back.direction[0].toUpperCase()}6`]],
      ];
      for (const [list, words] of cases) {
        const [expected] = native(['verify', '--moves', words.join(' '), '-'], asLine(p.body));
        const {status, body} = solver.verify({...p.body, moves: list});
        assert.equal(status, 200, p.name);
        assert.deepEqual(comparable(body), comparable(expected), `${p.name}: ${words.join(' ')}`);
      }
    });
  });
});

describe('puzzle ids', () => {
  test('a puzzle named by its id is its board in normal form, and the answer echoes the id', () => {
    const id = '6qEEgucAESQ'; // openapi.yaml's example
    const start = solver.verify({id, moves: []});
    assert.equal(start.status, 200);
    assert.equal(start.body.id, id);
    const [expected] = native(['solve', '-'], start.body.board);
    for (const route of ['solve', 'hint']) {
      const {status, body} = solver[route]({id});
      assert.equal(status, 200);
      assert.equal(body.id, id);
      assert.equal(body.solution.move_count, expected.solution.move_count);
    }
    assert.deepEqual(comparable(solver.solve({id}).body), {...comparable(expected), id});
  });
});
