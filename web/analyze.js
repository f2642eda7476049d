// Analyze: POST v1/analyze, shown as counts, a histogram of the distances to the goal and
// the hardest position, which can be loaded as a puzzle of its own.
import { ANALYZE_URL, callApi } from './api.js';
import { drawBoardInto, drawHistogram } from './draw.js';
import { fmtInt, fmtUs } from './format.js';
import { pretty, buildRequest, tryParse } from './forms.js';
import { puzzleOutlet, showMessage, fillSummary } from './messages.js';
import { ui } from './page.js';
import { state, setAnalysedText, setHardest } from './play.js';
import { loadText, flushPreview } from './textbox.js';

export async function analyze() {
  flushPreview();
  const text = ui.input.value;
  const start = tryParse(text);
  const request = buildRequest(text, { metric: ui.metric.value });
  showMessage('busy', 'Analysing every reachable position…');
  const result = await callApi('analyze', ANALYZE_URL, request, { button: ui.analyze,
    form: ui.form, outlet: puzzleOutlet,
    advice: 'this puzzle\'s state space is larger than the server\'s budget allows' });
  if (!result?.ok) return;
  showAnalysis(result.doc, text, start, result.roundTripMs);
}

// API: status "complete"; states, goal_states, dead_states, solvable, start_distance (-1:
// unsolvable), start_moves, max_distance (-1: no goal), histogram[d] = states at distance
// d (0..max_distance), hardest {board: rows of text, distance}; distances in `metric`.
export function showAnalysis(doc, text, start, roundTripMs) {
  setAnalysedText(text);
  ui.analysisEmpty.hidden = true;
  ui.analysis.hidden = false;
  fillSummary(ui.analysisSummary, [
    ['states', fmtInt(doc.states)],
    ['goal_states', fmtInt(doc.goal_states)],
    ['dead_states', fmtInt(doc.dead_states)],
    ['solvable', doc.solvable ? 'yes' : 'no'],
    ['optimal_length', doc.start_distance >= 0 ? `${doc.start_distance} ${doc.metric}` : 'none'],
    ['moves_at_start', doc.start_moves],
    ['max_distance', doc.max_distance >= 0 ? `${doc.max_distance} ${doc.metric}` : '–'],
    ['analysis_time', fmtUs(doc.stats?.elapsed_us)],
    ['round_trip', `${roundTripMs.toFixed(1)} ms`],
  ]);
  drawHistogram(ui.histogram, doc.histogram, doc.start_distance, doc.metric);
  ui.histogramCaption.textContent = doc.histogram.length
    ? `States per distance to the nearest goal, in ${doc.metric}; the start's bar is highlighted.` +
      (doc.dead_states ? ` The ${fmtInt(doc.dead_states)} dead states cannot reach a goal and have no bar.` : '')
    : `No goal can be reached: all ${fmtInt(doc.states)} states are dead.`;
  showHardest(doc.hardest, start, doc.metric);
  const verdict = doc.solvable
    ? `the start is ${doc.start_distance} ${doc.metric} from the exit`
    : 'the red car can never get out';
  showMessage('ok', `Analysed: ${fmtInt(doc.states)} states; ${verdict}.`);
}

// The hardest position: drawn small, and offered as a puzzle of its own. The server draws
// it as grid rows with the puzzle's own ids; a grid whose red car is not X (or x) needs
// its target named, so it is then loaded as {"grid": rows, "target": id}.
export function showHardest(hardest, start, metric) {
  const rows = hardest.board;
  const targetId = start ? start.vehicles[start.target].id : null;
  const plain = !targetId || targetId === 'X' || (targetId === 'x' && !rows.some((r) => r.includes('X')));
  const board = tryParse(plain ? rows.join('\n') : JSON.stringify({ grid: rows, target: targetId }));
  setHardest(board ? (plain ? rows.join('\n') : pretty({ grid: rows, target: targetId })) : null);
  if (board) {
    ui.hardestBoard.removeAttribute('hidden');
    drawBoardInto(ui.hardestBoard, board);
  } else {
    ui.hardestBoard.replaceChildren();
    ui.hardestBoard.setAttribute('hidden', '');
  }
  ui.hardestText.textContent = hardest.distance >= 0
    ? `${hardest.distance} ${metric} from the exit, the most of any position reachable from this puzzle.`
    : 'No position can reach the exit; this is the start.';
  ui.hardestText.dataset.distance = String(hardest.distance);
  // Without a goal the "hardest" position is the start itself: nothing new to load.
  ui.loadHardest.hidden = !state.hardest || hardest.distance < 0;
}

export function loadHardest() {
  if (!state.hardest) return;
  loadText(state.hardest);
}
