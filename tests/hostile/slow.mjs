#!/usr/bin/env node
// Slow clients against rushhourd, bounded (about 35 s): slowloris (a header trickled a byte a
// second), slow bodies (a 60,000-byte body at a byte a second) and slow readers (20 pipelined
// GETs of /openapi.yaml, read one chunk a second), 100 connections of each kind from each of
// two loopback addresses (127.0.0.2 to 127.0.0.7: 600 connections), each reopened as soon as
// the server closes it. Meanwhile a prober asks /healthz and /readyz on the admin port every
// 200 ms and /metrics every second, as a kubelet and Prometheus would, and an honest client
// (127.0.0.1) solves Jam 1 and asks /healthz on the main port every 250 ms.
//
//   SLOW_SECONDS=30 node tests/hostile/slow.mjs [path to rushhourd]     (or RHD_BIN)
//
// The attack runs on a worker thread of its own, so that the probes' timings are the server's,
// not this process's event loop busy with 600 sockets.
//
// Fails (exit 1) unless: every probe answers 200, and each probed path during the attack;
// every honest request answers 200 (Jam 1 in 8 moves), one at least during the attack; every
// slowloris and slow-body connection the server cut got its 408, and none before its deadline
// (--header-timeout-s 3, --body-timeout-s 5); the ones closed with nothing said are no more
// than the connections the server counts as refused (at the per-address limit, when a hundred
// reconnect at once); both kinds of timeout are counted in /metrics; the log is JSON and stderr
// holds no sanitizer report; SIGTERM ends the server with 0. Latencies are reported, never
// judged: no verdict depends on the machine's speed. Node 18+ built-ins only.
import assert from 'node:assert/strict';
import net from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  HANG_MS, JAM1, TIME_FACTOR, binaryPath, logProblems, now, percentile, request, sleep, startServer,
  stopServer, t,
} from './hostile.mjs';

const SECONDS = Number(process.env.SLOW_SECONDS || 30);
const HEADER_S = 3;
const BODY_S = 5;
const PER_ADDRESS = 100;
/* A probe's answer on the admin port should come within 100 ms (a kubelet's default timeout is
 * 1 s). Reported, not asserted: a 2-core machine shared by several builds (load average 12)
 * stalls any process for a tenth of a second now and then, whatever it serves (p99 was 120 ms
 * there), and the sanitizer build is slower still. The verdict is that every probe and every
 * honest request is answered, 200, while the attack goes on. */
const PROBE_MS = 100;
/* Closed with nothing said: refused on arrival (the verdict compares their number with the
 * server's count of refusals; how soon they closed is not judged). */
const refused = (c) => !c.got408;
/* 2048 connections: in thread-pool mode each of the 2 HTTP threads takes half, and the 600
 * attacking connections are not spread evenly between them. */
const FLAGS = [
  '--workers', '2', '--http-threads', '2', '--header-timeout-s', String(HEADER_S),
  '--body-timeout-s', String(BODY_S), '--idle-timeout-s', '10', '--max-connections', '2048',
  '--max-connections-per-ip', '128', '--grace-s', '5',
];
const KINDS = ['slowloris', 'slow body', 'slow read'];

// ---------------------------------------------------------------------------------------------
// The attack (worker thread): runs until told to stop, then posts what it saw.

let running = true;
const open = new Set();
/* Per kind: the connections the server closed, each with its lifetime in ms and whether a 408
 * came. One closed at once with nothing said was refused at the per-address limit: 100 closing
 * together at their deadline reconnect before the server has seen all of them go. */
const closed = { slowloris: [], 'slow body': [], 'slow read': [] };

