// web/play.js under node's test runner: the page's state and the operations that alone change
// it. Loading a puzzle or an answer, stepping within the playback, moves made after the step
// shown (a move by hand continuing the previous one), the optimal length, the verdict, the
// hint, the analysis and link texts, and what the subscribers are told.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { parsePuzzle } from '../../web/forms.js';
import * as play from '../../web/play.js';
import { applyMove, moveOf } from '../../web/rules.js';

const { state } = play;
const JAM1_TEXT = 'bb...g\na..c.g\naxxc.g\na..c..\ne...ff\ne.ddd.';
const JAM1 = parsePuzzle(JAM1_TEXT);
const vehicle = (board, id) => board.vehicles.find((v) => v.id.toLowerCase() === id);
const B_RIGHT = moveOf(vehicle(JAM1, 'b'), 1);
const D_LEFT = moveOf(vehicle(JAM1, 'd'), -1);
const F_LEFT = moveOf(vehicle(JAM1, 'f'), -2);

// Every change a subscriber hears, in order, while `fn` runs.
function heard(fn) {
  const changes = [];
  const stop = play.subscribe((change) => changes.push(change));
  try {
    fn();
  } finally {
    stop();
  }
  return changes;
}

// An answer of three moves on Jam 1 (not a solution: only moves to step through).
function loadThree() {
  const moves = [B_RIGHT, D_LEFT, F_LEFT];
  const boards = [JAM1];
  for (const m of moves) boards.push(applyMove(boards[boards.length - 1], m));
  play.loadAnswer(JAM1_TEXT, boards, moves);
  return { boards, moves };
}

beforeEach(() => {
  play.reset();
});

describe('the state is play.js\'s alone', () => {
  it('starts empty', () => {
    assert.deepEqual(state.boards, []);
    assert.deepEqual(state.moves, []);
    assert.equal(state.step, 0);
    assert.equal(state.answeredText, null);
    assert.equal(play.lastStep(), 0);
  });

  it('throws on a write from outside, and keeps its value', () => {
    play.load(JAM1);
    assert.throws(() => {
      state.step = 3;
    }, TypeError);
    assert.throws(() => {
      state.boards = [];
    }, /play\.js/);
    assert.throws(() => {
      delete state.hint;
    }, TypeError);
    assert.throws(() => Object.assign(state, { step: 1 }), TypeError);
    assert.throws(() => Object.defineProperty(state, 'step', { value: 2 }), TypeError);
    assert.equal(state.step, 0);
    assert.deepEqual(state.boards, [JAM1]);
  });
});

describe('loading', () => {
  it('load: a start alone, at step 0, the answered text kept', () => {
    play.setAnsweredText('some text');
    const changes = heard(() => play.load(JAM1));
    assert.deepEqual(changes, ['load']);
    assert.deepEqual(state.boards, [JAM1]);
    assert.deepEqual(state.moves, []);
    assert.equal(state.step, 0);
    assert.equal(state.answeredText, 'some text');
  });

  it('loadAnswer: the boards, the moves and the text they belong to, from the start', () => {
    const { boards, moves } = loadThree();
    assert.equal(state.boards, boards);
    assert.equal(state.moves, moves);
    assert.equal(state.answeredText, JAM1_TEXT);
    assert.equal(state.step, 0);
    assert.equal(play.lastStep(), 3);
  });

  it('loadAnswer without boards: moves the page cannot draw', () => {
    play.loadAnswer('x', [], [B_RIGHT]);
    assert.equal(state.boards.length, 0);
    assert.equal(state.moves.length, 1);
    assert.equal(play.lastStep(), 0);
  });

  it('reset: no game, no text; the optimal length and the verdict stay (they name their own)', () => {
    loadThree();
    play.stepTo(2);
    play.setOptimal(JAM1, 8);
    play.setVerdict(state.moves, 2, { kind: 'optimal', text: 'yes' });
    assert.deepEqual(heard(() => play.reset()), ['reset']);
    assert.deepEqual(state.boards, []);
    assert.deepEqual(state.moves, []);
    assert.equal(state.step, 0);
    assert.equal(state.answeredText, null);
    assert.equal(state.optimal.length, 8);
    assert.equal(state.verdict.kind, 'optimal');
  });
});

describe('stepTo', () => {
  it('shows a step within the playback and answers it', () => {
    loadThree();
    assert.deepEqual(heard(() => assert.equal(play.stepTo(2), 2)), ['step']);
    assert.equal(state.step, 2);
    assert.equal(play.stepTo(-4), 0);
    assert.equal(play.stepTo(99), 3);
    assert.equal(state.step, 3);
  });

  it('stays at 0 without boards', () => {
    assert.equal(play.stepTo(5), 0);
    assert.equal(state.step, 0);
  });
});

