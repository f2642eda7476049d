#!/usr/bin/env node
// A bounded hostile client for rushhourd: malformed framing, lying lengths, oversize and deeply
// nested bodies, absurd numbers and strings, search-space explosions, slowloris, dropped
// connections, pipelining, header floods and garbage request lines. Each case records what the
// server answered (status codes, or how the connection ended) in a table printed at the end.
//
//   node tests/hostile/hostile.mjs [path to rushhourd]     (or RHD_BIN; default build/rushhourd)
//
// Loopback (127.0.0.1) only; every loop is bounded in count and time; the whole run takes about
// 30 s. No verdict depends on the machine's speed: a wait is a hang guard (HANG_MS), and the
// few short waits left only fill the table's "observed" column (HOSTILE_SLOW=1, set for
// sanitizer builds, multiplies those by 4, or by HOSTILE_TIME_FACTOR). Node 18+ built-ins only.
//
// Fails (exit 1) on any unmet expectation, on any 5xx (a 505 to an HTTP/2 or HTTP/9.9 request
// line and a 501 to an unknown transfer coding are the protocol-correct exceptions), on a
// sanitizer report on the server's stderr, if the server dies, or if it does not exit 0 on
// SIGTERM. Deviations from RFC 9112 that belong to libmicrohttpd 0.9.75 (a missing Host, two
// Content-Lengths, Content-Length with chunked) are printed as warnings, not failures.
//
// Three servers: the main one (idle timeout 3 s: the slowloris and left-open cases need it to
// fire); a second (1 MiB body limit) for the bodies that cannot fit under the main one's 64 KiB:
// the 100,000-deep nestings, 10,000 full vehicle objects, and /v1/verify's 10,000 moves and
// 1 MiB of moves; and a patient one (idle timeout 3600 s) for the header and framing cases, so
// that a connection it closes was closed by its answer to the bytes, not by the idle timeout.
//
// The helpers (server start/stop, a raw HTTP/1.1 connection, a request function) are exported
// for tests/hostile/soak.mjs; the run starts only when this file is the program.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SLOW = /^(1|true|yes)$/i.test(process.env.HOSTILE_SLOW ?? '');
export const TIME_FACTOR = Number(process.env.HOSTILE_TIME_FACTOR) || (SLOW ? 4 : 1);
/** A timing bound, loosened under HOSTILE_SLOW. */
export const t = (ms) => Math.round(ms * TIME_FACTOR);
/**
 * How long to wait for something that must happen: a guard against a hang, never a verdict.
 * Latencies and rates are reported, not asserted: the sanitizer build runs searches 20-30
 * times slower than release, and the machine may be loaded.
 */
export const HANG_MS = 120000;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Rejects with `message` after `ms`, unless `promise` settles first; the timer never outlives it. */
export function deadline(promise, ms, message) {
  let timer;
  const limit = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(message)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}
export const now = () => performance.now();

/** The binary: argv[2], else $RHD_BIN (both relative to the working directory), else build/. */
export function binaryPath(arg) {
  const given = arg || process.env.RHD_BIN;
  const bin = given ? resolve(process.cwd(), given) : resolve(REPO_ROOT, 'build/rushhourd');
  if (!existsSync(bin)) {
    throw new Error(`no rushhourd binary at ${bin}: build it (./scripts/build.sh) or pass its path`);
  }
  return bin;
}

// ---------------------------------------------------------------------------------------------
// The server process

const servers = new Set();
process.on('exit', () => {
  for (const s of servers) s.child.kill('SIGKILL');
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    for (const s of servers) s.child.kill('SIGKILL');
    process.exit(1);
  });
}

/**
 * Starts `bin` on 127.0.0.1 and a free port with `flags`; resolves once the first stdout line
 * (the JSON `start` log) names the port. Every stdout line is kept in `lines`, stderr in `stderr`.
 */
export async function startServer(bin, flags, { env: extraEnv = {} } = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('RUSHHOURD_')));
  Object.assign(env, extraEnv);
  const args = ['--bind', '127.0.0.1', '--port', '0', '--admin-port', '0', ...flags];
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const server = { child, args, pid: child.pid, lines: [], stderr: '', waiters: new Set(), exit: null };
  servers.add(server);
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => {
    if (server.stderr.length < 1 << 20) server.stderr += d;
  });
  server.exited = new Promise((done) => child.once('exit', (code, signal) => {
    servers.delete(server);
    server.exit = { code, signal };
    for (const w of server.waiters) w();
    done(server.exit);
  }));
  createInterface({ input: child.stdout }).on('line', (line) => {
    server.lines.push(line);
    for (const w of server.waiters) w();
  });
  const first = await waitFor(server, () => server.lines[0] ?? (server.exit ? null : undefined), HANG_MS);
  if (first == null) {
    throw new Error(`rushhourd ${args.join(' ')} did not start: ${JSON.stringify(server.exit)} ${server.stderr}`);
  }
  const start = JSON.parse(first);
  if (start.event !== 'start' || !Number.isInteger(start.port) || start.port <= 0) {
    throw new Error(`rushhourd's first line is not a start log with a port: ${first}`);
  }
  server.port = start.port;
  server.adminPort = start.admin_port;
  server.start = start;
  return server;
}

