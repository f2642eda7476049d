#!/usr/bin/env node
// Floods against the cluster-table cache (issue 36), as functional checks: a flood of analyses of
// tiny distinct boards must not evict a played puzzle's table nor the day's, and a flood of bank
// hand-outs must neither (and must meet the build budget). Every verdict is what the server
// answered (`source` of a hint, counters on /metrics), never how fast:
//
//   (a) a bank puzzle is played (handed out by GET /v1/puzzles, then hinted until the hint says
//       `source: table`), and the day's puzzle (GET /v1/puzzles/daily) is hinted until its
//       pinned table answers;
//   (b) a flood of POST /v1/analyze of tiny distinct boards (the red car alone in row 2, 2-4 walls
//       elsewhere: a 5-state cluster each) of a whole cache's worth of tables; then both hints
//       are still `source: table`, and rushhourd_table_evictions_total > 0 (the flood did fill
//       the analyses' quota);
//   (c) a flood of 170 GET /v1/puzzles?count=100&min_moves=20&walls=0-1&seed=N (N distinct, as
//       fast as they go); once the builds it was granted have ended, both hints are still
//       `source: table`, and rushhourd_table_builds_refused_total{reason="budget"} > 0.
//
//   node tests/hostile/floods.mjs [path to rushhourd]     (or RHD_BIN; default build/rushhourd)
//
// The server gets --table-cache-bytes 8MiB rather than the default 64 MiB: the analyses' quota
// (a quarter) then fills with about 360 tiny tables instead of 2,900, so a flood of a whole
// cache's worth (about 1,450 tables, four times the quota) stays a few seconds even under
// AddressSanitizer; the shares are fractions, so the policy checked is the same. The tables a
// flood needs are computed from the cache's bytes and the bytes the first tiny tables took.
// Needs the served bank beside the binary (--bank auto). Waits are polls bounded by generous
// hang guards (minutes; HOSTILE_SLOW=1 multiplies them by 4), never verdicts. Fails (exit 1) on
// an unmet expectation, a status other than 200 (or 503, retried, during the analyses' flood), a
// sanitizer report, or an exit code other than 0 on SIGTERM.
//
// The flood helpers are exported for bench/http/floods.mjs; the run starts only when this file
// is the program.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  TIME_FACTOR, binaryPath, logProblems, metric, now, request, sleep, startServer, stopServer, t,
} from './hostile.mjs';

const MIB = 1024 * 1024;
const CACHE_BYTES = 8 * MIB;
const HANDOUTS = 170;
const HANDOUT_PATH = (seed) => `/v1/puzzles?count=100&min_moves=20&walls=0-1&seed=${seed}`;

// ---------------------------------------------------------------------------------------------
// Boards and floods

/**
 * `n` distinct tiny boards in the database notation (36 cells, row-major): the red car AA at
 * the left of row 2 and 2 to 4 walls `x` off row 2, in a fixed order from the `skip`-th on
 * (31,900 in all; each wall set is a cluster of its own).
 */
export function tinyBoards(n, skip = 0) {
  const cells = [];
  for (let i = 0; i < 36; i++) if (Math.floor(i / 6) !== 2) cells.push(i);
  const out = [];
  let index = 0;
  const walk = (from, chosen, k) => {
    if (out.length >= n) return;
    if (chosen.length === k) {
      if (index++ < skip) return;
      const b = Array(36).fill('.');
      b[12] = 'A';
      b[13] = 'A';
      for (const c of chosen) b[c] = 'x';
      out.push(b.join(''));
      return;
    }
    for (let i = from; i < cells.length && out.length < n; i++) walk(i + 1, [...chosen, cells[i]], k);
  };
  for (const k of [2, 3, 4]) walk(0, [], k);
  if (out.length < n) throw new Error(`only ${out.length} tiny boards from ${skip}, ${n} asked`);
  return out;
}

/**
 * POSTs each of `boards` to /v1/analyze as text/plain from `clients` keep-alive clients, a 503
 * (queue full) retried after a pause. Resolves {count, statuses, errors, ms}.
 */
export async function analyzeFlood(port, boards, { clients = 8 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const statuses = {};
  const errors = [];
  let next = 0;
  const t0 = now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < boards.length) {
      const board = boards[next++];
      for (let attempt = 0; ; attempt++) {
        const r = await request(port, 'POST', '/v1/analyze', {
          headers: { 'Content-Type': 'text/plain' }, body: board, agent, timeoutMs: t(30000),
        });
        const key = r.status ?? `error ${r.error}`;
        statuses[key] = (statuses[key] || 0) + 1;
        if (r.status === 503 && attempt < 100) {
          await sleep(20);
          continue;
        }
        if (r.status !== 200 && errors.length < 5) errors.push(`${board} → ${key}: ${(r.body || '').slice(0, 160)}`);
        break;
      }
    }
  }));
  agent.destroy();
  return { count: boards.length, statuses, errors, ms: now() - t0 };
}

