// The puzzle's three forms, pure (no DOM, so node's tests import it): a text grid, the
// one-line board notation and JSON (vehicles, grid or board) read into a board for drawing
// ({size, exitRow, walls, vehicles, target}), a board written back as JSON, and the body of a
// request built from the text and the page's options.
//
// The parser mirrors the server's input rules (README "A puzzle comes in any of three
// forms"), simply, only so that something can be drawn before and while solving. The server
// stays the judge: its 400 is what the page reports as errors, never the parser's opinion.

// The server's own defaults for the options this page sets: a text board with only these
// can go as text/plain, which carries no options.
export const DEFAULT_OPTIONS = { algorithm: 'bfs', metric: 'moves' };

export class PreviewError extends Error {}

export function pretty(doc) {
  return JSON.stringify(doc, null, 2)
    // one vehicle a line reads better than one member a line
    .replace(/\{\s+("id"[^}]*?)\s+\}/g, (_, inner) => `{ ${inner.replace(/\s*\n\s*/g, ' ')} }`)
    .replace(/\[\s+(\d+),\s+(\d+)\s+\]/g, '[$1, $2]');
}

// Rows of a text board: split at newlines or '/', blanks around each row dropped, empty rows
// skipped (as the server does).
export function textRows(text) {
  return text.split(/[\n/]/).map((r) => r.trim()).filter((r) => r.length > 0);
}

export function parsePuzzle(text) {
  const body = text.trim();
  if (!body) throw new PreviewError('nothing to draw yet');
  if (body.startsWith('{')) {
    let doc;
    try {
      doc = JSON.parse(body);
    } catch {
      throw new PreviewError('the JSON does not parse (yet)');
    }
    return parseDocument(doc);
  }
  const rows = textRows(body);
  // One line is the database notation; several rows, a grid.
  return rows.length === 1 ? parseBoardNotation(rows[0]) : parseGrid(rows, null);
}

export function parseDocument(doc) {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new PreviewError('the JSON is not an object');
  }
  if ('vehicles' in doc) return parseVehicles(doc);
  if ('grid' in doc) {
    const rows = typeof doc.grid === 'string' ? textRows(doc.grid) : doc.grid;
    if (!Array.isArray(rows)) throw new PreviewError('grid is neither rows nor a string');
    return parseGrid(rows, typeof doc.target === 'string' ? doc.target : null);
  }
  if (typeof doc.board === 'string') return parseBoardNotation(doc.board);
  throw new PreviewError('give vehicles, grid or board');
}

// The vehicles form: board_size (default 6), exit_row (default the target's row), walls,
// target (default X), orientation H/V or horizontal/vertical in any case.
export function parseVehicles(doc) {
  const size = doc.board_size ?? 6;
  if (!Number.isInteger(size) || size < 3 || size > 16) throw new PreviewError('board_size is not 3 to 16');
  if (!Array.isArray(doc.vehicles)) throw new PreviewError('vehicles is not an array');
  const vehicles = doc.vehicles.map((v, i) => {
    const ok = v && typeof v === 'object' && typeof v.id === 'string' &&
      [v.row, v.col, v.length].every(Number.isInteger);
    const orientation = ok && typeof v.orientation === 'string' ? v.orientation.toLowerCase() : '';
    if (!['h', 'v', 'horizontal', 'vertical'].includes(orientation)) {
      throw new PreviewError(`vehicles[${i}] cannot be drawn`);
    }
    return { id: v.id, row: v.row, col: v.col, length: v.length, horizontal: orientation[0] === 'h' };
  });
  const walls = (doc.walls ?? []).map((w, i) => {
    if (!Array.isArray(w) || w.length !== 2 || !w.every(Number.isInteger)) {
      throw new PreviewError(`walls[${i}] cannot be drawn`);
    }
    return w;
  });
  const targetId = typeof doc.target === 'string' ? doc.target : 'X';
  const target = vehicles.findIndex((v) => v.id === targetId);
  if (target < 0) throw new PreviewError(`no vehicle ${targetId} (the red car)`);
  const exitRow = Number.isInteger(doc.exit_row) ? doc.exit_row : vehicles[target].row;
  return checked({ size, exitRow, walls, vehicles, target });
}

