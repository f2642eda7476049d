// Solve: POST v1/solve for the puzzle (or, from a later step, for the board shown), then the
// answer's summary, its moves and their playback on the board.
import { SOLVE_URL, jsonRequest, callApi } from './api.js';
import { fmtInt, fmtUs, fmtBytes } from './format.js';
import { buildRequest, positionDocument, tryParse } from './forms.js';
import { puzzleOutlet, showMessage, fillSummary } from './messages.js';
import { ui } from './page.js';
import { state, loadAnswer, stepTo } from './play.js';
import { drawBoard, goTo, play, pause, pushMove, renderMoveList } from './playback.js';
import { applyMove, atExit, movesOf } from './rules.js';
import { note, clearAnswer, flushPreview } from './textbox.js';

// Solve from here: the board shown is solved (POST v1/solve, in the JSON vehicles form) and
// its answer becomes the rest of the playback, which then plays. From the start it is Solve.
export async function solveFromHere() {
  if (state.step === 0) {
    solve();
    return;
  }
  const board = state.boards[state.step];
  const request = jsonRequest({ ...positionDocument(board), options: solveOptions() });
  pause();
  showMessage('busy', 'Solving from here…');
  const result = await callApi('solve', SOLVE_URL, request, { button: ui.solveHere, form: ui.form,
    outlet: puzzleOutlet, advice: 'try astar or fast' });
  if (!result?.ok || state.boards[state.step] !== board) return;
  const doc = result.doc;
  fillSummary(ui.summary, answerRows(doc, result.roundTripMs, result.requestId));
  if (doc.status !== 'solved') {
    showMessage('info', 'No solution from here: undo some moves.');
    return;
  }
  const here = state.step;
  for (const m of movesOf(doc.solution)) stepTo(pushMove(m, false));
  stepTo(here);
  showMessage('ok', `${doc.solution.move_count} more moves from here.`);
  play();
}

// The options of a solve, as the dropdowns show them.
export const solveOptions = () => ({ algorithm: ui.algorithm.value, metric: ui.metric.value });

export async function solve() {
  flushPreview();
  const text = ui.input.value;
  const start = tryParse(text);
  const request = buildRequest(text, solveOptions());
  pause();
  showMessage('busy', 'Solving…');
  const result = await callApi('solve', SOLVE_URL, request, { button: ui.solve, form: ui.form,
    outlet: puzzleOutlet, advice: 'try astar or fast, or a smaller puzzle' });
  if (!result) return;
  if (result.ok) {
    showAnswer(result.doc, text, start, result.roundTripMs, result.requestId);
    return;
  }
  const doc = result.doc;
  if (result.res.status === 422 && doc?.stats) {
    fillSummary(ui.summary, [
      ['status', `stopped: ${doc.limit} limit`],
      ['algorithm', doc.algorithm],
      ['metric', doc.metric],
      ...statsRows(doc.stats),
      ...timingRows(doc.timing_us, result.roundTripMs),
      ['request_id', doc.request_id],
    ]);
  }
}

// API: a 200 answer. status "solved" has solution.{moves, move_count, slide_count, notation};
// "unsolvable" has no solution. optimal says whether the length is proved minimal (false
// only for the "fast" algorithm).
export function showAnswer(doc, text, start, roundTripMs, requestId) {
  clearAnswer();
  const solution = doc.solution;
  const moves = movesOf(solution);
  // The boards the moves go through, from the start: the start alone when the moves cannot
  // be replayed here (why: `unanimated`), none when the page cannot draw the puzzle.
  let boards = start ? [start] : [];
  let unanimated = null;
  if (start && doc.status === 'solved') {
    try {
      for (const m of moves) boards.push(applyMove(boards[boards.length - 1], m));
    } catch (e) {
      boards = [start];
      unanimated = e;
    }
  }
  loadAnswer(text, boards, moves);
  fillSummary(ui.summary, answerRows(doc, roundTripMs, requestId));
  renderMoveList();

  if (doc.status !== 'solved') {
    showMessage('info', 'No solution: the search proved that the red car can never get out.');
    if (start) {
      drawBoard(start);
      goTo(0, false);
    }
    ui.stepLabel.textContent = 'unsolvable';
    return;
  }
  const verdict = doc.optimal ? 'the fewest' : 'not proved the fewest';
  showMessage('ok', `Solved in ${solution.move_count} moves (${solution.slide_count} slides; ${verdict} ${doc.metric}).`);
  if (!start) {
    note('The answer cannot be animated: this page could not draw the puzzle.');
    ui.stepLabel.textContent = `${state.moves.length} moves`;
    return;
  }
  if (unanimated) note(`The answer cannot be animated: ${unanimated.message}.`);
  // Replaying the moves here must bring the red car out; if not, this page's parser and
  // the server read the puzzle differently, and the drawing would mislead.
  if (state.boards.length > 1 && !atExit(state.boards[state.boards.length - 1])) {
    note('The drawing and the server disagree about this puzzle: the animation may be wrong.');
  }
  drawBoard(start);
  goTo(0, false);
  play();
}

export function answerRows(doc, roundTripMs, requestId) {
  const solution = doc.solution;
  return [
    ['status', doc.status],
    ['optimal', doc.optimal ? 'yes' : 'no'],
    ['algorithm', doc.algorithm],
    ['metric', doc.metric],
    ['move_count', solution ? solution.move_count : '–'],
    ['slide_count', solution ? solution.slide_count : '–'],
    ...statsRows(doc.stats),
    ...timingRows(doc.timing_us, roundTripMs),
    ['cached', doc.cached ? 'yes (an earlier search\'s answer)' : 'no'],
    ['request_id', requestId ?? '–'],
  ];
}

export function statsRows(stats) {
  if (!stats) return [];
  return [
    ['nodes_expanded', fmtInt(stats.nodes_expanded)],
    ['nodes_generated', fmtInt(stats.nodes_generated)],
    ['states_stored', fmtInt(stats.states_stored)],
    ['peak_memory', fmtBytes(stats.peak_memory_bytes)],
    ['search_time', fmtUs(stats.elapsed_us)],
  ];
}

// timing_us: waiting for a solver (queue), parsing, searching, and the server's total; the
// round trip is measured here, so it adds the network and the browser.
export function timingRows(t, roundTripMs) {
  const rows = t
    ? [['queue', fmtUs(t.queue)], ['parse', fmtUs(t.parse)], ['solve', fmtUs(t.solve)], ['server_total', fmtUs(t.total)]]
    : [];
  return [...rows, ['round_trip', `${roundTripMs.toFixed(1)} ms`]];
}