describe('applyMove', () => {
  it('makes the move the next step after the one shown, dropping the steps after it', () => {
    const { boards } = loadThree();
    play.stepTo(1);
    const changes = heard(() => assert.equal(play.applyMove(F_LEFT, false, 'typed'), 2));
    assert.deepEqual(changes, ['moves']);
    assert.equal(state.step, 1, 'the step shown stays: playback goes to the new one');
    assert.equal(state.boards.length, 3);
    assert.equal(state.boards[1], boards[1]);
    assert.deepEqual(state.moves.map((m) => m.vehicle), [B_RIGHT.vehicle, F_LEFT.vehicle]);
    assert.equal(state.moves[1].notation.length > 0, true);
    assert.equal(state.answeredText, 'typed');
  });

  it('a move by hand of the vehicle just moved by hand continues that move', () => {
    play.load(JAM1);
    play.stepTo(play.applyMove(B_RIGHT, true, JAM1_TEXT));
    assert.equal(play.applyMove(B_RIGHT, true, JAM1_TEXT), 1, 'still one move');
    play.stepTo(1);
    assert.equal(state.moves.length, 1);
    assert.equal(state.moves[0].distance, 2);
    assert.equal(vehicle(state.boards[1], 'b').col, 2);
    // Back where it was: the move is taken back.
    assert.equal(play.applyMove(moveOf(vehicle(JAM1, 'b'), -2), true, JAM1_TEXT), 0);
    assert.equal(state.moves.length, 0);
    assert.equal(state.boards.length, 1);
  });

  it('a move the board cannot make changes nothing but the text the playback belongs to', () => {
    const { boards, moves } = loadThree();
    assert.throws(() => play.applyMove({ vehicle: 'Q', direction: 'up', distance: 1 }, false, 'other'));
    assert.equal(state.boards, boards);
    assert.equal(state.moves, moves);
    assert.equal(state.answeredText, 'other');
  });
});

describe('what the counter, the hint and the text box keep', () => {
  it('setOptimal: the start it is for and its length (null while asked)', () => {
    assert.deepEqual(heard(() => play.setOptimal(JAM1, null)), ['optimal']);
    assert.deepEqual(state.optimal, { start: JAM1, length: null });
    play.setOptimal(JAM1, 8);
    assert.deepEqual(state.optimal, { start: JAM1, length: 8 });
  });

  it('setVerdict: kept with the moves and the step it is about', () => {
    const { moves } = loadThree();
    assert.deepEqual(heard(() => play.setVerdict(moves, 3, { kind: 'longer', text: 'Solved: 3 moves, the best is 2.' })), ['verdict']);
    assert.equal(state.verdict.moves, moves);
    assert.equal(state.verdict.step, 3);
    assert.equal(state.verdict.kind, 'longer');
    assert.equal(state.verdict.text, 'Solved: 3 moves, the best is 2.');
  });

  it('setHint: a hint for a board, then none', () => {
    const hint = { move: B_RIGHT, board: JAM1, left: 8, metric: 'moves' };
    assert.deepEqual(heard(() => play.setHint(hint)), ['hint']);
    assert.equal(state.hint, hint);
    play.setHint(null);
    assert.equal(state.hint, null);
  });

  it('the analysis and the link: which text they are about', () => {
    play.setAnalysedText(JAM1_TEXT);
    play.setHardest('hardest text');
    assert.equal(state.analysedText, JAM1_TEXT);
    assert.equal(state.hardest, 'hardest text');
    assert.deepEqual(heard(() => play.clearAnalysis()), ['analysis']);
    assert.equal(state.analysedText, null);
    assert.equal(state.hardest, null);
    play.setLinkText(JAM1_TEXT);
    assert.equal(state.linkText, JAM1_TEXT);
    play.setLinkText(null);
    assert.equal(state.linkText, null);
  });

  it('setAnsweredText: the playback belongs to a text, or to none', () => {
    loadThree();
    play.setAnsweredText(null);
    assert.equal(state.answeredText, null);
    assert.equal(state.moves.length, 3, 'the game stays');
  });
});

describe('subscribe', () => {
  it('tells every subscriber each change until it unsubscribes', () => {
    const a = [];
    const b = [];
    const stopA = play.subscribe((c) => a.push(c));
    const stopB = play.subscribe((c) => b.push(c));
    play.load(JAM1);
    stopA();
    play.stepTo(0);
    stopB();
    play.stepTo(0);
    assert.deepEqual(a, ['load']);
    assert.deepEqual(b, ['load', 'step']);
  });
});
