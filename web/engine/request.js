// A request body read as the server reads it (src/server/base/request_body.c, options.c and
// src/json/parse_json.c, verify_json.c): the puzzle in any of its forms (vehicles, grid, board,
// a bank id, a text board) into the library's rh_puzzle in the module's memory, the options, and
// a move list; every problem listed on its JSON path with the server's words. The JSON shapes
// are checked here; every rule of the puzzle itself (sizes, overlaps, the target, the text
// forms) is the library's, called through the module (rh_puzzle_check_indexed, rh_parse_*).

import {
  BOARD_DEFAULT, BOARD_MAX, BOARD_MIN, checkKeys, has, isObject, kind, PUZZLE_ID_CELLS_MAX,
  readId, readInt, readMembers, readOrientation, TARGET_UNCHECKED, VEHICLES_MAX, WALLS_MAX,
} from './fields.js';

export const VERIFY_MOVES_MAX = 1000;

// The options each route accepts (options.h: RHD_OPTS_SOLVE, RHD_OPTS_ANALYZE, RHD_OPTS_BUDGET).
export const OPTIONS = {
  solve: ['algorithm', 'metric', 'max_nodes', 'timeout_ms', 'include_boards', 'max_moves_returned'],
  analyze: ['metric', 'max_nodes', 'timeout_ms'],
  budget: ['max_nodes', 'timeout_ms'],
};

