// The board editor: a drag over empty cells places a vehicle (horizontal along a row,
// vertical along a column; the red car tool moves the red car there), a click removes a
// vehicle or a wall, or places a wall with the wall tool. Every edit is written into the
// puzzle text in the JSON vehicles form, and the text draws the board as typing does: the
// text and the board stay in step both ways.
import { CELL, PAD, boardPoint } from './draw.js';
import { pretty, positionDocument } from './forms.js';
import { showMessage } from './messages.js';
import { ui } from './page.js';
import { state } from './play.js';
import { cellsOf } from './rules.js';
import { loadText } from './textbox.js';

let editing = false; // the editor is on: drags on the board place vehicles, clicks remove

export const isEditing = () => editing;

export function toggleEditor() {
  editing = !editing;
  ui.edit.setAttribute('aria-pressed', String(editing));
  ui.editor.hidden = !editing;
  ui.board.classList.toggle('editing', editing);
  if (!editing) return;
  const start = state.boards[0];
  if (!start) clearBoard();
  else {
    ui.editSize.value = String(start.size);
    ui.editExitRow.value = String(start.exitRow);
    if (state.step > 0) loadText(ui.input.value); // the editor edits the start
  }
}

// The board cell under the pointer, or null off the board.
export function cellAt(e) {
  const p = boardPoint(e);
  const n = state.boards[0]?.size ?? 0;
  const r = Math.floor((p.y - PAD) / CELL);
  const c = Math.floor((p.x - PAD) / CELL);
  return r >= 0 && c >= 0 && r < n && c < n ? [r, c] : null;
}

// A press on the board while editing: answers the press to follow (hand.js keeps it until
// the release, which makes the edit), or null when it is none.
export function editPointerDown(e) {
  const from = cellAt(e);
  if (!from || e.button > 0) return null;
  e.preventDefault();
  ui.board.setPointerCapture(e.pointerId);
  return { pointer: e.pointerId, edit: from };
}

export const editTool = () => ui.editor.querySelector('input[name="edit-tool"]:checked').value;

// The edit a press at `from` and a release at `to` make on the start board.
export function edit(from, to) {
  const board = state.boards[0];
  if (!board || !to) return;
  const at = ([r, c]) => board.vehicles.find((v) => cellsOf(v).some(([vr, vc]) => vr === r && vc === c));
  const wallAt = ([r, c]) => board.walls.findIndex(([wr, wc]) => wr === r && wc === c);
  const target = board.vehicles[board.target];
  let vehicles = board.vehicles;
  let walls = board.walls;
  if (from[0] === to[0] && from[1] === to[1]) {
    const v = at(from);
    if (v && v !== target) vehicles = vehicles.filter((x) => x !== v);
    else if (wallAt(from) >= 0) walls = walls.filter((_, i) => i !== wallAt(from));
    else if (!v && editTool() === 'wall') walls = [...walls, from];
    else return;
  } else if (from[0] === to[0] || from[1] === to[1]) {
    const horizontal = from[0] === to[0];
    const [r, c] = [Math.min(from[0], to[0]), Math.min(from[1], to[1])];
    const length = Math.abs(to[0] - from[0]) + Math.abs(to[1] - from[1]) + 1;
    const placed = { id: '', row: r, col: c, length, horizontal };
    const isTarget = editTool() === 'target';
    if (cellsOf(placed).some((cell) => (at(cell) && !(isTarget && at(cell) === target)) || wallAt(cell) >= 0)) {
      showMessage('info', 'A vehicle goes on empty cells only.');
      return;
    }
    if (isTarget) {
      vehicles = vehicles.map((v) => (v === target ? { ...placed, id: v.id } : v));
    } else {
      placed.id = [...'ABCDEFGHIJKLMNOPQRSTUVWYZ0123456789'].find((id) => !vehicles.some((v) => v.id.toUpperCase() === id)) ?? '';
      if (!placed.id) return;
      vehicles = [...vehicles, placed];
    }
  } else {
    return;
  }
  writeBoard({ ...board, vehicles, walls, target: vehicles.indexOf(vehicles.find((v) => v.id === target.id)) });
}

// An empty board of the editor's size: only the red car, at the left of the exit row.
export function clearBoard() {
  const size = Math.max(3, Math.min(16, Number(ui.editSize.value) || 6));
  const exitRow = Math.max(0, Math.min(size - 1, Number(ui.editExitRow.value) || 0));
  writeBoard({ size, exitRow, walls: [], target: 0,
    vehicles: [{ id: 'X', row: exitRow, col: 0, length: 2, horizontal: true }] });
}

// A new exit row: the red car moves into it, where it is free.
export function setExitRow() {
  const board = state.boards[0];
  const row = Number(ui.editExitRow.value);
  if (!board || !Number.isInteger(row) || row < 0 || row >= board.size) return;
  const target = board.vehicles[board.target];
  const moved = { ...target, row };
  const others = { ...board, vehicles: board.vehicles.filter((v) => v !== target) };
  const taken = new Set([...others.walls, ...others.vehicles.flatMap(cellsOf)].map(([r, c]) => `${r},${c}`));
  if (!target.horizontal || cellsOf(moved).some(([r, c]) => taken.has(`${r},${c}`))) {
    showMessage('info', `The red car cannot go to row ${row}: its cells there are taken.`);
    return;
  }
  writeBoard({ ...board, exitRow: row, vehicles: board.vehicles.map((v) => (v === target ? moved : v)) });
}

export function writeBoard(board) {
  loadText(pretty(positionDocument(board)));
}
