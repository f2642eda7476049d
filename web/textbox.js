// The puzzle text box: the board preview and the page's address follow the text; a changed
// text drops the previous answer and analysis; a reference puzzle, a generated one or an edit
// is loaded into it.
import { writeAddress } from './address.js';
import { PreviewError, parsePuzzle, describeForm, textOptions } from './forms.js';
import { clearErrors, setMessage, showMessage } from './messages.js';
import { ui } from './page.js';
import { state, reset, load, setAnsweredText, setLinkText, clearAnalysis as forgetAnalysis } from './play.js';
import { drawBoard, goTo, updateControls, pause, hideHint } from './playback.js';
import { REFERENCE_PUZZLES, CUSTOM } from './puzzles.js';

let previewTimer = 0;

export function showPreview() {
  const text = ui.input.value;
  writeAddress();
  if (state.linkText !== null && text !== state.linkText) {
    setMessage(ui.linkMessage, '', ''); // about a link, not the puzzle now on the board
    setLinkText(null);
  }
  showTextOptions(text);
  if (text !== state.analysedText) clearAnalysis();
  try {
    const puzzle = parsePuzzle(text);
    ui.inputForm.textContent = `${describeForm(text)}: ${puzzle.size}x${puzzle.size}, ` +
      `${puzzle.vehicles.length} vehicles, ${puzzle.walls.length} wall${puzzle.walls.length === 1 ? '' : 's'}, exit on the right of row ${puzzle.exitRow}`;
    if (text !== state.answeredText) {
      clearAnswer();
      load(puzzle);
      drawBoard(puzzle);
      goTo(0, false);
    }
    ui.board.removeAttribute('hidden');
    note('');
  } catch (e) {
    if (!(e instanceof PreviewError)) throw e;
    ui.inputForm.textContent = text.trim() ? `${describeForm(text)}: ${e.message}` : '';
    if (text !== state.answeredText) {
      clearAnswer();
      ui.board.replaceChildren();
      ui.board.setAttribute('hidden', '');
      note(`Nothing to draw: ${e.message}. The server will say what it thinks when you solve.`);
    }
  }
}

// Options written in a JSON puzzle's "options" win over the menus (buildRequest lets them):
// the menus show them, locked while the text sets them, so that what is sent is what is
// shown. A value a menu does not offer is left for the server to judge.
export function showTextOptions(text) {
  const own = textOptions(text);
  let set = false;
  for (const menu of [ui.algorithm, ui.metric]) {
    const offered = [...menu.options].some((o) => o.value === own[menu.name]);
    if (offered) menu.value = own[menu.name];
    menu.disabled = offered;
    set ||= offered;
  }
  ui.optionsNote.hidden = !set;
}

export function note(text) {
  ui.boardNote.textContent = text;
  ui.boardNote.hidden = !text;
}

export function clearAnswer() {
  pause();
  reset();
  ui.moves.replaceChildren();
  ui.summary.replaceChildren();
  hideHint();
  ui.stepLabel.textContent = 'no solution yet';
  ui.stepLabel.dataset.step = '0';
  ui.stepLabel.dataset.steps = '0';
  updateControls();
}

export function onInput() {
  ui.select.value = REFERENCE_PUZZLES.some((p) => p.text === ui.input.value) ? ui.select.value : CUSTOM;
  clearTimeout(previewTimer);
  previewTimer = setTimeout(showPreview, 120);
}

export function loadReference(key) {
  const p = REFERENCE_PUZZLES.find((x) => x.key === key);
  if (p) loadText(p.text);
}

// Puts a puzzle into the text box and the board at its start, as if typed, even when the
// same text is there already with moves played on it.
export function loadText(text) {
  setAnsweredText(null);
  ui.input.value = text;
  ui.select.value = REFERENCE_PUZZLES.find((p) => p.text === text)?.key ?? CUSTOM;
  clearErrors();
  showMessage('', '');
  showPreview();
}

// The preview catches up first, so that a late one cannot wipe an answer about to come.
export function flushPreview() {
  clearTimeout(previewTimer);
  showPreview();
}

// Another puzzle in the box: the analysis shown is no longer about it.
export function clearAnalysis() {
  forgetAnalysis();
  ui.analysis.hidden = true;
  ui.analysisEmpty.hidden = false;
}
