// Puzzles to play: the server's puzzle bank (GET v1/puzzles/...), by walls (none, one or two) and
// difficulty, or the puzzle of the day (wall-free). A bank puzzle comes with its optimal
// length, so the move counter knows it at once, without a solve.
import { rememberBankId } from './address.js';
import { PUZZLES_URL, DAILY_URL, BANK_STATS_URL, GET_REQUEST, callApi } from './api.js';
import { fmtInt } from './format.js';
import { LEVELS } from './levels.js';
import { setMessage } from './messages.js';
import { ui } from './page.js';
import { state, setOptimal } from './play.js';
import { renderPlayStatus } from './playback.js';
import { loadText } from './textbox.js';

// Where the bank's answers are told. The page builds every query itself, so a 400 (which
// would list its fields) is the page's own bug: its title and detail say enough.
export const bankOutlet = {
  message: (kind, text) => setMessage(ui.bankMessage, kind, text),
  errors: () => {},
  clear: () => {},
};

// The Walls menu's sets: the walls query each sends, and how the messages name its puzzles.
const WALL_SETS = {
  0: { name: 'wall-free', none: 'no wall-free puzzle' },
  1: { name: 'one-wall', none: 'no one-wall puzzle' },
  2: { name: 'two-wall', none: 'no two-wall puzzle' },
};

// API: GET v1/puzzles/stats?walls=N, at start (N 0, the menu's first choice) and whenever the
// Walls menu changes: by_moves counts the bank's puzzles of N walls per optimal length. A
// 503 of type .../no-bank means the server serves no bank (--bank off, or none found): the
// controls stay off, and say why. The difficulties and New puzzle stay off while the counts
// load, so a pick never goes out with another set's menu; a pick or the day's puzzle asked
// meanwhile does not cancel them (they are a kind of their own).
export async function loadBankStats() {
  const walls = ui.bankWalls.value;
  const set = WALL_SETS[walls];
  ui.bankLevel.disabled = true;
  ui.newPuzzle.disabled = true;
  delete ui.bank.dataset.walls;
  if (ui.bank.dataset.bank === 'ready') setMessage(ui.bankMessage, 'busy', `Counting the bank's ${set.name} puzzles…`);
  const query = new URLSearchParams({ walls });
  const result = await callApi('bank-stats', `${BANK_STATS_URL}?${query}`, GET_REQUEST, { form: ui.bank, outlet: bankOutlet, raw: false });
  if (!result) return;
  if (!result.ok) {
    if (result.res.status === 503 && String(result.doc?.type).endsWith('no-bank')) {
      ui.bank.dataset.bank = 'none';
      setMessage(ui.bankMessage, 'info',
        'This server has no puzzle bank (it was started with --bank off, or found none): New puzzle and Puzzle of the day are unavailable.');
    }
    return;
  }
  // The difficulties (levels.js) the served bank has no puzzle in are offered disabled, so
  // every choice loads a puzzle.
  const counts = result.doc.by_moves ?? {};
  const countIn = (level) => Object.entries(counts)
    .filter(([moves]) => Number(moves) >= level.min && (level.max === null || Number(moves) <= level.max))
    .reduce((sum, [, n]) => sum + n, 0);
  const chosen = ui.bankLevel.value;
  ui.bankLevel.replaceChildren(...LEVELS.map((level) => {
    const n = countIn(level);
    const range = level.max === null ? `${level.min}+` : `${level.min}-${level.max}`;
    const option = new Option(`${level.label}: ${range} moves (${n ? fmtInt(n) : 'none in this bank'})`, level.key);
    option.disabled = n === 0;
    return option;
  }));
  // The difficulty chosen before stays chosen while this set has puzzles of it.
  const offered = [...ui.bankLevel.options].filter((o) => !o.disabled);
  const selected = offered.find((o) => o.value === chosen) ?? offered[0];
  ui.bank.dataset.bank = 'ready';
  ui.bank.dataset.walls = walls;
  ui.bankWalls.disabled = false;
  ui.bankLevel.disabled = !selected;
  ui.newPuzzle.disabled = !selected;
  if (selected) ui.bankLevel.value = selected.value;
  ui.daily.disabled = false;
  const holder = result.doc.offline_pack ? 'The offline pack' : 'The server\'s bank';
  if (selected) {
    setMessage(ui.bankMessage, 'info', `${holder} holds ${fmtInt(result.doc.total)} ${set.name} puzzles: pick a difficulty.`);
  } else {
    setMessage(ui.bankMessage, 'info', `${holder} holds ${set.none}: choose other walls.`);
  }
}

// API: GET v1/puzzles?walls=N&min_moves=&max_moves=&count=1: a random puzzle of the bank
// with the walls chosen, in the difficulty's range (the answer's seed picks it again).
export async function newPuzzle() {
  const level = LEVELS.find((l) => l.key === ui.bankLevel.value);
  const walls = ui.bank.dataset.walls;
  if (!level || walls === undefined) return;
  const query = new URLSearchParams({ walls, min_moves: level.min, count: 1 });
  if (level.max !== null) query.set('max_moves', level.max);
  const what = `${level.label.toLowerCase()} ${WALL_SETS[walls].name}`;
  setMessage(ui.bankMessage, 'busy', 'Picking a puzzle…');
  const result = await callApi('bank', `${PUZZLES_URL}?${query}`, GET_REQUEST, { form: ui.bank, outlet: bankOutlet });
  if (!result?.ok) return;
  const [puzzle] = result.doc.puzzles;
  if (!puzzle) setMessage(ui.bankMessage, 'error', `The bank has no ${what} puzzle.`);
  else loadBankPuzzle(puzzle, `${/^[aeiou]/.test(what) ? 'An' : 'A'} ${what} puzzle (${result.doc.offline_pack ? 'offline pack' : `seed ${result.doc.seed}`})`);
}

// API: GET v1/puzzles/daily?walls=0: the puzzle of the UTC day, the same all day (null:
// none). Always wall-free, whatever the Walls menu says: puzzles with walls added to a bank
// never change the day's puzzle.
export async function puzzleOfTheDay() {
  setMessage(ui.bankMessage, 'busy', 'Asking for the puzzle of the day…');
  const result = await callApi('bank', `${DAILY_URL}?walls=0`, GET_REQUEST, { form: ui.bank, outlet: bankOutlet });
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
  if (state.boards[0]) setOptimal(state.boards[0], puzzle.moves);
  renderPlayStatus();
  ui.bankMessage.dataset.moves = String(puzzle.moves);
  ui.bankMessage.dataset.board = puzzle.board;
  ui.bankMessage.dataset.id = puzzle.id;
  const walls = puzzle.walls ? `, ${puzzle.walls} wall${puzzle.walls === 1 ? '' : 's'}` : '';
  setMessage(ui.bankMessage, 'ok',
    `${what}: ${puzzle.moves} moves at best, ${puzzle.vehicles} vehicles${walls} (puzzle ${puzzle.id}). Play it on the board.`);
}