/**
 * `requests` GET /v1/puzzles?count=100&min_moves=20&walls=0-1 with the distinct seeds
 * seed0, seed0+1, ...: closed-loop from `clients` clients when `perSecond` is 0 (as fast as they
 * go), else one started every 1/perSecond s whatever the answers (open loop). Resolves
 * {statuses, errors, puzzles, ms}.
 */
export async function handoutFlood(port, { requests: n = HANDOUTS, seed0 = 1000, perSecond = 0, clients = 4 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: perSecond ? 64 : clients });
  const statuses = {};
  const errors = [];
  let puzzles = 0;
  const one = async (i) => {
    const r = await request(port, 'GET', HANDOUT_PATH(seed0 + i), { agent, timeoutMs: t(30000) });
    const key = r.status ?? `error ${r.error}`;
    statuses[key] = (statuses[key] || 0) + 1;
    if (r.status === 200) puzzles += JSON.parse(r.body).puzzles.length;
    else if (errors.length < 5) errors.push(`seed ${seed0 + i} → ${key}: ${(r.body || '').slice(0, 160)}`);
  };
  const t0 = now();
  if (perSecond) {
    const pending = [];
    for (let i = 0; i < n; i++) {
      const due = t0 + (i * 1000) / perSecond;
      if (due > now()) await sleep(due - now());
      pending.push(one(i));
    }
    await Promise.all(pending);
  } else {
    let next = 0;
    await Promise.all(Array.from({ length: clients }, async () => {
      while (next < n) await one(next++);
    }));
  }
  agent.destroy();
  return { statuses, errors, puzzles, ms: now() - t0 };
}

/** The `source` of the hint at `board` (text/plain), or `status N` / `error E`. */
export async function hintSource(port, board) {
  const r = await request(port, 'POST', '/v1/hint', {
    headers: { 'Content-Type': 'text/plain' }, body: board, timeoutMs: t(30000),
  });
  if (r.status !== 200) return r.status ? `status ${r.status}` : `error ${r.error}`;
  return JSON.parse(r.body).source;
}

/**
 * Hints `board` until a table answers (its build runs in the background), every 100 ms for
 * `guardMs` at most: a hang guard, not a verdict on speed. Resolves the last source seen.
 */
export async function awaitTable(port, board, guardMs = t(120000)) {
  const end = now() + guardMs;
  let source;
  for (;;) {
    source = await hintSource(port, board);
    if (source === 'table' || now() > end) return source;
    await sleep(100);
  }
}

/**
 * Waits until the background builds settle: the count of builds ended (kept or dropped) the
 * same for `quietMs`, polled every 250 ms, for `guardMs` at most (a hang guard). A lookup files
 * what the builder finished, so each poll also hints `board`. Resolves the builds ended.
 */
export async function buildsSettled(server, board, { quietMs = t(2000), guardMs = t(120000) } = {}) {
  const ended = async () => (await metric(server, 'rushhourd_table_builds_total{result="kept"}'))
    + (await metric(server, 'rushhourd_table_builds_total{result="dropped"}'));
  const end = now() + guardMs;
  let last = await ended();
  let since = now();
  while (now() < end && now() - since < quietMs) {
    await sleep(250);
    await hintSource(server.port, board);
    const n = await ended();
    if (n !== last) {
      last = n;
      since = now();
    }
  }
  return last;
}

/** A bank puzzle handed out and played: the smallest cluster of 10 of 20-30 moves. */
export async function playPuzzle(port, seed = 7) {
  const r = await request(port, 'GET', `/v1/puzzles?min_moves=20&max_moves=30&count=10&seed=${seed}`);
  if (r.status !== 200) throw new Error(`GET /v1/puzzles → ${r.status ?? r.error}: ${r.body}`);
  const puzzle = JSON.parse(r.body).puzzles.sort((a, b) => a.cluster_size - b.cluster_size)[0];
  return { ...puzzle, source: await awaitTable(port, puzzle.board) };
}

