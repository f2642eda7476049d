// The offline puzzle pack: wall-free puzzles of the server's bank, up to 100 of each
// difficulty (levels.js), kept for New puzzle offline. The server stays their source: the pack
// is its answers to GET v1/puzzles for each difficulty, with a fixed seed (the same bank gives
// the same pack), asked once while it answers and kept in the page's Cache Storage. Offline,
// GET v1/puzzles/stats, v1/puzzles and v1/puzzles/{id} are answered from those puzzles, marked
// `offline_pack`.
import { LEVELS } from './levels.js';

const PACK_CACHE = 'rushhourd-pack';
const PER_LEVEL = 100; // the most one answer holds
const SEED = 40;

// The query of a difficulty's puzzles in the pack: `base` is api.js's PUZZLES_URL.
function levelUrl(base, level) {
  const query = new URLSearchParams({ walls: 0, min_moves: level.min, count: PER_LEVEL, seed: SEED });
  if (level.max !== null) query.set('max_moves', level.max);
  return `${base}?${query}`;
}

// Asks the server for the pack's puzzles and keeps them, unless they are kept already. Quiet:
// without a bank, or without Cache Storage (plain HTTP away from localhost), there is no pack.
export async function keepPack(base) {
  if (!globalThis.caches) return;
  try {
    const cache = await caches.open(PACK_CACHE);
    for (const level of LEVELS) {
      const url = levelUrl(base, level);
      if (await cache.match(url)) continue;
      const res = await fetch(url);
      if (res.ok) await cache.put(url, res);
    }
  } catch (e) {
    console.info(`rushhourd: no offline pack (${e.message})`);
  }
}

// Every puzzle the pack holds.
async function packPuzzles(base) {
  if (!globalThis.caches) return [];
  const cache = await caches.open(PACK_CACHE);
  const answers = await Promise.all(LEVELS.map((level) => cache.match(levelUrl(base, level))));
  const docs = await Promise.all(answers.filter(Boolean).map((res) => res.json()));
  return docs.flatMap((doc) => doc.puzzles);
}

const json = (doc) => new Response(JSON.stringify({ ...doc, offline_pack: true }),
  { status: 200, headers: { 'Content-Type': 'application/json' } });

// The pack's answer to the bank's GET `url` (`base`: PUZZLES_URL; `statsBase`: the stats'), as
// the server's answer would be shaped, or null for another request, a puzzle the pack lacks or
// an empty pack: the counts per length (stats), one puzzle at random in the asked range, or
// the puzzle of an id (a shared link).
export async function answerFromPack(url, base, statsBase) {
  const [path, queryText] = url.split('?');
  const byId = path !== statsBase && path.startsWith(`${base}/`);
  const id = byId ? decodeURIComponent(path.slice(base.length + 1)) : null;
  if (path !== base && path !== statsBase && id === null) return null;
  const query = new URLSearchParams(queryText);
  const all = await packPuzzles(base);
  if (id !== null) {
    const puzzle = all.find((p) => p.id === id);
    return puzzle ? json(puzzle) : null;
  }
  if (!all.length) return null;
  const walls = Number(query.get('walls') ?? 0);
  const held = all.filter((p) => p.walls === walls);
  if (path === statsBase) {
    const byMoves = {};
    for (const p of held) byMoves[p.moves] = (byMoves[p.moves] ?? 0) + 1;
    return json({ total: held.length, by_moves: byMoves });
  }
  const min = Number(query.get('min_moves') ?? 0);
  const max = Number(query.get('max_moves') ?? Infinity);
  const fits = held.filter((p) => p.moves >= min && p.moves <= max);
  const picked = fits.length ? [fits[Math.floor(Math.random() * fits.length)]] : [];
  return json({ puzzles: picked, count: picked.length });
}