/** Resolves with `check()`'s first value other than undefined, re-checked on every log line; null on timeout. */
function waitFor(server, check, timeoutMs) {
  return new Promise((done) => {
    const finish = (v) => {
      clearTimeout(timer);
      server.waiters.delete(w);
      done(v);
    };
    const w = () => {
      const v = check();
      if (v !== undefined) finish(v);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    server.waiters.add(w);
    w();
  });
}

/** The server's parsed request log lines. */
export function requestLogs(server) {
  const out = [];
  for (const l of server.lines) {
    if (!l.includes('"event":"request"')) continue;
    try {
      out.push(JSON.parse(l));
    } catch {
      /* not JSON: reported by logProblems */
    }
  }
  return out;
}

/** Resolves with the first request log line `pred` accepts, or null after `timeoutMs`. */
export function waitForRequestLog(server, pred, timeoutMs) {
  return waitFor(server, () => requestLogs(server).find(pred), timeoutMs);
}

/** Lines that are not JSON objects, and sanitizer reports on stderr. */
export function logProblems(server) {
  const problems = [];
  for (const l of server.lines) {
    try {
      const o = JSON.parse(l);
      if (!o || typeof o !== 'object') problems.push(`stdout line not a JSON object: ${l.slice(0, 200)}`);
    } catch {
      problems.push(`stdout line not JSON: ${l.slice(0, 200)}`);
    }
  }
  const m = server.stderr.match(/ERROR: (AddressSanitizer|LeakSanitizer|ThreadSanitizer)[^\n]*|runtime error:[^\n]*/);
  if (m) problems.push(`sanitizer report on stderr: ${m[0]}`);
  return problems;
}

/** SIGTERM, then {code, signal, ms}; {timeout: true} if it is still running after `timeoutMs`. */
export async function stopServer(server, timeoutMs = HANG_MS) {
  const t0 = now();
  if (server.exit) return { ...server.exit, ms: 0, already: true };
  server.child.kill('SIGTERM');
  const r = await deadline(server.exited, timeoutMs, 'timeout').catch(() => null);
  if (!r) {
    server.child.kill('SIGKILL');
    return { timeout: true, ms: now() - t0 };
  }
  return { ...r, ms: now() - t0 };
}

/** VmRSS of `pid` in bytes, or null. */
export function rssBytes(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Clients

/** Every status seen, with the case that saw it: the 5xx check reads this. */
export const statusesSeen = [];
let currentCase = '(setup)';
const seen = (status) => statusesSeen.push({ case: currentCase, status });

/**
 * One request with node:http on its own connection (or `agent`). Resolves {status, headers,
 * body, ms} or {error, ms}; never rejects.
 */
export function request(port, method, path, { headers = {}, body, timeoutMs = HANG_MS, agent = false } = {}) {
  return new Promise((done) => {
    const t0 = now();
    let finished = false;
    const finish = (v) => {
      if (finished) return;
      finished = true;
      done({ ...v, ms: now() - t0 });
    };
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('error', (e) => finish({ error: e.code || e.message }));
      res.on('end', () => {
        seen(res.statusCode);
        finish({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts).toString('utf8') });
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => finish({ error: e.code || e.message }));
    req.end(body);
  });
}

export const postJson = (port, doc, opts = {}) => request(port, 'POST', '/v1/solve', {
  ...opts,
  headers: { 'Content-Type': 'application/json', ...(opts.headers || {}) },
  body: typeof doc === 'string' || Buffer.isBuffer(doc) ? doc : JSON.stringify(doc),
});

/**
 * A raw TCP connection that parses HTTP/1.1 responses as they come (Content-Length, chunked,
 * or up to the close), and records how the connection ended.
 */
export class Raw {
  static open(port, timeoutMs = HANG_MS) {
    return new Promise((done, fail) => {
      const sock = net.connect({ host: '127.0.0.1', port });
      const timer = setTimeout(() => {
        sock.destroy();
        fail(new Error(`connect: no connection within ${timeoutMs} ms`));
      }, timeoutMs);
      sock.once('connect', () => {
        clearTimeout(timer);
        done(new Raw(sock));
      });
      sock.once('error', (e) => {
        clearTimeout(timer);
        fail(e);
      });
    });
  }

  constructor(sock) {
    this.sock = sock;
    this.buf = Buffer.alloc(0);
    this.responses = [];
    this.closed = false;
    this.byUs = false;
    this.endedByServer = false; /* FIN or RST from the server */
    this.error = null;
    this.waiters = new Set();
    sock.setNoDelay(true);
    sock.on('data', (d) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.parse(false);
      this.wake();
    });
    sock.on('end', () => {
      if (!this.byUs) this.endedByServer = true;
    });
    sock.on('error', (e) => {
      this.error = e.code || e.message;
      if (!this.byUs) this.endedByServer = true;
    });
    sock.on('close', () => {
      this.closed = true;
      this.closedAt = now();
      this.parse(true);
      this.wake();
    });
  }

  wake() {
    for (const w of [...this.waiters]) w();
  }

  parse(eof) {
    for (;;) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (eof && this.buf.length) {
          this.responses.push({ partial: this.buf.toString('latin1') });
          this.buf = Buffer.alloc(0);
        }
        return;
      }
      const head = this.buf.subarray(0, end).toString('latin1').split('\r\n');
      const m = /^HTTP\/(\d\.\d) (\d{3})/.exec(head[0]);
      if (!m) {
        this.responses.push({ partial: this.buf.toString('latin1') });
        this.buf = Buffer.alloc(0);
        return;
      }
      const headers = {};
      for (const h of head.slice(1)) {
        const i = h.indexOf(':');
        if (i > 0) headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
      }
      const status = Number(m[2]);
      let rest = this.buf.subarray(end + 4);
      let body;
      if (status < 200 || status === 204 || status === 304) {
        body = Buffer.alloc(0);
        if (status < 200) { /* 100 Continue: not a final response */
          this.buf = rest;
          continue;
        }
      } else if (headers['content-length'] !== undefined) {
        const n = Number(headers['content-length']);
        if (rest.length < n) return;
        body = rest.subarray(0, n);
        rest = rest.subarray(n);
      } else if (/chunked/i.test(headers['transfer-encoding'] || '')) {
        const parts = [];
        let at = 0;
        for (;;) {
          const eol = rest.indexOf('\r\n', at);
          if (eol < 0) return;
          const size = parseInt(rest.subarray(at, eol).toString('latin1'), 16);
          if (rest.length < eol + 2 + size + 2) return;
          if (size === 0) {
            at = eol + 4;
            break;
          }
          parts.push(rest.subarray(eol + 2, eol + 2 + size));
          at = eol + 2 + size + 2;
        }
        body = Buffer.concat(parts);
        rest = rest.subarray(at);
      } else {
        if (!eof) return;
        body = rest;
        rest = Buffer.alloc(0);
      }
      seen(status);
      this.responses.push({ status, headers, body: body.toString('utf8') });
      this.buf = rest;
    }
  }

  write(data) {
    return new Promise((done) => {
      if (this.closed || this.sock.destroyed) return done(false);
      this.sock.write(data, (err) => done(!err));
    });
  }

  /** Resolves when `pred()` holds, or false after `timeoutMs`. */
  until(pred, timeoutMs) {
    return new Promise((done) => {
      const finish = (v) => {
        clearTimeout(timer);
        this.waiters.delete(w);
        done(v);
      };
      const w = () => {
        if (pred()) finish(true);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.waiters.add(w);
      w();
    });
  }

  /** The `i`th response, or null if the connection closed or time ran out first. */
  async response(i = 0, timeoutMs = HANG_MS) {
    await this.until(() => this.responses.length > i || this.closed, timeoutMs);
    const r = this.responses[i];
    return r && r.status ? r : null;
  }

  /** True when the server closed the connection within `timeoutMs`. */
  async serverClosed(timeoutMs) {
    await this.until(() => this.closed, timeoutMs);
    return this.closed && this.endedByServer;
  }

  destroy() {
    this.byUs = true;
    this.sock.destroy();
  }

  /** "400", "400,closed", "no response, open", "closed (ECONNRESET)" ... for the table. */
  describe() {
    const codes = this.responses.map((r) => (r.status ? String(r.status) : `garbage(${JSON.stringify(r.partial.slice(0, 40))})`));
    const end = this.endedByServer ? `closed by server${this.error ? ` (${this.error})` : ''}` : this.byUs ? 'closed by client' : this.closed ? 'closed' : 'open';
    return codes.length ? `${codes.join(',')}; ${end}` : `no response; ${end}`;
  }
}

/**
 * Sends `bytes` on a new raw connection, waits for `responses` responses (or the close), and
 * then, with `untilClosed`, for the server to close. Both waits are hang guards: a case that
 * needs the server's own close runs where the idle timeout cannot close first.
 */
export async function rawExchange(port, bytes, { responses = 1, untilClosed = false, timeoutMs = HANG_MS } = {}) {
  const c = await Raw.open(port);
  await c.write(bytes);
  await c.until(() => c.responses.length >= responses || c.closed, timeoutMs);
  if (untilClosed) await c.until(() => c.closed, timeoutMs);
  return c;
}

/** The value of the Prometheus series named with its labels (`name{a="b"}`) on `server`'s admin
 * port, or null. */
