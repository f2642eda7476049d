// A breadth-first search over a board's positions made only of the page's move rules
// (web/rules.js), for the tests to compare with the reference answers in tests/data/: if the
// page's rules slid vehicles differently from the server's, the counts would differ.
import { applyMove, atExit, moveOf, reach } from '../../web/rules.js';

const key = (board) => board.vehicles.map((v) => `${v.row},${v.col}`).join(' ');

// Every move of the board: each vehicle, each distance it can slide (`slides`: one cell only).
export function movesFrom(board, slides = false) {
  const out = [];
  for (const v of board.vehicles) {
    const { back, ahead } = reach(board, v);
    for (let d = 1; d <= (slides ? Math.min(back, 1) : back); d++) out.push(moveOf(v, -d));
    for (let d = 1; d <= (slides ? Math.min(ahead, 1) : ahead); d++) out.push(moveOf(v, d));
  }
  return out;
}

// {reachable: positions reachable from the start, length: the fewest moves (or slides) to the
// exit or null, path: those moves}.
export function search(start, { slides = false } = {}) {
  const seen = new Map([[key(start), null]]);
  let frontier = [start];
  let goal = atExit(start) ? start : null;
  const boards = new Map([[key(start), start]]);
  while (frontier.length) {
    const next = [];
    for (const board of frontier) {
      for (const move of movesFrom(board, slides)) {
        const after = applyMove(board, move);
        const k = key(after);
        if (seen.has(k)) continue;
        seen.set(k, { from: key(board), move });
        boards.set(k, after);
        if (!goal && atExit(after)) goal = after;
        next.push(after);
      }
    }
    frontier = next;
  }
  if (!goal) return { reachable: seen.size, length: null, path: null };
  const path = [];
  for (let k = key(goal); seen.get(k); k = seen.get(k).from) path.unshift(seen.get(k).move);
  return { reachable: seen.size, length: path.length, path };
}
