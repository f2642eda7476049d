// rushhourd's playground: the page's entry module, which wires the modules by concern to the
// page's controls. The page is also a small example client of the rushhourd API.
//
// What a front-end developer can take from it (search the modules for "API:"):
//   - POST v1/solve with a JSON puzzle (application/json) or a text board (text/plain);
//   - POST v1/hint, the same body: the next move of an optimal solution from that position;
//   - POST v1/analyze, the same body: the whole reachable state space, summarised (counts,
//     the histogram of distances to the goal, the hardest position);
//   - POST v1/generate with the generator's options as JSON: a new puzzle and its solution,
//     and its source (bank: a stored puzzle fitted; search: one was made);
//   - GET v1/puzzles/stats?walls=N, v1/puzzles?walls=N&min_moves=&max_moves=&count=1 and
//     v1/puzzles/daily?walls=0: the server's puzzle bank, its counts per length of the
//     puzzles with N walls, a random one of a difficulty, and the (wall-free) puzzle of the
//     day, each with its optimal length (503 no-bank when there is none);
//   - GET v1/puzzles/{id}: one bank puzzle by its id, which a shared link names (#id=...);
//   - POST v1/verify, a puzzle and the moves played: the server's verdict on a game solved
//     by hand (legal, solved, its move count against the optimal length);
//   - an optional X-Request-Id of our own, echoed by the server in its logs and answers;
//   - a 200 answer: solution.moves [{vehicle, direction, distance}], move_count, slide_count,
//     notation, stats, timing_us; or status "unsolvable" and no solution;
//   - RFC 9457 problem documents (application/problem+json): 400 lists every problem in
//     errors [{field, message}]; 413, 422 (a budget ran out, with the stats so far) and 503
//     (busy or draining, with Retry-After) are shown as one message. Every call goes through
//     one function, callApi (api.js), and every problem through one, showProblem.
//
// The modules: page.js (the page's elements); play.js (pure: the page's state, which only it
// writes; the others call its operations); forms.js, rules.js, format.js and puzzles.js (pure:
// the puzzle forms, the move rules, numbers, the reference puzzles); api.js (calls, to the
// server or, offline, to the solver in the page); offline.js (the service worker that keeps
// the page for offline play, the solver in the page, the offline notice); pack.js (the
// offline pack of the bank's puzzles); levels.js (New puzzle's difficulties);
// messages.js (what answers say); draw.js (SVG); playback.js, hand.js and editor.js (the
// board); verify.js (the server's verdict on a game by hand); textbox.js (the puzzle text);
// fragment.js (pure) and address.js (the puzzle in the page's address); solve.js, hint.js,
// analyze.js, generate.js, bank.js and share.js (one panel or button each).
//
// Plain ES modules, no framework, no bundler, nothing fetched but this server's own files and
// API. The page installs (web/manifest.webmanifest) and, once loaded, plays offline.
import { analyze, loadHardest } from './analyze.js';
import { keepPuzzlesForOffline } from './api.js';
import { loadBankStats, newPuzzle, puzzleOfTheDay } from './bank.js';
import { toggleEditor, clearBoard, setExitRow } from './editor.js';
import { generate, loadBest } from './generate.js';
import { onPointerDown, onPointerMove, onPointerUp, onBoardKey } from './hand.js';
import { hint, applyHint } from './hint.js';
import { keepForOffline } from './offline.js';
import { ui } from './page.js';
import { isPlaying, lastStep, goTo, play, pause, stepBy } from './playback.js';
import { REFERENCE_PUZZLES, CUSTOM } from './puzzles.js';
import { openAddress, onAddressChange, settleLink, shareLink } from './share.js';
import { solveFromHere, solve } from './solve.js';
import { onInput, loadReference } from './textbox.js';

function init() {
  const custom = new Option('(your own puzzle)', CUSTOM);
  ui.select.append(custom, ...REFERENCE_PUZZLES.map((p) => new Option(p.label, p.key)));
  ui.select.addEventListener('change', () => loadReference(ui.select.value));
  ui.input.addEventListener('input', onInput);
  ui.form.addEventListener('submit', (e) => {
    e.preventDefault();
    solve();
  });
  ui.analyze.addEventListener('click', () => analyze());
  ui.hint.addEventListener('click', () => hint());
  ui.applyHint.addEventListener('click', () => applyHint());
  ui.undo.addEventListener('click', () => stepBy(-1));
  ui.redo.addEventListener('click', () => stepBy(1));
  ui.solveHere.addEventListener('click', () => solveFromHere());
  ui.edit.addEventListener('click', () => toggleEditor());
  ui.editClear.addEventListener('click', () => clearBoard());
  ui.editExitRow.addEventListener('change', () => setExitRow());
  ui.board.addEventListener('pointerdown', onPointerDown);
  ui.board.addEventListener('pointermove', onPointerMove);
  ui.board.addEventListener('pointerup', onPointerUp);
  ui.board.addEventListener('pointercancel', onPointerUp);
  ui.board.addEventListener('keydown', onBoardKey);
  ui.loadHardest.addEventListener('click', () => loadHardest());
  ui.loadBest.addEventListener('click', () => loadBest());
  ui.bankWalls.addEventListener('change', () => loadBankStats());
  ui.newPuzzle.addEventListener('click', () => newPuzzle());
  ui.daily.addEventListener('click', () => puzzleOfTheDay());
  ui.share.addEventListener('click', () => shareLink());
  window.addEventListener('hashchange', () => onAddressChange());
  ui.generateForm.addEventListener('submit', (e) => {
    e.preventDefault();
    generate();
  });
  // Ctrl+Enter in the text solves, as in many playgrounds.
  ui.input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      solve();
    }
  });
  ui.first.addEventListener('click', () => {
    pause();
    goTo(0, false);
  });
  ui.back.addEventListener('click', () => stepBy(-1));
  ui.play.addEventListener('click', () => (isPlaying() ? pause() : play()));
  ui.forward.addEventListener('click', () => stepBy(1));
  ui.last.addEventListener('click', () => {
    pause();
    goTo(lastStep(), false);
  });
  // Arrow keys, space, Home and End drive playback, except while typing or on a vehicle
  // (whose arrows slide it); Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) undo and redo.
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('textarea, input, select') || e.altKey) return;
    if (e.ctrlKey || e.metaKey) {
      const redo = e.key === 'y' || (e.key.toLowerCase() === 'z' && e.shiftKey);
      if (!redo && e.key !== 'z') return;
      e.preventDefault();
      stepBy(redo ? 1 : -1);
      return;
    }
    if (e.target.closest('#board')) return;
    const actions = {
      ArrowLeft: () => stepBy(-1),
      ArrowRight: () => stepBy(1),
      ' ': () => (isPlaying() ? pause() : play()),
      Home: () => ui.first.click(),
      End: () => ui.last.click(),
    };
    if (!actions[e.key] || (e.key === ' ' && e.target.closest('button'))) return;
    e.preventDefault();
    actions[e.key]();
  });

  // The bank's counts first, so that their message does not replace the one of a bank puzzle
  // a link opens; then the puzzle the address names (a shared link), else the first reference
  // puzzle. The page is ready once one is on the board.
  loadBankStats()
    .then(() => openAddress())
    .then((opened) => {
      if (!opened) loadReference(REFERENCE_PUZZLES[0].key);
      settleLink();
      document.body.dataset.ready = 'true';
      // Then, in the background, the worker that keeps the page for offline play, and the
      // offline pack of the bank's puzzles.
      keepForOffline();
      keepPuzzlesForOffline();
    });
}

init();
