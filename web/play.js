// The page's state and its one owner: the game on the board (the boards of the playback, its
// moves, the step shown, the start's optimal length, the server's verdict, the hint shown) and
// which puzzle texts the answer, the analysis and a handled link belong to. Every other module
// reads `state` and changes it only through the operations below, as a store under a
// controller: what changed is told to the subscribers (the view). Pure: no DOM, so node's
// test runner imports it (tests/web/play.test.mjs); tests/web/state-owner.test.mjs checks that
// no other module writes the state.
import { playMove } from './rules.js';

const owned = {
  boards: [], // boards[k]: the board after k moves of the answer; boards[0] is the start
  moves: [], // the answer's moves, with their notation
  step: 0, // the board shown: boards[step]
  optimal: null, // the start's optimal length in moves: {start: boards[0], length}, or null
  verdict: null, // the server's verdict on a game solved by hand: {moves, step, kind, text}, or null
  hint: null, // the hint shown: {move, board: the board it is for, left, metric}, or null
  answeredText: null, // the puzzle text the shown answer belongs to
  analysedText: null, // the puzzle text the shown analysis belongs to
  hardest: null, // the analysis's hardest position: the text that loads it, or null
  linkText: null, // the puzzle text once a link was handled: the link's message lasts until it changes
};

// The state, to read: writing into it throws, whoever tries.
export const state = new Proxy(owned, {
  set(_, key) {
    throw new TypeError(`state.${String(key)} is play.js's to change`);
  },
  deleteProperty(_, key) {
    throw new TypeError(`state.${String(key)} is play.js's to change`);
  },
  defineProperty(_, key) {
    throw new TypeError(`state.${String(key)} is play.js's to change`);
  },
});

const subscribers = new Set();

// `fn(change)` after every operation, `change` naming what changed ('optimal', 'step', ...).
// Answers the function that unsubscribes it.
export function subscribe(fn) {
  subscribers.add(fn);
  return () => subscribers.delete(fn);
}

function notify(change) {
  for (const fn of [...subscribers]) fn(change);
}

export const lastStep = () => Math.max(0, owned.boards.length - 1);

// No game: no board, no moves, no text answered.
export function reset() {
  owned.answeredText = null;
  owned.boards = [];
  owned.moves = [];
  owned.step = 0;
  notify('reset');
}

// A puzzle's start on the board, with no moves: the preview of the text box.
export function load(start) {
  owned.boards = [start];
  owned.moves = [];
  owned.step = 0;
  notify('load');
}

// An answer for `text`: its moves and the boards they go through (boards[0] the start, none
// when the page cannot draw the puzzle), shown from the start.
export function loadAnswer(text, boards, moves) {
  owned.answeredText = text;
  owned.boards = boards;
  owned.moves = moves;
  owned.step = 0;
  notify('answer');
}

// Shows boards[k], k kept within the playback. Answers the step shown.
export function stepTo(k) {
  owned.step = Math.max(0, Math.min(lastStep(), k));
  notify('step');
  return owned.step;
}

// `move` becomes the next step after the one shown, the steps after it dropped (hand: a move
// by hand, which may continue the previous one: rules.js's playMove). The playback then
// belongs to `text`, the puzzle text, even when the move throws (a vehicle the board does not
// have), which changes nothing else. Answers the new last step; the step shown stays.
export function applyMove(move, hand, text) {
  owned.answeredText = text;
  const played = playMove(owned.boards, owned.moves, owned.step, move, hand); // may throw
  owned.boards = played.boards;
  owned.moves = played.moves;
  notify('moves');
  return owned.boards.length - 1;
}

// The playback belongs to `text` (null: to no text, so that loading the same text again
// starts afresh).
export function setAnsweredText(text) {
  owned.answeredText = text;
  notify('answeredText');
}

// The optimal length of `start` (null: asked, not known yet).
export function setOptimal(start, length) {
  owned.optimal = { start, length };
  notify('optimal');
}

// The server's verdict on `moves` played up to `step`: {kind, text}.
export function setVerdict(moves, step, verdict) {
  owned.verdict = { moves, step, ...verdict };
  notify('verdict');
}

// The hint shown ({move, board, left, metric}), or null.
export function setHint(hint) {
  owned.hint = hint;
  notify('hint');
}

// The analysis shown is about `text`; its hardest position is loaded by the text `hardest`
// (null: none to load). clearAnalysis: no analysis is shown.
export function setAnalysedText(text) {
  owned.analysedText = text;
  notify('analysis');
}

export function setHardest(text) {
  owned.hardest = text;
  notify('analysis');
}

export function clearAnalysis() {
  owned.analysedText = null;
  owned.hardest = null;
  notify('analysis');
}

// A link has been handled and the text box holds `text`, the puzzle that follows from it
// (null: the puzzle has changed since).
export function setLinkText(text) {
  owned.linkText = text;
  notify('link');
}
