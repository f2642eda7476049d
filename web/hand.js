// Playing by hand: drag a vehicle (mouse, pen or touch: pointer events) or Tab to it and
// slide it with the arrow keys. A move by hand becomes the next step of the playback, as an
// applied hint does, dropping the steps after it: Undo and Redo are Back and Forward. Moving
// the vehicle just moved by hand again continues that move (the "moves" metric counts a
// slide of any distance once), so the counter compares fairly with the optimal length.
import { HINT_URL, jsonRequest, callApi, quietOutlet } from './api.js';
import { CELL, cellX, cellY, place, setTranslate, boardPoint } from './draw.js';
import { cellAt, editPointerDown, edit, isEditing } from './editor.js';
import { positionDocument } from './forms.js';
import { ui } from './page.js';
import { state, setOptimal } from './play.js';
import { goTo, pause, pushMove } from './playback.js';
import { atExit, reach, moveOf, describeVehicle } from './rules.js';
import { askVerdict } from './verify.js';

// The vehicle being dragged: {pointer, g, v, origin, back, ahead, offset}; or, in the editor,
// the press of an edit: {pointer, edit: its cell}; or null.
let drag = null;

// A move by hand of `cells` (negative: up or left), already checked against reach().
export function playByHand(v, cells) {
  const step = pushMove(moveOf(v, cells), true);
  goTo(step, false);
  const now = state.boards[step].vehicles.find((x) => x.id === v.id);
  const out = atExit(state.boards[step]);
  ui.announce.textContent = `${describeVehicle(state.boards[step], now)}${out ? ' Solved: the red car is out.' : ''}`;
  askOptimal();
  if (out) askVerdict();
}

// The vehicle of the board shown that a group draws.
export function vehicleOf(g) {
  return state.boards[state.step]?.vehicles.find((v) => v.id === g.dataset.id) ?? null;
}

export function onPointerDown(e) {
  if (isEditing()) {
    drag = editPointerDown(e) ?? drag;
    return;
  }
  const g = e.target.closest?.('g.vehicle');
  const v = g && vehicleOf(g);
  if (!v || e.button > 0) return;
  e.preventDefault();
  pause();
  goTo(state.step, false); // a slide in progress lands first
  g.focus({ preventScroll: true });
  ui.board.setPointerCapture(e.pointerId);
  drag = { pointer: e.pointerId, g, v, origin: boardPoint(e), ...reach(state.boards[state.step], v), offset: 0 };
  g.classList.add('dragging');
}

// The vehicle follows the pointer along its axis, between its limits.
export function onPointerMove(e) {
  if (!drag || drag.edit || e.pointerId !== drag.pointer) return;
  const p = boardPoint(e);
  const along = drag.v.horizontal ? p.x - drag.origin.x : p.y - drag.origin.y;
  drag.offset = Math.max(-drag.back * CELL, Math.min(drag.ahead * CELL, along));
  const dx = drag.v.horizontal ? drag.offset : 0;
  setTranslate(drag.g, cellX(drag.v.col) + dx, cellY(drag.v.row) + drag.offset - dx);
}

// Let go: the vehicle snaps to the nearest cell; a changed cell is a move.
export function onPointerUp(e) {
  const done = drag;
  if (!done || e.pointerId !== done.pointer) return;
  drag = null;
  if (done.edit) {
    if (e.type === 'pointerup') edit(done.edit, cellAt(e));
    return;
  }
  done.g.classList.remove('dragging');
  const cells = e.type === 'pointercancel' ? 0 : Math.round(done.offset / CELL);
  if (cells === 0) place(done.g, done.v);
  else playByHand(done.v, cells);
}

// Arrow keys on a focused vehicle slide it one cell along its axis.
export function onBoardKey(e) {
  const g = e.target.closest?.('g.vehicle');
  const v = g && vehicleOf(g);
  const step = { ArrowUp: [-1, false], ArrowDown: [1, false], ArrowLeft: [-1, true], ArrowRight: [1, true] }[e.key];
  if (!v || !step || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  const [cells, horizontal] = step;
  const { back, ahead } = reach(state.boards[state.step], v);
  if (horizontal !== v.horizontal || (cells < 0 ? back : ahead) === 0) {
    ui.announce.textContent = `${describeVehicle(state.boards[state.step], v)}`;
    return;
  }
  playByHand(v, cells);
}

// API: the start's optimal length, asked once per puzzle, in the background, at the first
// move by hand: POST v1/hint on the start (metric moves) answers it as move_count. Quiet:
// if it fails, the counter simply goes without it.

export async function askOptimal() {
  const start = state.boards[0];
  if (!start || state.optimal?.start === start) return;
  setOptimal(start, null);
  const request = jsonRequest({ ...positionDocument(start), options: { metric: 'moves' } });
  const result = await callApi('optimal', HINT_URL, request, { outlet: quietOutlet });
  if (!result?.ok || state.optimal?.start !== start || result.doc.status !== 'solved') return;
  setOptimal(start, result.doc.solution.move_count); // the counter follows (playback.js)
}
