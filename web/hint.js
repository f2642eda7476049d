// Hint: POST v1/hint for the board shown, and a button that plays the move.
//
// The board shown is the puzzle's start, a step of a solution, or a position reached by
// applying hints. The start is sent as the user's own text (so that a 400 names the
// text's fields); any other position in the JSON vehicles form. Applying a hint makes it
// the next step of the playback, dropping the steps after it, so Back undoes it.
import { HINT_URL, jsonRequest, callApi } from './api.js';
import { buildRequest, positionDocument } from './forms.js';
import { puzzleOutlet, showMessage, fillSummary } from './messages.js';
import { ui } from './page.js';
import { state, setHint } from './play.js';
import { goTo, pause, pushMove, hideHint } from './playback.js';
import { notationOf } from './rules.js';
import { flushPreview } from './textbox.js';

export async function hint() {
  flushPreview();
  const text = ui.input.value;
  const board = state.boards[state.step] ?? null;
  const options = { metric: ui.metric.value };
  const request = board && state.step > 0
    ? jsonRequest({ ...positionDocument(board), options })
    : buildRequest(text, options);
  hideHint();
  pause();
  showMessage('busy', 'Looking for the next move…');
  const result = await callApi('hint', HINT_URL, request, { button: ui.hint, form: ui.form,
    outlet: puzzleOutlet, advice: 'try a smaller puzzle' });
  if (!result?.ok) return;
  // The board may have changed while the hint was on its way: it belongs to the old one.
  if ((state.boards[state.step] ?? null) !== board) {
    showMessage('info', 'The board changed while the hint was on its way: ask again.');
    return;
  }
  showHint(result, board);
}

// API: the hint is a solve answer whose solution has (at most) one move; move_count and
// slide_count are those of the whole optimal solution from this position.
export function showHint({ doc }, board) {
  const solution = doc.solution;
  const move = solution?.moves?.[0];
  ui.hintBox.hidden = false;
  ui.applyHint.hidden = true;
  if (doc.status !== 'solved') {
    ui.hintText.textContent = 'No move helps: from here the red car can never get out.';
  } else if (!move) {
    ui.hintText.textContent = 'No move needed: the red car is already out.';
  } else {
    const left = doc.metric === 'slides' ? solution.slide_count : solution.move_count;
    ui.hintText.textContent = `Next: ${move.vehicle} ${move.direction} ${move.distance} ` +
      `(${notationOf(move)}); ${left} ${doc.metric} to the exit from here.`;
    ui.hintText.dataset.left = String(left);
    // Kept only with a drawn board: applying needs one to move the vehicle on.
    if (board) setHint({ move, board, left, metric: doc.metric });
    ui.applyHint.hidden = !board;
  }
  showMessage('', '');
}

export function applyHint() {
  const hinted = state.hint;
  if (!hinted) return;
  let step;
  try {
    step = pushMove(hinted.move, false);
  } catch (e) {
    showMessage('error', `The hint cannot be applied here: ${e.message}.`);
    return;
  }
  fillSummary(ui.summary, [
    ['moves_played', state.moves.length],
    [`${hinted.metric}_to_go`, hinted.left - (hinted.metric === 'slides' ? hinted.move.distance : 1)],
  ]);
  goTo(step, true);
}
