// The page's one way to call rushhourd: the endpoints' paths, and callApi, which sends a
// request, shows it and the raw answer in the Answer panel, keeps one request of each kind
// in flight, and tells any failure (an RFC 9457 problem document) to an outlet. It alone
// chooses who answers: the server, or, while the server cannot be reached, the solver in the
// page (offline.js), which answers solve, hint, verify and analyze as the server would.
import { fmtInt } from './format.js';
import { answerInPage, showOffline } from './offline.js';
import { answerFromPack, keepPack } from './pack.js';
import { ui } from './page.js';

// A kind of call ('solve', ...) -> its unanswered request and form.
const inFlight = new Map();

// Relative, so the page also works when a proxy serves rushhourd under a path prefix.
export const SOLVE_URL = 'v1/solve';
export const HINT_URL = 'v1/hint';
export const ANALYZE_URL = 'v1/analyze';
export const GENERATE_URL = 'v1/generate';
export const PUZZLES_URL = 'v1/puzzles';
export const DAILY_URL = 'v1/puzzles/daily';
export const BANK_STATS_URL = 'v1/puzzles/stats';
export const VERIFY_URL = 'v1/verify';

// The endpoints the solver in the page answers too: path -> its operation in engine/solver.js.
const IN_PAGE = new Map([[SOLVE_URL, 'solve'], [HINT_URL, 'hint'], [VERIFY_URL, 'verify'], [ANALYZE_URL, 'analyze']]);

// Whether the last request found the server unreachable: the page then says it is offline.
let offline = false;

function setOffline(now) {
  if (now !== offline) showOffline(now);
  offline = now;
}

// A request's answer: the server's while it can be reached; else the solver in the page's
// where it has one, or the offline pack's for the bank's puzzles and counts (a Response as
// the server's), else the network's failure, thrown. The server is asked each time, so the
// page is online again as soon as it answers.
async function send(url, init, requestId) {
  try {
    const res = await fetch(url, init);
    setOffline(false);
    return res;
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    setOffline(true);
    if (IN_PAGE.has(url)) return answerInPage(IN_PAGE.get(url), init.body, init.headers['Content-Type'], requestId);
    const kept = await answerFromPack(url, PUZZLES_URL, BANK_STATS_URL);
    if (!kept) throw e;
    return kept;
  }
}

// Keeps the offline pack of the bank's puzzles (pack.js), while the server answers.
export const keepPuzzlesForOffline = () => keepPack(PUZZLES_URL);

export const jsonRequest = (doc) => ({ contentType: 'application/json', body: JSON.stringify(doc) });

export const GET_REQUEST = { method: 'GET' }; // the bank's routes: the query string says it all

// The outlet of a call in the background, whose failure the page does not tell.
export const quietOutlet = { message: () => {}, errors: () => {}, clear: () => {} };

