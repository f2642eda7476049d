// The puzzle in the page's address, pure (no DOM, so node's tests import it): a URL fragment
// read into what it names, and written back from the puzzle text. Three forms:
//
//   #id=6qEEgucAESQ    a bank puzzle, by its id (GET v1/puzzles/{id} answers it);
//   #board=BCC.D.B...  any other board, in the one-line database notation;
//   #text=%7B%22...    the puzzle text itself, URL-encoded, where the notation cannot say it
//                      all (options in a JSON puzzle, an exit row away from the red car, a
//                      vertical red car, a text the page cannot draw).
import { parsePuzzle, PreviewError, textOptions, textRows } from './forms.js';

// An id is the board size digit, then base64url (docs/bank.md "Puzzle ids"); the server
// judges the rest. Checked here only so that a link never names another route (daily, stats).
const ID = /^[0-9][A-Za-z0-9_-]*$/;
// The notation's characters: '.' or 'o' empty, 'x' a wall, letters and digits vehicles.
const BOARD = /^[A-Za-z0-9.]+$/;
// The names a vehicle may take in the notation besides the red car's 'A' ('o' and 'x' are cells).
const LABELS = [...'BCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnpqrstuvwyz0123456789'];

// What a fragment (location.hash, with or without its '#') names: {id}, {board} or {text};
// null when it names nothing; {error: why} when it cannot be read.
export function parseFragment(hash) {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!body) return null;
  const eq = body.indexOf('=');
  const key = eq < 0 ? body : body.slice(0, eq);
  if (eq < 0 || !['id', 'board', 'text'].includes(key)) {
    return { error: `"#${body.slice(0, 40)}" names no puzzle: a link holds #id=, #board= or #text=` };
  }
  let value;
  try {
    value = decodeURIComponent(body.slice(eq + 1));
  } catch {
    return { error: `the link's ${key} is not URL-encoded properly` };
  }
  if (!value.trim()) return { error: `the link's ${key} is empty` };
  if (key === 'id' && !ID.test(value)) {
    return { error: `"${value.slice(0, 40)}" is not a puzzle id (an id is the board size, then letters, digits, - and _)` };
  }
  if (key === 'board' && !BOARD.test(value)) {
    return { error: 'the link\'s board is not one line of the database notation (letters, digits and dots)' };
  }
  return { [key]: value };
}

// The fragment of {id}, {board} or {text} ('' for null), which parseFragment reads back.
export function buildFragment(link) {
  if (!link) return '';
  if (link.id !== undefined) return `#id=${encodeURIComponent(link.id)}`;
  if (link.board !== undefined) return `#board=${encodeURIComponent(link.board)}`;
  return `#text=${encodeURIComponent(link.text)}`;
}

// What names the puzzle `text` in a link: the bank's `id` when it has one (the text is that
// bank puzzle's); a one-line board as it is; any other board the page can draw, in the
// notation, when it says everything; else the text. null for an empty text.
export function linkOf(text, id = null) {
  if (id) return { id };
  const body = text.trim();
  if (!body) return null;
  const rows = body.startsWith('{') ? [] : textRows(body);
  if (rows.length === 1 && BOARD.test(rows[0])) return { board: rows[0] };
  if (Object.keys(textOptions(body)).length) return { text };
  let board;
  try {
    board = parsePuzzle(body);
  } catch (e) {
    if (!(e instanceof PreviewError)) throw e;
    return { text };
  }
  const notation = boardNotation(board);
  return notation ? { board: notation } : { text };
}

// A drawn board ({size, exitRow, walls, vehicles, target}) in the database notation, or null
// when the notation cannot express it: the red car vertical or off the exit row, vehicles
// overlapping, more vehicles than names. The red car is 'A'; another vehicle keeps its name
// when the notation allows it (one letter or digit, not 'A', 'o' or 'x', not taken), else
// takes the first free one, so Jam 1's grid keeps its letters.
export function boardNotation(board) {
  const target = board.vehicles[board.target];
  if (!target || !target.horizontal || target.row !== board.exitRow) return null;
  const names = new Map([[target, 'A']]);
  const others = board.vehicles.filter((v) => v !== target);
  for (const v of others) {
    const taken = [...names.values()].includes(v.id);
    if (LABELS.includes(v.id) && !taken) names.set(v, v.id);
  }
  const free = LABELS.filter((l) => ![...names.values()].includes(l));
  for (const v of others) {
    if (names.has(v)) continue;
    if (!free.length) return null;
    names.set(v, free.shift());
  }
  const cells = Array(board.size * board.size).fill('.');
  const put = (r, c, ch) => {
    const i = r * board.size + c;
    if (cells[i] !== '.') return false;
    cells[i] = ch;
    return true;
  };
  for (const [r, c] of board.walls) if (!put(r, c, 'x')) return null;
  for (const v of board.vehicles) {
    for (let k = 0; k < v.length; k++) {
      if (!put(v.horizontal ? v.row : v.row + k, v.horizontal ? v.col + k : v.col, names.get(v))) return null;
    }
  }
  return cells.join('');
}
