// The solver in the page: POST /v1/solve, /v1/hint, /v1/verify and /v1/analyze answered by the
// library compiled to WebAssembly (rushhour.wasm), with the server's answers: the same
// documents, members and problem documents (openapi.yaml), so that a front end switches between
// the server and this module without other changes. Each call takes the request body (a parsed
// object, or its text with its content type, as fetch would send it) and returns
// {status, body}: the HTTP status the server would give and its JSON body.
//
//   import {loadSolver} from './engine/solver.js';
//   const solver = await loadSolver(new URL('./engine/rushhour.wasm', import.meta.url));
//   const {status, body} = solver.solve({grid: 'bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.'});
//
// The searches run on the calling thread (a Worker keeps a page responsive). What differs from
// the server: a puzzle named by its id is not looked up in a bank (any valid id is solved);
// nothing is cached (`cached` is false, `source` "search"); `timing_us.queue` is 0; duplicate
// keys in a JSON text cannot be told apart (JSON.parse keeps the last).

import {loadEngine} from './engine.js';
import {Diags, PUZZLE_ID_CELLS_MAX} from './fields.js';
import {OPTIONS, reader} from './request.js';

const MIB = 1024 * 1024;
// The module's memory grows to 256 MiB at most (scripts/build-wasm.sh): a search's budget
// leaves room for the rest of the heap.
const MEMORY_BUDGET_MAX = 192 * MIB;

// The server's defaults (src/server/base/config.c), and a search budget that fits a phone.
export const DEFAULTS = Object.freeze({
  maxNodes: 20000000,
  timeoutMs: 5000,
  timeoutMaxMs: 30000,
  memoryBudget: 128 * MIB,
});

const RH_SOLVED = 0;
const RH_LIMIT_REACHED = 2;
const ALGO_BFS = 0;
const ALGO_ASTAR = 1;
const METRIC_MOVES = 0;
const MOVE_NOTATION_MAX = 16;
const PUZZLE_ID_MAX = 33;
const PROBLEM_BASE = 'urn:rushhourd:problem:';
const INTERNAL_DETAIL =
  'the server failed to answer; its log holds the cause under the request id';

