// The server side of the suite: the real rushhourd binary started on a free loopback port, and
// the HTTP clients that talk to it (fetch, and node:http where a request needs a kept-alive
// connection or a streamed body).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './spec.mjs';

export const BIN = process.env.RHD_BIN
  ? resolve(process.cwd(), process.env.RHD_BIN)
  : resolve(REPO_ROOT, 'build/rushhourd');

// Only a guard against a hang: a verdict never rests on it (the sanitizer build searches 20-30
// times slower than release, and the machine may be loaded).
const REQUEST_TIMEOUT_MS = 120000;
const started = new Set();

// Searches get all the time they need: the server's own default (--timeout-ms 5000) is near what
// a generate takes under the sanitizers, so a verdict would depend on the machine's speed. A test
// of a time limit sets its own flags (then none of these is added) or a request's timeout_ms.
const GENEROUS_MS = '600000';
export function withGenerousTime(flags) {
  const has = (name) => flags.some((f) => f === name || f.startsWith(`${name}=`));
  if (has('--timeout-ms') || has('--timeout-max-ms')) return flags;
  return ['--timeout-ms', GENEROUS_MS, '--timeout-max-ms', GENEROUS_MS, ...flags];
}

/** Kills (SIGKILL) every server still running: for after() hooks when a test failed early. */
export function killAll() {
  for (const s of started) s.child.kill('SIGKILL');
  started.clear();
}
process.on('exit', killAll);
// Stopped by a signal (the test runner cancelling, ^C): no server outlives the suite. The
// signal is then raised again, so the process ends as it would have.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    killAll();
    process.kill(process.pid, sig);
  });
}
// The reader of the results gone (the runner killed, `| head`): writing to it fails, and the
// runner's handler of that error ends the process without 'exit'. Stop the servers first.
process.stdout.on('error', () => {
  killAll();
  process.exit(1);
});

/**
 * Starts rushhourd with `flags` on 127.0.0.1 and a free port, and resolves once its first
 * stdout line, the JSON `start` log, names the port. Unless `flags` set a search time limit,
 * searches get 600 s (withGenerousTime).
 */
export async function startServer(flags = []) {
  if (!existsSync(BIN)) {
    throw new Error(`no rushhourd binary at ${BIN}: build it first (./scripts/build.sh) or set RHD_BIN`);
  }
  // Settings come from the flags alone: drop RUSHHOURD_* variables the caller may have set.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('RUSHHOURD_')));
  // No puzzle bank unless the flags name one (generate then always searches).
  const args = ['--bind', '127.0.0.1', '--port', '0', '--admin-port', '0', '--bank', 'off', ...withGenerousTime(flags)];
  const child = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const server = { child, args, lines: [], stderr: '', waiters: [] };
  started.add(server);
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => { server.stderr += d; });
  server.exited = new Promise((done) => child.once('exit', (code, signal) => {
    started.delete(server);
    done({ code, signal });
  }));
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    server.lines.push(line);
    for (const w of [...server.waiters]) w();
  });
  const first = await new Promise((done, fail) => {
    // A guard against a hang only: the sanitizer build starts far slower than release.
    const timer = setTimeout(() => fail(new Error(`rushhourd ${args.join(' ')}: no start line within 120 s`)), 120000);
    const check = () => {
      if (!server.lines.length) return;
      clearTimeout(timer);
      server.waiters.splice(server.waiters.indexOf(check), 1);
      done(server.lines[0]);
    };
    server.waiters.push(check);
    server.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(new Error(`rushhourd ${args.join(' ')} exited (${code ?? signal}) before starting: ${server.stderr}`));
    });
  });
  const start = JSON.parse(first);
  if (start.event !== 'start' || !Number.isInteger(start.port) || start.port <= 0) {
    throw new Error(`rushhourd's first line is not a start log with a port: ${first}`);
  }
  server.port = start.port;
  server.base = `http://127.0.0.1:${start.port}`;
  server.admin = start.admin_port > 0 ? `http://127.0.0.1:${start.admin_port}` : null;
  server.start = start;
  return server;
}

/**
 * Resolves with the first log object whose event is `event` (already logged or to come).
 * `timeoutMs` only guards against a hang: no verdict may rest on how soon a log comes.
 */
