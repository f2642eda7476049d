// rushhourd's playground: the page's logic, and a small example client of the rushhourd API.
//
// What a front-end developer can take from it (search for "API:" below):
//   - POST v1/solve with a JSON puzzle (application/json) or a text board (text/plain);
//   - POST v1/hint, the same body: the next move of an optimal solution from that position;
//   - POST v1/analyze, the same body: the whole reachable state space, summarised (counts,
//     the histogram of distances to the goal, the hardest position);
//   - POST v1/generate with the generator's options as JSON: a new puzzle and its solution,
//     and its source (bank: a stored puzzle fitted; search: one was made);
//   - GET v1/puzzles/stats, v1/puzzles?min_moves=&max_moves=&count=1 and v1/puzzles/daily: the
//     server's puzzle bank, its counts per length, a random puzzle of a difficulty, and the
//     puzzle of the day, each with its optimal length (503 no-bank when there is none);
//   - an optional X-Request-Id of our own, echoed by the server in its logs and answers;
//   - a 200 answer: solution.moves [{vehicle, direction, distance}], move_count, slide_count,
//     notation, stats, timing_us; or status "unsolvable" and no solution;
//   - RFC 9457 problem documents (application/problem+json): 400 lists every problem in
//     errors [{field, message}]; 413, 422 (a budget ran out, with the stats so far) and 503
//     (busy or draining, with Retry-After) are shown as one message. Every call goes through
//     one function, callApi, and every problem through one, showProblem.
//
// The board is drawn from a small parser below that mirrors the server's input rules, only so
// that something can be drawn before and while solving. The server stays the judge: its 400
// is what the page reports as errors, never the parser's opinion.
//
// Plain script, no framework, nothing fetched but this server's own API.
'use strict';

