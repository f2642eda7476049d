// Puzzles to play: the server's puzzle bank (GET v1/puzzles/...), by difficulty or the
// puzzle of the day. A bank puzzle comes with its optimal length, so the move counter knows
// it at once, without a solve.
import { rememberBankId } from './address.js';
import { PUZZLES_URL, DAILY_URL, BANK_STATS_URL, GET_REQUEST, callApi } from './api.js';
import { fmtInt } from './format.js';
import { setMessage } from './messages.js';
import { ui, state } from './page.js';
import { renderPlayStatus } from './playback.js';
import { loadText } from './textbox.js';

// New puzzle's difficulties: ranges of optimal lengths in moves (max null: no bound). Those
// the served bank has no puzzle in are offered disabled, so every choice loads a puzzle.
export const LEVELS = [
  { key: 'beginner', label: 'Beginner', min: 1, max: 10 },
  { key: 'intermediate', label: 'Intermediate', min: 11, max: 20 },
  { key: 'advanced', label: 'Advanced', min: 21, max: 30 },
  { key: 'expert', label: 'Expert', min: 31, max: null },
];

// Where the bank's answers are told. The page builds every query itself, so a 400 (which
// would list its fields) is the page's own bug: its title and detail say enough.
export const bankOutlet = {
  message: (kind, text) => setMessage(ui.bankMessage, kind, text),
  errors: () => {},
  clear: () => {},
};

// API: GET v1/puzzles/stats, once at start: by_moves counts the bank's puzzles per optimal
// length. A 503 of type .../no-bank means the server serves no bank (--bank off, or none
// found): the controls stay off, and say why.
export async function loadBankStats() {
  const result = await callApi('bank', BANK_STATS_URL, GET_REQUEST, { form: ui.bank, outlet: bankOutlet, raw: false });
  if (!result) return;
  if (!result.ok) {
    if (result.res.status === 503 && String(result.doc?.type).endsWith('no-bank')) {
      ui.bank.dataset.bank = 'none';
      setMessage(ui.bankMessage, 'info',
        'This server has no puzzle bank (it was started with --bank off, or found none): New puzzle and Puzzle of the day are unavailable.');
    }
    return;
  }
  const counts = result.doc.by_moves ?? {};
  const countIn = (level) => Object.entries(counts)
    .filter(([moves]) => Number(moves) >= level.min && (level.max === null || Number(moves) <= level.max))
    .reduce((sum, [, n]) => sum + n, 0);
  ui.bankLevel.replaceChildren(...LEVELS.map((level) => {
    const n = countIn(level);
    const range = level.max === null ? `${level.min}+` : `${level.min}-${level.max}`;
    const option = new Option(`${level.label}: ${range} moves (${n ? fmtInt(n) : 'none in this bank'})`, level.key);
    option.disabled = n === 0;
    return option;
  }));
  const first = [...ui.bankLevel.options].find((o) => !o.disabled);
  ui.bank.dataset.bank = 'ready';
  ui.bankLevel.disabled = !first;
  ui.newPuzzle.disabled = !first;
  if (first) ui.bankLevel.value = first.value;
  ui.daily.disabled = false;
  setMessage(ui.bankMessage, 'info', `The server's bank holds ${fmtInt(result.doc.total)} puzzles: pick a difficulty.`);
}

// API: GET v1/puzzles?min_moves=&max_moves=&count=1: a random puzzle of the bank in the
// range (the answer's seed picks it again).
export async function newPuzzle() {
  const level = LEVELS.find((l) => l.key === ui.bankLevel.value);
  if (!level) return;
  const query = new URLSearchParams({ min_moves: level.min, count: 1 });
  if (level.max !== null) query.set('max_moves', level.max);
  setMessage(ui.bankMessage, 'busy', 'Picking a puzzle…');
  const result = await callApi('bank', `${PUZZLES_URL}?${query}`, GET_REQUEST, { form: ui.bank, outlet: bankOutlet });
  if (!result?.ok) return;
  const [puzzle] = result.doc.puzzles;
  if (!puzzle) setMessage(ui.bankMessage, 'error', `The bank has no ${level.label.toLowerCase()} puzzle.`);
  else loadBankPuzzle(puzzle, `A ${level.label.toLowerCase()} puzzle (seed ${result.doc.seed})`);
}

// API: GET v1/puzzles/daily: the puzzle of the UTC day, the same all day (null: none).
export async function puzzleOfTheDay() {
  setMessage(ui.bankMessage, 'busy', 'Asking for the puzzle of the day…');
  const result = await callApi('bank', DAILY_URL, GET_REQUEST, { form: ui.bank, outlet: bankOutlet });
  if (!result?.ok) return;
  if (!result.doc.puzzle) setMessage(ui.bankMessage, 'error', 'The bank has no puzzle of the day.');
  else loadBankPuzzle(result.doc.puzzle, `The puzzle of ${result.doc.date}`);
}

// API: a bank puzzle: id (a string, the same in every bank: GET v1/puzzles/{id} finds it),
// board (the one-line notation POST v1/solve takes), moves (its optimal length), vehicles,
// walls. It goes on the board at its start, ready to play, with its optimal length already
// known to the counter, and the page's address names it by its id.
export function loadBankPuzzle(puzzle, what) {
  ui.metric.value = 'moves';
  rememberBankId(puzzle.board, puzzle.id);
  loadText(puzzle.board);
  if (state.boards[0]) state.optimal = { start: state.boards[0], length: puzzle.moves };
  renderPlayStatus();
  ui.bankMessage.dataset.moves = String(puzzle.moves);
  ui.bankMessage.dataset.board = puzzle.board;
  ui.bankMessage.dataset.id = puzzle.id;
  setMessage(ui.bankMessage, 'ok',
    `${what}: ${puzzle.moves} moves at best, ${puzzle.vehicles} vehicles (puzzle ${puzzle.id}). Play it on the board.`);
}