// A request id of our own: the server echoes it (X-Request-Id, and request_id in problems)
// and logs it, so a report from the page can be found in the server's log. 1 to 64 of
// letters, digits and -_.: are accepted.
export function newRequestId() {
  return `playground-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

// API: sending a request and reading the answer, for every endpoint.
//
// One request of each kind ('solve', ...) is in flight: a newer one of the same kind aborts
// the older, whose answer would be stale. While it runs, its button is disabled and its
// form is aria-busy. The request and the raw answer are shown in the Answer panel's "raw"
// box, whatever the endpoint. `request` is {contentType, body} for a POST, or GET_REQUEST
// with the query in `url`.
//
// Resolves to {ok, res, doc, bodyText, roundTripMs, requestId} (doc: the parsed JSON, or
// null; ok: a 200 with a document), or to null when the request was replaced or failed. A
// failure, or an answer that is not ok (with `advice`: what to try after a 422), is told to
// `outlet`, whose earlier errors are cleared as the request goes. A call in the background
// has no button and no form; one the user did not ask for (`raw: false`) leaves the raw box
// to the user's last request.
export async function callApi(kind, url, request, { button = null, form = null, outlet, advice, raw = true }) {
  outlet.clear();
  inFlight.get(kind)?.controller.abort();
  const controller = new AbortController();
  inFlight.set(kind, { controller, form });
  if (button) button.disabled = true;
  form?.setAttribute('aria-busy', 'true');
  const requestId = newRequestId();
  const method = request.method ?? 'POST';
  const headers = method === 'POST' ? { 'Content-Type': request.contentType } : {};
  headers['X-Request-Id'] = requestId;
  if (raw) {
    ui.rawRequest.textContent = `${method} ${url}\n` +
      Object.entries(headers).map(([k, v]) => `${k}: ${v}\n`).join('') + (request.body ? `\n${request.body}` : '');
    ui.rawResponse.textContent = '';
  }

  const t0 = performance.now();
  let res;
  let bodyText;
  try {
    res = await send(url, { method, headers, body: request.body, signal: controller.signal }, requestId);
    bodyText = await res.text();
  } catch (e) {
    if (e.name === 'AbortError') return null; // replaced: the newer request finishes up
    finishCall(kind, controller, button);
    outlet.message('error', offline ? 'Offline: this needs the server.' : `The server could not be reached: ${e.message}`);
    return null;
  }
  const roundTripMs = performance.now() - t0;
  finishCall(kind, controller, button);
  if (raw) {
    ui.rawResponse.textContent = `HTTP ${res.status}\nContent-Type: ${res.headers.get('Content-Type')}\n` +
      `X-Request-Id: ${res.headers.get('X-Request-Id')}\n\n${bodyText}`;
  }

  // API: a JSON body comes as application/json (200) or application/problem+json (errors).
  // Only the 431 that the HTTP library itself sends for oversized headers is not JSON.
  let doc = null;
  try {
    doc = JSON.parse(bodyText);
  } catch {
    doc = null;
  }
  const result = { ok: res.status === 200 && Boolean(doc), res, doc, bodyText, roundTripMs,
    requestId: res.headers.get('X-Request-Id') };
  if (!result.ok) showFailure(result, outlet, advice);
  return result;
}

export function finishCall(kind, controller, button) {
  if (inFlight.get(kind)?.controller !== controller) return;
  const { form } = inFlight.get(kind);
  inFlight.delete(kind);
  if (button) button.disabled = false;
  // The form stays busy while another request sent from it still runs.
  if (form && ![...inFlight.values()].some((f) => f.form === form)) form.removeAttribute('aria-busy');
}

// Anything but a 200: the problem document, or the bare status when the body is not one.
export function showFailure(result, outlet, advice) {
  const { res, doc, bodyText } = result;
  if (doc && typeof doc.title === 'string') showProblem(res, doc, outlet, advice);
  else outlet.message('error', `HTTP ${res.status}: ${bodyText.slice(0, 200)}`);
}

// API: a problem document. 400 "invalid-puzzle" (or "invalid-request" for a generate or
// batch request) lists every problem in errors[] as
// {field: a JSON path such as vehicles[1].row (or a member of the generate request, such
// as min_moves), message}; 400 "invalid-json" has only a detail. The rest (413 too large,
// 422 a budget ran out, 503 busy or draining) is one message; 422 also carries the limit
// that ran out and the statistics so far, 503 a Retry-After header. `advice` is what to try
// after a 422, which depends on the endpoint.
export function showProblem(res, doc, outlet, advice) {
  if (res.status === 400) {
    const errors = Array.isArray(doc.errors) && doc.errors.length
      ? doc.errors
      : [{ field: '', message: doc.detail ?? doc.title }];
    outlet.errors(errors);
    outlet.message('error', `${doc.title}: ${doc.detail ?? 'see the problems above'}.`);
    return;
  }
  let text = `${doc.title} (${res.status})${doc.detail ? `: ${doc.detail}` : ''}.`;
  if (res.status === 422 && doc.stats) {
    text += ` The ${doc.limit} budget ran out after ${fmtInt(doc.stats.nodes_expanded)} nodes; ${advice}.`;
  }
  const retry = res.headers.get('Retry-After');
  if (res.status === 503 && retry) text += ` Try again in ${retry} s.`;
  outlet.message('error', text);
}
