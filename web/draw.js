// Drawing in SVG: a board (cells, walls, the exit, one group per vehicle), a vehicle put or
// slid to its cell, the pointer's position in board units, and the analysis's histogram.
import { niceCeiling, fmtInt } from './format.js';
import { ui } from './page.js';

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const CELL = 60; // SVG user units per board cell
export const PAD = 16; // margin around the board
export const EXIT_ROOM = 40; // extra margin on the right, where the exit is drawn

// Colours of the other vehicles (the red car has its own, in style.css).
export const PALETTE = [
  '#2a9d8f', '#e9c46a', '#457b9d', '#8ab17d', '#f4a261', '#6d597a', '#3d5a80', '#94d2bd',
  '#ee9b00', '#0a9396', '#98c1d9', '#b08968', '#52796f', '#c9ada7', '#ca6702', '#84a59d',
];

export const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
export const slideOf = new WeakMap(); // a vehicle's group -> the token of the slide moving it
let animation = 0; // bumped by every slide and jump: older slides then stop

// A jump: every slide in progress stops.
export function stopSlides() {
  animation++;
}

export function svg(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

export const cellX = (c) => PAD + c * CELL;

export const cellY = (r) => PAD + r * CELL;

// Draws `board` into the SVG element `root` (the main board, or the analysis's small one:
// the same drawing, scaled by CSS); answers the map of vehicle id -> its group.
export function drawBoardInto(root, board) {
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
export function place(g, v) {
  g.dataset.row = String(v.row);
  g.dataset.col = String(v.col);
  setTranslate(g, cellX(v.col), cellY(v.row));
}

export function setTranslate(g, x, y) {
  g.setAttribute('transform', `translate(${x} ${y})`);
  g.dataset.x = String(x);
  g.dataset.y = String(y);
}

// Slides a vehicle's group to its new cell over `ms`; resolves when it is there. A newer
// slide or jump cuts it short: the vehicle is then put where its data-* attributes say,
// unless a newer slide has taken this very vehicle over.
export function slide(g, v, ms) {
  const token = ++animation;
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
      if (token !== animation) {
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

// The pointer's position in the board's own units (the viewBox's).
export function boardPoint(e) {
  return new DOMPoint(e.clientX, e.clientY).matrixTransform(ui.board.getScreenCTM().inverse());
}

// The histogram as bars: x the distance to the goal, y the number of states. Each bar
// carries its distance and count (data-*) and a tooltip; the start's is highlighted.
export function drawHistogram(root, counts, startDistance, metric) {
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
