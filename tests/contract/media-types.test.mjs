// How a request body is read follows its Content-Type, as openapi.yaml says: JSON types are
// read as JSON (a body that is not a JSON object is refused naming the body), text/plain as a
// text board (on the operations that take one), and a body with no Content-Type or another
// type gets 415 (src/server/base/http_policy.c decides, src/server/base/request_body.c reads).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Contract, SPEC_PATH } from './spec.mjs';
import { httpResponse, killAll, startServer, stopServer } from './server.mjs';

const contract = new Contract(SPEC_PATH);
const HARDEST = 'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.';
const problem = (slug) => `urn:rushhourd:problem:${slug}`;

let server;
before(async () => { server = await startServer(['--workers', '1']); });
after(async () => {
  if (server) await stopServer(server);
  killAll();
});

/** POST with exactly the headers given (node:http adds no Content-Type of its own). */
async function send(path, type, body) {
  const headers = type ? { 'Content-Type': type } : {};
  const res = await httpResponse(server.base, 'POST', path, { headers, body });
  return { res: contract.check('POST', path, res), doc: JSON.parse(res.body) };
}

describe('request bodies are read as their Content-Type says', () => {
  it('a body without Content-Type: 415, on every POST operation', async () => {
    for (const path of ['/v1/solve', '/v1/hint', '/v1/analyze', '/v1/solve/batch', '/v1/generate']) {
      const { res, doc } = await send(path, null, JSON.stringify({ board: HARDEST }));
      assert.equal(res.status, 415, `${path}: ${res.body}`);
      assert.equal(doc.type, problem('unsupported-media-type'));
    }
  });

  it('application/json that is not JSON: 400 invalid-json, even when it is a text board', async () => {
    const { res, doc } = await send('/v1/solve', 'application/json', HARDEST);
    assert.equal(res.status, 400, res.body);
    assert.equal(doc.type, problem('invalid-json'));
  });

  it('JSON that is not an object: 400 naming the body, not "a board of 5 characters"', async () => {
    for (const body of ['[1,2]', 'null', '"BCDDE"', '7']) {
      for (const path of ['/v1/solve', '/v1/analyze']) {
        const { res, doc } = await send(path, 'application/json', body);
        assert.equal(res.status, 400, `${path} ${body}: ${res.body}`);
        assert.deepEqual(doc.errors.map((e) => e.field), [''], `${path} ${body}: ${res.body}`);
        assert.match(doc.errors[0].message, /must be a JSON object/);
      }
    }
  });

  it('text/plain is a text board even when it starts with {', async () => {
    const { res, doc } = await send('/v1/solve', 'text/plain', JSON.stringify({ board: HARDEST }));
    assert.equal(res.status, 400, res.body);
    assert.equal(doc.type, problem('invalid-puzzle'), 'read as a board, not as JSON');
  });

  it('text/plain where only JSON is documented (batch, generate): 415', async () => {
    for (const [path, body] of [['/v1/solve/batch', JSON.stringify({ puzzles: [{ board: HARDEST }] })], ['/v1/generate', '{}']]) {
      const { res, doc } = await send(path, 'text/plain', body);
      assert.equal(res.status, 415, `${path}: ${res.body}`);
      assert.equal(doc.type, problem('unsupported-media-type'));
    }
  });
});
