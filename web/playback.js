// Playback of the moves on the main board: boards[k] shown after k moves, stepped,
// played and paused; the move list, the step label, the move counter and the controls follow
// the board shown. Moves by hand and applied hints become its next step (pushMove).
import { drawBoardInto, place, slide, stopSlides } from './draw.js';
import { ui } from './page.js';
import { state, lastStep, stepTo, applyMove, setHint, subscribe } from './play.js';
import { atExit, describeVehicle } from './rules.js';

// Playback speeds (the range input's 1..5): milliseconds a vehicle takes per cell it slides,
// and the pause between two moves.
export const SPEEDS = [
  { perCell: 260, pause: 900 },
  { perCell: 180, pause: 550 },
  { perCell: 120, pause: 320 },
  { perCell: 70, pause: 160 },
  { perCell: 35, pause: 60 },
];

// The main board: its vehicles' groups are kept, for playback to move.
let vehicles = new Map(); // vehicle id -> its SVG group
let playing = false;
let timer = 0; // the pending setTimeout of playback

export function drawBoard(board) {
  vehicles = drawBoardInto(ui.board, board);
}

export { lastStep };

export const isPlaying = () => playing;

// The counter follows the optimal length and the server's verdict as they come.
subscribe((change) => {
  if (change === 'optimal' || change === 'verdict') renderPlayStatus();
});

export const speed = () => SPEEDS[Number(ui.speed.value) - 1] ?? SPEEDS[2];

// Shows boards[k]. From the step just before, the moving vehicle slides; any other jump
// puts every vehicle in place at once.
export async function goTo(k, animate) {
  if (!state.boards.length) return;
  const from = state.step;
  k = stepTo(k);
  renderStep();
  const board = state.boards[k];
  if (animate && k === from + 1) {
    const move = state.moves[k - 1];
    const v = board.vehicles.find((x) => x.id === move.vehicle);
    await slide(vehicles.get(move.vehicle), v, speed().perCell * Math.min(move.distance, 4));
  } else {
    stopSlides();
    for (const v of board.vehicles) place(vehicles.get(v.id), v);
  }
  ui.board.classList.toggle('solved', k === lastStep() && atExit(board));
  labelVehicles(board);
}

export function renderStep() {
  const n = state.moves.length;
  const k = state.step;
  ui.stepLabel.dataset.step = String(k);
  ui.stepLabel.dataset.steps = String(n);
  // Only the board says whether the red car is out: a preview has no moves, and the hints
  // applied so far need not end at the exit.
  const out = atExit(state.boards[k]);
  if (n === 0) {
    ui.stepLabel.textContent = out ? 'already solved: the red car is at the exit' : 'no solution yet';
  } else if (k === 0) {
    const end = atExit(state.boards[state.boards.length - 1]) ? 'to the exit' : 'played from here';
    ui.stepLabel.textContent = `start: ${n} move${n === 1 ? '' : 's'} ${end}`;
  } else {
    const m = state.moves[k - 1];
    const done = out ? ': the red car is out' : '';
    ui.stepLabel.textContent = `move ${k} of ${n}: ${m.vehicle} ${m.direction} ${m.distance}${done}`;
  }
  for (const li of ui.moves.children) {
    const current = Number(li.dataset.index) === k - 1;
    li.classList.toggle('current', current);
    if (current) {
      li.setAttribute('aria-current', 'step');
      keepInView(li);
    } else {
      li.removeAttribute('aria-current');
    }
  }
  syncHint();
  updateControls();
  renderPlayStatus();
}

// Scrolls the move list, and only it (scrollIntoView would scroll the page too), so that
// the current move is visible.
export function keepInView(li) {
  const list = ui.moves;
  if (li.offsetTop < list.scrollTop) list.scrollTop = li.offsetTop;
  else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight;
  }
}

export function updateControls() {
  const has = state.boards.length > 1;
  ui.first.disabled = ui.back.disabled = ui.undo.disabled = !has || state.step === 0;
  ui.forward.disabled = ui.last.disabled = ui.redo.disabled = !has || state.step === lastStep();
  ui.solveHere.disabled = !state.boards.length;
  ui.play.disabled = !has;
  ui.play.setAttribute('aria-label', playing ? 'pause' : 'play'); // style.css swaps the icon
  document.body.dataset.playback = playing ? 'playing' : 'paused';
}

export function play() {
  if (state.boards.length < 2) return;
  if (state.step === lastStep()) goTo(0, false);
  playing = true;
  updateControls();
  scheduleNext();
}

export function pause() {
  playing = false;
  clearTimeout(timer);
  updateControls();
}

export function scheduleNext() {
  clearTimeout(timer);
  if (!playing) return;
  if (state.step >= lastStep()) {
    pause();
    return;
  }
  timer = setTimeout(async () => {
    await goTo(state.step + 1, true);
    scheduleNext();
  }, speed().pause);
}

// A step by hand stops playback: the user has taken over.
export function stepBy(delta) {
  pause();
  goTo(state.step + delta, delta === 1);
}

// Makes `move` the next step after the board shown (hand: a move by hand, which may
// continue the previous one). Answers the new step.
export function pushMove(move, hand) {
  pause();
  // The playback now belongs to the text in the box: the preview keeps it.
  const last = applyMove(move, hand, ui.input.value); // may throw
  renderMoveList();
  return last;
}

export function labelVehicles(board) {
  for (const v of board.vehicles) vehicles.get(v.id)?.setAttribute('aria-label', describeVehicle(board, v));
}

// The counter: moves from the start to the board shown, against the optimal length.
export function renderPlayStatus() {
  const board = state.boards[state.step];
  const played = state.step;
  const optimal = state.optimal && state.optimal.start === state.boards[0] ? state.optimal.length : null;
  const solved = Boolean(board) && played > 0 && atExit(board);
  // The server's verdict on these very moves (verify.js), once it came.
  const verdict = solved && state.verdict?.moves === state.moves && state.verdict.step === played ? state.verdict : null;
  let text = `moves: ${played}`;
  if (optimal !== null) text += ` (optimal: ${optimal})`;
  if (solved) text = `Solved! ${played} move${played === 1 ? '' : 's'}` + (optimal !== null ? `; the optimal is ${optimal}` : '');
  if (verdict) text = verdict.text;
  ui.playStatus.textContent = text;
  ui.playStatus.dataset.verdict = verdict ? verdict.kind : '';
  ui.playStatus.dataset.moves = String(played);
  ui.playStatus.dataset.optimal = optimal === null ? '' : String(optimal);
  ui.playStatus.dataset.solved = String(solved);
}

// The move list beside the board: one button a move, which shows the board after it.
export function renderMoveList() {
  ui.moves.replaceChildren(...state.moves.map((m, i) => {
    const li = document.createElement('li');
    li.dataset.index = String(i);
    const button = document.createElement('button');
    button.type = 'button';
    button.title = `show the board after move ${i + 1}`;
    const code = document.createElement('code');
    code.textContent = m.notation;
    button.append(code, ` ${m.vehicle} ${m.direction} ${m.distance}`);
    button.addEventListener('click', () => {
      pause();
      goTo(i + 1, false);
    });
    li.append(button);
    return li;
  }));
}

export function hideHint() {
  setHint(null);
  ui.hintBox.hidden = true;
  ui.hintText.textContent = '';
  ui.hintText.dataset.left = '';
}

// A hint is for one board: once another is shown, it goes.
export function syncHint() {
  if (state.hint && state.boards[state.step] !== state.hint.board) hideHint();
}