/** The day's puzzle (GET /v1/puzzles/daily), hinted until its pinned table answers. */
export async function dayPuzzle(port) {
  const r = await request(port, 'GET', '/v1/puzzles/daily');
  if (r.status !== 200) throw new Error(`GET /v1/puzzles/daily → ${r.status ?? r.error}: ${r.body}`);
  const { puzzle } = JSON.parse(r.body);
  return { ...puzzle, source: await awaitTable(port, puzzle.board) };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const t0run = now();
  const bin = binaryPath(process.argv[2]);
  const flags = ['--workers', '2', '--http-threads', '2', '--cache-bytes', '0', '--table-cache-bytes', String(CACHE_BYTES)];
  const server = await startServer(bin, flags);
  const { port, adminPort } = server;
  console.log(`floods: ${bin}, pid ${server.pid}, port ${port}, admin ${adminPort}, time factor ${TIME_FACTOR}`);
  console.log(`floods: ${flags.join(' ')} (the build budget's defaults)`);
  const failures = [];
  const rows = [];
  const check = (what, ok, detail) => {
    rows.push(`| ${what} | ${ok ? 'ok' : 'FAILED'} | ${detail} |`);
    if (!ok) failures.push(`${what}: ${detail}`);
  };
  const m = (name) => metric(server, name);
  const hints = async (when, played, day) => {
    const p = await hintSource(port, played.board);
    const d = await hintSource(port, day.board);
    check(`${when}: the played puzzle's hint`, p === 'table', `source ${p}`);
    check(`${when}: the day's hint`, d === 'table', `source ${d}`);
  };

  try {
    // (a) A played puzzle and the day's, each answered from its table.
    const played = await playPuzzle(port);
    check('played: hand-out hinted until a table answers', played.source === 'table',
      `${played.id} (${played.moves} moves, cluster ${played.cluster_size}): source ${played.source}`);
    const day = await dayPuzzle(port);
    check('the day\'s puzzle answered from its pinned table', day.source === 'table',
      `${day.id} (${day.moves} moves, cluster ${day.cluster_size}): source ${day.source}`);

    // (b) Analyses of tiny distinct boards: a first batch to learn a tiny table's bytes, then
    // enough for the whole cache's bytes (four times the analyses' quota).
    const tables0 = await m('rushhourd_tables');
    const bytes0 = await m('rushhourd_table_bytes');
    const first = await analyzeFlood(port, tinyBoards(100));
    const tinyBytes = ((await m('rushhourd_table_bytes')) - bytes0) / ((await m('rushhourd_tables')) - tables0);
    const total = Math.ceil(CACHE_BYTES / (tinyBytes > 0 ? tinyBytes : 4096));
    const rest = await analyzeFlood(port, tinyBoards(Math.max(0, total - 100), 100));
    const statuses = { ...first.statuses };
    for (const [k, v] of Object.entries(rest.statuses)) statuses[k] = (statuses[k] || 0) + v;
    const errs = [...first.errors, ...rest.errors];
    check('analyses\' flood answered', errs.length === 0,
      `${total} analyses (a tiny table: ${Math.round(tinyBytes)} bytes) in ${((first.ms + rest.ms) / 1000).toFixed(1)} s, ${JSON.stringify(statuses)}${errs.length ? `: ${errs.join(' | ')}` : ''}`);
    const evictions = await m('rushhourd_table_evictions_total');
    check('analyses\' flood evicted (the quota was overfilled)', evictions > 0,
      `rushhourd_table_evictions_total ${evictions}, tables ${await m('rushhourd_tables')}, ${await m('rushhourd_table_bytes')} bytes`);
    await hints('after the analyses\' flood', played, day);

    // (c) Hand-outs of 100 puzzles each, distinct seeds, as fast as they go.
    const flood = await handoutFlood(port);
    check('hand-outs\' flood answered', flood.errors.length === 0,
      `${HANDOUTS} requests, ${flood.puzzles} puzzles in ${(flood.ms / 1000).toFixed(1)} s, ${JSON.stringify(flood.statuses)}${flood.errors.length ? `: ${flood.errors.join(' | ')}` : ''}`);
    // The builds the flood was granted end before the hints are judged (their tables filed,
    // evicting as they may).
    await buildsSettled(server, played.board);
    const refused = await m('rushhourd_table_builds_refused_total{reason="budget"}');
    check('hand-outs\' flood met the build budget', refused > 0,
      `refused: budget ${refused}, queue_full ${await m('rushhourd_table_builds_refused_total{reason="queue_full"}')}; builds kept ${await m('rushhourd_table_builds_total{result="kept"}')}, evictions ${await m('rushhourd_table_evictions_total')}`);
    await hints('after the hand-outs\' flood', played, day);
  } catch (e) {
    failures.push(`error: ${e?.stack || e}`);
  }

  const stop = await stopServer(server, t(25000));
  failures.push(...logProblems(server));
  if (stop.code !== 0) failures.push(`SIGTERM: ${JSON.stringify(stop)} ${server.stderr.slice(-1500)}`);
  console.log('\nfloods results\n');
  console.log('| check | verdict | what was seen |\n|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(`\nfloods: ${((now() - t0run) / 1000).toFixed(1)} s in all`);
  if (failures.length) {
    console.log(`floods: FAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('floods: passed');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(`floods: ${e?.stack || e}`);
    process.exitCode = 1;
  });
}