// A request id as the server's: 16 hexadecimal digits.
function requestId() {
  let id = '';
  for (let i = 0; i < 16; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}

function problem(status, slug, title, detail, extra = {}) {
  const body = {type: PROBLEM_BASE + slug, title, status, detail, request_id: requestId()};
  return {status, body: Object.assign(body, extra)};
}

// The body as a value: strict JSON (rh_json_parse: no NUL in a string either), or the 400.
function parseBody(body) {
  if (typeof body !== 'string') return {doc: body};
  const bad = (at) => ({
    answer: problem(400, 'invalid-json', 'Bad Request', `the body is not valid JSON (error at byte ${at})`),
  });
  let doc;
  try {
    doc = JSON.parse(body);
  } catch (e) {
    const at = /position (\d+)/.exec(e.message);
    return bad(at ? new TextEncoder().encode(body.slice(0, Number(at[1]))).length : 0);
  }
  const nul = body.indexOf('\0') >= 0 || /(^|[^\\])(\\\\)*\\u0000/.test(body);
  return nul ? bad(body.search(/\0|\\u0000/)) : {doc};
}

// A solver over the module `source` (its bytes, a Response or a URL). `settings` overrides
// DEFAULTS: maxNodes and timeoutMaxMs cap what a request asks, as the server's --max-nodes and
// --timeout-max-ms; timeoutMs is the time a request that names none gets; memoryBudget the
// bytes one search may use (at most 192 MiB).
export async function loadSolver(source, settings = {}) {
  const cfg = Object.freeze({...DEFAULTS, ...settings});
  if (!(cfg.memoryBudget > 0 && cfg.memoryBudget <= MEMORY_BUDGET_MAX))
    throw new RangeError(`memoryBudget must be from 1 to ${MEMORY_BUDGET_MAX} bytes`);
  const e = await loadEngine(source);
  const x = e.exports;
  const L = e.layout;
  const i32 = (at) => e.view().getInt32(at, true);
  const u32 = (at) => e.view().getUint32(at, true);
  const u64 = (at) => Number(e.view().getBigUint64(at, true));
  const str = (at) => e.readString(at);

  // The limits of one call written at `at` (an rh_limits), its deadline counted from `start`.
  function writeLimits(at, opt, start) {
    const v = e.view();
    v.setBigUint64(at + L['rh_limits.max_nodes'], BigInt(opt.maxNodes), true);
    v.setUint32(at + L['rh_limits.max_memory'], cfg.memoryBudget, true);
    v.setBigUint64(at + L['rh_limits.deadline_us'], BigInt(start + opt.timeoutMs * 1000), true);
  }

  function stats(at) {
    return {
      nodes_expanded: u64(at + L['rh_stats.nodes_expanded']),
      nodes_generated: u64(at + L['rh_stats.nodes_generated']),
      states_stored: u64(at + L['rh_stats.states_stored']),
      peak_memory_bytes: u32(at + L['rh_stats.peak_memory']),
      elapsed_us: u64(at + L['rh_stats.elapsed_us']),
    };
  }

  // A board as rows of text (rh_puzzle_render).
  function rows(s, p) {
    const size = i32(p + L['rh_puzzle.board_size']);
    const out = s.alloc(size * (size + 1));
    x.rh_puzzle_render(out, p);
    return Array.from({length: size}, (_, r) => str(out + r * (size + 1)));
  }

  const vehicleId = (p, index) => str(p + L['rh_puzzle.vehicles'] + index * L.rh_vehicle);

  // rh_report_result_head: the solve document of the result at `r` for the puzzle at `p`.
  function resultDoc(s, p, r, boards, keep) {
    const status = i32(r + L['rh_result.status']);
    const doc = {
      status: str(x.rh_status_name(status)),
      optimal: i32(r + L['rh_result.optimal']) !== 0,
      algorithm: str(x.rh_algorithm_name(i32(r + L['rh_result.algorithm']))),
      metric: str(x.rh_metric_name(i32(r + L['rh_result.metric']))),
    };
    if (status === RH_LIMIT_REACHED) doc.limit = str(x.rh_limit_name(i32(r + L['rh_result.limit'])));
    if (status === RH_SOLVED) {
      const count = i32(r + L['rh_result.move_count']);
      const shown = keep > 0 && keep < count ? keep : count;
      const moves = u32(r + L['rh_result.moves']);
      const m = s.alloc(L.rh_move);
      const one = s.alloc(MOVE_NOTATION_MAX);
      const cur = s.alloc(L.rh_puzzle);
      const bytes = new Uint8Array(e.view().buffer);
      bytes.copyWithin(cur, p, p + L.rh_puzzle);
      const sol = {moves: []};
      if (boards) sol.boards = [];
      const notation = [];
      for (let k = 0; k < shown; k++) {
        bytes.copyWithin(m, moves + k * L.rh_move, moves + (k + 1) * L.rh_move);
        sol.moves.push({
          vehicle: vehicleId(p, i32(m + L['rh_move.vehicle'])),
          direction: str(x.rh_move_direction(p, m)),
          distance: Math.abs(i32(m + L['rh_move.delta'])),
        });
        x.rh_move_notation(one, p, m);
        notation.push(str(one));
        if (boards) {
          x.rh_puzzle_apply(cur, m);
          sol.boards.push(rows(s, cur));
        }
      }
      sol.move_count = count;
      sol.slide_count = i32(r + L['rh_result.slide_count']);
      sol.notation = notation.join(' ');
      doc.solution = sol;
    }
    doc.stats = stats(r + L['rh_result.stats']);
    return doc;
  }

  // rh_report_analysis.
  function analysisDoc(s, a) {
    const whole = i32(a + L['rh_analysis.status']) === RH_SOLVED;
    const doc = {
      status: whole ? 'complete' : 'limit_reached',
      metric: str(x.rh_metric_name(i32(a + L['rh_analysis.metric']))),
    };
    if (!whole) doc.limit = str(x.rh_limit_name(i32(a + L['rh_analysis.limit'])));
    if (whole) {
      const start = i32(a + L['rh_analysis.start_distance']);
      const max = i32(a + L['rh_analysis.max_distance']);
      const histogram = u32(a + L['rh_analysis.histogram']);
      Object.assign(doc, {
        states: u64(a + L['rh_analysis.states']),
        goal_states: u64(a + L['rh_analysis.goal_states']),
        dead_states: u64(a + L['rh_analysis.dead_states']),
        solvable: start >= 0,
        start_distance: start,
        start_moves: i32(a + L['rh_analysis.start_moves']),
        max_distance: max,
        histogram: Array.from({length: max + 1}, (_, d) => u64(histogram + 8 * d)),
        hardest: {board: rows(s, a + L['rh_analysis.hardest']), distance: max},
      });
    }
    doc.stats = stats(a + L['rh_analysis.stats']);
    return doc;
  }

  // rh_report_verify: the verdict on the moves, the start's optimal length (-1: unknown).
  function verdictDoc(s, end, v, optimal) {
    const legal = e.view().getUint8(v + L['rh_verify_result.legal']) !== 0;
    const flag = (name) => e.view().getUint8(v + L[`rh_verify_result.${name}`]) !== 0;
    const doc = {legal, first_illegal: legal ? null : i32(v + L['rh_verify_result.first_illegal'])};
    if (legal) {
      doc.reason = null;
    } else {
      const blocker = i32(v + L['rh_verify_result.blocker']);
      const cell = v + L['rh_verify_result.cell'];
      doc.reason = {
        code: str(x.rh_verify_reason_name(i32(v + L['rh_verify_result.reason']))),
        vehicle: blocker >= 0 ? vehicleId(end, blocker) : null,
        wall: flag('wall'),
        cell: flag('has_cell')
          ? {row: i32(cell + L['rh_cell.row']), col: i32(cell + L['rh_cell.col'])}
          : null,
      };
    }
    const moveCount = i32(v + L['rh_verify_result.move_count']);
    const id = s.alloc(PUZZLE_ID_MAX + 1);
    const board = s.alloc(PUZZLE_ID_CELLS_MAX + 1);
    const noted =
      x.rh_puzzle_id(id, end) === 0 && x.rh_puzzle_id_decode(board, id, str(id).length) === 0;
    return Object.assign(doc, {
      solved: flag('solved'),
      move_count: moveCount,
      slide_count: i32(v + L['rh_verify_result.slide_count']),
      optimal_move_count: optimal >= 0 ? optimal : null,
      optimal: legal && flag('solved') && moveCount === optimal,
      board: noted ? str(board) : null,
    });
  }

  // One request: its scratch memory, its problems, its start on the module's clock, its
  // options, and the answers it ends with.
  function call(run) {
    const s = e.scratch();
    try {
      const start = e.clockUs();
      const d = new Diags();
      const opt = {
        algorithm: ALGO_BFS,
        metric: METRIC_MOVES,
        maxNodes: cfg.maxNodes,
        timeoutMs: cfg.timeoutMs,
        includeBoards: false,
        maxMovesReturned: 0,
      };
      const timing = (parse, solve) => ({
        timing_us: {queue: 0, parse, solve, total: e.clockUs() - start},
      });
      const invalid = (what) => {
        const n = d.items.length + d.dropped;
        const puzzle = what === 'puzzle';
        return problem(
          400,
          puzzle ? 'invalid-puzzle' : 'invalid-request',
          puzzle ? 'Invalid Puzzle' : 'Invalid Request',
          `the ${what} has ${n} problem${n === 1 ? '' : 's'}`,
          {errors: d.list()},
        );
      };
      const limit = (doc, name, t) => {
        delete doc.status;
        return problem(422, 'search-limit', 'Search Limit Reached',
          `the search reached its ${name} limit before an answer`, Object.assign(doc, t));
      };
      return run({s, d, opt, start, read: reader(e, s, d), timing, invalid, limit});
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      return problem(500, 'internal', 'Internal Server Error', INTERNAL_DETAIL);
    } finally {
      s.free();
    }
  }

  // A search on the puzzle at `p` under `opt`; the rh_result's address, freed with the scratch.
  function search(c, p) {
    const o = c.s.alloc(L.rh_search_options);
    const v = e.view();
    v.setInt32(o + L['rh_search_options.algorithm'], c.opt.algorithm, true);
    v.setInt32(o + L['rh_search_options.metric'], c.opt.metric, true);
    writeLimits(o + L['rh_search_options.limits'], c.opt, c.start);
    const r = c.s.alloc(L.rh_result);
    if (x.rh_solve(r, p, o) !== 0) throw new RangeError('rh_solve failed');
    return r;
  }

  // The puzzle of a solve, hint or analyze body (JSON or, with text/plain, a text board).
  function readPuzzle(c, body, contentType, accepted, withId) {
    const t0 = e.clockUs();
    let p = null;
    let id = '';
    if (/^text\/plain\b/i.test(contentType)) {
      p = c.read.text(body);
    } else {
      const {doc, answer} = parseBody(body);
      if (answer) return {answer};
      if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
        ({p, id} = c.read.puzzle(doc, ['options'], withId));
        c.read.options(c.opt, doc.options, accepted, cfg);
      } else {
        c.d.add('', 'the puzzle must be a JSON object');
      }
    }
    const parse = e.clockUs() - t0;
    return c.d.empty ? {p, id, parse} : {answer: c.invalid('puzzle')};
  }

  // POST /v1/solve (BFS, the whole solution) and /v1/hint (A*, the first move).
  function solveRoute(body, contentType, algorithm, keep) {
    return call((c) => {
      c.opt.algorithm = algorithm;
      c.opt.maxMovesReturned = keep;
      const {p, id, parse, answer} = readPuzzle(c, body, contentType, OPTIONS.solve, true);
      if (answer) return answer;
      const r = search(c, p);
      try {
        const doc = resultDoc(c.s, p, r, c.opt.includeBoards, c.opt.maxMovesReturned);
        const t = c.timing(parse, doc.stats.elapsed_us);
        const named = id ? {id} : {};
        if (doc.status === 'limit_reached') return c.limit(Object.assign(doc, named), doc.limit, t);
        return {status: 200, body: Object.assign(doc, {cached: false, source: 'search'}, named, t)};
      } finally {
        x.rh_result_free(r);
      }
    });
  }

  function analyze(body, contentType = 'application/json') {
    return call((c) => {
      const {p, parse, answer} = readPuzzle(c, body, contentType, OPTIONS.analyze, false);
      if (answer) return answer;
      const limits = c.s.alloc(L.rh_limits);
      writeLimits(limits, c.opt, c.start);
      const a = c.s.alloc(L.rh_analysis);
      if (x.rh_analyze(a, p, c.opt.metric, limits) !== 0) throw new RangeError('rh_analyze failed');
      try {
        const doc = analysisDoc(c.s, a);
        const t = c.timing(parse, doc.stats.elapsed_us);
        if (doc.status !== 'complete') return c.limit(doc, doc.limit, t);
        return {status: 200, body: Object.assign(doc, t)};
      } finally {
        x.rh_analysis_free(a);
      }
    });
  }

  // POST /v1/verify: the moves replayed, and the start's optimal length by A* in moves.
  function verify(body) {
    return call((c) => {
      const t0 = e.clockUs();
      const {doc, answer} = parseBody(body);
      if (answer) return answer;
      let p = null;
      let id = '';
      let moves = {at: 0, count: 0};
      if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
        ({p, id} = c.read.puzzle(doc, ['options', 'moves'], true));
        c.read.options(c.opt, doc.options, OPTIONS.budget, cfg);
        moves = c.read.moves(doc.moves, p || 0);
      } else {
        c.d.add('', 'the body must be a JSON object: a puzzle and its moves');
      }
      if (!c.d.empty) {
        const movesAtFault = c.d.items.some((item) => item.field.startsWith('moves'));
        return c.invalid(movesAtFault ? 'request' : 'puzzle');
      }
      const end = c.s.alloc(L.rh_puzzle);
      const bytes = new Uint8Array(e.view().buffer);
      bytes.copyWithin(end, p, p + L.rh_puzzle);
      const v = c.s.alloc(L.rh_verify_result);
      const merged = c.s.alloc(L.rh_move * Math.max(moves.count, 1));
      x.rh_verify(v, end, moves.at, moves.count, merged);
      const parse = e.clockUs() - t0;
      c.opt.metric = METRIC_MOVES;
      c.opt.algorithm = ALGO_ASTAR;
      const r = search(c, p);
      try {
        const status = i32(r + L['rh_result.status']);
        const optimal = status === RH_SOLVED ? i32(r + L['rh_result.move_count']) : -1;
        const verdict = verdictDoc(c.s, end, v, status === RH_LIMIT_REACHED ? -1 : optimal);
        if (id) verdict.id = id;
        const t = c.timing(parse, u64(r + L['rh_result.stats'] + L['rh_stats.elapsed_us']));
        if (status !== RH_LIMIT_REACHED) return {status: 200, body: Object.assign(verdict, t)};
        const name = str(x.rh_limit_name(i32(r + L['rh_result.limit'])));
        verdict.limit = name;
        return c.limit(verdict, name, t);
      } finally {
        x.rh_result_free(r);
      }
    });
  }

  return Object.freeze({
    settings: cfg,
    solve: (body, contentType = 'application/json') => solveRoute(body, contentType, ALGO_BFS, 0),
    hint: (body, contentType = 'application/json') => solveRoute(body, contentType, ALGO_ASTAR, 1),
    verify,
    analyze,
  });
}
