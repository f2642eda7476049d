#!/usr/bin/env node
// A bounded soak of rushhourd at saturation: 16 clients keep posting a mix of easy puzzles (the
// 40 Jam levels from jam40.tsv as grids, cache hits and misses: some relabelled, some with other
// metric/algorithm/include_boards options), hard ones (the 51-move board by slides, the 93-slide
// puzzle and the 541,934-state cluster, relabelled so that the answer cache cannot help),
// budget-bound searches (the 16x16 explosion: 422) and invalid puzzles (400), plus a burst of 24
// cluster searches every 10 s (the queue of 16 overflows: 503). Every solved answer is checked
// against the reference (optimal counts; `fast` no better than optimal). The server's RSS is
// read from /proc/<pid>/status four times a second.
//
//   SOAK_SECONDS=60 node tests/hostile/soak.mjs [path to rushhourd]   (or RHD_BIN)
//
// The first seconds fill the 16 MiB answer cache past its limit (so that it evicts from then
// on); RSS is then judged flat by comparing the median of [15 s, 30 s) with the median of the
// last 15 s (single samples swing with the searches in flight at that instant).
//
// Fails (exit 1) on: a status other than 200/400/422/503 (or one unexpected for its kind), a
// transport error, a wrong answer, a 503 without Retry-After, RSS ever above memory budget
// (256 MiB) + cache (16 MiB) + 64 MiB, RSS growth of more than 20% (needs SOAK_SECONDS >= 45),
// no cache hits or no misses, anything left queued or running afterwards, a 5xx other than 503
// in the server's log, a sanitizer report, or an exit code other than 0 on SIGTERM.
// HOSTILE_SLOW=1 loosens timing bounds only. SOAK_SEED changes the mix.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { resolve } from 'node:path';
import {
  HANG_MS, REPO_ROOT, TIME_FACTOR, binaryPath, explosion, logProblems, metric, now, percentile, request,
  requestLogs, rssBytes, sleep, startServer, stopServer, t,
} from './hostile.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS || 60);
const CLIENTS = 16;
const MIB = 1024 * 1024;
const BUDGET = 256 * MIB;
const CACHE = 16 * MIB;
const RSS_LIMIT = BUDGET + CACHE + 64 * MIB;
const WARM_S = 10;
const GROWTH_FROM_S = 15;
const WINDOW_S = 15; /* RSS growth compares the median of [15 s, 30 s) with that of the last 15 s */
const SAMPLE_MS = 250; /* RSS samples: 4 a second, so that a window's median is steady */
const PREFILL_MAX_S = 8;
const BUDGET_MAX_MS = 450; /* the mix's budget-bound searches: 5,000 to 20,000 nodes, at most 450 ms */
const BURST_EVERY_S = 10;
const BURST = 24;

const PUZZLES_DIR = resolve(REPO_ROOT, 'tests/data');

// ---------------------------------------------------------------------------------------------
// The mix

const jam = readFileSync(resolve(PUZZLES_DIR, 'jam40.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => {
  const [name, rows, moves, slides] = l.split('\t');
  return { name, rows: rows.split('/'), moves: Number(moves), slides: Number(slides) };
});
const classic = Object.fromEntries(readFileSync(resolve(PUZZLES_DIR, 'classic.jsonl'), 'utf8').trim().split('\n')
  .map((l) => JSON.parse(l)).map((d) => [d.name, d]));
const hard93 = classic['hardest-93-slides'];
const cluster = classic['big-cluster-541934'];
assert.ok(jam.length === 40 && hard93 && cluster, `reference puzzles missing under ${PUZZLES_DIR}`);
const BOARD51 = 'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.';