(() => {
  // ---------------------------------------------------------------------------------------
  // Settings

  // Relative, so the page also works when a proxy serves rushhourd under a path prefix.
  const SOLVE_URL = 'v1/solve';
  const HINT_URL = 'v1/hint';
  const ANALYZE_URL = 'v1/analyze';
  const GENERATE_URL = 'v1/generate';
  const PUZZLES_URL = 'v1/puzzles';
  const DAILY_URL = 'v1/puzzles/daily';
  const BANK_STATS_URL = 'v1/puzzles/stats';

  // New puzzle's difficulties: ranges of optimal lengths in moves (max null: no bound). Those
  // the served bank has no puzzle in are offered disabled, so every choice loads a puzzle.
  const LEVELS = [
    { key: 'beginner', label: 'Beginner', min: 1, max: 10 },
    { key: 'intermediate', label: 'Intermediate', min: 11, max: 20 },
    { key: 'advanced', label: 'Advanced', min: 21, max: 30 },
    { key: 'expert', label: 'Expert', min: 31, max: null },
  ];

  // The server's own defaults for the options this page sets: a text board with only these
  // can go as text/plain, which carries no options.
  const DEFAULT_OPTIONS = { algorithm: 'bfs', metric: 'moves' };

  const SVG_NS = 'http://www.w3.org/2000/svg';
  const CELL = 60; // SVG user units per board cell
  const PAD = 16; // margin around the board
  const EXIT_ROOM = 40; // extra margin on the right, where the exit is drawn

  // Playback speeds (the range input's 1..5): milliseconds a vehicle takes per cell it slides,
  // and the pause between two moves.
  const SPEEDS = [
    { perCell: 260, pause: 900 },
    { perCell: 180, pause: 550 },
    { perCell: 120, pause: 320 },
    { perCell: 70, pause: 160 },
    { perCell: 35, pause: 60 },
  ];

  // Colours of the other vehicles (the red car has its own, in style.css).
  const PALETTE = [
    '#2a9d8f', '#e9c46a', '#457b9d', '#8ab17d', '#f4a261', '#6d597a', '#3d5a80', '#94d2bd',
    '#ee9b00', '#0a9396', '#98c1d9', '#b08968', '#52796f', '#c9ada7', '#ca6702', '#84a59d',
  ];

  // The reference puzzles in the select. Rows are copied from the project's reference sets
  // (tests/data/jam40.tsv and classic.jsonl), where their answers are checked.
  const JAM1_VEHICLES = {
    board_size: 6,
    exit_row: 2,
    vehicles: [
      { id: 'X', row: 2, col: 1, length: 2, orientation: 'H' },
      { id: 'A', row: 0, col: 0, length: 2, orientation: 'H' },
      { id: 'B', row: 1, col: 0, length: 3, orientation: 'V' },
      { id: 'C', row: 4, col: 0, length: 2, orientation: 'V' },
      { id: 'D', row: 1, col: 3, length: 3, orientation: 'V' },
      { id: 'E', row: 5, col: 2, length: 3, orientation: 'H' },
      { id: 'F', row: 4, col: 4, length: 2, orientation: 'H' },
      { id: 'G', row: 0, col: 5, length: 3, orientation: 'V' },
    ],
  };
  const REFERENCE_PUZZLES = [
    { key: 'jam01', label: 'Jam 1: a grid (8 moves)', text: 'bb...g\na..c.g\naxxc.g\na..c..\ne...ff\ne.ddd.' },
    { key: 'jam40', label: 'Jam 40: a grid (51 moves)', text: 'eaa.f.\negd.fj\negdxxj\nbbbh.j\n..chii\nkkcll.' },
    {
      key: 'slides93',
      label: 'The 93-slide puzzle (49 moves)',
      text: 'AAABCD\nEFFBCD\nE.XXCD\nGGH...\n.IH.JJ\n.IKKLL',
    },
    {
      key: 'hardest51',
      label: 'The hardest, one line (51 moves)',
      text: 'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.',
    },
    { key: 'jam01-json', label: 'Jam 1: JSON vehicles (8 moves)', text: pretty(JAM1_VEHICLES) },
    {
      key: 'walled',
      label: 'Unsolvable: a wall at the exit',
      text: pretty({
        board_size: 6,
        exit_row: 2,
        walls: [[2, 5]],
        vehicles: [{ id: 'X', row: 2, col: 0, length: 2, orientation: 'H' }],
      }),
    },
    {
      key: 'invalid',
      label: 'Invalid: two errors (JSON, 400)',
      text: pretty({
        vehicles: [
          { id: 'X', row: 2, col: 0, length: 2, orientation: 'H' },
          { id: 'A', row: '0', col: 0, length: 2, orientation: 'H' },
          { id: 'C', row: 1, col: 1, length: 2, orientation: 'V' },
        ],
      }),
    },
  ];
  const CUSTOM = ''; // the select's value when the text is the user's own

  // ---------------------------------------------------------------------------------------
  // Page state

  const el = (id) => document.getElementById(id);
  const ui = {
    form: el('solve-form'),
    select: el('puzzle-select'),
    input: el('puzzle-input'),
    inputForm: el('input-form'),
    errors: el('field-errors'),
    algorithm: el('algorithm'),
    metric: el('metric'),
    optionsNote: el('options-note'),
    solve: el('solve-button'),
    analyze: el('analyze-button'),
    hint: el('hint-button'),
    undo: el('undo-button'),
    redo: el('redo-button'),
    solveHere: el('solve-here-button'),
    edit: el('edit-button'),
    editor: el('editor'),
    editSize: el('edit-size'),
    editExitRow: el('edit-exit-row'),
    editClear: el('edit-clear-button'),
    playStatus: el('play-status'),
    announce: el('board-announce'),
    message: el('message'),
    board: el('board'),
    boardNote: el('board-note'),
    first: el('first-button'),
    back: el('back-button'),
    play: el('play-button'),
    forward: el('forward-button'),
    last: el('last-button'),
    speed: el('speed'),
    stepLabel: el('step-label'),
    hintBox: el('hint'),
    hintText: el('hint-text'),
    applyHint: el('apply-hint-button'),
    summary: el('summary'),
    moves: el('move-list'),
    rawRequest: el('raw-request'),
    rawResponse: el('raw-response'),
    generateForm: el('generate-form'),
    generate: el('generate-button'),
    generateErrors: el('generate-errors'),
    generateMessage: el('generate-message'),
    generateSummary: el('generate-summary'),
    generateSolution: el('generate-solution'),
    analysisEmpty: el('analysis-empty'),
    analysis: el('analysis'),
    analysisSummary: el('analysis-summary'),
    histogram: el('histogram'),
    histogramCaption: el('histogram-caption'),
    hardestBoard: el('hardest-board'),
    hardestText: el('hardest-text'),
    loadHardest: el('load-hardest-button'),
    loadBest: el('load-best-button'),
    bank: el('bank'),
    bankLevel: el('bank-level'),
    newPuzzle: el('new-puzzle-button'),
    daily: el('daily-button'),
    bankMessage: el('bank-message'),
  };

  const state = {
    boards: [], // boards[k]: the board after k moves of the answer; boards[0] is the start
    moves: [], // the answer's moves, with their notation
    step: 0, // the board shown: boards[step]
    playing: false,
    timer: 0, // the pending setTimeout of playback
    animation: 0, // bumped by every slide and jump: older slides then stop
    vehicles: new Map(), // vehicle id -> its SVG group
    inFlight: new Map(), // a kind of call ('solve', ...) -> its unanswered request and form
    hint: null, // the hint shown: {move, board: the board it is for}
    hardest: null, // the analysis's hardest position: the text that loads it, or null
    best: null, // a generate 422's best puzzle so far: that answer, or null
    optimal: null, // the start's optimal length in moves: {start: boards[0], length}, or null
    drag: null, // the vehicle being dragged: {pointer, g, v, origin, back, ahead, offset}
    editing: false, // the editor is on: drags on the board place vehicles, clicks remove
  };

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const slideOf = new WeakMap(); // a vehicle's group -> the token of the slide moving it

  // ---------------------------------------------------------------------------------------
  // The client-side parser: text -> {size, exitRow, walls, vehicles, target}, for drawing.
  // Mirrors the server's rules (README "A puzzle comes in any of three forms"), simply.

  class PreviewError extends Error {}

  function pretty(doc) {
    return JSON.stringify(doc, null, 2)
      // one vehicle a line reads better than one member a line
      .replace(/\{\s+("id"[^}]*?)\s+\}/g, (_, inner) => `{ ${inner.replace(/\s*\n\s*/g, ' ')} }`)
      .replace(/\[\s+(\d+),\s+(\d+)\s+\]/g, '[$1, $2]');
  }

  // Rows of a text board: split at newlines or '/', blanks around each row dropped, empty rows
  // skipped (as the server does).
  function textRows(text) {
    return text.split(/[\n/]/).map((r) => r.trim()).filter((r) => r.length > 0);
  }

  function parsePuzzle(text) {
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

  function parseDocument(doc) {
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
  function parseVehicles(doc) {
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
  function parseGrid(rows, targetId) {
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
  function parseBoardNotation(board) {
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
  function checked(puzzle) {
    const inside = (r, c) => r >= 0 && c >= 0 && r < puzzle.size && c < puzzle.size;
    for (const v of puzzle.vehicles) {
      const [r2, c2] = v.horizontal ? [v.row, v.col + v.length - 1] : [v.row + v.length - 1, v.col];
      if (!inside(v.row, v.col) || !inside(r2, c2)) throw new PreviewError(`vehicle ${v.id} is off the board`);
    }
    for (const [r, c] of puzzle.walls) if (!inside(r, c)) throw new PreviewError('a wall is off the board');
    if (puzzle.exitRow < 0 || puzzle.exitRow >= puzzle.size) throw new PreviewError('exit_row is off the board');
    return puzzle;
  }

  function describeForm(text) {
    const body = text.trim();
    if (body.startsWith('{')) return 'JSON';
    return textRows(body).length === 1 ? 'a one-line board' : 'a text grid';
  }

  // ---------------------------------------------------------------------------------------
  // Moves

  const DELTA = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };

  function applyMove(board, move) {
    const vehicles = board.vehicles.map((v) => ({ ...v }));
    const v = vehicles.find((x) => x.id === move.vehicle);
    const [dr, dc] = DELTA[move.direction] ?? [0, 0];
    if (!v) throw new Error(`the answer moves ${move.vehicle}, which the drawing does not have`);
    v.row += dr * move.distance;
    v.col += dc * move.distance;
    return { ...board, vehicles };
  }

  // The red car's right end in the last column of the exit row: out.
  function atExit(board) {
    const t = board.vehicles[board.target];
    return t.horizontal && t.row === board.exitRow && t.col + t.length === board.size;
  }

  // "bR1": the server's notation of one move (id, U/D/L/R, distance).
  const notationOf = (m) => `${m.vehicle}${m.direction[0].toUpperCase()}${m.distance}`;

  // ---------------------------------------------------------------------------------------
  // Drawing: an SVG of cells, walls, the exit and one group per vehicle. Vehicles keep their
  // element across steps, so a move only changes one group's position.

  function svg(name, attrs = {}, parent = null) {
    const node = document.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (parent) parent.appendChild(node);
    return node;
  }

  const cellX = (c) => PAD + c * CELL;
  const cellY = (r) => PAD + r * CELL;

  // The main board: its vehicles' groups are kept, for playback to move.
  function drawBoard(board) {
    state.vehicles = drawBoardInto(ui.board, board);
  }

  // Draws `board` into the SVG element `root` (the main board, or the analysis's small one:
  // the same drawing, scaled by CSS); answers the map of vehicle id -> its group.
  function drawBoardInto(root, board) {
    const n = board.size;
    const width = PAD + n * CELL + EXIT_ROOM;
    const height = 2 * PAD + n * CELL;
    root.replaceChildren();
    root.setAttribute('viewBox', `0 0 ${width} ${height}`);
    root.dataset.size = String(n);
    root.setAttribute('aria-label',
      `a ${n} by ${n} board with ${board.vehicles.length} vehicles; the exit is on the right of row ${board.exitRow}`);
    const groups = new Map();

    svg('rect', { class: 'frame', x: PAD - 8, y: PAD - 8, width: n * CELL + 16, height: n * CELL + 16, rx: 12 }, root);
    const cells = svg('g', { class: 'cells' }, root);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        svg('rect', { class: 'cell', x: cellX(c) + 3, y: cellY(r) + 3, width: CELL - 6, height: CELL - 6, rx: 5 }, cells);
      }
    }

    // The exit: a gap in the frame's right side at the exit row, and an arrow out.
    const exit = svg('g', { class: 'exit', 'data-row': board.exitRow }, root);
    if (root === ui.board) exit.id = 'exit'; // ids are unique: only the main board's exit has one
    const ey = cellY(board.exitRow);
    svg('rect', { class: 'exit-gap', x: PAD + n * CELL, y: ey + 6, width: 10, height: CELL - 12 }, exit);
    svg('path', {
      class: 'exit-arrow',
      d: `M ${PAD + n * CELL + 14} ${ey + 16} L ${PAD + n * CELL + 30} ${ey + CELL / 2} L ${PAD + n * CELL + 14} ${ey + CELL - 16}`,
    }, exit);
    svg('title', {}, exit).textContent = 'exit';

    for (const [r, c] of board.walls) {
      svg('rect', { class: 'wall', 'data-row': r, 'data-col': c, x: cellX(c) + 2, y: cellY(r) + 2, width: CELL - 4, height: CELL - 4, rx: 4 }, root);
    }

    board.vehicles.forEach((v, i) => {
      const isTarget = i === board.target;
      const g = svg('g', {
        class: isTarget ? 'vehicle target' : 'vehicle',
        'data-id': v.id,
        'data-length': v.length,
        'data-orientation': v.horizontal ? 'H' : 'V',
      }, root);
      const w = (v.horizontal ? v.length : 1) * CELL;
      const h = (v.horizontal ? 1 : v.length) * CELL;
      // The grip is the vehicle's whole cells, not just its drawn body: a bigger target.
      svg('rect', { class: 'grip', width: w, height: h }, g);
      const body = svg('rect', { class: 'body', x: 5, y: 5, width: w - 10, height: h - 10, rx: 12 }, g);
      if (!isTarget) body.setAttribute('fill', PALETTE[i % PALETTE.length]);
      svg('text', { class: 'label', x: w / 2, y: h / 2 }, g).textContent = v.id;
      svg('title', {}, g).textContent = isTarget ? `${v.id}: the red car` : `vehicle ${v.id}`;
      if (root === ui.board) {
        // Playable: a tab stop each, named (with its legal moves) by labelVehicles.
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'button');
        g.setAttribute('aria-roledescription', 'vehicle');
      }
      groups.set(v.id, g);
      place(g, v);
    });
    return groups;
  }

  // Puts a vehicle's group at its cell at once; the data-* attributes say where it is.
  function place(g, v) {
    g.dataset.row = String(v.row);
    g.dataset.col = String(v.col);
    setTranslate(g, cellX(v.col), cellY(v.row));
  }

  function setTranslate(g, x, y) {
    g.setAttribute('transform', `translate(${x} ${y})`);
    g.dataset.x = String(x);
    g.dataset.y = String(y);
  }

  // Slides a vehicle's group to its new cell over `ms`; resolves when it is there. A newer
  // slide or jump cuts it short: the vehicle is then put where its data-* attributes say,
  // unless a newer slide has taken this very vehicle over.
  function slide(g, v, ms) {
    const token = ++state.animation;
    slideOf.set(g, token);
    const x0 = Number(g.dataset.x);
    const y0 = Number(g.dataset.y);
    const x1 = cellX(v.col);
    const y1 = cellY(v.row);
    g.dataset.row = String(v.row);
    g.dataset.col = String(v.col);
    if (ms <= 0 || reducedMotion.matches) {
      setTranslate(g, x1, y1);
      return Promise.resolve();
    }
    return new Promise((done) => {
      const t0 = performance.now();
      const frame = (now) => {
        const t = Math.min(1, (now - t0) / ms);
        const ease = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
        if (token !== state.animation) {
          if (slideOf.get(g) === token) setTranslate(g, cellX(Number(g.dataset.col)), cellY(Number(g.dataset.row)));
          done();
          return;
        }
        if (t >= 1) {
          setTranslate(g, x1, y1);
          done();
          return;
        }
        setTranslate(g, x0 + (x1 - x0) * ease, y0 + (y1 - y0) * ease);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }

  // ---------------------------------------------------------------------------------------
  // Playback

  const lastStep = () => Math.max(0, state.boards.length - 1);
  const speed = () => SPEEDS[Number(ui.speed.value) - 1] ?? SPEEDS[2];

  // Shows boards[k]. From the step just before, the moving vehicle slides; any other jump
  // puts every vehicle in place at once.
  async function goTo(k, animate) {
    if (!state.boards.length) return;
    k = Math.max(0, Math.min(lastStep(), k));
    const from = state.step;
    state.step = k;
    renderStep();
    const board = state.boards[k];
    if (animate && k === from + 1) {
      const move = state.moves[k - 1];
      const v = board.vehicles.find((x) => x.id === move.vehicle);
      await slide(state.vehicles.get(move.vehicle), v, speed().perCell * Math.min(move.distance, 4));
    } else {
      state.animation++; // stops any slide in progress
      for (const v of board.vehicles) place(state.vehicles.get(v.id), v);
    }
    ui.board.classList.toggle('solved', k === lastStep() && atExit(board));
    labelVehicles(board);
  }

  function renderStep() {
    const n = state.moves.length;
    const k = state.step;
    ui.stepLabel.dataset.step = String(k);
    ui.stepLabel.dataset.steps = String(n);
    // Only the board says whether the red car is out: a preview has no moves, and the hints
    // applied so far need not end at the exit.
    const out = atExit(state.boards[k]);
    if (n === 0) {
      ui.stepLabel.textContent = out ? 'already solved: the red car is at the exit' : 'no solution yet';
    } else if (k === 0) {
      const end = atExit(state.boards[state.boards.length - 1]) ? 'to the exit' : 'played from here';
      ui.stepLabel.textContent = `start: ${n} move${n === 1 ? '' : 's'} ${end}`;
    } else {
      const m = state.moves[k - 1];
      const done = out ? ': the red car is out' : '';
      ui.stepLabel.textContent = `move ${k} of ${n}: ${m.vehicle} ${m.direction} ${m.distance}${done}`;
    }
    for (const li of ui.moves.children) {
      const current = Number(li.dataset.index) === k - 1;
      li.classList.toggle('current', current);
      if (current) {
        li.setAttribute('aria-current', 'step');
        keepInView(li);
      } else {
        li.removeAttribute('aria-current');
      }
    }
    syncHint();
    updateControls();
    renderPlayStatus();
  }

  // Scrolls the move list, and only it (scrollIntoView would scroll the page too), so that
  // the current move is visible.
  function keepInView(li) {
    const list = ui.moves;
    if (li.offsetTop < list.scrollTop) list.scrollTop = li.offsetTop;
    else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight;
    }
  }

  function updateControls() {
    const has = state.boards.length > 1;
    ui.first.disabled = ui.back.disabled = ui.undo.disabled = !has || state.step === 0;
    ui.forward.disabled = ui.last.disabled = ui.redo.disabled = !has || state.step === lastStep();
    ui.solveHere.disabled = !state.boards.length;
    ui.play.disabled = !has;
    ui.play.setAttribute('aria-label', state.playing ? 'pause' : 'play'); // style.css swaps the icon
    document.body.dataset.playback = state.playing ? 'playing' : 'paused';
  }

  function play() {
    if (state.boards.length < 2) return;
    if (state.step === lastStep()) goTo(0, false);
    state.playing = true;
    updateControls();
    scheduleNext();
  }

  function pause() {
    state.playing = false;
    clearTimeout(state.timer);
    updateControls();
  }

  function scheduleNext() {
    clearTimeout(state.timer);
    if (!state.playing) return;
    if (state.step >= lastStep()) {
      pause();
      return;
    }
    state.timer = setTimeout(async () => {
      await goTo(state.step + 1, true);
      scheduleNext();
    }, speed().pause);
  }

  // A step by hand stops playback: the user has taken over.
  function stepBy(delta) {
    pause();
    goTo(state.step + delta, delta === 1);
  }

  // ---------------------------------------------------------------------------------------
  // Playing by hand: drag a vehicle (mouse, pen or touch: pointer events) or Tab to it and
  // slide it with the arrow keys. A move by hand becomes the next step of the playback, as an
  // applied hint does, dropping the steps after it: Undo and Redo are Back and Forward. Moving
  // the vehicle just moved by hand again continues that move (the "moves" metric counts a
  // slide of any distance once), so the counter compares fairly with the optimal length.

  // The cells a vehicle covers.
  function cellsOf(v) {
    return Array.from({ length: v.length }, (_, k) => (v.horizontal ? [v.row, v.col + k] : [v.row + k, v.col]));
  }

  // How far vehicle `v` can slide on `board`: back (up or left) and ahead (down or right), in
  // cells, stopping at walls, other vehicles and the board's edge.
  function reach(board, v) {
    const taken = new Set(board.walls.map(([r, c]) => `${r},${c}`));
    for (const o of board.vehicles) if (o !== v) for (const [r, c] of cellsOf(o)) taken.add(`${r},${c}`);
    const [dr, dc] = v.horizontal ? [0, 1] : [1, 0];
    const free = (r, c) => r >= 0 && c >= 0 && r < board.size && c < board.size && !taken.has(`${r},${c}`);
    let back = 0;
    while (free(v.row - dr * (back + 1), v.col - dc * (back + 1))) back++;
    let ahead = 0;
    while (free(v.row + dr * (v.length + ahead), v.col + dc * (v.length + ahead))) ahead++;
    return { back, ahead };
  }

  // A slide of `cells` (negative: up or left) of vehicle `v`, as the server writes moves.
  function moveOf(v, cells) {
    const direction = v.horizontal ? (cells < 0 ? 'left' : 'right') : cells < 0 ? 'up' : 'down';
    return { vehicle: v.id, direction, distance: Math.abs(cells) };
  }

  const signedCells = (m) => (m.direction === 'up' || m.direction === 'left' ? -m.distance : m.distance);

  // Makes `move` the next step after the board shown (hand: a move by hand, which may
  // continue the previous one). Answers the new step.
  function pushMove(move, hand) {
    pause();
    answeredText = ui.input.value; // the playback now belongs to this text: the preview keeps it
    let from = state.step;
    let next = move;
    const last = state.moves[from - 1];
    if (hand && last?.hand && last.vehicle === move.vehicle) {
      from -= 1;
      const cells = signedCells(last) + signedCells(move);
      const v = state.boards[from].vehicles.find((x) => x.id === move.vehicle);
      next = cells === 0 ? null : moveOf(v, cells);
    }
    const after = next && applyMove(state.boards[from], next); // throws before anything changes
    state.boards = state.boards.slice(0, from + 1);
    state.moves = state.moves.slice(0, from);
    if (next) {
      state.boards.push(after);
      state.moves.push({ ...next, notation: notationOf(next), hand });
    }
    renderMoveList();
    return state.boards.length - 1;
  }

  // A move by hand of `cells` (negative: up or left), already checked against reach().
  function playByHand(v, cells) {
    const step = pushMove(moveOf(v, cells), true);
    goTo(step, false);
    const now = state.boards[step].vehicles.find((x) => x.id === v.id);
    const out = atExit(state.boards[step]);
    ui.announce.textContent = `${describeVehicle(state.boards[step], now)}${out ? ' Solved: the red car is out.' : ''}`;
    askOptimal();
  }

  // "B: truck, vertical, column 1, rows 2 to 4; can move up 1 or down 1": where a vehicle
  // is and where it can go, for its label and for the announcement after a move.
  function describeVehicle(board, v) {
    const { back, ahead } = reach(board, v);
    const kind = v === board.vehicles[board.target] ? 'the red car' : v.length > 2 ? 'truck' : 'car';
    const where = v.horizontal
      ? `row ${v.row}, columns ${v.col} to ${v.col + v.length - 1}`
      : `column ${v.col}, rows ${v.row} to ${v.row + v.length - 1}`;
    const [b, a] = v.horizontal ? ['left', 'right'] : ['up', 'down'];
    const moves = [back && `${b} ${back}`, ahead && `${a} ${ahead}`].filter(Boolean);
    return `${v.id}: ${kind}, ${v.horizontal ? 'horizontal' : 'vertical'}, ${where}; ` +
      `${moves.length ? `can move ${moves.join(' or ')}` : 'cannot move'}.`;
  }

  function labelVehicles(board) {
    for (const v of board.vehicles) state.vehicles.get(v.id)?.setAttribute('aria-label', describeVehicle(board, v));
  }

  // The vehicle of the board shown that a group draws.
  function vehicleOf(g) {
    return state.boards[state.step]?.vehicles.find((v) => v.id === g.dataset.id) ?? null;
  }

  // The pointer's position in the board's own units (the viewBox's).
  function boardPoint(e) {
    return new DOMPoint(e.clientX, e.clientY).matrixTransform(ui.board.getScreenCTM().inverse());
  }

  function onPointerDown(e) {
    if (state.editing) {
      editPointerDown(e);
      return;
    }
    const g = e.target.closest?.('g.vehicle');
    const v = g && vehicleOf(g);
    if (!v || e.button > 0) return;
    e.preventDefault();
    pause();
    goTo(state.step, false); // a slide in progress lands first
    g.focus({ preventScroll: true });
    ui.board.setPointerCapture(e.pointerId);
    state.drag = { pointer: e.pointerId, g, v, origin: boardPoint(e), ...reach(state.boards[state.step], v), offset: 0 };
    g.classList.add('dragging');
  }

  // The vehicle follows the pointer along its axis, between its limits.
  function onPointerMove(e) {
    const drag = state.drag;
    if (!drag || drag.edit || e.pointerId !== drag.pointer) return;
    const p = boardPoint(e);
    const along = drag.v.horizontal ? p.x - drag.origin.x : p.y - drag.origin.y;
    drag.offset = Math.max(-drag.back * CELL, Math.min(drag.ahead * CELL, along));
    const dx = drag.v.horizontal ? drag.offset : 0;
    setTranslate(drag.g, cellX(drag.v.col) + dx, cellY(drag.v.row) + drag.offset - dx);
  }

  // Let go: the vehicle snaps to the nearest cell; a changed cell is a move.
  function onPointerUp(e) {
    const drag = state.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    state.drag = null;
    if (drag.edit) {
      if (e.type === 'pointerup') edit(drag.edit, cellAt(e));
      return;
    }
    drag.g.classList.remove('dragging');
    const cells = e.type === 'pointercancel' ? 0 : Math.round(drag.offset / CELL);
    if (cells === 0) place(drag.g, drag.v);
    else playByHand(drag.v, cells);
  }

  // Arrow keys on a focused vehicle slide it one cell along its axis.
  function onBoardKey(e) {
    const g = e.target.closest?.('g.vehicle');
    const v = g && vehicleOf(g);
    const step = { ArrowUp: [-1, false], ArrowDown: [1, false], ArrowLeft: [-1, true], ArrowRight: [1, true] }[e.key];
    if (!v || !step || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    const [cells, horizontal] = step;
    const { back, ahead } = reach(state.boards[state.step], v);
    if (horizontal !== v.horizontal || (cells < 0 ? back : ahead) === 0) {
      ui.announce.textContent = `${describeVehicle(state.boards[state.step], v)}`;
      return;
    }
    playByHand(v, cells);
  }

  // The counter: moves from the start to the board shown, against the optimal length.
  function renderPlayStatus() {
    const board = state.boards[state.step];
    const played = state.step;
    const optimal = state.optimal && state.optimal.start === state.boards[0] ? state.optimal.length : null;
    const solved = Boolean(board) && played > 0 && atExit(board);
    let text = `moves: ${played}`;
    if (optimal !== null) text += ` (optimal: ${optimal})`;
    if (solved) text = `Solved! ${played} move${played === 1 ? '' : 's'}` + (optimal !== null ? `; the optimal is ${optimal}` : '');
    ui.playStatus.textContent = text;
    ui.playStatus.dataset.moves = String(played);
    ui.playStatus.dataset.optimal = optimal === null ? '' : String(optimal);
    ui.playStatus.dataset.solved = String(solved);
  }

  // API: the start's optimal length, asked once per puzzle, in the background, at the first
  // move by hand: POST v1/hint on the start (metric moves) answers it as move_count. Quiet:
  // if it fails, the counter simply goes without it.
  const quietOutlet = { message: () => {}, errors: () => {}, clear: () => {} };
  async function askOptimal() {
    const start = state.boards[0];
    if (!start || state.optimal?.start === start) return;
    state.optimal = { start, length: null };
    const request = jsonRequest({ ...positionDocument(start), options: { metric: 'moves' } });
    const result = await callApi('optimal', HINT_URL, request, { outlet: quietOutlet });
    if (!result?.ok || state.optimal?.start !== start || result.doc.status !== 'solved') return;
    state.optimal = { start, length: result.doc.solution.move_count };
    renderPlayStatus();
  }

  // Solve from here: the board shown is solved (POST v1/solve, in the JSON vehicles form) and
  // its answer becomes the rest of the playback, which then plays. From the start it is Solve.
  async function solveFromHere() {
    if (state.step === 0) {
      solve();
      return;
    }
    const board = state.boards[state.step];
    const request = jsonRequest({ ...positionDocument(board), options: solveOptions() });
    pause();
    showMessage('busy', 'Solving from here…');
    const result = await callApi('solve', SOLVE_URL, request, { button: ui.solveHere, form: ui.form,
      outlet: puzzleOutlet, advice: 'try astar or fast' });
    if (!result?.ok || state.boards[state.step] !== board) return;
    const doc = result.doc;
    fillSummary(ui.summary, answerRows(doc, result.roundTripMs, result.requestId));
    if (doc.status !== 'solved') {
      showMessage('info', 'No solution from here: undo some moves.');
      return;
    }
    const here = state.step;
    for (const m of movesOf(doc.solution)) state.step = pushMove(m, false);
    state.step = here;
    showMessage('ok', `${doc.solution.move_count} more moves from here.`);
    play();
  }

  // ---------------------------------------------------------------------------------------
  // The board editor: a drag over empty cells places a vehicle (horizontal along a row,
  // vertical along a column; the red car tool moves the red car there), a click removes a
  // vehicle or a wall, or places a wall with the wall tool. Every edit is written into the
  // puzzle text in the JSON vehicles form, and the text draws the board as typing does: the
  // text and the board stay in step both ways.

  function toggleEditor() {
    state.editing = !state.editing;
    ui.edit.setAttribute('aria-pressed', String(state.editing));
    ui.editor.hidden = !state.editing;
    ui.board.classList.toggle('editing', state.editing);
    if (!state.editing) return;
    const start = state.boards[0];
    if (!start) clearBoard();
    else {
      ui.editSize.value = String(start.size);
      ui.editExitRow.value = String(start.exitRow);
      if (state.step > 0) loadText(ui.input.value); // the editor edits the start
    }
  }

  // The board cell under the pointer, or null off the board.
  function cellAt(e) {
    const p = boardPoint(e);
    const n = state.boards[0]?.size ?? 0;
    const r = Math.floor((p.y - PAD) / CELL);
    const c = Math.floor((p.x - PAD) / CELL);
    return r >= 0 && c >= 0 && r < n && c < n ? [r, c] : null;
  }

  function editPointerDown(e) {
    const from = cellAt(e);
    if (!from || e.button > 0) return;
    e.preventDefault();
    ui.board.setPointerCapture(e.pointerId);
    state.drag = { pointer: e.pointerId, edit: from };
  }

  const editTool = () => ui.editor.querySelector('input[name="edit-tool"]:checked').value;

  // The edit a press at `from` and a release at `to` make on the start board.
  function edit(from, to) {
    const board = state.boards[0];
    if (!board || !to) return;
    const at = ([r, c]) => board.vehicles.find((v) => cellsOf(v).some(([vr, vc]) => vr === r && vc === c));
    const wallAt = ([r, c]) => board.walls.findIndex(([wr, wc]) => wr === r && wc === c);
    const target = board.vehicles[board.target];
    let vehicles = board.vehicles;
    let walls = board.walls;
    if (from[0] === to[0] && from[1] === to[1]) {
      const v = at(from);
      if (v && v !== target) vehicles = vehicles.filter((x) => x !== v);
      else if (wallAt(from) >= 0) walls = walls.filter((_, i) => i !== wallAt(from));
      else if (!v && editTool() === 'wall') walls = [...walls, from];
      else return;
    } else if (from[0] === to[0] || from[1] === to[1]) {
      const horizontal = from[0] === to[0];
      const [r, c] = [Math.min(from[0], to[0]), Math.min(from[1], to[1])];
      const length = Math.abs(to[0] - from[0]) + Math.abs(to[1] - from[1]) + 1;
      const placed = { id: '', row: r, col: c, length, horizontal };
      const isTarget = editTool() === 'target';
      if (cellsOf(placed).some((cell) => (at(cell) && !(isTarget && at(cell) === target)) || wallAt(cell) >= 0)) {
        showMessage('info', 'A vehicle goes on empty cells only.');
        return;
      }
      if (isTarget) {
        vehicles = vehicles.map((v) => (v === target ? { ...placed, id: v.id } : v));
      } else {
        placed.id = [...'ABCDEFGHIJKLMNOPQRSTUVWYZ0123456789'].find((id) => !vehicles.some((v) => v.id.toUpperCase() === id)) ?? '';
        if (!placed.id) return;
        vehicles = [...vehicles, placed];
      }
    } else {
      return;
    }
    writeBoard({ ...board, vehicles, walls, target: vehicles.indexOf(vehicles.find((v) => v.id === target.id)) });
  }

  // An empty board of the editor's size: only the red car, at the left of the exit row.
  function clearBoard() {
    const size = Math.max(3, Math.min(16, Number(ui.editSize.value) || 6));
    const exitRow = Math.max(0, Math.min(size - 1, Number(ui.editExitRow.value) || 0));
    writeBoard({ size, exitRow, walls: [], target: 0,
      vehicles: [{ id: 'X', row: exitRow, col: 0, length: 2, horizontal: true }] });
  }

  // A new exit row: the red car moves into it, where it is free.
  function setExitRow() {
    const board = state.boards[0];
    const row = Number(ui.editExitRow.value);
    if (!board || !Number.isInteger(row) || row < 0 || row >= board.size) return;
    const target = board.vehicles[board.target];
    const moved = { ...target, row };
    const others = { ...board, vehicles: board.vehicles.filter((v) => v !== target) };
    const taken = new Set([...others.walls, ...others.vehicles.flatMap(cellsOf)].map(([r, c]) => `${r},${c}`));
    if (!target.horizontal || cellsOf(moved).some(([r, c]) => taken.has(`${r},${c}`))) {
      showMessage('info', `The red car cannot go to row ${row}: its cells there are taken.`);
      return;
    }
    writeBoard({ ...board, exitRow: row, vehicles: board.vehicles.map((v) => (v === target ? moved : v)) });
  }

  function writeBoard(board) {
    loadText(pretty(positionDocument(board)));
  }

  // ---------------------------------------------------------------------------------------
  // The text box: the preview follows the text; a changed text drops the previous answer.

  let previewTimer = 0;
  let answeredText = null; // the text the shown answer belongs to
  let analysedText = null; // the text the shown analysis belongs to

  function showPreview() {
    const text = ui.input.value;
    showTextOptions(text);
    if (text !== analysedText) clearAnalysis();
    try {
      const puzzle = parsePuzzle(text);
      ui.inputForm.textContent = `${describeForm(text)}: ${puzzle.size}x${puzzle.size}, ` +
        `${puzzle.vehicles.length} vehicles, ${puzzle.walls.length} walls, exit on the right of row ${puzzle.exitRow}`;
      if (text !== answeredText) {
        clearAnswer();
        state.boards = [puzzle];
        drawBoard(puzzle);
        goTo(0, false);
      }
      ui.board.removeAttribute('hidden');
      note('');
    } catch (e) {
      if (!(e instanceof PreviewError)) throw e;
      ui.inputForm.textContent = text.trim() ? `${describeForm(text)}: ${e.message}` : '';
      if (text !== answeredText) {
        clearAnswer();
        ui.board.replaceChildren();
        ui.board.setAttribute('hidden', '');
        note(`Nothing to draw: ${e.message}. The server will say what it thinks when you solve.`);
      }
    }
  }

  // Options written in a JSON puzzle's "options" win over the menus (buildRequest lets them):
  // the menus show them, locked while the text sets them, so that what is sent is what is
  // shown. A value a menu does not offer is left for the server to judge.
  function showTextOptions(text) {
    const own = textOptions(text);
    let set = false;
    for (const menu of [ui.algorithm, ui.metric]) {
      const offered = [...menu.options].some((o) => o.value === own[menu.name]);
      if (offered) menu.value = own[menu.name];
      menu.disabled = offered;
      set ||= offered;
    }
    ui.optionsNote.hidden = !set;
  }

  // The "options" object of a JSON puzzle, or {}.
  function textOptions(text) {
    const body = text.trim();
    if (!body.startsWith('{')) return {};
    try {
      const own = JSON.parse(body)?.options;
      return own && typeof own === 'object' && !Array.isArray(own) ? own : {};
    } catch {
      return {};
    }
  }

  function note(text) {
    ui.boardNote.textContent = text;
    ui.boardNote.hidden = !text;
  }

  function clearAnswer() {
    pause();
    answeredText = null;
    state.boards = [];
    state.moves = [];
    state.step = 0;
    ui.moves.replaceChildren();
    ui.summary.replaceChildren();
    hideHint();
    ui.stepLabel.textContent = 'no solution yet';
    ui.stepLabel.dataset.step = '0';
    ui.stepLabel.dataset.steps = '0';
    updateControls();
  }

  function onInput() {
    ui.select.value = REFERENCE_PUZZLES.some((p) => p.text === ui.input.value) ? ui.select.value : CUSTOM;
    clearTimeout(previewTimer);
    previewTimer = setTimeout(showPreview, 120);
  }

  function loadReference(key) {
    const p = REFERENCE_PUZZLES.find((x) => x.key === key);
    if (p) loadText(p.text);
  }

  // Puts a puzzle into the text box and the board at its start, as if typed, even when the
  // same text is there already with moves played on it.
  function loadText(text) {
    answeredText = null;
    ui.input.value = text;
    ui.select.value = REFERENCE_PUZZLES.find((p) => p.text === text)?.key ?? CUSTOM;
    clearErrors();
    showMessage('', '');
    showPreview();
  }

  // ---------------------------------------------------------------------------------------
  // API: building the request.
  //
  // Every endpoint that takes a puzzle gets it the same way. A body that starts with '{' is
  // JSON (application/json); the page's options go into its "options", next to any other
  // options it has (max_nodes, timeout_ms, ...); those the text sets itself win (the menus
  // then show them). Anything else is a text board. text/plain
  // carries no options (the server then uses its defaults), so with other options the board
  // is wrapped as JSON: {"board": line} for one line, {"grid": rows} for a grid: the same
  // puzzle either way.
  function buildRequest(text, options) {
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

  // The options of a solve, as the dropdowns show them.
  const solveOptions = () => ({ algorithm: ui.algorithm.value, metric: ui.metric.value });

  const jsonRequest = (doc) => ({ contentType: 'application/json', body: JSON.stringify(doc) });
  const GET_REQUEST = { method: 'GET' }; // the bank's routes: the query string says it all

  // A position the page reached (by applying hints) has no text of its own: it is sent in the
  // JSON vehicles form, which says everything the drawing knows (exit row, target, walls).
  function positionDocument(board) {
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

  // A request id of our own: the server echoes it (X-Request-Id, and request_id in problems)
  // and logs it, so a report from the page can be found in the server's log. 1 to 64 of
  // letters, digits and -_.: are accepted.
  function newRequestId() {
    return `playground-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  }

  // ---------------------------------------------------------------------------------------
  // API: sending a request and reading the answer, for every endpoint.
  //
  // One request of each kind ('solve', ...) is in flight: a newer one of the same kind aborts
  // the older, whose answer would be stale. While it runs, its button is disabled and its
  // form is aria-busy. The request and the raw answer are shown in the Answer panel's "raw"
  // box, whatever the endpoint. `request` is {contentType, body} for a POST, or GET_REQUEST
  // with the query in `url`.
  //
  // Resolves to {ok, res, doc, bodyText, roundTripMs, requestId} (doc: the parsed JSON, or
  // null; ok: a 200 with a document), or to null when the request was replaced or failed. A
  // failure, or an answer that is not ok (with `advice`: what to try after a 422), is told to
  // `outlet`, whose earlier errors are cleared as the request goes. A call in the background
  // has no button and no form; one the user did not ask for (`raw: false`) leaves the raw box
  // to the user's last request.
  async function callApi(kind, url, request, { button = null, form = null, outlet, advice, raw = true }) {
    outlet.clear();
    state.inFlight.get(kind)?.controller.abort();
    const controller = new AbortController();
    state.inFlight.set(kind, { controller, form });
    if (button) button.disabled = true;
    form?.setAttribute('aria-busy', 'true');
    const requestId = newRequestId();
    const method = request.method ?? 'POST';
    const headers = method === 'POST' ? { 'Content-Type': request.contentType } : {};
    headers['X-Request-Id'] = requestId;
    if (raw) {
      ui.rawRequest.textContent = `${method} ${url}\n` +
        Object.entries(headers).map(([k, v]) => `${k}: ${v}\n`).join('') + (request.body ? `\n${request.body}` : '');
      ui.rawResponse.textContent = '';
    }

    const t0 = performance.now();
    let res;
    let bodyText;
    try {
      res = await fetch(url, { method, headers, body: request.body, signal: controller.signal });
      bodyText = await res.text();
    } catch (e) {
      if (e.name === 'AbortError') return null; // replaced: the newer request finishes up
      finishCall(kind, controller, button);
      outlet.message('error', `The server could not be reached: ${e.message}`);
      return null;
    }
    const roundTripMs = performance.now() - t0;
    finishCall(kind, controller, button);
    if (raw) {
      ui.rawResponse.textContent = `HTTP ${res.status}\nContent-Type: ${res.headers.get('Content-Type')}\n` +
        `X-Request-Id: ${res.headers.get('X-Request-Id')}\n\n${bodyText}`;
    }

    // API: a JSON body comes as application/json (200) or application/problem+json (errors).
    // Only the 431 that the HTTP library itself sends for oversized headers is not JSON.
    let doc = null;
    try {
      doc = JSON.parse(bodyText);
    } catch {
      doc = null;
    }
    const result = { ok: res.status === 200 && Boolean(doc), res, doc, bodyText, roundTripMs,
      requestId: res.headers.get('X-Request-Id') };
    if (!result.ok) showFailure(result, outlet, advice);
    return result;
  }

  function finishCall(kind, controller, button) {
    if (state.inFlight.get(kind)?.controller !== controller) return;
    const { form } = state.inFlight.get(kind);
    state.inFlight.delete(kind);
    if (button) button.disabled = false;
    // The form stays busy while another request sent from it still runs.
    if (form && ![...state.inFlight.values()].some((f) => f.form === form)) form.removeAttribute('aria-busy');
  }

  // Anything but a 200: the problem document, or the bare status when the body is not one.
  function showFailure(result, outlet, advice) {
    const { res, doc, bodyText } = result;
    if (doc && typeof doc.title === 'string') showProblem(res, doc, outlet, advice);
    else outlet.message('error', `HTTP ${res.status}: ${bodyText.slice(0, 200)}`);
  }

  // API: a problem document. 400 "invalid-puzzle" (or "invalid-request" for a generate or
  // batch request) lists every problem in errors[] as
  // {field: a JSON path such as vehicles[1].row (or a member of the generate request, such
  // as min_moves), message}; 400 "invalid-json" has only a detail. The rest (413 too large,
  // 422 a budget ran out, 503 busy or draining) is one message; 422 also carries the limit
  // that ran out and the statistics so far, 503 a Retry-After header. `advice` is what to try
  // after a 422, which depends on the endpoint.
  function showProblem(res, doc, outlet, advice) {
    if (res.status === 400) {
      const errors = Array.isArray(doc.errors) && doc.errors.length
        ? doc.errors
        : [{ field: '', message: doc.detail ?? doc.title }];
      outlet.errors(errors);
      outlet.message('error', `${doc.title}: ${doc.detail ?? 'see the problems above'}.`);
      return;
    }
    let text = `${doc.title} (${res.status})${doc.detail ? `: ${doc.detail}` : ''}.`;
    if (res.status === 422 && doc.stats) {
      text += ` The ${doc.limit} budget ran out after ${fmtInt(doc.stats.nodes_expanded)} nodes; ${advice}.`;
    }
    const retry = res.headers.get('Retry-After');
    if (res.status === 503 && retry) text += ` Try again in ${retry} s.`;
    outlet.message('error', text);
  }

  // Where an answer's messages and field errors go: next to the puzzle for Solve, Hint and
  // Analyze; next to the generator's fields for Generate.
  const puzzleOutlet = {
    message: (kind, text) => setMessage(ui.message, kind, text),
    errors: (errors) => showErrors(errors),
    clear: () => clearErrors(),
  };
  const generateOutlet = {
    message: (kind, text) => setMessage(ui.generateMessage, kind, text),
    errors: (errors) => showGenerateErrors(errors),
    clear: () => clearGenerateErrors(),
  };

  // The preview catches up first, so that a late one cannot wipe an answer about to come.
  function flushPreview() {
    clearTimeout(previewTimer);
    showPreview();
  }

  // ---------------------------------------------------------------------------------------
  // Solve: POST v1/solve, then the answer plays on the board.

  async function solve() {
    flushPreview();
    const text = ui.input.value;
    const start = tryParse(text);
    const request = buildRequest(text, solveOptions());
    pause();
    showMessage('busy', 'Solving…');
    const result = await callApi('solve', SOLVE_URL, request, { button: ui.solve, form: ui.form,
      outlet: puzzleOutlet, advice: 'try astar or fast, or a smaller puzzle' });
    if (!result) return;
    if (result.ok) {
      showAnswer(result.doc, text, start, result.roundTripMs, result.requestId);
      return;
    }
    const doc = result.doc;
    if (result.res.status === 422 && doc?.stats) {
      fillSummary(ui.summary, [
        ['status', `stopped: ${doc.limit} limit`],
        ['algorithm', doc.algorithm],
        ['metric', doc.metric],
        ...statsRows(doc.stats),
        ...timingRows(doc.timing_us, result.roundTripMs),
        ['request_id', doc.request_id],
      ]);
    }
  }

  // The puzzle as the page draws it, or null when it cannot (the server still gets the text).
  function tryParse(text) {
    try {
      return parsePuzzle(text);
    } catch (e) {
      if (!(e instanceof PreviewError)) throw e;
      return null;
    }
  }

  // API: a 200 answer. status "solved" has solution.{moves, move_count, slide_count, notation};
  // "unsolvable" has no solution. optimal says whether the length is proved minimal (false
  // only for the "fast" algorithm).
  function showAnswer(doc, text, start, roundTripMs, requestId) {
    clearAnswer();
    answeredText = text;
    const solution = doc.solution;
    state.moves = movesOf(solution);
    fillSummary(ui.summary, answerRows(doc, roundTripMs, requestId));
    renderMoveList();

    if (doc.status !== 'solved') {
      showMessage('info', 'No solution: the search proved that the red car can never get out.');
      if (start) {
        state.boards = [start];
        drawBoard(start);
        goTo(0, false);
      }
      ui.stepLabel.textContent = 'unsolvable';
      return;
    }
    const verdict = doc.optimal ? 'the fewest' : 'not proved the fewest';
    showMessage('ok', `Solved in ${solution.move_count} moves (${solution.slide_count} slides; ${verdict} ${doc.metric}).`);
    if (!start) {
      note('The answer cannot be animated: this page could not draw the puzzle.');
      ui.stepLabel.textContent = `${state.moves.length} moves`;
      return;
    }
    try {
      state.boards = [start];
      for (const m of state.moves) state.boards.push(applyMove(state.boards[state.boards.length - 1], m));
    } catch (e) {
      state.boards = [start];
      note(`The answer cannot be animated: ${e.message}.`);
    }
    // Replaying the moves here must bring the red car out; if not, this page's parser and
    // the server read the puzzle differently, and the drawing would mislead.
    if (state.boards.length > 1 && !atExit(state.boards[state.boards.length - 1])) {
      note('The drawing and the server disagree about this puzzle: the animation may be wrong.');
    }
    drawBoard(start);
    state.step = 0;
    goTo(0, false);
    play();
  }

  // A solution's moves, each with its notation ("bR1"), from the server's when it sent one.
  function movesOf(solution) {
    const notations = solution?.notation ? solution.notation.split(' ') : [];
    return (solution?.moves ?? []).map((m, i) => ({ ...m, notation: notations[i] ?? notationOf(m) }));
  }

  function answerRows(doc, roundTripMs, requestId) {
    const solution = doc.solution;
    return [
      ['status', doc.status],
      ['optimal', doc.optimal ? 'yes' : 'no'],
      ['algorithm', doc.algorithm],
      ['metric', doc.metric],
      ['move_count', solution ? solution.move_count : '–'],
      ['slide_count', solution ? solution.slide_count : '–'],
      ...statsRows(doc.stats),
      ...timingRows(doc.timing_us, roundTripMs),
      ['cached', doc.cached ? 'yes (an earlier search\'s answer)' : 'no'],
      ['request_id', requestId ?? '–'],
    ];
  }

  // The move list beside the board: one button a move, which shows the board after it.
  function renderMoveList() {
    ui.moves.replaceChildren(...state.moves.map((m, i) => {
      const li = document.createElement('li');
      li.dataset.index = String(i);
      const button = document.createElement('button');
      button.type = 'button';
      button.title = `show the board after move ${i + 1}`;
      const code = document.createElement('code');
      code.textContent = m.notation;
      button.append(code, ` ${m.vehicle} ${m.direction} ${m.distance}`);
      button.addEventListener('click', () => {
        pause();
        goTo(i + 1, false);
      });
      li.append(button);
      return li;
    }));
  }

  function statsRows(stats) {
    if (!stats) return [];
    return [
      ['nodes_expanded', fmtInt(stats.nodes_expanded)],
      ['nodes_generated', fmtInt(stats.nodes_generated)],
      ['states_stored', fmtInt(stats.states_stored)],
      ['peak_memory', fmtBytes(stats.peak_memory_bytes)],
      ['search_time', fmtUs(stats.elapsed_us)],
    ];
  }

  // timing_us: waiting for a solver (queue), parsing, searching, and the server's total; the
  // round trip is measured here, so it adds the network and the browser.
  function timingRows(t, roundTripMs) {
    const rows = t
      ? [['queue', fmtUs(t.queue)], ['parse', fmtUs(t.parse)], ['solve', fmtUs(t.solve)], ['server_total', fmtUs(t.total)]]
      : [];
    return [...rows, ['round_trip', `${roundTripMs.toFixed(1)} ms`]];
  }

  // ---------------------------------------------------------------------------------------
  // Hint: POST v1/hint for the board shown, and a button that plays the move.
  //
  // The board shown is the puzzle's start, a step of a solution, or a position reached by
  // applying hints. The start is sent as the user's own text (so that a 400 names the
  // text's fields); any other position in the JSON vehicles form. Applying a hint makes it
  // the next step of the playback, dropping the steps after it, so Back undoes it.

  async function hint() {
    flushPreview();
    const text = ui.input.value;
    const board = state.boards[state.step] ?? null;
    const options = { metric: ui.metric.value };
    const request = board && state.step > 0
      ? jsonRequest({ ...positionDocument(board), options })
      : buildRequest(text, options);
    hideHint();
    pause();
    showMessage('busy', 'Looking for the next move…');
    const result = await callApi('hint', HINT_URL, request, { button: ui.hint, form: ui.form,
      outlet: puzzleOutlet, advice: 'try a smaller puzzle' });
    if (!result?.ok) return;
    // The board may have changed while the hint was on its way: it belongs to the old one.
    if ((state.boards[state.step] ?? null) !== board) {
      showMessage('info', 'The board changed while the hint was on its way: ask again.');
      return;
    }
    showHint(result, board);
  }

  // API: the hint is a solve answer whose solution has (at most) one move; move_count and
  // slide_count are those of the whole optimal solution from this position.
  function showHint({ doc }, board) {
    const solution = doc.solution;
    const move = solution?.moves?.[0];
    ui.hintBox.hidden = false;
    ui.applyHint.hidden = true;
    if (doc.status !== 'solved') {
      ui.hintText.textContent = 'No move helps: from here the red car can never get out.';
    } else if (!move) {
      ui.hintText.textContent = 'No move needed: the red car is already out.';
    } else {
      const left = doc.metric === 'slides' ? solution.slide_count : solution.move_count;
      ui.hintText.textContent = `Next: ${move.vehicle} ${move.direction} ${move.distance} ` +
        `(${notationOf(move)}); ${left} ${doc.metric} to the exit from here.`;
      ui.hintText.dataset.left = String(left);
      // Kept only with a drawn board: applying needs one to move the vehicle on.
      if (board) state.hint = { move, board, left, metric: doc.metric };
      ui.applyHint.hidden = !board;
    }
    showMessage('', '');
  }

  function hideHint() {
    state.hint = null;
    ui.hintBox.hidden = true;
    ui.hintText.textContent = '';
    ui.hintText.dataset.left = '';
  }

  // A hint is for one board: once another is shown, it goes.
  function syncHint() {
    if (state.hint && state.boards[state.step] !== state.hint.board) hideHint();
  }

  function applyHint() {
    const hinted = state.hint;
    if (!hinted) return;
    let step;
    try {
      step = pushMove(hinted.move, false);
    } catch (e) {
      showMessage('error', `The hint cannot be applied here: ${e.message}.`);
      return;
    }
    fillSummary(ui.summary, [
      ['moves_played', state.moves.length],
      [`${hinted.metric}_to_go`, hinted.left - (hinted.metric === 'slides' ? hinted.move.distance : 1)],
    ]);
    goTo(step, true);
  }

  // ---------------------------------------------------------------------------------------
  // Analyze: POST v1/analyze, shown as counts, a histogram and the hardest position.

  async function analyze() {
    flushPreview();
    const text = ui.input.value;
    const start = tryParse(text);
    const request = buildRequest(text, { metric: ui.metric.value });
    showMessage('busy', 'Analysing every reachable position…');
    const result = await callApi('analyze', ANALYZE_URL, request, { button: ui.analyze,
      form: ui.form, outlet: puzzleOutlet,
      advice: 'this puzzle\'s state space is larger than the server\'s budget allows' });
    if (!result?.ok) return;
    showAnalysis(result.doc, text, start, result.roundTripMs);
  }

  // API: status "complete"; states, goal_states, dead_states, solvable, start_distance (-1:
  // unsolvable), start_moves, max_distance (-1: no goal), histogram[d] = states at distance
  // d (0..max_distance), hardest {board: rows of text, distance}; distances in `metric`.
  function showAnalysis(doc, text, start, roundTripMs) {
    analysedText = text;
    ui.analysisEmpty.hidden = true;
    ui.analysis.hidden = false;
    fillSummary(ui.analysisSummary, [
      ['states', fmtInt(doc.states)],
      ['goal_states', fmtInt(doc.goal_states)],
      ['dead_states', fmtInt(doc.dead_states)],
      ['solvable', doc.solvable ? 'yes' : 'no'],
      ['optimal_length', doc.start_distance >= 0 ? `${doc.start_distance} ${doc.metric}` : 'none'],
      ['moves_at_start', doc.start_moves],
      ['max_distance', doc.max_distance >= 0 ? `${doc.max_distance} ${doc.metric}` : '–'],
      ['analysis_time', fmtUs(doc.stats?.elapsed_us)],
      ['round_trip', `${roundTripMs.toFixed(1)} ms`],
    ]);
    drawHistogram(ui.histogram, doc.histogram, doc.start_distance, doc.metric);
    ui.histogramCaption.textContent = doc.histogram.length
      ? `States per distance to the nearest goal, in ${doc.metric}; the start's bar is highlighted.` +
        (doc.dead_states ? ` The ${fmtInt(doc.dead_states)} dead states cannot reach a goal and have no bar.` : '')
      : `No goal can be reached: all ${fmtInt(doc.states)} states are dead.`;
    showHardest(doc.hardest, start, doc.metric);
    const verdict = doc.solvable
      ? `the start is ${doc.start_distance} ${doc.metric} from the exit`
      : 'the red car can never get out';
    showMessage('ok', `Analysed: ${fmtInt(doc.states)} states; ${verdict}.`);
  }

  // Another puzzle in the box: the analysis shown is no longer about it.
  function clearAnalysis() {
    analysedText = null;
    state.hardest = null;
    ui.analysis.hidden = true;
    ui.analysisEmpty.hidden = false;
  }

  // The histogram as bars: x the distance to the goal, y the number of states. Each bar
  // carries its distance and count (data-*) and a tooltip; the start's is highlighted.
  function drawHistogram(root, counts, startDistance, metric) {
    const W = 480;
    const H = 220;
    const M = { left: 52, right: 8, top: 20, bottom: 42 }; // room for the axes' labels
    const plotW = W - M.left - M.right;
    const plotH = H - M.top - M.bottom;
    root.replaceChildren();
    root.setAttribute('viewBox', `0 0 ${W} ${H}`);
    root.dataset.bars = String(counts.length);
    if (!counts.length) {
      root.setAttribute('hidden', '');
      return;
    }
    root.removeAttribute('hidden');
    root.setAttribute('aria-label', `states per distance to the goal in ${metric}, the start at ${startDistance}: ` +
      counts.map((c, d) => `${d}: ${c}`).join(', '));
    const top = niceCeiling(Math.max(...counts));
    const y = (v) => M.top + plotH - (v / top) * plotH;
    const slot = plotW / counts.length;
    const every = Math.ceil(counts.length / 20); // label every k-th distance when they crowd

    // The y axis: gridlines and counts at 0, 1/4, ... of a round ceiling.
    for (let i = 0; i <= 4; i++) {
      const v = (top * i) / 4;
      svg('line', { class: 'grid', x1: M.left, x2: W - M.right, y1: y(v), y2: y(v) }, root);
      svg('text', { class: 'tick y', x: M.left - 6, y: y(v) }, root).textContent = fmtInt(v);
    }
    counts.forEach((count, d) => {
      const x = M.left + d * slot;
      const h = (count / top) * plotH;
      const bar = svg('rect', {
        class: d === startDistance ? 'bar start' : 'bar',
        x: x + slot * 0.12,
        y: y(count),
        width: slot * 0.76,
        height: h,
        'data-distance': d,
        'data-count': count,
      }, root);
      const where = d === startDistance ? ' (the start)' : '';
      svg('title', {}, bar).textContent = `${fmtInt(count)} states at distance ${d}${where}`;
      if (d % every === 0 || d === startDistance) {
        const tick = svg('text', { class: 'tick x', x: x + slot / 2, y: M.top + plotH + 14 }, root);
        tick.classList.toggle('start', d === startDistance);
        tick.textContent = String(d);
      }
    });
    if (startDistance >= 0 && startDistance < counts.length) {
      // Kept inside the chart when the start's bar is the first or the last.
      const x = Math.min(Math.max(M.left + (startDistance + 0.5) * slot, M.left + 16), W - M.right - 16);
      const label = svg('text', { class: 'start-label', x, y: y(counts[startDistance]) - 6 }, root);
      label.textContent = 'start';
    }
    svg('line', { class: 'axis', x1: M.left, x2: W - M.right, y1: M.top + plotH, y2: M.top + plotH }, root);
    svg('line', { class: 'axis', x1: M.left, x2: M.left, y1: M.top, y2: M.top + plotH }, root);
    const xLabel = svg('text', { class: 'axis-label', x: M.left + plotW / 2, y: H - 6 }, root);
    xLabel.textContent = `distance to the goal (${metric})`;
    const yLabel = svg('text', { class: 'axis-label', transform: `translate(14 ${M.top + plotH / 2}) rotate(-90)` }, root);
    yLabel.textContent = 'states';
  }

  // A round number at or above n, so that the y axis reads 0, 75, 150, 225, 300 and not 0,
  // 68, 136, ...: 1, 2, 2.5, 5 or 10 times a power of ten, times the 4 gridlines.
  function niceCeiling(n) {
    if (n <= 4) return 4;
    const step = n / 4;
    const power = 10 ** Math.floor(Math.log10(step));
    const nice = [1, 2, 2.5, 5, 10].find((f) => f * power >= step);
    return nice * power * 4;
  }

  // The hardest position: drawn small, and offered as a puzzle of its own. The server draws
  // it as grid rows with the puzzle's own ids; a grid whose red car is not X (or x) needs
  // its target named, so it is then loaded as {"grid": rows, "target": id}.
  function showHardest(hardest, start, metric) {
    const rows = hardest.board;
    const targetId = start ? start.vehicles[start.target].id : null;
    const plain = !targetId || targetId === 'X' || (targetId === 'x' && !rows.some((r) => r.includes('X')));
    const board = tryParse(plain ? rows.join('\n') : JSON.stringify({ grid: rows, target: targetId }));
    state.hardest = board ? (plain ? rows.join('\n') : pretty({ grid: rows, target: targetId })) : null;
    if (board) {
      ui.hardestBoard.removeAttribute('hidden');
      drawBoardInto(ui.hardestBoard, board);
    } else {
      ui.hardestBoard.replaceChildren();
      ui.hardestBoard.setAttribute('hidden', '');
    }
    ui.hardestText.textContent = hardest.distance >= 0
      ? `${hardest.distance} ${metric} from the exit, the most of any position reachable from this puzzle.`
      : 'No position can reach the exit; this is the start.';
    ui.hardestText.dataset.distance = String(hardest.distance);
    // Without a goal the "hardest" position is the start itself: nothing new to load.
    ui.loadHardest.hidden = !state.hardest || hardest.distance < 0;
  }

  function loadHardest() {
    if (!state.hardest) return;
    loadText(state.hardest);
  }

  // ---------------------------------------------------------------------------------------
  // Generate: POST v1/generate from the small form; the new puzzle lands in the puzzle box.

  async function generate() {
    const { doc, seed } = generateRequest();
    state.best = null;
    ui.loadBest.hidden = true;
    // The last puzzle's summary goes now: under a refusal it would read as this answer.
    ui.generateSummary.replaceChildren();
    ui.generateSolution.hidden = true;
    setMessage(ui.generateMessage, 'busy', `Generating (seed ${seed})…`);
    const result = await callApi('generate', GENERATE_URL, jsonRequest(doc), { button: ui.generate,
      form: ui.generateForm, outlet: generateOutlet, advice: 'ask for fewer moves, or a range of moves' });
    if (!result) return;
    if (!result.ok) {
      offerBest(result);
      return;
    }
    showGenerated(result.doc, result.roundTripMs);
  }

  // API: a 422 from generate carries the best puzzle found before the budget ran out
  // (puzzle, board, length; puzzle null when none was), so the work is not lost.
  function offerBest(result) {
    const best = result.res.status === 422 ? result.doc : null;
    if (!best || !best.puzzle || !(best.length > 0)) return;
    state.best = best;
    ui.loadBest.textContent = `Load the best found (${best.length} ${best.metric})`;
    ui.loadBest.hidden = false;
  }

  function loadBest() {
    const best = state.best;
    if (!best) return;
    ui.metric.value = best.metric;
    loadText(pretty(best.puzzle));
    ui.loadBest.hidden = true;
    setMessage(ui.generateMessage, 'ok',
      `The best puzzle found, ${best.length} ${best.metric} (seed ${best.seed}), is in the puzzle box: press Solve.`);
  }

  // API: the request is the form's fields, each a member named as the input (board_size,
  // min_moves, ...). An empty field is left out, so the server's default applies, except the
  // seed: the same seed gives the same puzzle, so an empty one is drawn here, at random, and
  // shown with the answer so that the puzzle can be made again.
  function generateRequest() {
    const doc = {};
    for (const input of ui.generateForm.querySelectorAll('input[name]')) {
      if (input.value.trim() !== '') doc[input.name] = Number(input.value);
    }
    doc.seed ??= Math.floor(Math.random() * 2 ** 31);
    doc.metric = ui.generateForm.elements.metric.value;
    return { doc, seed: doc.seed };
  }

  // API: status "generated", length (the optimal length in metric), puzzle (the JSON
  // vehicles form, ready for POST v1/solve), board (rows of text), seed, source ("bank": a
  // stored puzzle of the server's bank fitted the request; "search": one was made), candidates
  // and restarts (the work it took; none for the bank), solution.
  function showGenerated(doc, roundTripMs) {
    // The same metric for Solve, so that its answer is the length asked for.
    ui.metric.value = doc.metric;
    loadText(pretty(doc.puzzle));
    fillSummary(ui.generateSummary, [
      ['length', `${doc.length} ${doc.metric}`],
      ['seed', doc.seed],
      ['source', doc.source],
      ['vehicles', doc.puzzle.vehicles.length],
      ['candidates', fmtInt(doc.candidates)],
      ['restarts', fmtInt(doc.restarts)],
      ['generate_time', fmtUs(doc.timing_us?.solve)],
      ['round_trip', `${roundTripMs.toFixed(1)} ms`],
    ]);
    ui.generateSolution.textContent = `Solution: ${doc.solution.notation}`;
    ui.generateSolution.hidden = false;
    const from = doc.source === 'bank' ? 'from the puzzle bank' : 'found by search';
    setMessage(ui.generateMessage, 'ok',
      `A ${doc.length}-${doc.metric === 'slides' ? 'slide' : 'move'} puzzle (seed ${doc.seed}, ${from}) is in the puzzle box: press Solve.`);
  }

  // ---------------------------------------------------------------------------------------
  // Puzzles to play: the server's puzzle bank (GET v1/puzzles/...). A bank puzzle comes with
  // its optimal length, so the move counter knows it at once, without a solve.

  // Where the bank's answers are told. The page builds every query itself, so a 400 (which
  // would list its fields) is the page's own bug: its title and detail say enough.
  const bankOutlet = {
    message: (kind, text) => setMessage(ui.bankMessage, kind, text),
    errors: () => {},
    clear: () => {},
  };

  // API: GET v1/puzzles/stats, once at start: by_moves counts the bank's puzzles per optimal
  // length. A 503 of type .../no-bank means the server serves no bank (--bank off, or none
  // found): the controls stay off, and say why.
  async function loadBankStats() {
    const result = await callApi('bank', BANK_STATS_URL, GET_REQUEST, { form: ui.bank, outlet: bankOutlet, raw: false });
    if (!result) return;
    if (!result.ok) {
      if (result.res.status === 503 && String(result.doc?.type).endsWith('no-bank')) {
        ui.bank.dataset.bank = 'none';
        setMessage(ui.bankMessage, 'info',
          'This server has no puzzle bank (it was started with --bank off, or found none): New puzzle and Puzzle of the day are unavailable.');
      }
      return;
    }
    const counts = result.doc.by_moves ?? {};
    const countIn = (level) => Object.entries(counts)
      .filter(([moves]) => Number(moves) >= level.min && (level.max === null || Number(moves) <= level.max))
      .reduce((sum, [, n]) => sum + n, 0);
    ui.bankLevel.replaceChildren(...LEVELS.map((level) => {
      const n = countIn(level);
      const range = level.max === null ? `${level.min}+` : `${level.min}-${level.max}`;
      const option = new Option(`${level.label}: ${range} moves (${n ? fmtInt(n) : 'none in this bank'})`, level.key);
      option.disabled = n === 0;
      return option;
    }));
    const first = [...ui.bankLevel.options].find((o) => !o.disabled);
    ui.bank.dataset.bank = 'ready';
    ui.bankLevel.disabled = !first;
    ui.newPuzzle.disabled = !first;
    if (first) ui.bankLevel.value = first.value;
    ui.daily.disabled = false;
    setMessage(ui.bankMessage, 'info', `The server's bank holds ${fmtInt(result.doc.total)} puzzles: pick a difficulty.`);
  }

  // API: GET v1/puzzles?min_moves=&max_moves=&count=1: a random puzzle of the bank in the
  // range (the answer's seed picks it again).
  async function newPuzzle() {
    const level = LEVELS.find((l) => l.key === ui.bankLevel.value);
    if (!level) return;
    const query = new URLSearchParams({ min_moves: level.min, count: 1 });
    if (level.max !== null) query.set('max_moves', level.max);
    setMessage(ui.bankMessage, 'busy', 'Picking a puzzle…');
    const result = await callApi('bank', `${PUZZLES_URL}?${query}`, GET_REQUEST, { form: ui.bank, outlet: bankOutlet });
    if (!result?.ok) return;
    const [puzzle] = result.doc.puzzles;
    if (!puzzle) setMessage(ui.bankMessage, 'error', `The bank has no ${level.label.toLowerCase()} puzzle.`);
    else loadBankPuzzle(puzzle, `A ${level.label.toLowerCase()} puzzle (seed ${result.doc.seed})`);
  }

  // API: GET v1/puzzles/daily: the puzzle of the UTC day, the same all day (null: none).
  async function puzzleOfTheDay() {
    setMessage(ui.bankMessage, 'busy', 'Asking for the puzzle of the day…');
    const result = await callApi('bank', DAILY_URL, GET_REQUEST, { form: ui.bank, outlet: bankOutlet });
    if (!result?.ok) return;
    if (!result.doc.puzzle) setMessage(ui.bankMessage, 'error', 'The bank has no puzzle of the day.');
    else loadBankPuzzle(result.doc.puzzle, `The puzzle of ${result.doc.date}`);
  }

  // API: a bank puzzle: id, board (the one-line notation POST v1/solve takes), moves (its
  // optimal length), vehicles, walls. It goes on the board at its start, ready to play, with
  // its optimal length already known to the counter.
  function loadBankPuzzle(puzzle, what) {
    ui.metric.value = 'moves';
    loadText(puzzle.board);
    if (state.boards[0]) state.optimal = { start: state.boards[0], length: puzzle.moves };
    renderPlayStatus();
    ui.bankMessage.dataset.moves = String(puzzle.moves);
    ui.bankMessage.dataset.board = puzzle.board;
    setMessage(ui.bankMessage, 'ok',
      `${what}: ${puzzle.moves} moves at best, ${puzzle.vehicles} vehicles (bank #${puzzle.id}). Play it on the board.`);
  }

  // ---------------------------------------------------------------------------------------
  // Messages, errors and numbers

  // The puzzle's problems, one line each, under the text they are about.
  function showErrors(errors) {
    fillErrorList(ui.errors, errors);
    ui.input.setAttribute('aria-invalid', 'true');
  }

  function clearErrors() {
    ui.errors.replaceChildren();
    ui.errors.hidden = true;
    ui.input.removeAttribute('aria-invalid');
  }

  // The generator's problems: each under the field it names (the input whose name is the
  // member); any other in the list above the button.
  function showGenerateErrors(errors) {
    const rest = [];
    for (const e of errors) {
      const field = e.field && ui.generateForm.querySelector(`.field[data-field="${CSS.escape(e.field)}"]`);
      if (!field) {
        rest.push(e);
        continue;
      }
      const line = field.querySelector('.field-error');
      line.textContent = line.hidden ? e.message : `${line.textContent}; ${e.message}`;
      line.hidden = false;
      field.querySelector('input, select').setAttribute('aria-invalid', 'true');
    }
    if (rest.length) fillErrorList(ui.generateErrors, rest);
  }

  function clearGenerateErrors() {
    for (const line of ui.generateForm.querySelectorAll('.field-error')) {
      line.textContent = '';
      line.hidden = true;
    }
    for (const input of ui.generateForm.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    ui.generateErrors.replaceChildren();
    ui.generateErrors.hidden = true;
  }

  function fillErrorList(list, errors) {
    list.replaceChildren(...errors.map((e) => {
      const li = document.createElement('li');
      if (e.field) {
        const field = document.createElement('code');
        field.className = 'field';
        field.textContent = e.field;
        li.append(field, ' ');
      }
      const message = document.createElement('span');
      message.className = 'text';
      message.textContent = e.message;
      li.append(message);
      return li;
    }));
    list.hidden = false;
  }

  // A message line: kind is ok, error, info or busy (style.css colours each); '' hides it.
  function setMessage(node, kind, text) {
    node.textContent = text;
    node.dataset.kind = kind;
    node.hidden = !text;
  }

  const showMessage = (kind, text) => setMessage(ui.message, kind, text);

  // A <dl> of key/value rows; each value carries its key (data-key), for tests and scripts.
  function fillSummary(list, rows) {
    list.replaceChildren(...rows.flatMap(([key, value]) => {
      const dt = document.createElement('dt');
      dt.textContent = key.replace(/_/g, ' ');
      const dd = document.createElement('dd');
      dd.dataset.key = key;
      dd.textContent = String(value);
      return [dt, dd];
    }));
  }

  const fmtInt = (n) => (Number.isFinite(n) ? n.toLocaleString('en-US') : '–');
  const fmtUs = (us) => (!Number.isFinite(us) ? '–' : us < 1000 ? `${us} µs` : `${(us / 1000).toFixed(2)} ms`);
  function fmtBytes(b) {
    if (!Number.isFinite(b)) return '–';
    if (b < 1024) return `${b} B`;
    if (b < 1024 * 1024) return `${(b / 1024).toFixed(1)} KiB`;
    return `${(b / 1024 / 1024).toFixed(1)} MiB`;
  }

  // ---------------------------------------------------------------------------------------
  // Wiring

  function init() {
    const custom = new Option('(your own puzzle)', CUSTOM);
    ui.select.append(custom, ...REFERENCE_PUZZLES.map((p) => new Option(p.label, p.key)));
    ui.select.addEventListener('change', () => loadReference(ui.select.value));
    ui.input.addEventListener('input', onInput);
    ui.form.addEventListener('submit', (e) => {
      e.preventDefault();
      solve();
    });
    ui.analyze.addEventListener('click', () => analyze());
    ui.hint.addEventListener('click', () => hint());
    ui.applyHint.addEventListener('click', () => applyHint());
    ui.undo.addEventListener('click', () => stepBy(-1));
    ui.redo.addEventListener('click', () => stepBy(1));
    ui.solveHere.addEventListener('click', () => solveFromHere());
    ui.edit.addEventListener('click', () => toggleEditor());
    ui.editClear.addEventListener('click', () => clearBoard());
    ui.editExitRow.addEventListener('change', () => setExitRow());
    ui.board.addEventListener('pointerdown', onPointerDown);
    ui.board.addEventListener('pointermove', onPointerMove);
    ui.board.addEventListener('pointerup', onPointerUp);
    ui.board.addEventListener('pointercancel', onPointerUp);
    ui.board.addEventListener('keydown', onBoardKey);
    ui.loadHardest.addEventListener('click', () => loadHardest());
    ui.loadBest.addEventListener('click', () => loadBest());
    ui.newPuzzle.addEventListener('click', () => newPuzzle());
    ui.daily.addEventListener('click', () => puzzleOfTheDay());
    ui.generateForm.addEventListener('submit', (e) => {
      e.preventDefault();
      generate();
    });
    // Ctrl+Enter in the text solves, as in many playgrounds.
    ui.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        solve();
      }
    });
    ui.first.addEventListener('click', () => {
      pause();
      goTo(0, false);
    });
    ui.back.addEventListener('click', () => stepBy(-1));
    ui.play.addEventListener('click', () => (state.playing ? pause() : play()));
    ui.forward.addEventListener('click', () => stepBy(1));
    ui.last.addEventListener('click', () => {
      pause();
      goTo(lastStep(), false);
    });
    // Arrow keys, space, Home and End drive playback, except while typing or on a vehicle
    // (whose arrows slide it); Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) undo and redo.
    document.addEventListener('keydown', (e) => {
      if (e.target.closest('textarea, input, select') || e.altKey) return;
      if (e.ctrlKey || e.metaKey) {
        const redo = e.key === 'y' || (e.key.toLowerCase() === 'z' && e.shiftKey);
        if (!redo && e.key !== 'z') return;
        e.preventDefault();
        stepBy(redo ? 1 : -1);
        return;
      }
      if (e.target.closest('#board')) return;
      const actions = {
        ArrowLeft: () => stepBy(-1),
        ArrowRight: () => stepBy(1),
        ' ': () => (state.playing ? pause() : play()),
        Home: () => ui.first.click(),
        End: () => ui.last.click(),
      };
      if (!actions[e.key] || (e.key === ' ' && e.target.closest('button'))) return;
      e.preventDefault();
      actions[e.key]();
    });

    ui.select.value = REFERENCE_PUZZLES[0].key;
    loadReference(ui.select.value);
    loadBankStats();
    document.body.dataset.ready = 'true';
  }

  init();
})();
