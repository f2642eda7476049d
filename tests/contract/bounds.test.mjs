// The request schemas carry the server's bounds: for each bounded member, the value just past
// a bound is refused by both the schema and the server (400 naming the member), and the bound
// itself is accepted by both (the server answers anything but 400: tiny budgets keep the
// accepted requests short, so a 422 counts as accepted).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Contract, SPEC_PATH } from './spec.mjs';
import { fetchResponse, killAll, startServer, stopServer } from './server.mjs';

const contract = new Contract(SPEC_PATH);
const HARDEST = 'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.';
const CAR = (id, row, col, orientation = 'H') => ({ id, row, col, length: 2, orientation });
const BUDGET = { max_nodes: 1, timeout_ms: 1 };

// [path, member named in the 400, request refused, request accepted at the bound]
const CASES = [
  ['/v1/generate', 'board_size', { board_size: 2 }, { board_size: 3, min_vehicles: 1, max_vehicles: 2, min_moves: 1 }],
  ['/v1/generate', 'board_size', { board_size: 17 }, { board_size: 16, min_moves: 1 }],
  ['/v1/generate', 'exit_row', { exit_row: -2 }, { exit_row: -1 }],
  ['/v1/generate', 'exit_row', { board_size: 16, exit_row: 16 }, { board_size: 16, exit_row: 15, min_moves: 1 }],
  ['/v1/generate', 'exit_row', { exit_row: 9 }, { exit_row: 5 }],
  ['/v1/generate', 'exit_row', { board_size: 8, exit_row: 8 }, { board_size: 8, exit_row: 7, min_moves: 1 }],
  ['/v1/generate', 'walls', { walls: -1 }, { walls: 0 }],
  ['/v1/generate', 'walls', { walls: 31 }, { walls: 12, min_vehicles: 1, max_vehicles: 2, min_moves: 1 }],
  ['/v1/generate', 'walls', { board_size: 4, walls: 13 }, { board_size: 4, walls: 2, min_vehicles: 1, max_vehicles: 2, min_moves: 1 }],
  ['/v1/generate', 'walls', { board_size: 16, walls: 241 }, { board_size: 16, walls: 190, min_vehicles: 1, max_vehicles: 1, min_moves: 1 }],
  ['/v1/generate', 'min_vehicles', { min_vehicles: 0 }, { min_vehicles: 1 }],
  ['/v1/generate', 'max_vehicles', { board_size: 16, max_vehicles: 63 }, { board_size: 16, min_vehicles: 62, max_vehicles: 62, min_moves: 1 }],
  ['/v1/generate', 'min_moves', { min_moves: 0 }, { min_moves: 1 }],
  ['/v1/generate', 'max_moves', { max_moves: -1 }, { max_moves: 0 }],
  ['/v1/generate', 'seed', { seed: 9007199254740992 }, { seed: 9007199254740991 }],
  ['/v1/generate', 'max_nodes', { max_nodes: 1e15 + 1 }, { max_nodes: 1e15, timeout_ms: 1 }],
  ['/v1/generate', 'timeout_ms', { timeout_ms: 0 }, { timeout_ms: 1 }],
  ['/v1/solve', 'options.max_nodes', { board: HARDEST, options: { max_nodes: 1e15 + 1 } }, { board: HARDEST, options: { ...BUDGET, max_nodes: 1e15 } }],
  ['/v1/solve', 'options.timeout_ms', { board: HARDEST, options: { timeout_ms: 1e15 + 1 } }, { board: HARDEST, options: { max_nodes: 1, timeout_ms: 1e15 } }],
  ['/v1/solve', 'options.max_moves_returned', { board: HARDEST, options: { max_moves_returned: 1e15 + 1 } }, { board: HARDEST, options: { ...BUDGET, max_moves_returned: 1e15 } }],
  ['/v1/analyze', 'options.max_nodes', { board: HARDEST, options: { max_nodes: 0 } }, { board: HARDEST, options: { max_nodes: 1 } }],
  ['/v1/solve', 'vehicles[1].row', { board_size: 16, vehicles: [CAR('X', 0, 0), CAR('A', 16, 0)] }, { board_size: 16, vehicles: [CAR('X', 0, 0), CAR('A', 15, 0)], options: BUDGET }],
  ['/v1/solve', 'vehicles[1].col', { board_size: 16, vehicles: [CAR('X', 0, 0), CAR('A', 2, -1)] }, { board_size: 16, vehicles: [CAR('X', 0, 0), CAR('A', 2, 0)], options: BUDGET }],
  ['/v1/solve', 'exit_row', { board_size: 16, exit_row: 16, vehicles: [CAR('X', 15, 0)] }, { board_size: 16, exit_row: 15, vehicles: [CAR('X', 15, 0)], options: BUDGET }],
  ['/v1/solve', 'walls[0]', { board_size: 16, vehicles: [CAR('X', 0, 0)], walls: [[16, 3]] }, { board_size: 16, vehicles: [CAR('X', 0, 0)], walls: [[15, 3]], options: BUDGET }],
];

let server;
before(async () => { server = await startServer(['--workers', '2']); });
after(async () => {
  if (server) await stopServer(server);
  killAll();
});

async function send(path, doc) {
  const res = await fetchResponse(server.base, 'POST', path, {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(doc),
  });
  return contract.check('POST', path, res);
}

describe('request bounds: the schema and the server agree', () => {
  for (const [path, field, refused, accepted] of CASES) {
    it(`${path} ${field}: ${JSON.stringify(refused)} refused, ${JSON.stringify(accepted)} accepted`, async () => {
      assert.notDeepEqual(contract.checkRequest('POST', path, 'application/json', JSON.stringify(refused)), [],
        'the schema accepts a request the server refuses');
      const no = await send(path, refused);
      assert.equal(no.status, 400, no.body);
      assert.ok(JSON.parse(no.body).errors.some((e) => e.field === field), `the 400 names ${field}: ${no.body}`);
      assert.deepEqual(contract.checkRequest('POST', path, 'application/json', JSON.stringify(accepted)), [],
        'the schema refuses a request the server accepts');
      const yes = await send(path, { ...(path === '/v1/generate' ? BUDGET : {}), ...accepted });
      assert.notEqual(yes.status, 400, yes.body);
    });
  }
});
