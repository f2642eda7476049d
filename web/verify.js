// A game solved by hand, checked by the server: when a move by hand brings the red car to the
// exit, the page sends the start and the moves played (POST v1/verify), and the counter shows
// the verdict: "optimal!" or "N moves, the best is M". The server replays the moves itself and
// finds the optimal length itself, so its verdict does not rest on the page's own count.
import { VERIFY_URL, jsonRequest, callApi, quietOutlet } from './api.js';
import { positionDocument } from './forms.js';
import { state, setVerdict } from './play.js';

const plural = (n) => `${n} move${n === 1 ? '' : 's'}`;

// API: the verdict document: legal, first_illegal and reason (what stopped the first
// impossible move), solved, move_count (a run of one vehicle counts once, as the page counts),
// optimal_move_count (null when the start is unsolvable), optimal. Its kind and its words.
function verdictOf(doc) {
  if (!doc.legal) {
    return { kind: 'illegal', text: `The server found move ${doc.first_illegal + 1} impossible (${doc.reason.code}).` };
  }
  if (!doc.solved) return { kind: 'unsolved', text: 'The server does not see the red car out.' };
  if (doc.optimal) return { kind: 'optimal', text: `Solved in ${plural(doc.move_count)}: optimal!` };
  if (doc.optimal_move_count === null) return { kind: 'unknown', text: `Solved in ${plural(doc.move_count)}.` };
  return { kind: 'longer', text: `Solved: ${plural(doc.move_count)}, the best is ${doc.optimal_move_count}.` };
}

// Asks the verdict on the moves from the start to the board shown, in the background; it is
// kept for those moves (the moves as they are now, up to this step), so Undo and Redo find it
// again, and a new move or puzzle leaves it behind. Quiet: if it fails, the counter simply
// goes without it.
export async function askVerdict() {
  const { moves, step } = state;
  const start = state.boards[0];
  const played = moves.slice(0, step).map(({ vehicle, direction, distance }) => ({ vehicle, direction, distance }));
  const request = jsonRequest({ ...positionDocument(start), moves: played });
  const result = await callApi('verify', VERIFY_URL, request, { outlet: quietOutlet, raw: false });
  if (!result?.ok || state.moves !== moves || state.boards[0] !== start) return;
  setVerdict(moves, step, verdictOf(result.doc)); // the counter follows (playback.js)
}
