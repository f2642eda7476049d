// JSON members read as the server's C reads them (src/json/parse_json.c): a request's list of
// problems (rh_diags: the first 64 listed, the rest counted), the kinds of values, integers,
// ids and orientations, and unknown members, each problem worded as the server words it.

const DIAGS_MAX = 64; // RH_DIAGS_MAX
const COORD_LIMIT = 1000000; // parse_json.c
export const BOARD_MIN = 3;
export const BOARD_MAX = 16;
export const BOARD_DEFAULT = 6;
export const VEHICLES_MAX = 128;
export const WALLS_MAX = BOARD_MAX * BOARD_MAX;
export const ID_MAX = 8;
export const TARGET_UNCHECKED = -2;
export const PUZZLE_ID_CELLS_MAX = 64;

export const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// cJSON's kinds, as parse_json.c names them.
export function kind(v) {
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  if (v === null) return 'null';
  return Array.isArray(v) ? 'an array' : 'an object';
}

// printf's %g, as the C messages print a number.
function g(v) {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? 'nan' : v < 0 ? '-inf' : 'inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const [mantissa, exponent] = v.toExponential(5).split('e');
  const x = Number(exponent);
  const strip = (s) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);
  if (x < -4 || x >= 6) {
    const digits = String(Math.abs(x)).padStart(2, '0');
    return `${strip(mantissa)}e${x < 0 ? '-' : '+'}${digits}`;
  }
  return strip(v.toFixed(5 - x));
}

// A list of problems as rh_diags keeps it: the first 64 listed, the rest counted.
export class Diags {
  constructor() {
    this.items = [];
    this.dropped = 0;
  }
  add(field, message) {
    if (this.items.length < DIAGS_MAX) this.items.push({field, message});
    else this.dropped++;
  }
  get empty() {
    return this.items.length === 0 && this.dropped === 0;
  }
  // The problems of the C list at `at` (an rh_diags), after these.
  takeC(engine, at) {
    const L = engine.layout;
    const view = engine.view();
    const count = view.getInt32(at + L['rh_diags.count'], true);
    for (let i = 0; i < count; i++) {
      const item = at + L['rh_diags.items'] + i * L.rh_diag;
      this.add(
        engine.readString(item + L['rh_diag.field']),
        engine.readString(item + L['rh_diag.message']),
      );
    }
    this.dropped += view.getInt32(at + L['rh_diags.dropped'], true);
  }
  // rh_report_diags: [{field, message}], and one line for those not listed.
  list() {
    const out = this.items.slice();
    if (this.dropped) out.push({field: '', message: `${this.dropped} more problems not listed`});
    return out;
  }
}

export function readInt(d, v, field) {
  if (typeof v !== 'number') {
    d.add(field, `must be an integer, not ${kind(v)}`);
    return null;
  }
  if (!Number.isInteger(v)) {
    d.add(field, `must be an integer, not ${g(v)}`);
    return null;
  }
  if (v < -COORD_LIMIT || v > COORD_LIMIT) {
    d.add(field, `${g(v)} is out of range`);
    return null;
  }
  return v;
}

export function readId(d, v, field) {
  if (typeof v === 'string' && new RegExp(`^[A-Za-z0-9]{1,${ID_MAX}}$`).test(v)) return v;
  d.add(field, `must be a string of 1 to ${ID_MAX} letters or digits`);
  return null;
}

export function readOrientation(d, v, field) {
  const s = typeof v === 'string' ? v.toLowerCase() : '';
  if (s === 'h' || s === 'horizontal') return 0;
  if (s === 'v' || s === 'vertical') return 1;
  d.add(field, 'must be "H" or "V" (or "horizontal"/"vertical")');
  return null;
}

// rh_json_check_keys: unknown members ("appears more than once" cannot happen: a JavaScript
// object holds each key once).
export function checkKeys(d, obj, path, known, extra = []) {
  for (const key of Object.keys(obj))
    if (!known.includes(key) && !extra.includes(key))
      d.add(`${path}${path ? '.' : ''}${key}`, 'unknown field');
}

// rh__json_read_members: every member of `known` read by `read(value, field, k)`; false when
// one is missing or unreadable.
export function readMembers(d, obj, path, known, read) {
  checkKeys(d, obj, path, known);
  let ok = true;
  known.forEach((key, k) => {
    const field = `${path}.${key}`;
    if (!has(obj, key)) {
      d.add(field, 'is missing');
      ok = false;
    } else {
      ok = read(obj[key], field, k) && ok;
    }
  });
  return ok;
}

