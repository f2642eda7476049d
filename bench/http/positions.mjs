// Distinct positions of a puzzle's cluster, for the hint benchmark (bench/http/hints.sh): a
// random walk of one-cell slides from a board in the database notation, printing each new
// position as a /v1/hint body, {"board": "..."}, one a line, until `count` are printed.
//   node bench/http/positions.mjs BOARD COUNT [SEED]
const [board, countText, seedText] = process.argv.slice(2);
const count = Number(countText);
const n = Math.round(Math.sqrt(board.length));
if (!board || n * n !== board.length || !(count > 0)) {
  console.error('usage: node bench/http/positions.mjs BOARD COUNT [SEED]');
  process.exit(2);
}
let seed = BigInt(seedText ?? 1) || 1n;
const random = (k) => { // xorshift64
  seed ^= (seed << 13n) & 0xFFFFFFFFFFFFFFFFn;
  seed ^= seed >> 7n;
  seed ^= (seed << 17n) & 0xFFFFFFFFFFFFFFFFn;
  return Number(seed % BigInt(k));
};
const cells = board.split('');
const letters = [...new Set(cells.filter((c) => /[A-Za-wyzA-Z]/.test(c) && c !== 'x'))];
const seen = new Set([board]);
console.log(JSON.stringify({ board }));
while (seen.size < count) {
  const id = letters[random(letters.length)];
  const at = cells.flatMap((c, i) => (c === id ? [i] : []));
  const step = at.length > 1 && at[1] - at[0] === 1 ? 1 : n; // along its row, or its column
  const forward = random(2) === 1;
  const to = forward ? at[at.length - 1] + step : at[0] - step;
  const sameLine = step === 1 ? Math.floor(to / n) === Math.floor(at[0] / n) : to >= 0 && to < n * n;
  if (!sameLine || to < 0 || to >= n * n || cells[to] !== '.') continue;
  cells[to] = id;
  cells[forward ? at[0] : at[at.length - 1]] = '.';
  const next = cells.join('');
  if (!seen.has(next)) {
    seen.add(next);
    console.log(JSON.stringify({ board: next }));
  }
}
