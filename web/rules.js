// The rules of the board, pure (no DOM, so node's tests import it): moves applied, where a
// vehicle can slide, whether the red car is out, moves as the server writes them, and the
// playback's move count when a move is made by hand.

const DELTA = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };

export function applyMove(board, move) {
  const vehicles = board.vehicles.map((v) => ({ ...v }));
  const v = vehicles.find((x) => x.id === move.vehicle);
  const [dr, dc] = DELTA[move.direction] ?? [0, 0];
  if (!v) throw new Error(`the answer moves ${move.vehicle}, which the drawing does not have`);
  v.row += dr * move.distance;
  v.col += dc * move.distance;
  return { ...board, vehicles };
}

// The red car's right end in the last column of the exit row: out.
export function atExit(board) {
  const t = board.vehicles[board.target];
  return t.horizontal && t.row === board.exitRow && t.col + t.length === board.size;
}

// "bR1": the server's notation of one move (id, U/D/L/R, distance).
export const notationOf = (m) => `${m.vehicle}${m.direction[0].toUpperCase()}${m.distance}`;

// The cells a vehicle covers.
export function cellsOf(v) {
  return Array.from({ length: v.length }, (_, k) => (v.horizontal ? [v.row, v.col + k] : [v.row + k, v.col]));
}

// How far vehicle `v` can slide on `board`: back (up or left) and ahead (down or right), in
// cells, stopping at walls, other vehicles and the board's edge.
export function reach(board, v) {
  const taken = new Set(board.walls.map(([r, c]) => `${r},${c}`));
  for (const o of board.vehicles) if (o !== v) for (const [r, c] of cellsOf(o)) taken.add(`${r},${c}`);
  const [dr, dc] = v.horizontal ? [0, 1] : [1, 0];
  const free = (r, c) => r >= 0 && c >= 0 && r < board.size && c < board.size && !taken.has(`${r},${c}`);
  let back = 0;
  while (free(v.row - dr * (back + 1), v.col - dc * (back + 1))) back++;
  let ahead = 0;
  while (free(v.row + dr * (v.length + ahead), v.col + dc * (v.length + ahead))) ahead++;
  return { back, ahead };
}

// A slide of `cells` (negative: up or left) of vehicle `v`, as the server writes moves.
export function moveOf(v, cells) {
  const direction = v.horizontal ? (cells < 0 ? 'left' : 'right') : cells < 0 ? 'up' : 'down';
  return { vehicle: v.id, direction, distance: Math.abs(cells) };
}

const signedCells = (m) => (m.direction === 'up' || m.direction === 'left' ? -m.distance : m.distance);

// "B: truck, vertical, column 1, rows 2 to 4; can move up 1 or down 1": where a vehicle
// is and where it can go, for its label and for the announcement after a move.
export function describeVehicle(board, v) {
  const { back, ahead } = reach(board, v);
  const kind = v === board.vehicles[board.target] ? 'the red car' : v.length > 2 ? 'truck' : 'car';
  const where = v.horizontal
    ? `row ${v.row}, columns ${v.col} to ${v.col + v.length - 1}`
    : `column ${v.col}, rows ${v.row} to ${v.row + v.length - 1}`;
  const [b, a] = v.horizontal ? ['left', 'right'] : ['up', 'down'];
  const moves = [back && `${b} ${back}`, ahead && `${a} ${ahead}`].filter(Boolean);
  return `${v.id}: ${kind}, ${v.horizontal ? 'horizontal' : 'vertical'}, ${where}; ` +
    `${moves.length ? `can move ${moves.join(' or ')}` : 'cannot move'}.`;
}

// A solution's moves, each with its notation ("bR1"), from the server's when it sent one.
export function movesOf(solution) {
  const notations = solution?.notation ? solution.notation.split(' ') : [];
  return (solution?.moves ?? []).map((m, i) => ({ ...m, notation: notations[i] ?? notationOf(m) }));
}

// The playback after `move` is made from step `step` of `boards` (boards[k]: the board after k
// moves) and `moves`: the steps after `step` are dropped. A move by hand (`hand`) of the
// vehicle the last move by hand moved continues that move, as the "moves" metric counts a
// slide of any distance once; one that brings it back to where it was takes that move back.
// Throws, before anything changes, when the move names a vehicle the board does not have.
export function playMove(boards, moves, step, move, hand) {
  let from = step;
  let next = move;
  const last = moves[from - 1];
  if (hand && last?.hand && last.vehicle === move.vehicle) {
    from -= 1;
    const cells = signedCells(last) + signedCells(move);
    const v = boards[from].vehicles.find((x) => x.id === move.vehicle);
    next = cells === 0 ? null : moveOf(v, cells);
  }
  const after = next && applyMove(boards[from], next);
  const played = { boards: boards.slice(0, from + 1), moves: moves.slice(0, from) };
  if (next) {
    played.boards.push(after);
    played.moves.push({ ...next, notation: notationOf(next), hand });
  }
  return played;
}