export async function labelled(server, series) {
  const r = await request(server.adminPort, 'GET', '/metrics', { timeoutMs: HANG_MS });
  if (r.status !== 200) return null;
  const line = r.body.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

/** The value of an unlabelled Prometheus series on `server`'s admin port, or null. */
export async function metric(server, name) {
  const r = await request(server.adminPort, 'GET', '/metrics', { timeoutMs: HANG_MS });
  if (r.status !== 200) return null;
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(r.body);
  return m ? Number(m[1]) : null;
}

export const percentile = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

// ---------------------------------------------------------------------------------------------
// Puzzles

export const JAM1 = readFileSync(resolve(REPO_ROOT, 'examples/jam01.json'), 'utf8');

/**
 * A 16x16 board whose state space explodes: 12 short cars far apart, the red car at the far left
 * of row 7 and a 3-long truck across the exit. Solvable in 16 slides, so BFS by slides must
 * search every state within 15 slides (branching ~40): only a budget stops it.
 */
export function explosion(options = {}) {
  const vehicles = [
    { id: 'X', row: 7, col: 0, length: 2, orientation: 'H' },
    { id: 'B', row: 6, col: 15, length: 3, orientation: 'V' },
  ];
  const spots = [[0, 2, 'H'], [2, 9, 'V'], [4, 4, 'H'], [10, 1, 'V'], [12, 7, 'H'], [14, 12, 'V'],
    [1, 13, 'V'], [9, 10, 'H'], [13, 3, 'H'], [3, 6, 'V'], [11, 14, 'V'], [15, 9, 'H']];
  spots.forEach(([row, col, orientation], i) => vehicles.push({ id: `C${i}`, row, col, length: 2, orientation }));
  return { board_size: 16, exit_row: 7, vehicles, options: { metric: 'slides', algorithm: 'bfs', ...options } };
}

const problem = (r) => {
  try {
    return JSON.parse(r.body);
  } catch {
    return null;
  }
};
const fields = (r) => (problem(r)?.errors || []).map((e) => e.field);

// ---------------------------------------------------------------------------------------------
// The run

const LIMITS = {
  workers: 2, queue: 8, maxBody: 65536, idleS: 3, maxConn: 600, perIp: 500, timeoutMaxMs: 2000,
  headerMem: 32768,
};
const FLAGS = [
  '--workers', String(LIMITS.workers), '--http-threads', '2', '--queue-length', String(LIMITS.queue),
  '--max-body-bytes', String(LIMITS.maxBody), '--idle-timeout-s', String(LIMITS.idleS),
  '--max-connections', String(LIMITS.maxConn), '--max-connections-per-ip', String(LIMITS.perIp),
  '--timeout-ms', String(LIMITS.timeoutMaxMs), '--timeout-max-ms', String(LIMITS.timeoutMaxMs),
  '--memory-budget-bytes', '256MiB', '--header-memory-bytes', String(LIMITS.headerMem), '--grace-s', '10',
];
/**
 * The framing cases' server: FLAGS with an idle timeout longer than any hang guard, so that a
 * connection it closes was closed by its answer to the bytes, never by the idle timeout.
 */
const PATIENT_FLAGS = FLAGS.map((f, i) => (FLAGS[i - 1] === '--idle-timeout-s' ? '3600' : f));

const results = [];

/**
 * Runs one case. `fn(c)` records observations with c.obs(...) (the table's "observed" column),
 * and fails with an assertion. `allow5xx` lists the 5xx codes the case may see (protocol-correct
 * answers of libmicrohttpd itself).
 */
async function runCase(id, name, expected, fn, { allow5xx = [], limitMs = 3 * HANG_MS } = {}) {
  currentCase = `${id} ${name}`;
  const obs = [];
  const warns = [];
  const c = { obs: (s) => obs.push(s), warn: (s) => warns.push(s) };
  const t0 = now();
  const first = statusesSeen.length;
  let ok = true;
  let why = '';
  try {
    await deadline(fn(c), limitMs, `case did not finish within ${limitMs} ms (a hang?)`);
  } catch (e) {
    ok = false;
    why = e instanceof assert.AssertionError ? e.message.split('\n')[0] : String(e?.stack || e);
  }
  const bad = statusesSeen.slice(first).filter((s) => s.status >= 500 && !allow5xx.includes(s.status));
  if (bad.length) {
    ok = false;
    why += `${why ? '; ' : ''}5xx seen: ${bad.map((s) => s.status).join(',')}`;
  }
  const ms = Math.round(now() - t0);
  results.push({ id, name, expected, observed: obs.join('; '), ok, why, warns, ms });
  process.stdout.write(`  ${ok ? (warns.length ? 'warn' : 'ok  ') : 'FAIL'} ${id} ${name} (${ms} ms)${ok ? '' : `: ${why}`}${warns.map((w) => `\n       warning: ${w}`).join('')}\n`);
}

function printTable(title, rows) {
  const cols = ['case', 'expected', 'observed', 'result', 'ms'];
  const data = rows.map((r) => [`${r.id} ${r.name}`, r.expected, r.observed, r.ok ? (r.warns.length ? `ok, ${r.warns.length} warning(s)` : 'ok') : `FAIL: ${r.why.slice(0, 200)}`, String(r.ms)]);
  const width = cols.map((c, i) => Math.min(i === 2 ? 90 : 60, Math.max(c.length, ...data.map((d) => d[i].length))));
  const line = (cells) => `| ${cells.map((s, i) => (i === 4 ? s.padStart(width[i]) : s.padEnd(width[i]))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(cols));
  console.log(`|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const d of data) console.log(line(d));
}

async function healthy(port, c, label = 'healthz') {
  const h = await request(port, 'GET', '/healthz', { timeoutMs: HANG_MS });
  c?.obs(`${label} ${h.status ?? h.error}`);
  assert.equal(h.status, 200, `/healthz after the case: ${h.status ?? h.error}`);
}

async function idleFlight(server, timeoutMs) {
  const t0 = now();
  for (;;) {
    const v = await metric(server, 'rushhourd_searches_in_flight');
    const q = await metric(server, 'rushhourd_queue_depth');
    if (v === 0 && q === 0) return now() - t0;
    if (now() - t0 > timeoutMs) return null;
    await sleep(50);
  }
}