// The reader of one request: the module, this call's scratch memory and its problems.
export function reader(engine, s, d) {
  const x = engine.exports;
  const L = engine.layout;
  const i32 = (at, v) => engine.view().setInt32(at, v, true);
  const cDiags = () => {
    const at = s.alloc(L.rh_diags);
    x.rh_diags_init(at);
    return at;
  };
  // A call of one of the library's text parsers; its problems after ours.
  const parsed = (p, call) => {
    const at = cDiags();
    call(at);
    d.takeC(engine, at);
    return d.empty ? p : null;
  };

  function vehiclesForm(doc) {
    const p = s.alloc(L.rh_puzzle);
    let size = BOARD_DEFAULT;
    let sizeOk = true;
    if (has(doc, 'board_size')) {
      const n = readInt(d, doc.board_size, 'board_size');
      sizeOk = n !== null;
      if (sizeOk && (n < BOARD_MIN || n > BOARD_MAX)) {
        d.add('board_size', `${n} is out of range (${BOARD_MIN} to ${BOARD_MAX})`);
        sizeOk = false;
      }
      if (sizeOk) size = n;
    }
    const exitRow = has(doc, 'exit_row') ? readInt(d, doc.exit_row, 'exit_row') : null;
    let targetId = 'X';
    let targetOk = true;
    if (has(doc, 'target')) {
      const id = readId(d, doc.target, 'target');
      targetOk = id !== null;
      if (targetOk) targetId = id;
    }
    const walls = [];
    const wallSources = [];
    if (has(doc, 'walls')) {
      if (!Array.isArray(doc.walls)) {
        d.add('walls', 'must be an array of [row, col] pairs');
      } else if (doc.walls.length > WALLS_MAX) {
        d.add('walls', `too many walls: at most ${WALLS_MAX}`);
      } else {
        doc.walls.forEach((w, k) => {
          const f = `walls[${k}]`;
          if (!Array.isArray(w) || w.length !== 2) {
            d.add(f, 'must be a [row, col] pair');
            return;
          }
          const row = readInt(d, w[0], f);
          const col = readInt(d, w[1], f);
          if (row !== null && col !== null) {
            walls.push([row, col]);
            wallSources.push(k);
          }
        });
      }
    }
    const vehicles = [];
    const sources = [];
    let targetDropped = false;
    const list = doc.vehicles;
    const known = ['id', 'row', 'col', 'length', 'orientation'];
    if (!Array.isArray(list)) {
      d.add('vehicles', 'must be an array of vehicles');
    } else if (list.length > VEHICLES_MAX) {
      d.add('vehicles', `too many vehicles: ${list.length}, at most ${VEHICLES_MAX}`);
    } else {
      list.forEach((v, i) => {
        const path = `vehicles[${i}]`;
        if (!isObject(v)) {
          d.add(path, 'must be an object {id, row, col, length, orientation}');
          return;
        }
        const read = [];
        const readers = [readId, readInt, readInt, readInt, readOrientation];
        const ok = readMembers(d, v, path, known, (value, field, k) => {
          read[k] = readers[k](d, value, field);
          return read[k] !== null;
        });
        if (ok) {
          vehicles.push(read);
          sources.push(i);
        } else if (v.id === targetId) {
          targetDropped = true;
        }
      });
    }
    if (!sizeOk || !Array.isArray(list) || list.length > VEHICLES_MAX) return null;

    const view = engine.view();
    view.setInt32(p + L['rh_puzzle.board_size'], size, true);
    vehicles.forEach(([id, row, col, length, orientation], i) => {
      const at = p + L['rh_puzzle.vehicles'] + i * L.rh_vehicle;
      new Uint8Array(view.buffer).set(new TextEncoder().encode(id), at + L['rh_vehicle.id']);
      i32(at + L['rh_vehicle.row'], row);
      i32(at + L['rh_vehicle.col'], col);
      i32(at + L['rh_vehicle.length'], length);
      i32(at + L['rh_vehicle.orientation'], orientation);
    });
    walls.forEach(([row, col], k) => {
      const at = p + L['rh_puzzle.walls'] + k * L.rh_cell;
      i32(at + L['rh_cell.row'], row);
      i32(at + L['rh_cell.col'], col);
    });
    i32(p + L['rh_puzzle.vehicle_count'], vehicles.length);
    i32(p + L['rh_puzzle.wall_count'], walls.length);
    const target = s.string(targetId);
    let index = targetOk ? x.rh_puzzle_find(p, target.at) : TARGET_UNCHECKED;
    if (index === -1 && targetDropped) index = TARGET_UNCHECKED;
    i32(p + L['rh_puzzle.target'], index);
    i32(p + L['rh_puzzle.exit_row'], exitRow ?? (index >= 0 ? vehicles[index][1] : 0));
    const ints = (values) => {
      const at = s.alloc(4 * values.length);
      values.forEach((v, k) => i32(at + 4 * k, v));
      return at;
    };
    const vsrc = ints(sources);
    const wsrc = ints(wallSources);
    return parsed(p, (at) => x.rh_puzzle_check_indexed(at, p, 0, target.at, vsrc, wsrc));
  }

  function gridForm(doc) {
    let target = 0;
    if (has(doc, 'target')) target = s.string(readId(d, doc.target, 'target') ?? '').at;
    const field = s.string('grid').at;
    const p = s.alloc(L.rh_puzzle);
    const grid = doc.grid;
    if (typeof grid === 'string') {
      const text = s.string(grid);
      return parsed(p, (at) => x.rh_parse_grid_text(p, at, text.at, text.length, target, field));
    }
    if (!Array.isArray(grid)) {
      d.add('grid', 'must be an array of row strings');
      return null;
    }
    if (grid.length > BOARD_MAX) {
      d.add('grid', `the grid has ${grid.length} rows; boards have ${BOARD_MIN} to ${BOARD_MAX}`);
      return null;
    }
    let ok = true;
    grid.forEach((row, k) => {
      if (typeof row === 'string') return;
      d.add(`grid[${k}]`, 'must be a string');
      ok = false;
    });
    if (!ok) return null;
    const rows = s.alloc(4 * grid.length);
    const lens = s.alloc(4 * grid.length);
    grid.forEach((row, k) => {
      const text = s.string(row);
      engine.view().setUint32(rows + 4 * k, text.at, true);
      engine.view().setUint32(lens + 4 * k, text.length, true);
    });
    return parsed(p, (at) => x.rh_parse_grid(p, at, rows, lens, grid.length, target, field));
  }

  // A board in the database notation (`field` "board", or "id" for an id's board).
  function board(text, field) {
    const p = s.alloc(L.rh_puzzle);
    const t = s.string(text);
    const f = s.string(field).at;
    return parsed(p, (at) => x.rh_parse_board(p, at, t.at, t.length, f));
  }

  // rh_parse_cjson: exactly one of the board forms.
  function boardForms(doc, extra) {
    if (!isObject(doc)) {
      d.add('', 'the puzzle must be a JSON object');
      return null;
    }
    const forms = ['vehicles', 'grid', 'board'].filter((k) => has(doc, k));
    if (forms.length !== 1) {
      d.add(
        forms.length ? '' : 'vehicles',
        forms.length
          ? 'give only one of vehicles, grid and board'
          : 'is missing: give vehicles, grid or board',
      );
      return null;
    }
    const keys = {
      vehicles: ['board_size', 'exit_row', 'vehicles', 'walls', 'target'],
      grid: ['grid', 'target'],
      board: ['board'],
    };
    checkKeys(d, doc, '', keys[forms[0]], extra);
    if (forms[0] === 'vehicles') return vehiclesForm(doc);
    if (forms[0] === 'grid') return gridForm(doc);
    if (typeof doc.board === 'string') return board(doc.board, 'board');
    d.add('board', 'must be a string such as "BCDDE.BCF.EGB.FAAG..."');
    return null;
  }

  // A puzzle named by its id: the id's board, in normal form.
  function byId(doc, extra) {
    let p = null;
    if (typeof doc.id !== 'string') {
      d.add('id', 'must be a puzzle id, a string such as "6qEEgucAESQ"');
    } else {
      const id = s.string(doc.id);
      const out = s.alloc(PUZZLE_ID_CELLS_MAX + 1);
      if (x.rh_puzzle_id_decode(out, id.at, id.length) === 0)
        p = board(engine.readString(out), 'id');
      else d.add('id', 'is not a puzzle id (a board size digit, then base64url)');
    }
    checkKeys(d, doc, '', ['id'], extra);
    return d.empty ? p : null;
  }

  return {
    // The puzzle of `doc` (a parsed body): its rh_puzzle's address, or null with problems in
    // `d`; `withId` takes a bank id too (solve, hint, verify), its value into result.id.
    puzzle(doc, extra, withId) {
      if (!withId || !isObject(doc)) return {p: boardForms(doc, extra), id: ''};
      const byBoard = ['vehicles', 'grid', 'board'].some((k) => has(doc, k));
      if (has(doc, 'id') && byBoard) {
        d.add('id', 'give either id or a board (vehicles, grid or board), not both');
        return {p: null, id: ''};
      }
      if (!has(doc, 'id') && !byBoard) {
        d.add('id', 'is missing: give id, or a board as vehicles, grid or board');
        return {p: null, id: ''};
      }
      if (!has(doc, 'id')) return {p: boardForms(doc, extra), id: ''};
      const p = byId(doc, extra);
      return {p, id: p ? doc.id : ''};
    },

    // A text board (a text/plain body): rh_parse_text_board.
    text(body) {
      const p = s.alloc(L.rh_puzzle);
      const t = s.string(body);
      return parsed(p, (at) => x.rh_parse_text_board(p, at, t.at, t.length));
    },

    // rhd_options_read: `options` into `opt` ({algorithm, metric, maxNodes, timeoutMs,
    // includeBoards, maxMovesReturned}), only the names in `accepted`.
    options(opt, options, accepted, settings) {
      if (options === undefined) return;
      if (!isObject(options)) {
        d.add('options', 'must be an object');
        return;
      }
      const count = (v, field) => {
        if (Number.isInteger(v) && v >= 1 && v <= 1e15) return v;
        d.add(field, 'must be a positive integer');
        return null;
      };
      const named = (parse, v) => {
        if (typeof v !== 'string') return null;
        const out = s.alloc(4);
        return parse(out, s.string(v).at) === 0 ? engine.view().getInt32(out, true) : null;
      };
      for (const [name, v] of Object.entries(options)) {
        const field = `options.${name}`;
        let n;
        if (!accepted.includes(name)) {
          d.add(field, 'unknown option');
        } else if (name === 'algorithm') {
          if ((n = named(x.rh_algorithm_parse, v)) !== null) opt.algorithm = n;
          else d.add(field, 'must be "bfs", "astar" or "fast"');
        } else if (name === 'metric') {
          if ((n = named(x.rh_metric_parse, v)) !== null) opt.metric = n;
          else d.add(field, 'must be "moves" or "slides"');
        } else if (name === 'max_nodes') {
          if ((n = count(v, field)) !== null) opt.maxNodes = Math.min(n, settings.maxNodes);
        } else if (name === 'timeout_ms') {
          if ((n = count(v, field)) !== null) opt.timeoutMs = Math.min(n, settings.timeoutMaxMs);
        } else if (name === 'include_boards') {
          if (typeof v === 'boolean') opt.includeBoards = v;
          else d.add(field, 'must be true or false');
        } else if ((n = count(v, field)) !== null) {
          opt.maxMovesReturned = Math.min(n, 2 ** 30);
        }
      }
    },

    // rh_parse_verify_moves: `moves` into an rh_verify_move array; {at, count}. `p` is the
    // puzzle's address, or 0 when it was invalid.
    moves(moves, p) {
      const size = p ? engine.view().getInt32(p + L['rh_puzzle.board_size'], true) : BOARD_MAX;
      const out = s.alloc(L.rh_verify_move * VERIFY_MOVES_MAX);
      let count = 0;
      if (moves === undefined) {
        d.add('moves', 'is missing');
      } else if (!Array.isArray(moves)) {
        d.add('moves', `must be an array of {vehicle, direction, distance}, not ${kind(moves)}`);
      } else if (moves.length > VERIFY_MOVES_MAX) {
        d.add('moves', `has ${moves.length} moves: at most ${VERIFY_MOVES_MAX}`);
      } else {
        moves.forEach((m, i) => {
          const path = `moves[${i}]`;
          if (!isObject(m)) {
            d.add(path, `must be an object {vehicle, direction, distance}, not ${kind(m)}`);
            return;
          }
          const at = out + count * L.rh_verify_move;
          const known = ['vehicle', 'direction', 'distance'];
          const ok = readMembers(d, m, path, known, (v, field, k) => {
            if (k === 0) {
              if (typeof v !== 'string') {
                d.add(field, `must be a string (a vehicle's id), not ${kind(v)}`);
                return false;
              }
              const vehicle = p ? x.rh_puzzle_find(p, s.string(v).at) : -1;
              i32(at + L['rh_verify_move.vehicle'], vehicle);
              return true;
            }
            if (k === 1) {
              const dir = typeof v === 'string' ? s.string(v).at : 0;
              if (x.rh_direction_parse(at + L['rh_verify_move.direction'], dir) === 0) return true;
              d.add(field, 'must be one of "up", "down", "left", "right"');
              return false;
            }
            if (!Number.isInteger(v) || v < 1 || v > size) {
              d.add(field, `must be an integer from 1 to ${size} (the board's size)`);
              return false;
            }
            i32(at + L['rh_verify_move.distance'], v);
            return true;
          });
          if (ok) count++;
        });
      }
      return {at: out, count};
    },
  };
}