// A grid: N rows of N characters; '.' or 'o' empty, '#' a wall, a letter or digit a vehicle
// cell. The red car is `targetId`, else X, else x.
export function parseGrid(rows, targetId) {
  const n = rows.length;
  if (n < 3 || n > 16) throw new PreviewError(`the grid has ${n} rows; boards have 3 to 16`);
  const walls = [];
  const cells = new Map(); // id -> [[row, col]], in order of first appearance (as the server)
  rows.forEach((row, r) => {
    if (typeof row !== 'string' || row.length !== n) {
      throw new PreviewError(`row ${r} is not ${n} characters long`);
    }
    [...row].forEach((ch, c) => {
      if (ch === '.' || ch === 'o') return;
      if (ch === '#') {
        walls.push([r, c]);
        return;
      }
      if (!/^[A-Za-z0-9]$/.test(ch)) throw new PreviewError(`'${ch}' in row ${r} is not a cell`);
      if (!cells.has(ch)) cells.set(ch, []);
      cells.get(ch).push([r, c]);
    });
  });
  const vehicles = [];
  for (const [id, list] of cells) {
    const rs = list.map(([r]) => r);
    const cs = list.map(([, c]) => c);
    const horizontal = Math.min(...rs) === Math.max(...rs);
    const vertical = Math.min(...cs) === Math.max(...cs);
    const span = horizontal ? Math.max(...cs) - Math.min(...cs) + 1 : Math.max(...rs) - Math.min(...rs) + 1;
    if (list.length < 2 || !(horizontal || vertical) || span !== list.length) {
      throw new PreviewError(`vehicle '${id}' is not one straight run of 2 or more cells`);
    }
    vehicles.push({ id, row: Math.min(...rs), col: Math.min(...cs), length: list.length, horizontal });
  }
  const tid = targetId ?? (cells.has('X') ? 'X' : 'x');
  const target = vehicles.findIndex((v) => v.id === tid);
  if (target < 0) throw new PreviewError(`no vehicle ${tid} (the red car)`);
  return checked({ size: n, exitRow: vehicles[target].row, walls, vehicles, target });
}

// The database notation: N*N cells row-major; 'o' or '.' empty, 'x' a wall, 'A' the red car.
export function parseBoardNotation(board) {
  const n = Math.round(Math.sqrt(board.length));
  if (n * n !== board.length || n < 3 || n > 16) {
    throw new PreviewError(`a board of ${board.length} characters is not N*N (36 for 6x6)`);
  }
  const cells = board.replace(/x/g, '#');
  const rows = Array.from({ length: n }, (_, r) => cells.slice(r * n, (r + 1) * n));
  return parseGrid(rows, 'A');
}

// Only what drawing needs: everything on the board. Overlaps and the rest are the server's
// to report.
export function checked(puzzle) {
  const inside = (r, c) => r >= 0 && c >= 0 && r < puzzle.size && c < puzzle.size;
  for (const v of puzzle.vehicles) {
    const [r2, c2] = v.horizontal ? [v.row, v.col + v.length - 1] : [v.row + v.length - 1, v.col];
    if (!inside(v.row, v.col) || !inside(r2, c2)) throw new PreviewError(`vehicle ${v.id} is off the board`);
  }
  for (const [r, c] of puzzle.walls) if (!inside(r, c)) throw new PreviewError('a wall is off the board');
  if (puzzle.exitRow < 0 || puzzle.exitRow >= puzzle.size) throw new PreviewError('exit_row is off the board');
  return puzzle;
}

export function describeForm(text) {
  const body = text.trim();
  if (body.startsWith('{')) return 'JSON';
  return textRows(body).length === 1 ? 'a one-line board' : 'a text grid';
}

// The "options" object of a JSON puzzle, or {}.
export function textOptions(text) {
  const body = text.trim();
  if (!body.startsWith('{')) return {};
  try {
    const own = JSON.parse(body)?.options;
    return own && typeof own === 'object' && !Array.isArray(own) ? own : {};
  } catch {
    return {};
  }
}

// API: the request's body. Every endpoint that takes a puzzle gets it the same way. A body
// that starts with '{' is JSON (application/json); the page's options go into its "options",
// next to any other options it has (max_nodes, timeout_ms, ...); those the text sets itself
// win (the menus then show them). Anything else is a text board. text/plain carries no
// options (the server then uses its defaults), so with other options the board is wrapped as
// JSON: {"board": line} for one line, {"grid": rows} for a grid: the same puzzle either way.
export function buildRequest(text, options) {
  const body = text.trim();
  if (body.startsWith('{')) {
    let doc;
    try {
      doc = JSON.parse(body);
    } catch {
      // Sent as it is: the server's 400 says where the JSON breaks.
      return { contentType: 'application/json', body: text };
    }
    if (doc && typeof doc === 'object' && !Array.isArray(doc)) {
      const own = doc.options;
      // Options that are not an object are left for the server to report.
      if (own === undefined || (own && typeof own === 'object' && !Array.isArray(own))) {
        doc.options = { ...options, ...own }; // the text's own options win
      }
    }
    return { contentType: 'application/json', body: JSON.stringify(doc) };
  }
  const defaults = Object.entries(options).every(([k, v]) => DEFAULT_OPTIONS[k] === v);
  if (defaults) return { contentType: 'text/plain', body: text };
  const rows = textRows(body);
  const doc = rows.length === 1 ? { board: rows[0], options } : { grid: rows, options };
  return { contentType: 'application/json', body: JSON.stringify(doc) };
}

// A position the page reached (by applying hints) has no text of its own: it is sent in the
// JSON vehicles form, which says everything the drawing knows (exit row, target, walls).
export function positionDocument(board) {
  return {
    board_size: board.size,
    exit_row: board.exitRow,
    target: board.vehicles[board.target].id,
    walls: board.walls,
    vehicles: board.vehicles.map((v) => ({
      id: v.id, row: v.row, col: v.col, length: v.length, orientation: v.horizontal ? 'H' : 'V',
    })),
  };
}

// The puzzle as the page draws it, or null when it cannot (the server still gets the text).
export function tryParse(text) {
  try {
    return parsePuzzle(text);
  } catch (e) {
    if (!(e instanceof PreviewError)) throw e;
    return null;
  }
}