/** One attacking connection from `address`, reopened whenever it ends while the run lasts. */
function attack(kind, port, address, start) {
  const sock = net.connect({ host: '127.0.0.1', port, localAddress: address });
  const c = { opened: now(), reply: '', byUs: false };
  open.add(sock);
  let timer = null;
  sock.setNoDelay(true);
  sock.on('connect', () => {
    if (kind === 'slow read') {
      sock.write('GET /openapi.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(20));
      sock.pause();
      timer = setInterval(() => sock.resume(), 1000);
      return;
    }
    const head = kind === 'slowloris'
      ? `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow-${address}: `
      : 'POST /v1/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n';
    if (kind === 'slow body') sock.write(head);
    let i = 0;
    timer = setInterval(() => sock.write(kind === 'slowloris' ? head[i++] ?? 'a' : ' '), 1000);
  });
  sock.on('data', (d) => {
    if (kind === 'slow read') sock.pause();
    else if (c.reply.length < 4096) c.reply += d.toString('latin1');
  });
  sock.on('error', () => {});
  sock.on('close', () => {
    clearInterval(timer);
    open.delete(sock);
    if (!running || c.byUs) return;
    closed[kind].push({ ms: now() - c.opened, got408: c.reply.startsWith('HTTP/1.1 408 ') });
    if (now() < start + SECONDS * 1000) attack(kind, port, address, start);
  });
}

async function runAttack({ port }) {
  const start = now();
  for (let a = 0; a < 6; a++) {
    for (let k = 0; k < PER_ADDRESS; k++) attack(KINDS[a >> 1], port, `127.0.0.${a + 2}`, start);
    await sleep(50); /* the accept queue takes 100 at a time without drops */
  }
  let peak = 0;
  const sample = setInterval(() => { peak = Math.max(peak, open.size); }, 500);
  parentPort.once('message', () => {
    running = false;
    clearInterval(sample);
    for (const s of open) s.destroy();
    parentPort.postMessage({ closed, peak });
  });
}

// ---------------------------------------------------------------------------------------------
// The probes and the honest client (main thread)

/** Repeats `once` every `everyMs` until the run ends; collects what it returns. */
async function every(everyMs, once, into) {
  while (running) {
    const tick = now();
    into.push(await once());
    await sleep(Math.max(0, everyMs - (now() - tick)));
  }
}

async function main() {
  const t0 = now();
  const bin = binaryPath(process.argv[2]);
  const server = await startServer(bin, FLAGS);
  const { port, adminPort } = server;
  console.log(`slow: ${bin} (time factor ${TIME_FACTOR}) main port ${port}, admin port ${adminPort}`);
  assert.ok(adminPort > 0, `no admin port in the start line: ${JSON.stringify(server.start)}`);

  const start = now();
  const attacker = new Worker(new URL(import.meta.url), { workerData: { port } });
  const report = new Promise((done) => attacker.once('message', done));
  const probes = [];
  const honest = [];
  const probe = async (path) => {
    const r = await request(adminPort, 'GET', path, { timeoutMs: HANG_MS });
    return { path, status: r.status ?? r.error, ms: r.ms, at: now() };
  };
  const loops = [
    every(200, () => probe('/healthz'), probes),
    every(200, () => probe('/readyz'), probes),
    every(1000, () => probe('/metrics'), probes),
    every(250, async () => {
      const h = await request(port, 'GET', '/healthz', { timeoutMs: HANG_MS });
      const j = await request(port, 'POST', '/v1/solve', {
        headers: { 'Content-Type': 'application/json' }, body: JAM1, timeoutMs: HANG_MS,
      });
      const eight = j.status === 200 && JSON.parse(j.body).solution.move_count === 8;
      return { h: h.status ?? h.error, j: j.status ?? j.error, eight, ms: Math.max(h.ms, j.ms), at: now() };
    }, honest),
  ];
  await sleep(SECONDS * 1000);
  const attackEnd = now();
  const metrics = await request(adminPort, 'GET', '/metrics', { timeoutMs: HANG_MS });
  running = false;
  await Promise.all(loops);
  attacker.postMessage('stop');
  const { closed, peak } = await report;
  await attacker.terminate();
  const final = await request(adminPort, 'GET', '/metrics', { timeoutMs: HANG_MS });
  const stop = await stopServer(server);

  const probeMs = probes.map((p) => p.ms);
  const failedProbes = probes.filter((p) => p.status !== 200);
  const slowProbes = probes.filter((p) => p.ms > t(PROBE_MS));
  const badHonest = honest.filter((h) => h.h !== 200 || h.j !== 200 || !h.eight);
  const series = (name) => Number(new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(metrics.body ?? '')?.[1] ?? NaN);
  const timeouts = {
    header: series('rushhourd_request_timeouts_total{phase="header"}'),
    body: series('rushhourd_request_timeouts_total{phase="body"}'),
  };
  console.log('| what | seen |');
  console.log('| --- | --- |');
  console.log(`| attack | ${SECONDS} s, ${PER_ADDRESS} connections per kind and address, ${peak} open at the peak |`);
  for (const k of KINDS) {
    const ms = closed[k].filter((c) => !refused(c)).map((c) => c.ms);
    console.log(`| ${k} | closed by the server ${closed[k].length}: with a 408 ${closed[k].filter((c) => c.got408).length}, with nothing said ${closed[k].filter(refused).length}, the others' lifetime p50 ${ms.length ? percentile(ms, 50).toFixed(0) : '-'} ms, max ${ms.length ? Math.max(...ms).toFixed(0) : '-'} ms |`);
  }
  console.log(`| admin probes | ${probes.length}, over ${t(PROBE_MS)} ms: ${slowProbes.length}; p50 ${percentile(probeMs, 50).toFixed(1)} ms, p95 ${percentile(probeMs, 95).toFixed(1)} ms, p99 ${percentile(probeMs, 99).toFixed(1)} ms, max ${Math.max(...probeMs).toFixed(1)} ms |`);
  console.log(`| honest client | ${honest.length} rounds, not both 200 (Jam 1 in 8): ${badHonest.length}; p50 ${percentile(honest.map((h) => h.ms), 50).toFixed(1)} ms, max ${Math.max(...honest.map((h) => h.ms)).toFixed(1)} ms |`);
  console.log(`| timeouts counted | header ${timeouts.header}, body ${timeouts.body} |`);
  console.log(`| connections refused (counted) | ${/^rushhourd_connections_refused_total (\S+)$/m.exec(final.body ?? '')?.[1] ?? '?'} |`);
  console.log(`| SIGTERM | ${JSON.stringify({ code: stop.code, signal: stop.signal, timeout: stop.timeout })} in ${Math.round(stop.ms)} ms |`);

  const failures = [];
  const check = (ok, what) => { if (!ok) failures.push(what); };
  // Each probed path was answered while the attack went on (before its end), and every probe.
  for (const path of ['/healthz', '/readyz', '/metrics']) {
    check(probes.some((p) => p.path === path && p.status === 200 && p.at < attackEnd), `no ${path} probe answered during the attack`);
  }
  check(!failedProbes.length, `admin probes not 200: ${JSON.stringify(failedProbes.slice(0, 5))}`);
  check(honest.some((h) => h.at < attackEnd), 'the honest client had no answer during the attack');
  check(!badHonest.length, `honest requests failed: ${JSON.stringify(badHonest.slice(0, 5))}`);
  for (const [k, deadlineS] of [['slowloris', HEADER_S], ['slow body', BODY_S]]) {
    const cs = closed[k].filter((c) => c.got408);
    check(cs.length >= 2 * PER_ADDRESS, `${k}: only ${cs.length} connections were cut with a 408`);
    // Cut at the deadline, not before (the client counts from before the server's accept); how
    // long after it is the machine's speed, reported above.
    const early = cs.filter((c) => c.ms < deadlineS * 1000);
    check(!early.length, `${k}: ${early.length} connections cut before the ${deadlineS} s deadline (min ${Math.min(...cs.map((c) => c.ms)).toFixed(0)} ms)`);
  }
  // A connection the server closed with nothing said must be one it refused (and counted): a
  // cut without its 408 would be one more than the refusals.
  const silent = ['slowloris', 'slow body'].reduce((n, k) => n + closed[k].filter(refused).length, 0);
  const refusals = Number(/^rushhourd_connections_refused_total (\S+)$/m.exec(final.body ?? '')?.[1] ?? NaN);
  check(silent <= refusals, `${silent} slowloris and slow-body connections closed without a 408, ${refusals} refused by the server`);
  check(timeouts.header >= 2 * PER_ADDRESS && timeouts.body >= 2 * PER_ADDRESS, `timeouts counted: ${JSON.stringify(timeouts)}`);
  failures.push(...logProblems(server));
  check(stop.code === 0, `SIGTERM: ${JSON.stringify(stop)} ${server.stderr.slice(-1500)}`);
  console.log(`\nslow: ${((now() - t0) / 1000).toFixed(1)} s in all`);
  if (failures.length) {
    console.log(`slow: FAILED:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('slow: passed');
  }
}

if (isMainThread) {
  main().catch((e) => {
    console.error(`slow: ${e?.stack || e}`);
    process.exitCode = 1;
  });
} else {
  runAttack(workerData);
}
