// The page without the server: the service worker that keeps the page's files for offline
// play, the solver in the page that answers as the server would, and the notice that says the
// page is offline. Which of server and solver answers is api.js's choice alone; this module
// only does what it is asked.
import { ui } from './page.js';

// The solver in the page (engine/solver.js over engine/rushhour.wasm), loaded at its first
// use: a page whose server answers never fetches it. One for the page's life.
let solver = null;

function inPageSolver() {
  solver ??= import('./engine/solver.js')
    .then(({ loadSolver }) => loadSolver(new URL('engine/rushhour.wasm', import.meta.url)));
  return solver;
}

// The answer of the solver in the page to the request `body` (of type `contentType`) that
// `operation` ('solve', 'hint', 'verify' or 'analyze') names, as a fetch Response with the
// server's status, type and JSON body, and the request id the page sent.
export async function answerInPage(operation, body, contentType, requestId) {
  const answer = (await inPageSolver())[operation](body, contentType);
  const type = answer.status === 200 ? 'application/json' : 'application/problem+json';
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': type, 'X-Request-Id': requestId },
  });
}

// Shows or hides the notice that the page is offline (what still works, what needs the server).
export function showOffline(offline) {
  ui.offlineNotice.hidden = !offline;
}

// Registers the service worker (web/service-worker.js), with the page's folder as its scope so
// that it controls the page itself. Service workers run only over HTTPS or on localhost: on
// plain HTTP elsewhere the browser has none, and the page simply needs the server.
export function keepForOffline() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(new URL('service-worker.js', import.meta.url), { scope: new URL('../', import.meta.url) })
    .catch((e) => console.info(`rushhourd: no offline play (${e.message})`));
}
