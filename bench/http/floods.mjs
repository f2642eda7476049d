#!/usr/bin/env node
// The floods of bench/http/floods.sh, with the helpers of tests/hostile/floods.mjs, against a
// rushhourd on 127.0.0.1:PORT. Each prints one line.
//   node bench/http/floods.mjs boards SKIP N              N tiny distinct boards from the SKIP-th,
//                                                        as JSON bodies, one a line (for wrk)
//   node bench/http/floods.mjs analyze PORT SKIP N        POST /v1/analyze of those boards
//   node bench/http/floods.mjs handouts PORT N PER_S      GET /v1/puzzles?count=100&min_moves=20&
//                                                        walls=0-1, N distinct seeds, PER_S a
//                                                        second (open loop; 0: as fast as it goes)
//   node bench/http/floods.mjs play PORT                  a bank puzzle played and the day's, both
//                                                        awaited until a table answers: the two
//                                                        boards on one line
//   node bench/http/floods.mjs hints PORT BOARD...        the `source` of each board's hint
import {
  analyzeFlood, dayPuzzle, handoutFlood, hintSource, playPuzzle, tinyBoards,
} from '../../tests/hostile/floods.mjs';

const [what, ...args] = process.argv.slice(2);
const port = Number(args[0]);
const s = (ms) => (ms / 1000).toFixed(1);

if (what === 'boards') {
  process.stdout.write(`${tinyBoards(Number(args[1]), Number(args[0])).map((board) => JSON.stringify({ board })).join('\n')}\n`);
} else if (what === 'analyze') {
  const r = await analyzeFlood(port, tinyBoards(Number(args[2]), Number(args[1])));
  console.log(`${r.count} analyses in ${s(r.ms)} s (${Math.round(r.count / (r.ms / 1000))}/s), statuses ${JSON.stringify(r.statuses)}`);
  if (r.errors.length) process.exitCode = 1;
} else if (what === 'handouts') {
  const n = Number(args[1]);
  const r = await handoutFlood(port, { requests: n, perSecond: Number(args[2]) });
  console.log(`${n} hand-outs (${r.puzzles} puzzles) in ${s(r.ms)} s (${(n / (r.ms / 1000)).toFixed(1)}/s), statuses ${JSON.stringify(r.statuses)}`);
  if (r.errors.length) process.exitCode = 1;
} else if (what === 'play') {
  const played = await playPuzzle(port);
  const day = await dayPuzzle(port);
  if (played.source !== 'table' || day.source !== 'table') process.exitCode = 1;
  console.log(`${played.board} ${day.board}`);
} else if (what === 'hints') {
  const sources = [];
  for (const board of args.slice(1)) sources.push(await hintSource(port, board));
  console.log(sources.join(' '));
} else {
  console.error('usage: node bench/http/floods.mjs boards|analyze|handouts|play|hints ...');
  process.exitCode = 2;
}