// mulberry32: small, seedable (SOAK_SEED), and exact in 32-bit integer arithmetic.
let seed = (Number(process.env.SOAK_SEED) || 0x5eed) >>> 0;
const rand = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let x = Math.imul(seed ^ (seed >>> 15), seed | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const shuffle = (xs) => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

/** Renames the vehicles of a grid (the target `x` kept): same puzzle, another cache key. */
function relabelGrid(rows) {
  const letters = [...new Set(rows.join('').replace(/[.ox#]/g, ''))];
  const pool = shuffle([...'abcdefghijklmnpqrstuvwyzABCDEFGHIJKLMNPQRSTUVWYZ0123456789']);
  const map = Object.fromEntries(letters.map((c, i) => [c, pool[i]]));
  return rows.map((r) => r.replace(/[^.ox#]/g, (c) => map[c]));
}

/** Renames the vehicles of the database notation (A, the target, kept). */
function relabelBoard(board) {
  const letters = [...new Set(board.replace(/[.oxA]/g, ''))];
  const pool = shuffle([...'BCDEFGHIJKLMNPQRSTUVWYZ']);
  const map = Object.fromEntries(letters.map((c, i) => [c, pool[i]]));
  return board.replace(/[^.oxA]/g, (c) => map[c]);
}

/** Renames the non-target vehicles of a JSON puzzle and shuffles their order. */
function relabelVehicles(puzzle) {
  const tag = Math.floor(rand() * 36 ** 4).toString(36);
  const vehicles = shuffle(puzzle.vehicles.map((v) => (v.id === 'X' ? v : { ...v, id: `${v.id}${tag}`.slice(0, 8) })));
  return { ...puzzle, vehicles };
}

const randomOptions = () => {
  const o = {};
  if (rand() < 0.6) o.metric = pick(['moves', 'slides']);
  if (rand() < 0.6) o.algorithm = pick(['bfs', 'astar', 'fast']);
  if (rand() < 0.2) o.include_boards = true;
  return o;
};

const INVALID = [
  '{"vehicles":[]}',
  '{"grid":["xx"]}',
  '{"board":"AAxx"}',
  '{"board_size":99,"vehicles":[{"id":"X","row":2,"col":0,"length":2,"orientation":"H"}]}',
  '{"vehicles":[{"id":"X","row":2,"col":0,"length":2,"orientation":"H"},{"id":"Y","row":2,"col":1,"length":2,"orientation":"H"}]}',
  '{"grid":["bb...g","a..c.g","axxc.g","a..c..","e...ff","e.ddd."],"options":{"metric":"furlongs"}}',
  '{"grid":["bb...g","a..c.g","axxc.g","a..c..","e...ff","e.ddd."],"options":{"max_nodes":-1}}',
  '{"grid": ',
  '{"board_size":6,"board_size":6}',
  '{"vehicles":[{"id":"X","row":1e400,"col":0,"length":2,"orientation":"H"}]}',
];

/** One request of the mix: {kind, body, check(response) → error text or null}. */
function nextRequest() {
  const r = rand();
  const optimalCount = (doc, opts, moves, slides) => {
    const metricName = opts.metric || 'moves';
    const want = metricName === 'moves' ? moves : slides;
    const got = metricName === 'moves' ? doc.solution?.move_count : doc.solution?.slide_count;
    if (doc.status !== 'solved') return `status ${doc.status}`;
    if ((opts.algorithm || 'bfs') === 'fast') return got >= want ? null : `fast found ${got} < optimal ${want}`;
    return got === want ? null : `${metricName} ${got}, expected ${want}`;
  };
  if (r < 0.55) {
    const level = pick(jam);
    const miss = rand() < 0.25;
    const options = rand() < 0.35 ? randomOptions() : {};
    const doc = { grid: miss ? relabelGrid(level.rows) : level.rows };
    if (Object.keys(options).length) doc.options = options;
    return { kind: 'easy', body: JSON.stringify(doc), check: (d) => optimalCount(d, options, level.moves, level.slides) };
  }
  if (r < 0.80) {
    const which = pick(['51', '93', 'cluster']);
    const options = { metric: rand() < 0.7 ? 'slides' : 'moves', algorithm: pick(['bfs', 'astar']) };
    if (rand() < 0.2) options.include_boards = true;
    if (which === '51') {
      return { kind: 'hard', body: JSON.stringify({ board: relabelBoard(BOARD51), options }), check: (d) => optimalCount(d, options, 51, 83) };
    }
    const ref = which === '93' ? hard93 : cluster;
    return {
      kind: 'hard',
      body: JSON.stringify({ ...relabelVehicles(ref.puzzle), options }),
      check: (d) => optimalCount(d, options, ref.answer.min_moves, ref.answer.min_slides),
    };
  }
  if (r < 0.97) return { kind: 'invalid', body: pick(INVALID), check: null };
  // Stopped by a node budget (or, rarely, time), so that a search's memory stays near the
  // cluster's: the largest allocations of the mix are then of a few sizes, and the allocator
  // settles within the warm-up.
  return { kind: 'budget', body: JSON.stringify(explosion({ max_nodes: 5000 + Math.floor(rand() * 15000), timeout_ms: BUDGET_MAX_MS })), check: null };
}

const EXPECTED = { prefill: [200, 503], easy: [200, 503], hard: [200, 503], invalid: [400], budget: [422, 503], burst: [200, 503] };
const mib = (b) => (b / MIB).toFixed(1);
const median = (xs) => percentile(xs, 50);

// ---------------------------------------------------------------------------------------------

async function main() {
  const t0run = now();
  const bin = binaryPath(process.argv[2]);
  const flags = ['--workers', '2', '--http-threads', '2', '--queue-length', '16', '--memory-budget-bytes', String(BUDGET),
    '--cache-bytes', String(CACHE), '--grace-s', '10',
    // Searches get all the time they need (a request's own budget aside): at saturation a queued
    // search's deadline, counted from the queue, would otherwise depend on the machine's speed
    // (the sanitizer build's hardest solves take seconds).
    '--timeout-ms', '600000', '--timeout-max-ms', '600000'];
  const server = await startServer(bin, flags);
  const { port, pid } = server;
  console.log(`soak: ${bin}, pid ${pid}, port ${port}, ${SECONDS} s, ${CLIENTS} clients (+${BURST} every ${BURST_EVERY_S} s), time factor ${TIME_FACTOR}`);
  console.log(`soak: ${flags.join(' ')}`);

  const byStatus = {};
  const byKind = {};
  const errors = [];
  const wrong = [];
  const unexpected = [];
  const lat = [];
  let no503RetryAfter = 0;
  const record = (kind, res) => {
    const key = res.status ?? `error ${res.error}`;
    byStatus[key] = (byStatus[key] || 0) + 1;
    byKind[kind] ??= {};
    byKind[kind][key] = (byKind[kind][key] || 0) + 1;
    if (res.error) {
      if (errors.length < 10) errors.push(`${kind}: ${res.error}`);
      return;
    }
    lat.push(res.ms);
    if (![200, 400, 422, 503].includes(res.status) || !EXPECTED[kind].includes(res.status)) {
      if (unexpected.length < 10) unexpected.push(`${kind} → ${res.status}: ${res.body.slice(0, 160)}`);
    }
    if (res.status === 503 && !res.headers['retry-after']) no503RetryAfter++;
  };

  // RSS, four times a second.
  const rss = [];
  const sampler = setInterval(() => {
    const b = rssBytes(pid);
    if (b !== null) rss.push({ s: (now() - t0run) / 1000, b });
  }, SAMPLE_MS);

  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const post = (body, agent) => request(port, 'POST', '/v1/solve', {
    headers: { 'Content-Type': 'application/json' }, body, agent, timeoutMs: HANG_MS,
  });
  // Warm-up: fill the answer cache past its limit with distinct answers (boards included, so
  // they are big), so that from then on it evicts and its size is flat.
  let prefillBytes = 0;
  let prefillCount = 0;
  const prefillEnd = now() + Math.min(t(PREFILL_MAX_S * 1000), 12000); /* before the 15 s mark */
  await Promise.all(Array.from({ length: CLIENTS }, async (_, i) => {
    while (prefillBytes < CACHE * 1.25 && now() < prefillEnd) {
      const level = pick(jam);
      const body = rand() < 0.5
        ? JSON.stringify({ board: relabelBoard(BOARD51), options: { metric: 'slides', include_boards: true } })
        : JSON.stringify({ grid: relabelGrid(level.rows), options: { include_boards: true, metric: pick(['moves', 'slides']) } });
      const res = await post(body, i < 2 ? false : keepAlive);
      record('prefill', res);
      prefillCount++;
      if (res.status === 200) prefillBytes += Buffer.byteLength(res.body);
    }
  }));
  console.log(`soak: warm-up: the cache filled with ${prefillCount} distinct answers (${mib(prefillBytes)} MiB) in ${((now() - t0run) / 1000).toFixed(1)} s`);

  const end = t0run + SECONDS * 1000;
  const client = async (i) => {
    const agent = i < 2 ? false : keepAlive; /* two clients open a connection per request */
    while (now() < end) {
      const q = nextRequest();
      const res = await post(q.body, agent);
      record(q.kind, res);
      if (res.status === 200 && q.check) {
        let doc = null;
        try {
          doc = JSON.parse(res.body);
        } catch {
          /* reported below */
        }
        const why = doc ? q.check(doc) : 'not JSON';
        if (why && wrong.length < 10) wrong.push(`${q.kind} ${q.body.slice(0, 80)}: ${why}`);
      }
      if (res.status === 503) await sleep(20 + rand() * 30);
      if (res.error) await sleep(50);
    }
  };
  // Every BURST_EVERY_S seconds, BURST more cluster searches at once: the queue (16) overflows.
  const bursts = (async () => {
    let n = 0;
    for (let next = now() + BURST_EVERY_S * 1000; ; next += BURST_EVERY_S * 1000) {
      while (now() < next && now() < end) await sleep(Math.min(200, next - now()));
      if (now() >= end - 2000) return n;
      n++;
      const puzzle = relabelVehicles(cluster.puzzle);
      await Promise.all(Array.from({ length: BURST }, () => post(JSON.stringify({ ...relabelVehicles(puzzle), options: { metric: 'slides' } }), false)
        .then((res) => record('burst', res))));
    }
  })();
  const progress = setInterval(() => {
    const last = rss[rss.length - 1];
    const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
    console.log(`soak: ${Math.round((now() - t0run) / 1000)} s, ${total} requests ${JSON.stringify(byStatus)}, RSS ${last ? (last.b / MIB).toFixed(1) : '?'} MiB`);
  }, 10000);
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  const burstCount = await bursts;
  const loadS = (now() - t0run) / 1000;
  clearInterval(progress);
  clearInterval(sampler);
  const lastB = rssBytes(pid);
  if (lastB !== null) rss.push({ s: (now() - t0run) / 1000, b: lastB });
  keepAlive.destroy();

  // Afterwards: nothing queued or running (a gauge may lag its answer: polled, with a hang
  // guard); the cache saw hits and misses.
  let inFlight;
  let depth;
  for (const until = now() + HANG_MS; ;) {
    inFlight = await metric(server, 'rushhourd_searches_in_flight');
    depth = await metric(server, 'rushhourd_queue_depth');
    if ((inFlight === 0 && depth === 0) || now() > until) break;
    await sleep(20);
  }
  const m = await request(server.adminPort, 'GET', '/metrics');
  const hits = Number(/rushhourd_cache_lookups_total\{result="hit"\} (\d+)/.exec(m.body || '')?.[1] ?? NaN);
  const misses = Number(/rushhourd_cache_lookups_total\{result="miss"\} (\d+)/.exec(m.body || '')?.[1] ?? NaN);
  const health = await request(port, 'GET', '/healthz');
  const stop = await stopServer(server, t(25000));
  const logged5xx = requestLogs(server).filter((l) => l.status >= 500 && l.status !== 503);
  const problems = logProblems(server);

  // Figures.
  const bs = rss.map((x) => x.b);
  const warm = rss.find((x) => x.s >= WARM_S);
  const at15 = rss.find((x) => x.s >= GROWTH_FROM_S);
  const last = rss[rss.length - 1];
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  console.log('\nsoak results\n');
  console.log(`| figure | value |\n|---|---|`);
  console.log(`| run | ${loadS.toFixed(1)} s of load, ${CLIENTS} clients, ${burstCount} bursts of ${BURST} |`);
  console.log(`| requests | ${total} (${(total / loadS).toFixed(0)}/s) |`);
  console.log(`| by status | ${Object.entries(byStatus).map(([k, v]) => `${k}: ${v}`).join(', ')} |`);
  for (const [k, v] of Object.entries(byKind)) console.log(`| ${k} | ${Object.entries(v).map(([s, n]) => `${s}: ${n}`).join(', ')} |`);
  console.log(`| latency | p50 ${percentile(lat, 50).toFixed(1)} ms, p99 ${percentile(lat, 99).toFixed(1)} ms, max ${percentile(lat, 100).toFixed(0)} ms |`);
  console.log(`| cache lookups | ${hits} hits, ${misses} misses |`);
  console.log(`| RSS min / max | ${mib(percentile(bs, 0))} / ${mib(percentile(bs, 100))} MiB (limit ${mib(RSS_LIMIT)} MiB) |`);
  console.log(`| RSS first after warm-up (${warm?.s.toFixed(0)} s) / at ${GROWTH_FROM_S} s / last (${last?.s.toFixed(0)} s) | ${mib(warm?.b ?? NaN)} / ${mib(at15?.b ?? NaN)} / ${mib(last?.b ?? NaN)} MiB |`);
  const early = bs.filter((_, i) => rss[i].s >= GROWTH_FROM_S && rss[i].s < GROWTH_FROM_S + WINDOW_S);
  const late = bs.filter((_, i) => rss[i].s >= last.s - WINDOW_S);
  console.log(`| RSS median ${GROWTH_FROM_S}-${GROWTH_FROM_S + WINDOW_S} s (${early.length} samples) / last ${WINDOW_S} s (${late.length}) | ${mib(median(early))} / ${mib(median(late))} MiB (${(((median(late) / median(early)) - 1) * 100).toFixed(1)}%) |`);
  const every5 = [];
  for (const x of rss) if (x.s >= (every5.length + 1) * 5) every5.push(x);
  console.log(`| RSS every 5 s (MiB) | ${every5.map((x) => mib(x.b)).join(' ')} |`);
  console.log(`| after | in flight ${inFlight}, queue ${depth}, healthz ${health.status}; SIGTERM → ${JSON.stringify({ code: stop.code, signal: stop.signal, timeout: stop.timeout })} in ${Math.round(stop.ms)} ms |`);

  const failures = [];
  if (unexpected.length) failures.push(`unexpected statuses: ${unexpected.join(' | ')}`);
  if (errors.length) failures.push(`transport errors: ${errors.join(' | ')}`);
  if (wrong.length) failures.push(`wrong answers: ${wrong.join(' | ')}`);
  if (no503RetryAfter) failures.push(`${no503RetryAfter} 503s without Retry-After`);
  if (percentile(bs, 100) > RSS_LIMIT) failures.push(`RSS ${mib(percentile(bs, 100))} MiB above ${mib(RSS_LIMIT)} MiB`);
  // Single samples swing by several MiB with the searches in flight at that instant; medians of
  // 15 s windows (60 samples) do not, while a leak still moves them.
  if (SECONDS >= GROWTH_FROM_S + 2 * WINDOW_S) {
    if (!early.length || !late.length) failures.push('no RSS samples');
    else if (median(late) > median(early) * 1.2) {
      failures.push(`RSS grew ${(((median(late) / median(early)) - 1) * 100).toFixed(0)}% from ${GROWTH_FROM_S}-${GROWTH_FROM_S + WINDOW_S} s (median ${mib(median(early))} MiB) to the last ${WINDOW_S} s (median ${mib(median(late))} MiB)`);
    }
  } else {
    console.log(`soak: SOAK_SECONDS=${SECONDS} is too short for the growth check (needs ${GROWTH_FROM_S + 2 * WINDOW_S})`);
  }
  if (!(byStatus[200] > 0 && byStatus[400] > 0)) failures.push('the mix produced no 200 or no 400');
  if (!(hits > 0 && misses > 0)) failures.push(`cache lookups: ${hits} hits, ${misses} misses (both expected)`);
  if (inFlight !== 0 || depth !== 0) failures.push(`after the load: ${inFlight} in flight, ${depth} queued`);
  if (health.status !== 200) failures.push(`/healthz after the load: ${health.status ?? health.error}`);
  if (logged5xx.length) failures.push(`5xx other than 503 in the log: ${JSON.stringify(logged5xx.slice(0, 3))}`);
  if (problems.length) failures.push(...problems);
  if (stop.code !== 0) failures.push(`SIGTERM: ${JSON.stringify(stop)} ${server.stderr.slice(-1500)}`);
  console.log(`\nsoak: ${((now() - t0run) / 1000).toFixed(1)} s in all`);
  if (failures.length) {
    console.log(`soak: FAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('soak: passed');
  }
}

main().catch((e) => {
  console.error(`soak: ${e?.stack || e}`);
  process.exitCode = 1;
});
