// Generate: POST v1/generate from the small form; the new puzzle lands in the puzzle box.
import { rememberBankId } from './address.js';
import { GENERATE_URL, jsonRequest, callApi } from './api.js';
import { fmtInt, fmtUs } from './format.js';
import { pretty } from './forms.js';
import { generateOutlet, setMessage, fillSummary } from './messages.js';
import { ui } from './page.js';
import { loadText } from './textbox.js';

// A 422's best puzzle so far: that answer, or null.
let best = null;

export async function generate() {
  const { doc, seed } = generateRequest();
  best = null;
  ui.loadBest.hidden = true;
  // The last puzzle's summary goes now: under a refusal it would read as this answer.
  ui.generateSummary.replaceChildren();
  ui.generateSolution.hidden = true;
  setMessage(ui.generateMessage, 'busy', `Generating (seed ${seed})…`);
  const result = await callApi('generate', GENERATE_URL, jsonRequest(doc), { button: ui.generate,
    form: ui.generateForm, outlet: generateOutlet, advice: 'ask for fewer moves, or a range of moves' });
  if (!result) return;
  if (!result.ok) {
    offerBest(result);
    return;
  }
  showGenerated(result.doc, result.roundTripMs);
}

// API: a 422 from generate carries the best puzzle found before the budget ran out
// (puzzle, board, length; puzzle null when none was), so the work is not lost.
export function offerBest(result) {
  const offered = result.res.status === 422 ? result.doc : null;
  if (!offered || !offered.puzzle || !(offered.length > 0)) return;
  best = offered;
  ui.loadBest.textContent = `Load the best found (${best.length} ${best.metric})`;
  ui.loadBest.hidden = false;
}

export function loadBest() {
  if (!best) return;
  ui.metric.value = best.metric;
  loadText(pretty(best.puzzle));
  ui.loadBest.hidden = true;
  setMessage(ui.generateMessage, 'ok',
    `The best puzzle found, ${best.length} ${best.metric} (seed ${best.seed}), is in the puzzle box: press Solve.`);
}

// API: the request is the form's fields, each a member named as the input (board_size,
// min_moves, ...). An empty field is left out, so the server's default applies, except the
// seed: the same seed gives the same puzzle, so an empty one is drawn here, at random, and
// shown with the answer so that the puzzle can be made again.
export function generateRequest() {
  const doc = {};
  for (const input of ui.generateForm.querySelectorAll('input[name]')) {
    if (input.value.trim() !== '') doc[input.name] = Number(input.value);
  }
  doc.seed ??= Math.floor(Math.random() * 2 ** 31);
  doc.metric = ui.generateForm.elements.metric.value;
  return { doc, seed: doc.seed };
}

// API: status "generated", length (the optimal length in metric), puzzle (the JSON
// vehicles form, ready for POST v1/solve), board (rows of text), seed, source ("bank": a
// stored puzzle of the server's bank fitted the request, with its id; "search": one was made),
// candidates and restarts (the work it took; none for the bank), solution.
export function showGenerated(doc, roundTripMs) {
  // The same metric for Solve, so that its answer is the length asked for.
  ui.metric.value = doc.metric;
  const text = pretty(doc.puzzle);
  rememberBankId(text, doc.source === 'bank' ? doc.id : null);
  loadText(text);
  fillSummary(ui.generateSummary, [
    ['length', `${doc.length} ${doc.metric}`],
    ['seed', doc.seed],
    ['source', doc.source],
    ['vehicles', doc.puzzle.vehicles.length],
    ['candidates', fmtInt(doc.candidates)],
    ['restarts', fmtInt(doc.restarts)],
    ['generate_time', fmtUs(doc.timing_us?.solve)],
    ['round_trip', `${roundTripMs.toFixed(1)} ms`],
  ]);
  ui.generateSolution.textContent = `Solution: ${doc.solution.notation}`;
  ui.generateSolution.hidden = false;
  const from = doc.source === 'bank' ? 'from the puzzle bank' : 'found by search';
  setMessage(ui.generateMessage, 'ok',
    `A ${doc.length}-${doc.metric === 'slides' ? 'slide' : 'move'} puzzle (seed ${doc.seed}, ${from}) is in the puzzle box: press Solve.`);
}