export function waitForLog(server, event, timeoutMs = 120000) {
  const find = () => server.lines.map((l) => { try { return JSON.parse(l); } catch { return null; } })
    .find((o) => o && o.event === event);
  return new Promise((done, fail) => {
    const now = find();
    if (now) return done(now);
    const timer = setTimeout(() => fail(new Error(`no '${event}' log within ${timeoutMs} ms`)), timeoutMs);
    const check = () => {
      const o = find();
      if (!o) return;
      clearTimeout(timer);
      server.waiters.splice(server.waiters.indexOf(check), 1);
      done(o);
    };
    server.waiters.push(check);
  });
}

/** SIGTERM, then the exit status ({code, signal}); `timeoutMs` only guards against a hang. */
export async function stopServer(server, timeoutMs = 120000) {
  server.child.kill('SIGTERM');
  let timer;
  const timeout = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`rushhourd did not exit within ${timeoutMs} ms of SIGTERM`)), timeoutMs);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One request with fetch: {status, headers (lower-case names), body (text)}. */
export async function fetchResponse(base, method, path, { headers = {}, body } = {}) {
  const r = await fetch(base + path, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: r.status, headers: Object.fromEntries(r.headers), body: await r.text() };
}

/**
 * One request with node:http: on `agent` (a kept-alive connection), or with the body sent as
 * `chunks` (chunked transfer coding, no Content-Length).
 */
export function httpResponse(base, method, path, { headers = {}, body, chunks, agent } = {}) {
  return new Promise((done, fail) => {
    const req = http.request(base + path, { method, headers, agent }, (r) => {
      const parts = [];
      r.on('data', (b) => parts.push(b));
      r.on('error', fail);
      r.on('end', () => {
        const h = {};
        for (const [k, v] of Object.entries(r.headers)) h[k] = Array.isArray(v) ? v.join(', ') : v;
        done({ status: r.statusCode, headers: h, body: Buffer.concat(parts).toString('utf8') });
      });
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`${method} ${path}: no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', fail);
    if (chunks) {
      for (const c of chunks) req.write(c);
      req.end();
    } else {
      req.end(body);
    }
  });
}

/**
 * A POST of a JSON `body` on a new connection that the caller ends by hanging up, as a client
 * that gives up: { answer, hangUp }. `answer` resolves with the response ({status, headers,
 * body}), or with null once hung up; the server then drops or cancels the request's search.
 * For searches that must keep a worker busy for as long as a test needs, whatever the
 * machine's speed: they ask for far more time than any test takes, and the test hangs up.
 */
export function hangUpRequest(base, path, body) {
  let req;
  let gone = false;
  const answer = new Promise((done, fail) => {
    req = http.request(base + path, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } }, (r) => {
      const parts = [];
      r.on('data', (b) => parts.push(b));
      r.on('error', (e) => (gone ? done(null) : fail(e)));
      r.on('end', () => done({ status: r.statusCode, headers: r.headers, body: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', (e) => (gone ? done(null) : fail(e)));
    req.end(body);
  });
  return {
    answer,
    hangUp: () => {
      gone = true;
      req.destroy();
      return answer;
    },
  };
}

/** A client of one kept-alive connection (an Agent of one socket). */
export function keepAliveClient(base) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    agent,
    request: (method, path, opts = {}) => httpResponse(base, method, path, { ...opts, agent }),
    close: () => agent.destroy(),
  };
}

/**
 * Sends `bytes` exactly as given (what node:http will not send: two Content-Lengths, unknown
 * transfer codings, a body that never ends) on a new connection, and parses the first answer:
 * { status, headers, body, closed } once the server closed the connection.
 */
export function rawResponse(base, bytes) {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const parts = [];
    const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy(new Error(`no end of answer within ${REQUEST_TIMEOUT_MS} ms`)));
    socket.on('data', (b) => parts.push(b));
    socket.on('error', fail);
    socket.on('close', () => {
      const text = Buffer.concat(parts).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return fail(new Error(`no answer: ${JSON.stringify(text)}`));
      const [statusLine, ...fields] = text.slice(0, end).split('\r\n');
      const headers = {};
      for (const f of fields) {
        const colon = f.indexOf(':');
        headers[f.slice(0, colon).toLowerCase()] = f.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      done({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4, end + 4 + length) });
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