async function main() {
  const runStart = now();
  const bin = binaryPath(process.argv[2]);
  console.log(`hostile: ${bin} (time factor ${TIME_FACTOR})`);
  const server = await startServer(bin, FLAGS);
  const { port } = server;
  console.log(`hostile: server pid ${server.pid} on 127.0.0.1:${port}: ${FLAGS.join(' ')}`);
  const patient = await startServer(bin, PATIENT_FLAGS);
  console.log(`hostile: patient server pid ${patient.pid} on 127.0.0.1:${patient.port}: idle timeout 3600 s`);
  const reqLine = (method, path, extra = '') => `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}`;

  // 1 ------------------------------------------------------------------------------------------
  await runCase('1', 'truncated body (CL 100, 50 sent, client closes)', 'no reply; server healthy', async (c) => {
    const conn = await Raw.open(port);
    await conn.write(`${reqLine('POST', '/v1/solve')}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n${'{"board":"'.padEnd(50, 'o')}`);
    await sleep(100);
    conn.destroy();
    c.obs(conn.describe());
    assert.equal(conn.responses.length, 0, 'a reply to a body that never finished');
    const log = await waitForRequestLog(server, (l) => l.path === '/v1/solve' && l.closed_early, t(2000));
    c.obs(log ? `logged status ${log.status}, closed_early` : 'no closed_early log line');
    // A truncated body left open: the idle timeout must end it.
    const open = await Raw.open(port);
    await open.write(`${reqLine('POST', '/v1/solve')}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"board":`);
    const closed = await open.serverClosed(HANG_MS);
    c.obs(`left open: ${open.describe()}`);
    assert.ok(closed, 'a truncated body left open was not closed by the idle timeout');
    open.destroy();
    await healthy(port, c);
  });

  // 2 ------------------------------------------------------------------------------------------
  await runCase('2a', 'oversize body by Content-Length', '413', async (c) => {
    const conn = await Raw.open(port);
    await conn.write(`${reqLine('POST', '/v1/solve')}Content-Type: application/json\r\nContent-Length: ${LIMITS.maxBody + 1}\r\n\r\n`);
    const r = await conn.response(0);
    await conn.write(Buffer.alloc(LIMITS.maxBody + 1, 0x20)); /* may fail: the server may have closed */
    await conn.until(() => conn.closed, t(1000));
    c.obs(conn.describe());
    assert.equal(r?.status, 413);
    assert.equal(problem(r)?.type, 'urn:rushhourd:problem:body-too-large');
    for (const cl of ['99999999999999999999999', '18446744073709551616']) {
      const huge = await rawExchange(port, `${reqLine('POST', '/v1/solve')}Content-Type: application/json\r\nContent-Length: ${cl}\r\n\r\n{}`);
      c.obs(`CL ${cl.length} digits: ${huge.describe()}`);
      huge.destroy();
      assert.ok(huge.responses[0]?.status === 413 || huge.responses[0]?.status === 400, `CL ${cl}: ${huge.describe()}`);
    }
    await healthy(port, c);
  });

  await runCase('2b', 'lying Content-Length (claims 10, sends 5000 B of JSON)', '4xx, then 400 or closed; never 5xx', async (c) => {
    // 5000 bytes of JSON whose trailing whitespace ends in CRLF CRLF: past the 10 bytes the server
    // reads, the rest is a complete (garbage) request.
    const doc = JSON.stringify({ grid: ['bb...g', 'a..c.g', 'axxc.g', 'a..c..', 'e...ff', 'e.ddd.'] });
    const body = `${doc.padEnd(4996, ' ')}\r\n\r\n`;
    assert.equal(Buffer.byteLength(body), 5000);
    const conn = await rawExchange(port, `${reqLine('POST', '/v1/solve')}Content-Type: application/json\r\nContent-Length: 10\r\n\r\n${body}`, { responses: 2 });
    c.obs(conn.describe());
    conn.destroy();
    const [first, second] = conn.responses;
    assert.ok(first?.status >= 400 && first.status < 500, `first reply ${first?.status}`);
    assert.ok(!second || second.status === 400, `the extra bytes got ${second?.status ?? 'garbage'}`);
    assert.ok(second || conn.closed, 'the extra bytes were neither answered nor the connection closed');
    await healthy(port, c);
  });

  // 3 ------------------------------------------------------------------------------------------
  await runCase('3', 'chunked body over the limit (80 KiB in 8 KiB chunks)', '413 (and a chunked Jam 1 → 200)', async (c) => {
    const conn = await Raw.open(port);
    await conn.write(`${reqLine('POST', '/v1/solve')}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = Buffer.alloc(8192, 0x20);
    for (let i = 0; i < 10 && !conn.closed; i++) await conn.write(Buffer.concat([Buffer.from('2000\r\n'), chunk, Buffer.from('\r\n')]));
    await conn.write('0\r\n\r\n');
    const r = await conn.response(0);
    c.obs(`over: ${conn.describe()}`);
    conn.destroy();
    assert.equal(r?.status, 413);
    // The control: the same framing under the limit works.
    const ok = await rawExchange(port, `${reqLine('POST', '/v1/solve')}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${
      [JAM1.slice(0, 100), JAM1.slice(100)].map((p) => `${Buffer.byteLength(p).toString(16)}\r\n${p}\r\n`).join('')}0\r\n\r\n`);
    c.obs(`under: ${ok.describe()}`);
    ok.destroy();
    assert.equal(ok.responses[0]?.status, 200);
    assert.equal(JSON.parse(ok.responses[0].body).solution.move_count, 8);
  });

  // 4 ------------------------------------------------------------------------------------------
  const aux = await startServer(bin, ['--workers', '1', '--queue-length', '4', '--max-body-bytes', '1MiB', '--grace-s', '5', '--memory-budget-bytes', '64MiB']);
  await runCase('4', 'deep nesting: 1,000 in vehicles; 100,000 as a body', '400 (413 beyond the 64 KiB limit)', async (c) => {
    const deep = (n) => `{"vehicles":${'['.repeat(n)}${']'.repeat(n)}}`;
    for (const n of [999, 1000, 32000]) {
      const r = await postJson(port, deep(n));
      c.obs(`${n} in vehicles: ${r.status ?? r.error}`);
      assert.equal(r.status, 400, `${n}-deep vehicles`);
    }
    const big = `${'['.repeat(100000)}${']'.repeat(100000)}`;
    const r413 = await postJson(port, big);
    c.obs(`100k [] (200 KB) on the main server: ${r413.status ?? r413.error}`);
    assert.equal(r413.status, 413);
    // The parser itself at 100,000 levels: a second server that accepts 1 MiB.
    const variants = {
      '[]x100k json': ['application/json', big],
      '{"vehicles":[x100k': ['application/json', deep(100000)],
      '{"a":x100k': ['application/json', `${'{"a":'.repeat(100000)}1${'}'.repeat(100000)}`],
      '[x100k unclosed': ['application/json', '['.repeat(100000)],
      '[]x100k text/plain': ['text/plain', big],
    };
    for (const [label, [type, body]] of Object.entries(variants)) {
      const r = await request(aux.port, 'POST', '/v1/solve', { headers: { 'Content-Type': type }, body });
      c.obs(`${label} (1 MiB server): ${r.status ?? r.error}`);
      assert.equal(r.status, 400, label);
    }
    await healthy(port, c);
    await healthy(aux.port, c, 'aux healthz');
  });

  // 5 ------------------------------------------------------------------------------------------
  await runCase('5', 'huge numbers in board_size/row/col', '400 naming each field', async (c) => {
    const body = '{"board_size":1e400,"vehicles":[{"id":"X","row":123456789012345678901234567890,"col":-0,"length":2,"orientation":"H"},'
      + '{"id":"A","row":0,"col":1.5,"length":2,"orientation":"V"},{"id":"B","row":-1e308,"col":3,"length":2,"orientation":"V"}]}';
    const r = await postJson(port, body);
    c.obs(`${r.status}: ${fields(r).join(', ')}`);
    assert.equal(r.status, 400);
    for (const f of ['board_size', 'vehicles[0].row', 'vehicles[1].col', 'vehicles[2].row']) {
      assert.ok(fields(r).includes(f), `no error for ${f}: ${r.body}`);
    }
    assert.ok(!fields(r).includes('vehicles[0].col'), '-0 is the integer 0 and should not be an error');
    const opts = await postJson(port, { grid: ['bb...g', 'a..c.g', 'axxc.g', 'a..c..', 'e...ff', 'e.ddd.'], options: { max_nodes: 1e400, timeout_ms: 1.5 } });
    c.obs(`options 1e400/1.5: ${opts.status}: ${fields(opts).join(', ')}`);
    assert.equal(opts.status, 400);
    assert.deepEqual(fields(opts).sort(), ['options.max_nodes', 'options.timeout_ms']);
  });

  // 6 ------------------------------------------------------------------------------------------
  await runCase('6', 'NaN / Infinity / -Infinity literals', '400 invalid JSON', async (c) => {
    for (const lit of ['NaN', 'Infinity', '-Infinity', 'nan', '0x10', '+1', '.5', '1.', '01']) {
      const r = await postJson(port, `{"board_size":${lit},"grid":["bb...g","a..c.g","axxc.g","a..c..","e...ff","e.ddd."]}`);
      c.obs(`${lit} ${r.status}`);
      assert.equal(r.status, 400, `${lit}: ${r.body}`);
    }
  });

  // 7 ------------------------------------------------------------------------------------------
  await runCase('7', 'duplicate keys', '400 naming the field', async (c) => {
    const cases = [
      ['top', '{"board_size":6,"board_size":7,"vehicles":[{"id":"X","row":2,"col":0,"length":2,"orientation":"H"}]}', 'board_size'],
      ['vehicle', '{"vehicles":[{"id":"X","id":"Y","row":2,"col":0,"length":2,"orientation":"H"}]}', 'vehicles[0].id'],
      ['options', '{"vehicles":[{"id":"X","row":2,"col":0,"length":2,"orientation":"H"}],"options":{"metric":"moves","metric":"slides"}}', 'options.metric'],
      ['options twice', '{"vehicles":[{"id":"X","row":2,"col":0,"length":2,"orientation":"H"}],"options":{},"options":{}}', 'options'],
    ];
    for (const [label, body, field] of cases) {
      const r = await postJson(port, body);
      c.obs(`${label} ${r.status}${r.status === 400 ? ` [${fields(r).join(', ')}]` : ''}`);
      assert.equal(r.status, 400, `duplicate ${label}: ${r.status} ${r.body.slice(0, 200)}`);
      assert.ok(fields(r).includes(field), `duplicate ${label}: no error for ${field}`);
    }
  });

  // 8 ------------------------------------------------------------------------------------------
  await runCase('8', 'NUL and invalid UTF-8 in ids and bodies', '400', async (c) => {
    const car = (id) => `{"vehicles":[{"id":${id},"row":2,"col":0,"length":2,"orientation":"H"}]}`;
    const cases = [
      ['id "X\\u0000Y"', Buffer.from(car('"X\\u0000Y"'))],
      ['id "\\u0000"', Buffer.from(car('"\\u0000"'))],
      ['id with raw NUL', Buffer.concat([Buffer.from('{"vehicles":[{"id":"X'), Buffer.from([0]), Buffer.from('Y","row":2,"col":0,"length":2,"orientation":"H"}]}')])],
      ['id with raw 0x01', Buffer.from(car('"X\u0001"'))],
      ['id FF FE', Buffer.concat([Buffer.from('{"vehicles":[{"id":"'), Buffer.from([0xff, 0xfe]), Buffer.from('","row":2,"col":0,"length":2,"orientation":"H"}]}')])],
      ['key with C0 80 (overlong NUL)', Buffer.concat([Buffer.from('{"'), Buffer.from([0xc0, 0x80]), Buffer.from('":1,"vehicles":[]}')])],
      ['NUL after the document', Buffer.concat([Buffer.from(car('"X"')), Buffer.from([0])])],
      ['NUL first', Buffer.concat([Buffer.from([0]), Buffer.from(car('"X"'))])],
      ['lone surrogate \\ud800', Buffer.from(car('"\\ud800"'))],
    ];
    const textCases = [
      ['text board with NUL', Buffer.concat([Buffer.from('bb...g/a..c.g/axxc.g/a..'), Buffer.from([0]), Buffer.from('../e...ff/e.ddd.')])],
      ['text board with invalid UTF-8', Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0x0a, 0xf0, 0x28, 0x8c, 0xbc])],
    ];
    const failures = [];
    for (const [label, body, type] of [...cases.map(([l, b]) => [l, b, 'application/json']), ...textCases.map(([l, b]) => [l, b, 'text/plain'])]) {
      const r = await request(port, 'POST', '/v1/solve', { headers: { 'Content-Type': type }, body });
      let valid = true;
      if (r.status === 400) {
        // The problem document must itself be valid UTF-8 JSON.
        valid = problem(r) !== null && !r.body.includes('\ufffd'); /* U+FFFD: the reply had bytes that are not UTF-8 */
      }
      c.obs(`${label} ${r.status ?? r.error}${valid ? '' : ' (reply not valid UTF-8 JSON)'}`);
      if (r.status !== 400 || !valid) failures.push(`${label} → ${r.status ?? r.error}${r.status === 200 ? ` (solved as ${JSON.parse(r.body).solution?.notation})` : ''}`);
    }
    assert.equal(failures.length, 0, `not rejected: ${failures.join('; ')}`);
  });

  // 9 ------------------------------------------------------------------------------------------
  await runCase('9', '10,000 vehicles', '400 "too many vehicles" (413 past the limit)', async (c) => {
    const full = JSON.stringify({ vehicles: Array.from({ length: 10000 }, (_, i) => ({ id: `V${i}`, row: 0, col: 0, length: 2, orientation: 'H' })) });
    // Over the 64 KiB limit, the answer comes from the headers alone. Sent eagerly, the body
    // can race that answer: the server closes, and the reset discards the 413 the client had
    // not read yet. So the body follows the answer, as in case 2a.
    const conn = await Raw.open(port);
    await conn.write(`${reqLine('POST', '/v1/solve')}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(full)}\r\n\r\n`);
    const r1 = await conn.response(0);
    await conn.write(full); /* may fail: the server may have closed */
    await conn.until(() => conn.closed, t(1000));
    c.obs(`full objects (${(full.length / 1024).toFixed(0)} KiB) ${conn.describe()}`);
    assert.ok(r1?.status === 413 || r1?.status === 400, conn.describe());
    const r2 = await postJson(aux.port, full);
    c.obs(`same on the 1 MiB server ${r2.status}`);
    assert.equal(r2.status, 400);
    assert.match(r2.body, /too many vehicles/);
    const r3 = await postJson(port, JSON.stringify({ vehicles: Array(10000).fill({}) }));
    c.obs(`10,000 {} ${r3.status}`);
    assert.equal(r3.status, 400);
    assert.match(r3.body, /too many vehicles/);
    assert.ok(r3.body.length < 8192, `the 400 lists ${r3.body.length} bytes of errors`);
  });

  // 9b -----------------------------------------------------------------------------------------
  await runCase('9b', '/v1/verify: 10,000 moves; 1 MiB of moves; a 1 MiB vehicle name', '413 on the main server; 400 on "moves" or a 200 verdict on the 1 MiB one', async (c) => {
    const verify = (p, body) => request(p, 'POST', '/v1/verify', { headers: { 'Content-Type': 'application/json' }, body });
    const grid = ['bb...g', 'a..c.g', 'axxc.g', 'a..c..', 'e...ff', 'e.ddd.'];
    const moves = (n) => JSON.stringify({ grid, moves: Array.from({ length: n }, (_, i) => ({ vehicle: 'b', direction: i % 2 ? 'left' : 'right', distance: 1 })) });
    const tenThousand = moves(10000);
    // Past the 64 KiB limit: answered from the headers alone, the body sent after the answer
    // (as in case 9).
    const conn = await Raw.open(port);
    await conn.write(`${reqLine('POST', '/v1/verify')}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(tenThousand)}\r\n\r\n`);
    const r1 = await conn.response(0);
    await conn.write(tenThousand); /* may fail: the server may have closed */
    await conn.until(() => conn.closed, t(1000));
    c.obs(`10,000 moves (${(tenThousand.length / 1024).toFixed(0)} KiB) ${conn.describe()}`);
    assert.equal(r1?.status, 413, conn.describe());
    // Under the 1 MiB limit: the list is read, and refused as a whole on "moves".
    const r2 = await verify(aux.port, tenThousand);
    c.obs(`10,000 moves on the 1 MiB server: ${r2.status ?? r2.error} [${fields(r2).join(', ')}]`);
    assert.equal(r2.status, 400);
    assert.deepEqual(fields(r2), ['moves']);
    let n = 10000;
    while (Buffer.byteLength(moves(n + 1000)) < 1024 * 1024) n += 1000;
    const mib = moves(n);
    const r3 = await verify(aux.port, mib);
    c.obs(`${n} moves, ${(mib.length / 1024).toFixed(0)} KiB, on the 1 MiB server: ${r3.status ?? r3.error}`);
    assert.equal(r3.status, 400);
    // One move whose vehicle is a 1 MiB string: well formed, an id the puzzle lacks.
    const name = JSON.stringify({ grid, moves: [{ vehicle: 'v'.repeat(1024 * 1024 - 200), direction: 'up', distance: 1 }] });
    const r4 = await verify(aux.port, name);
    c.obs(`a ${(name.length / 1024).toFixed(0)} KiB vehicle name on the 1 MiB server: ${r4.status ?? r4.error} ${r4.status === 200 ? JSON.parse(r4.body).reason?.code : ''}`);
    assert.equal(r4.status, 200);
    assert.equal(JSON.parse(r4.body).reason.code, 'unknown-vehicle');
    // The documented limit, 1,000 moves, fits the main server's 64 KiB and is checked.
    const r5 = await verify(port, moves(1000));
    c.obs(`1,000 moves on the main server: ${r5.status ?? r5.error}`);
    assert.equal(r5.status, 200);
    assert.equal(JSON.parse(r5.body).slide_count, 1000);
    await healthy(port, c);
    await healthy(aux.port, c, 'aux healthz');
  });

  // 10 -----------------------------------------------------------------------------------------
  await runCase('10', '16x16 state-space explosion, metric slides', '422 (time/memory/nodes), the limit named', async (c) => {
    const check = (label, r, limits) => {
      const p = problem(r);
      const limit = p?.type === 'urn:rushhourd:problem:queue-timeout' ? 'queue-timeout' : p?.limit;
      c.obs(`${label} ${r.status ?? r.error} ${limit ?? ''} ${Math.round(r.ms)}ms`);
      assert.equal(r.status, 422, `${label}: ${r.status ?? r.error} ${r.body?.slice(0, 200)}`);
      assert.ok(limits.includes(limit), `${label}: limit ${limit}`);
      // The limit named says which budget stopped it; how long that took is the machine's
      // speed, observed above, not judged.
    };
    check('default budgets', await postJson(port, explosion()), ['time', 'memory', 'nodes']);
    check('timeout_ms 300', await postJson(port, explosion({ timeout_ms: 300 })), ['time']);
    // 2,000 nodes take milliseconds even in the sanitizer build: the node budget, not the 2 s cap.
    check('max_nodes 2000', await postJson(port, explosion({ max_nodes: 2000 })), ['nodes']);
    check('timeout_ms 1e9 (capped)', await postJson(port, explosion({ timeout_ms: 1e9, algorithm: 'bfs' })), ['time', 'memory']);
    // Five at once on 2 workers: the deadline counts from the queue, so none waits past the cap;
    // one whose deadline passed while it waited says queue-timeout.
    const all = await Promise.all([0, 1, 2, 3, 4].map(() => postJson(port, explosion())));
    all.forEach((r, i) => check(`concurrent #${i}`, r, ['time', 'memory', 'nodes', 'queue-timeout']));
    const idle = await idleFlight(server, HANG_MS);
    c.obs(`workers idle ${idle === null ? 'NOT' : `after ${Math.round(idle)} ms`}`);
    assert.ok(idle !== null, `searches still in flight ${HANG_MS} ms after the explosions`);
  });

  // 11 -----------------------------------------------------------------------------------------
  await runCase('11', 'slowloris: 300 conns, 1 header byte / 500 ms for 8 s', 'normal client all 200; slow conns closed by idle timeout', async (c) => {
    const N = 300;
    const TRICKLE_MS = 8000;
    const text = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';
    const slow = [];
    for (let i = 0; i < N; i++) {
      const s = { i, sent: 0, connected: false, closedAt: null, byUs: false, data: '' };
      s.sock = net.connect({ host: '127.0.0.1', port });
      s.sock.on('connect', () => {
        s.connected = true;
        if (i % 2) s.sock.write(text); /* odd: in the header block; even: byte by byte from the request line */
      });
      s.sock.on('data', (d) => { s.data += d.toString('latin1'); });
      s.sock.on('error', (e) => { s.error = e.code; });
      s.sock.on('close', () => { s.closedAt = now(); });
      slow.push(s);
    }
    await sleep(300);
    const connected = slow.filter((s) => s.connected).length;
    c.obs(`${connected}/${N} connected`);
    // The normal client: GET /healthz and POST Jam 1, each on a new connection, every 200 ms.
    const lat = [];
    const statuses = {};
    let normalRunning = true;
    const normal = (async () => {
      while (normalRunning) {
        const tick = now();
        const h = await request(port, 'GET', '/healthz', { timeoutMs: HANG_MS });
        const j = await postJson(port, JAM1, { timeoutMs: HANG_MS });
        for (const r of [h, j]) {
          statuses[r.status ?? r.error] = (statuses[r.status ?? r.error] || 0) + 1;
          lat.push(r.ms);
        }
        if (j.status === 200 && JSON.parse(j.body).solution.move_count !== 8) statuses['wrong answer'] = (statuses['wrong answer'] || 0) + 1;
        await sleep(Math.max(0, 200 - (now() - tick)));
      }
    })();
    // Trickle: every 100 ms a fifth of the connections gets one byte, so each gets one per 500 ms.
    // It goes on for TRICKLE_MS, and then until the normal client has had 20 answers (however
    // slow the machine; HANG_MS is a hang guard): each came while every slow connection was
    // kept open.
    const t0 = now();
    let tick = 0;
    while ((now() - t0 < TRICKLE_MS || lat.length < 20) && now() - t0 < HANG_MS) {
      for (const s of slow) {
        if (s.i % 5 !== tick % 5 || s.closedAt || !s.connected) continue;
        const byte = s.i % 2 ? 'a' : text[s.sent] ?? 'a';
        s.sock.write(byte);
        s.sent++;
        s.lastWrite = now();
      }
      tick++;
      await sleep(100);
    }
    const trickleEnd = now();
    const closedDuring = slow.filter((s) => s.closedAt !== null).length;
    c.obs(`${closedDuring} closed during the trickle`);
    const duringTrickle = lat.length;
    // Silence: the idle timeout must now close every slow connection.
    const deadline = trickleEnd + HANG_MS;
    while (now() < deadline && slow.some((s) => s.closedAt === null)) await sleep(100);
    normalRunning = false;
    await normal;
    const closedByServer = slow.filter((s) => s.closedAt !== null).length;
    const afterQuiet = slow.filter((s) => s.closedAt !== null && s.lastWrite).map((s) => s.closedAt - s.lastWrite);
    for (const s of slow) if (s.closedAt === null) { s.byUs = true; s.sock.destroy(); }
    const replies = slow.filter((s) => s.data).length;
    const p50 = percentile(lat, 50);
    const max = Math.max(...lat);
    c.obs(`normal client ${JSON.stringify(statuses)} over ${lat.length} requests, p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
    c.obs(`${closedByServer}/${N} slow conns closed by the server, ${(percentile(afterQuiet, 50) / 1000).toFixed(1)}-${(Math.max(...afterQuiet) / 1000).toFixed(1)} s after their last byte; ${replies} got bytes back`);
    assert.ok(duringTrickle >= 20, `the normal client had only ${duringTrickle} answers while the slow connections were kept open`);
    assert.deepEqual(Object.keys(statuses), ['200'], `normal client statuses ${JSON.stringify(statuses)}`);
    assert.equal(closedByServer, N, `${N - closedByServer} slow connections still open ${Math.round((now() - trickleEnd) / 1000)} s after the trickle stopped`);
    await healthy(port, c);
  }, { limitMs: 3 * HANG_MS });

  // 12 -----------------------------------------------------------------------------------------
  await runCase('12a', 'dropped mid-request (half the headers, close)', 'no reply; server healthy', async (c) => {
    for (const half of ['GET /healthz HTTP/1.1\r\nHo', 'POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: appl', 'GET /hea']) {
      const conn = await Raw.open(port);
      await conn.write(half);
      await sleep(30);
      conn.destroy();
      c.obs(conn.describe());
      assert.equal(conn.responses.length, 0);
    }
    await healthy(port, c);
  });

  await runCase('12b', 'dropped mid-search (close after 100 ms)', '499 logged; the search cancelled; in_flight 0', async (c) => {
    assert.notEqual(await idleFlight(server, HANG_MS), null, 'workers busy before the case');
    const id = `hostile-midsearch-${process.pid}`;
    const body = JSON.stringify(explosion({ timeout_ms: LIMITS.timeoutMaxMs }));
    const conn = await Raw.open(port);
    const cancelled = 'rushhourd_abandoned_jobs_total{result="cancelled"}';
    const before = await labelled(server, cancelled);
    await conn.write(`${reqLine('POST', '/v1/solve')}X-Request-Id: ${id}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    // Hang up once the search runs (however long it takes to start).
    let during = null;
    for (const t0 = now(); now() - t0 < HANG_MS && during !== 1;) {
      during = await metric(server, 'rushhourd_searches_in_flight');
      if (during !== 1) await sleep(5);
    }
    conn.destroy();
    const t0 = now();
    let idleMs = null;
    while (now() - t0 < HANG_MS) {
      if ((await metric(server, 'rushhourd_searches_in_flight')) === 0) {
        idleMs = now() - t0;
        break;
      }
      await sleep(20);
    }
    const log = await waitForRequestLog(server, (l) => l.request_id === id, HANG_MS);
    const after = await labelled(server, cancelled);
    c.obs(`in_flight ${during} during, 0 after ${idleMs === null ? 'NEVER' : `${Math.round(idleMs)} ms`}; cancelled ${before} -> ${after}; log status ${log?.status ?? 'none'}`);
    assert.equal(during, 1, 'the search was not running when the client hung up');
    assert.ok(idleMs !== null, `searches_in_flight did not return to 0 within ${HANG_MS} ms`);
    // Stopped because the client left (cancelled), not run to its deadline: a counter, not a
    // time. (The search's own deadline is the suite's 2 s cap, 400 watchdog periods away.)
    assert.equal(after, before + 1, 'the search was not cancelled');
    assert.equal(log?.status, 499, `log line ${JSON.stringify(log)}`);
    await healthy(port, c);
  });

  // 13 -----------------------------------------------------------------------------------------
  await runCase('13', 'pipelining: 3 GETs + 2 POSTs at once, distinct X-Request-Id', '200,200,200,400,200 in order, ids echoed', async (c) => {
    const invalid = '{"vehicles":[]}';
    const reqs = [
      ['GET', '/healthz', null],
      ['POST', '/v1/solve', JAM1],
      ['GET', '/readyz', null],
      ['POST', '/v1/solve', invalid],
      ['GET', '/version', null],
    ];
    const ids = reqs.map((_, i) => `pipe-${process.pid}-${i + 1}`);
    const bytes = reqs.map(([m, p, b], i) => `${reqLine(m, p)}X-Request-Id: ${ids[i]}\r\n${
      b ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(b)}\r\n` : ''}\r\n${b ?? ''}`).join('');
    const conn = await rawExchange(port, bytes, { responses: 5 });
    c.obs(conn.describe());
    c.obs(`ids ${conn.responses.map((r, i) => (r.headers?.['x-request-id'] === ids[i] ? 'ok' : `#${i + 1}=${r.headers?.['x-request-id']}`)).join(',')}`);
    conn.destroy();
    assert.deepEqual(conn.responses.map((r) => r.status), [200, 200, 200, 400, 200]);
    assert.deepEqual(conn.responses.map((r) => r.headers['x-request-id']), ids);
    assert.equal(JSON.parse(conn.responses[1].body).solution.move_count, 8);
  });

  // 14 -----------------------------------------------------------------------------------------
  await runCase('14', 'header block over --header-memory-bytes; 10 KB X-Request-Id', '431 or closed; generated id', async (c) => {
    const flood = Array.from({ length: 48 }, (_, i) => `X-Fill-${i}: ${'a'.repeat(1000)}\r\n`).join('');
    const conn = await rawExchange(patient.port, `${reqLine('GET', '/healthz')}${flood}\r\n`);
    c.obs(`48 KB of headers: ${conn.describe()}`);
    conn.destroy();
    const st = conn.responses[0]?.status;
    assert.ok(st === 431 || (st === undefined && conn.closed), `48 KB of headers: ${conn.describe()}`);
    const one = await rawExchange(patient.port, `${reqLine('GET', '/healthz')}X-Big: ${'b'.repeat(40000)}\r\n\r\n`);
    c.obs(`one 40 KB header: ${one.describe()}`);
    one.destroy();
    assert.ok(one.responses[0]?.status === 431 || (!one.responses.length && one.closed), one.describe());
    const longId = 'r'.repeat(10240);
    const r = await request(port, 'GET', '/healthz', { headers: { 'X-Request-Id': longId } });
    c.obs(`10 KB id: ${r.status}, id ${r.headers?.['x-request-id']}`);
    assert.equal(r.status, 200);
    assert.match(r.headers['x-request-id'], /^[0-9a-f]{16}$/);
    for (const [label, id, echoed] of [['64 chars', 'i'.repeat(64), true], ['65 chars', 'i'.repeat(65), false], ['with <>"', 'a<b>"c', false], ['space', 'a b', false]]) {
      const x = await request(port, 'GET', '/healthz', { headers: { 'X-Request-Id': id } });
      const got = x.headers?.['x-request-id'];
      c.obs(`id ${label}: ${got === id ? 'echoed' : 'replaced'}`);
      assert.equal(got === id, echoed, `id ${label}`);
    }
    const nul = await rawExchange(port, `${reqLine('GET', '/healthz')}X-Request-Id: ab\0cd\r\n\r\n`);
    c.obs(`id with NUL: ${nul.describe()}, id ${nul.responses[0]?.headers['x-request-id']}`);
    nul.destroy();
    assert.ok(nul.responses[0] ? nul.responses[0].status < 500 : nul.closed);
    assert.ok(!nul.responses[0] || /^[A-Za-z0-9._:-]{1,64}$/.test(nul.responses[0].headers['x-request-id']), 'an unsafe id echoed');
    await healthy(port, c);
  });

  // 15 -----------------------------------------------------------------------------------------
  await runCase('15', 'odd methods, absurd paths, HTTP/1.0, garbage request lines', '405 / 404 / 200+close / 400 or closed', async (c) => {
    const one = async (label, bytes, accept, opts = {}) => {
      const conn = await rawExchange(opts.port ?? patient.port, bytes, { untilClosed: opts.untilClosed });
      conn.destroy();
      const st = conn.responses[0]?.status;
      c.obs(`${label} ${conn.describe().replace(/; closed by client$/, '')}`);
      assert.ok(accept(st, conn), `${label}: ${conn.describe()}`);
      return conn;
    };
    const r405 = await one('PROPFIND /v1/solve', `${reqLine('PROPFIND', '/v1/solve')}\r\n`, (s) => s === 405);
    assert.equal(r405.responses[0].headers.allow, 'POST, OPTIONS');
    await one('DELETE /healthz', `${reqLine('DELETE', '/healthz')}\r\n`, (s) => s === 405);
    await one('TRACE /healthz', `${reqLine('TRACE', '/healthz')}\r\n`, (s) => s === 405);
    await one('CONNECT host:22', `${reqLine('CONNECT', '127.0.0.1:22')}\r\n`, (s) => s === 404 || s === 405 || s === 400);
    await one('method "GE\\"T"', `${reqLine('GE"T', '/healthz')}\r\n`, (s, k) => s === 405 || s === 400 || (!s && k.closed));
    await one('/../../etc/passwd', `${reqLine('GET', '/../../etc/passwd')}\r\n`, (s) => s === 404 || s === 400);
    await one('/v1/solve/../../etc/passwd', `${reqLine('GET', '/v1/solve/../../etc/passwd')}\r\n`, (s) => s === 404 || s === 400);
    await one('absolute-form URI', `${reqLine('GET', 'http://evil.example/healthz')}\r\n`, (s) => s === 404 || s === 400 || s === 200);
    await one('8 KB path', `${reqLine('GET', `/${'a'.repeat(8192)}`)}\r\n`, (s, k) => [404, 414, 431].includes(s) || (!s && k.closed));
    await one('40 KB path', `${reqLine('GET', `/${'a'.repeat(40000)}`)}\r\n`, (s, k) => [404, 414, 431].includes(s) || (!s && k.closed));
    await one('path %ff%fe', `${reqLine('GET', '/%ff%fe')}\r\n`, (s) => s === 404 || s === 400);
    // %00 decodes to a NUL that must not cut the path short: /healthz%00.png is not /healthz.
    const nulPaths = [];
    for (const [m, path] of [['GET', '/healthz%00'], ['GET', '/healthz%00.png'], ['POST', '/v1/solve%00.png']]) {
      const body = m === 'POST' ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(JAM1)}\r\n\r\n${JAM1}` : '\r\n';
      const conn = await rawExchange(port, `${reqLine(m, path)}${body}`);
      conn.destroy();
      const st = conn.responses[0]?.status;
      c.obs(`${m} ${path} ${st ?? conn.describe()}`);
      if (!(st === 404 || st === 400 || (!st && conn.closed))) nulPaths.push(`${m} ${path} → ${st}`);
    }
    const h10 = await one('HTTP/1.0 without Host', 'GET /healthz HTTP/1.0\r\n\r\n', (s, k) => s === 200 && k.closed, { untilClosed: true });
    assert.ok(h10.endedByServer, 'HTTP/1.0 without keep-alive: the server should close');
    const noHost = await one('HTTP/1.1 without Host', 'GET /healthz HTTP/1.1\r\n\r\n', (s, k) => s === 200 || s === 400 || (!s && k.closed));
    if (noHost.responses[0]?.status === 200) c.warn('HTTP/1.1 without Host answered 200 (RFC 9112 3.2: 400) - libmicrohttpd 0.9.75 does not check');
    await one('bare LF line ends', 'GET /healthz HTTP/1.1\nHost: x\n\n', (s, k) => s === 200 || s === 400 || (!s && k.closed));
    await one('garbage line', 'HELLO THERE\r\n\r\n', (s, k) => s === 400 || (!s && k.closed));
    // No line end: the server waits for one, and the idle timeout is what ends it (the main
    // server's, 3 s).
    await one('TLS ClientHello', Buffer.from('16030100a5010000a10303' + '00'.repeat(64), 'hex'), (s, k) => (s === 400 || !s) && k.endedByServer, { port, untilClosed: true });
    await one('binary noise', Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 131 + 7) & 0xff)), (s) => s === 400);
    await one('header line without colon', `${reqLine('GET', '/healthz')}NoColonHere\r\n\r\n`, (s, k) => s === 400 || (!s && k.closed));
    await one('HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', (s, k) => s === 505 || s === 400 || (!s && k.closed));
    await one('HTTP/9.9', 'GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n', (s, k) => s === 505 || s === 400 || (!s && k.closed));
    await healthy(port, c);
    await healthy(patient.port, c, 'patient healthz');
    assert.deepEqual(nulPaths, [], 'a path with %00 was routed as the path before the NUL');
  }, { allow5xx: [505] });

  // 16 -----------------------------------------------------------------------------------------
  await runCase('16', 'framing: bad/duplicate Content-Length, CL+TE, unknown TE, bad chunk', '400 or closed; never 5xx', async (c) => {
    const post = (extra, body) => `${reqLine('POST', '/v1/solve')}Content-Type: application/json\r\n${extra}\r\n${body}`;
    const one = async (label, bytes, accept, opts = {}) => {
      const conn = await rawExchange(patient.port, bytes, { untilClosed: opts.untilClosed });
      conn.destroy();
      c.obs(`${label} ${conn.describe().replace(/; closed by client$/, '')}`);
      assert.ok(accept(conn.responses[0]?.status, conn), `${label}: ${conn.describe()}`);
      return conn;
    };
    await one('CL -1', post('Content-Length: -1\r\n', '{}'), (s, k) => s === 400 || (!s && k.closed));
    await one('CL abc', post('Content-Length: abc\r\n', '{}'), (s, k) => s === 400 || (!s && k.closed));
    await one('CL 1e3', post('Content-Length: 1e3\r\n', '{}'), (s, k) => s === 400 || (!s && k.closed));
    await one('CL " 2 "', post('Content-Length:  2 \r\n', '{}'), (s, k) => s === 400 || (!s && k.closed));
    // RFC 9112 6.3: differing Content-Length values are unrecoverable (reject and close); a
    // server that picks one is open to request smuggling behind a proxy that picks the other.
    const two = await one('CL 2 and CL 5', post('Content-Length: 2\r\nContent-Length: 5\r\n', '{}abc'), (s, k) => s === 400 || (!s && k.closed), { untilClosed: true });
    if (problem(two.responses[0] ?? {})?.type === 'urn:rushhourd:problem:invalid-puzzle') {
      c.warn('two differing Content-Length values: the first was used and the body parsed (RFC 9112 6.3: reject and close; a smuggling risk behind a proxy that uses the other)');
    }
    const both = await one('CL with TE chunked', post('Content-Length: 5\r\nTransfer-Encoding: chunked\r\n', '2\r\n{}\r\n0\r\n\r\n'), (s, k) => s === 400 || (!s && k.closed), { untilClosed: true });
    if (!both.endedByServer) c.warn('Content-Length with Transfer-Encoding: the connection stayed open (RFC 9112 6.3: close it after the reply, or reject)');
    await one('bad chunk size', post('Transfer-Encoding: chunked\r\n', 'zz\r\n{}\r\n0\r\n\r\n'), (s, k) => s === 400 || (!s && k.closed));
    await one('chunk size 2^64', post('Transfer-Encoding: chunked\r\n', '10000000000000000\r\n{}\r\n0\r\n\r\n'), (s, k) => s === 400 || s === 413 || (!s && k.closed));
    // An unknown transfer coding: RFC 9112 6.1 says 501; a 4xx will do.
    await one('TE gzip', post('Transfer-Encoding: gzip\r\n', '{}'), (s) => (s >= 400 && s < 500) || s === 501);
    await healthy(patient.port, c);
  }, { allow5xx: [501] });

  // After everything -----------------------------------------------------------------------------
  await runCase('end', 'health, readiness, Jam 1, process alive, logs', '200, 200, 8 moves, alive, no 5xx', async (c) => {
    const h = await request(port, 'GET', '/healthz');
    const rd = await request(port, 'GET', '/readyz');
    const j = await postJson(port, JSON.parse(JAM1));
    const fresh = await postJson(port, { ...JSON.parse(JAM1), options: { algorithm: 'astar', include_boards: true } });
    c.obs(`healthz ${h.status}, readyz ${rd.status}, jam1 ${j.status} ${JSON.parse(j.body || '{}').solution?.move_count} moves, astar ${fresh.status} ${JSON.parse(fresh.body || '{}').solution?.move_count} moves`);
    assert.equal(h.status, 200);
    assert.equal(rd.status, 200);
    assert.equal(JSON.parse(j.body).solution.move_count, 8);
    assert.equal(JSON.parse(fresh.body).solution.move_count, 8);
    assert.equal(server.exit, null, `the server exited: ${JSON.stringify(server.exit)}`);
    // 501 is the protocol-correct answer to the unknown transfer coding of case 16 (RFC 9112
    // 6.1), allowed there; any other 5xx is a fault.
    const logs = [...requestLogs(server), ...requestLogs(patient)];
    const logged5xx = logs.filter((l) => l.status >= 500 && l.status !== 501);
    const byStatus = {};
    for (const l of logs) byStatus[l.status] = (byStatus[l.status] || 0) + 1;
    c.obs(`servers logged ${JSON.stringify(byStatus)}`);
    assert.equal(logged5xx.length, 0, `5xx in the servers' logs: ${JSON.stringify(logged5xx.slice(0, 3))}`);
    const problems = [...logProblems(server), ...logProblems(aux), ...logProblems(patient)];
    assert.deepEqual(problems, []);
  });

  await runCase('stop', 'SIGTERM', 'exit 0', async (c) => {
    const a = await stopServer(aux);
    const p = await stopServer(patient);
    const m = await stopServer(server);
    c.obs(`main ${JSON.stringify({ code: m.code, signal: m.signal, timeout: m.timeout })} in ${Math.round(m.ms)} ms; aux ${a.code ?? a.signal ?? 'timeout'}; patient ${p.code ?? p.signal ?? 'timeout'}`);
    assert.equal(m.code, 0, `main server: ${JSON.stringify(m)} ${server.stderr.slice(-2000)}`);
    assert.equal(a.code, 0, `aux server: ${JSON.stringify(a)} ${aux.stderr.slice(-2000)}`);
    assert.equal(p.code, 0, `patient server: ${JSON.stringify(p)} ${patient.stderr.slice(-2000)}`);
    const problems = [...logProblems(server), ...logProblems(aux), ...logProblems(patient)];
    assert.deepEqual(problems, [], 'sanitizer or log problems after exit');
  });

  printTable(`hostile cases (${bin})`, results);
  const failed = results.filter((r) => !r.ok);
  const warned = results.filter((r) => r.warns.length);
  if (warned.length) {
    console.log('\nwarnings (not failures):');
    for (const r of warned) for (const w of r.warns) console.log(`  ${r.id}: ${w}`);
  }
  const all5xx = statusesSeen.filter((s) => s.status >= 500);
  const fives = {};
  for (const s of all5xx) fives[`${s.status} in case ${s.case.split(' ')[0]}`] = (fives[`${s.status} in case ${s.case.split(' ')[0]}`] || 0) + 1;
  const fivesText = Object.entries(fives).map(([k, n]) => `${n} x ${k}`).join(', ') || 'none';
  console.log(`\nhostile: ${results.length} cases, ${failed.length} failed, ${warned.length} with warnings; ${statusesSeen.length} responses, 5xx: ${fivesText}; ${((now() - runStart) / 1000).toFixed(1)} s`);
  if (failed.length) {
    console.log(`hostile: FAILED:\n  ${failed.map((f) => `${f.id} ${f.name}: ${f.why}`).join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('hostile: all cases passed');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(`hostile: ${e?.stack || e}`);
    process.exitCode = 1;
  });
}
