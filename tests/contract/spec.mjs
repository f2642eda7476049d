// The contract side of the suite: openapi.yaml loaded, its schemas compiled by Ajv (OpenAPI 3.1
// schemas are JSON Schema 2020-12), and a validator that checks a real response against the
// operation and status the spec documents for it, recording what was seen for the coverage
// check at the end.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SPEC_PATH = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

const SPEC_ID = 'https://rushhourd.invalid/openapi.yaml';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// Keywords of the OpenAPI document around the schemas, and OpenAPI's own schema keywords:
// declared so that Ajv's strict mode still rejects anything else (a misspelt keyword).
const OPENAPI_KEYWORDS = [
  'openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components',
  'security', 'tags', 'externalDocs', 'example', 'discriminator', 'xml',
];
// The pseudo-operation for paths the spec does not list: info.description says they get 404.
export const UNKNOWN_PATH = 'any other path';

/** JSON pointer escaping of one segment. */
const esc = (s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');

export class ContractError extends Error {}

export class Contract {
  constructor(path = SPEC_PATH) {
    this.text = readFileSync(path, 'utf8');
    this.doc = YAML.parse(this.text);
    this.ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(this.ajv);
    for (const k of OPENAPI_KEYWORDS) this.ajv.addKeyword(k);
    // The whole document is one schema resource: every schema in it, inline or under
    // components, is then reachable by its JSON pointer, and '#/components/schemas/...' refs
    // resolve against the document's root.
    this.ajv.addSchema(this.doc, SPEC_ID);
    this.validators = new Map();
    // 'METHOD path' (as in the spec) -> Set of statuses observed
    this.observed = new Map();
    this.headSeen = new Set();
    this.problemTitles = new Map(); // problem type -> title, as the server sent them
    for (const [p, item] of Object.entries(this.doc.paths)) {
      for (const m of METHODS) if (item[m]) this.observed.set(`${m.toUpperCase()} ${p}`, new Set());
    }
    this.observed.set(UNKNOWN_PATH, new Set());
  }

  /** Follows local $refs ('#/...') to the object they name, with its pointer. */
  deref(obj, pointer) {
    const seen = new Set();
    while (obj && typeof obj === 'object' && typeof obj.$ref === 'string') {
      if (!obj.$ref.startsWith('#/')) throw new ContractError(`non-local $ref ${obj.$ref}`);
      if (seen.has(obj.$ref)) throw new ContractError(`$ref loop at ${obj.$ref}`);
      seen.add(obj.$ref);
      pointer = obj.$ref.slice(1);
      obj = this.at(pointer);
      if (obj === undefined) throw new ContractError(`unresolved $ref ${pointer}`);
    }
    return { obj, pointer };
  }

  at(pointer) {
    let o = this.doc;
    for (const part of pointer.split('/').slice(1)) {
      if (o === undefined || o === null) return undefined;
      o = o[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return o;
  }

  /** The Ajv validator of the schema at `pointer` in the document. */
  validator(pointer) {
    let v = this.validators.get(pointer);
    if (!v) {
      v = this.ajv.getSchema(`${SPEC_ID}#${pointer}`);
      if (!v) throw new ContractError(`no schema at ${pointer}`);
      this.validators.set(pointer, v);
    }
    return v;
  }

  /** Problems (strings) found validating `value` against the schema at `pointer`. */
  validate(pointer, value) {
    const v = this.validator(pointer);
    if (v(value)) return [];
    return v.errors.map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /** The path template of the spec matching a concrete request path, or null. */
  matchPath(path) {
    const bare = path.split('?')[0];
    if (this.doc.paths[bare]) return bare;
    for (const template of Object.keys(this.doc.paths)) {
      if (!template.includes('{')) continue;
      const re = new RegExp(`^${template.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
      if (re.test(bare)) return template;
    }
    return null;
  }

  /** The operations of a path item: [[method, operation]]. */
  operations(template) {
    const item = this.doc.paths[template];
    return METHODS.filter((m) => item[m]).map((m) => [m, item[m]]);
  }

  /** Every operation with the statuses it documents: [{key, operationId, statuses}]. */
  documented() {
    const out = [];
    for (const template of Object.keys(this.doc.paths)) {
      for (const [m, op] of this.operations(template)) {
        out.push({ key: `${m.toUpperCase()} ${template}`, operationId: op.operationId, statuses: Object.keys(op.responses) });
      }
    }
    return out;
  }

  /** The documented response for `status` among `responses` (exact, then 4XX, then default). */
  response(responses, responsesPointer, status) {
    for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
      if (responses[key]) return this.deref(responses[key], `${responsesPointer}/${esc(key)}`);
    }
    return null;
  }

  /**
   * Checks one real exchange against the spec and records it. `res` is {status, headers (names
   * in lower case), body (text)}. `without` lists path templates the server was configured
   * without (the playground's, with --playground off): info.description says they are then
   * like any path the spec does not list. Throws a ContractError listing every mismatch.
   */
  check(method, path, res, { without = [] } = {}) {
    const problems = [];
    const where = `${method} ${path} -> ${res.status}`;
    method = method.toUpperCase();
    const listed = this.matchPath(path);
    const template = listed && !without.includes(listed) ? listed : null;
    let target; // {response, pointer, credit: [keys]}
    const bodyless = method === 'HEAD';
    if (!template) {
      // info.description: any other path gets 404 with a problem document, whatever the method.
      if (res.status !== 404) problems.push(`a path the spec does not list answered ${res.status}, not 404`);
      target = {
        response: {
          headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
        },
        pointer: null,
        credit: [UNKNOWN_PATH],
      };
    } else {
      const item = this.doc.paths[template];
      let m = method.toLowerCase();
      // HEAD where the spec documents GET only: the GET operation's answer without its body
      // (RFC 9110; info.description says so).
      if (m === 'head' && !item.head && item.get) m = 'get';
      const op = item[m];
      if (op) {
        const base = `/paths/${esc(template)}/${m}/responses`;
        const found = this.response(op.responses, base, res.status);
        if (!found) {
          problems.push(`status ${res.status} is not documented for ${m.toUpperCase()} ${template} (documented: ${Object.keys(op.responses).join(', ')})`);
        } else {
          target = { response: found.obj, pointer: found.pointer, credit: [method === 'HEAD' && m === 'get' ? null : `${m.toUpperCase()} ${template}`] };
          if (method === 'HEAD' && m === 'get') this.headSeen.add(template);
        }
      } else {
        // A method the path does not take: every operation of the path documents the same 405.
        const with405 = this.operations(template).filter(([, o]) => o.responses['405']);
        if (res.status !== 405) problems.push(`${method} is not an operation of ${template} but answered ${res.status}, not 405`);
        if (!with405.length) {
          problems.push(`no operation of ${template} documents 405`);
        } else {
          const [m0] = with405[0];
          const found = this.deref(with405[0][1].responses['405'], `/paths/${esc(template)}/${m0}/responses/405`);
          for (const [mi, oi] of with405.slice(1)) {
            const other = this.deref(oi.responses['405'], `/paths/${esc(template)}/${mi}/responses/405`);
            if (JSON.stringify(other.obj) !== JSON.stringify(found.obj)) problems.push(`${mi.toUpperCase()} ${template} documents a different 405`);
          }
          target = { response: found.obj, pointer: found.pointer, credit: with405.map(([mi]) => `${mi.toUpperCase()} ${template}`) };
        }
      }
    }
    if (target) problems.push(...this.checkResponse(target, res, bodyless));
    // Every response carries X-Request-Id (info.description), documented or not.
    if (!res.headers['x-request-id']) problems.push('no X-Request-Id header');
    if (problems.length) throw new ContractError(`${where} does not match openapi.yaml:\n  - ${problems.join('\n  - ')}\n  body: ${res.body.slice(0, 500)}`);
    for (const key of target.credit) if (key) this.observed.get(key).add(String(res.status));
    if (/^application\/problem\+json/.test(res.headers['content-type'] || '') && res.body) {
      const { type, title } = JSON.parse(res.body);
      this.problemTitles.set(type, title);
    }
    return res;
  }

  /**
   * Checks an answer given before routing, on any path (info.description: a request whose
   * framing cannot be trusted, or whose header or body came too slowly): a problem document of
   * the spec's Problem schema with X-Request-Id, the connection closed.
   */
  checkUnrouted(res) {
    const problems = [];
    if (!/^application\/problem\+json$/.test(res.headers['content-type'] || '')) problems.push(`Content-Type ${res.headers['content-type']}`);
    if (!res.headers['x-request-id']) problems.push('no X-Request-Id header');
    if (res.headers.connection !== 'close') problems.push(`Connection: ${res.headers.connection}`);
    let body;
    try {
      body = JSON.parse(res.body);
      problems.push(...this.validate('/components/schemas/Problem', body).map((p) => `body ${p}`));
    } catch (e) {
      problems.push(`body: ${e.message}`);
    }
    if (problems.length) throw new ContractError(`${res.status} before routing does not match openapi.yaml:\n  - ${problems.join('\n  - ')}\n  body: ${res.body.slice(0, 500)}`);
    this.problemTitles.set(body.type, body.title);
    return res;
  }

  checkResponse({ response, pointer }, res, bodyless) {
    const problems = [];
    // Headers: the required ones present, every documented one present valid by its schema.
    for (const [name, h] of Object.entries(response.headers || {})) {
      const hp = pointer ? `${pointer}/headers/${esc(name)}` : null;
      const { obj: header, pointer: headerPointer } = this.deref(h, hp);
      const value = res.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`header ${name} is missing`);
        continue;
      }
      if (header.schema) {
        const schemaPointer = `${headerPointer}/schema`;
        const schema = this.deref(header.schema, schemaPointer).obj;
        let v = value;
        if (schema.type === 'integer' || schema.type === 'number') v = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
        else if (schema.type === 'boolean') v = value === 'true' ? true : value === 'false' ? false : value;
        for (const p of this.validate(schemaPointer, v)) problems.push(`header ${name}: ${value}: ${p}`);
      }
    }
    // Content: the media type documented, the body valid by its schema.
    const content = response.content;
    if (!content) {
      if (res.body.length) problems.push(`a body where the spec documents none: ${res.body.slice(0, 80)}`);
      return problems;
    }
    const type = (res.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
    const mediaKey = Object.keys(content).find((k) => k.toLowerCase() === type) ??
      Object.keys(content).find((k) => k.endsWith('/*') && type.startsWith(k.slice(0, -1).toLowerCase())) ??
      Object.keys(content).find((k) => k === '*/*');
    if (!mediaKey) {
      problems.push(`Content-Type '${res.headers['content-type']}' is not documented (documented: ${Object.keys(content).join(', ')})`);
      return problems;
    }
    if (bodyless) {
      if (res.body.length) problems.push('HEAD answered with a body');
      return problems;
    }
    const media = content[mediaKey];
    if (!media.schema) return problems;
    let body = res.body;
    if (/^application\/(.+\+)?json$/.test(mediaKey)) {
      try {
        body = JSON.parse(res.body);
      } catch (e) {
        problems.push(`the body is not JSON: ${e.message}`);
        return problems;
      }
    }
    const schemaPointer = pointer
      ? `${pointer}/content/${esc(mediaKey)}/schema`
      : media.schema.$ref.slice(1);
    for (const p of this.validate(schemaPointer, body)) problems.push(`body ${p}`);
    // A problem document repeats its HTTP status and the request id.
    if (mediaKey === 'application/problem+json' && body && typeof body === 'object') {
      if (body.status !== res.status) problems.push(`problem status ${body.status} differs from HTTP ${res.status}`);
      if (res.headers['x-request-id'] && body.request_id !== res.headers['x-request-id']) {
        problems.push(`request_id ${body.request_id} differs from X-Request-Id ${res.headers['x-request-id']}`);
      }
    }
    return problems;
  }

  /** Problems validating a request body we send against the documented request body. */
  checkRequest(method, path, contentType, body) {
    const template = this.matchPath(path);
    const op = template && this.doc.paths[template][method.toLowerCase()];
    if (!op || !op.requestBody) return [`${method} ${path} documents no request body`];
    const base = `/paths/${esc(template)}/${method.toLowerCase()}/requestBody`;
    const { obj: rb, pointer } = this.deref(op.requestBody, base);
    const type = contentType.split(';')[0].trim().toLowerCase();
    if (!rb.content[type]) return [`request Content-Type ${type} is not documented`];
    const value = /json$/.test(type) ? JSON.parse(body) : body;
    return this.validate(`${pointer}/content/${esc(type)}/schema`, value);
  }

  /**
   * Every example in the document with the schema it illustrates: [{where, pointer, value}].
   * Covers media types (example, examples), headers and parameters, and schemas' own examples.
   */
  examples() {
    const out = [];
    const walk = (node, pointer) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        node.forEach((n, i) => walk(n, `${pointer}/${i}`));
        return;
      }
      const isSchemaHolder = node.schema && typeof node.schema === 'object' && !pointer.endsWith('/properties');
      if (isSchemaHolder) {
        const schemaPointer = `${pointer}/schema`;
        if ('example' in node) out.push({ where: `${pointer}/example`, pointer: schemaPointer, value: node.example });
        for (const [name, ex] of Object.entries(node.examples || {})) {
          const { obj } = this.deref(ex, `${pointer}/examples/${esc(name)}`);
          if (!('value' in obj)) continue; // externalValue: nothing to check here
          out.push({ where: `${pointer}/examples/${esc(name)}`, pointer: schemaPointer, value: obj.value });
        }
      }
      // JSON Schema's own `examples` (an array) and OpenAPI's deprecated schema `example`.
      if (pointer.includes('/schemas/') || pointer.endsWith('/schema')) {
        if (Array.isArray(node.examples)) node.examples.forEach((v, i) => out.push({ where: `${pointer}/examples/${i}`, pointer, value: v }));
        if ('example' in node && !isSchemaHolder) out.push({ where: `${pointer}/example`, pointer, value: node.example });
      }
      for (const [k, v] of Object.entries(node)) {
        if (k === 'examples' || k === 'example') continue;
        walk(v, `${pointer}/${esc(k)}`);
      }
    };
    walk(this.doc, '');
    return out;
  }

  /**
   * The documented responses the suite cannot provoke from outside (out of memory), marked
   * `x-rushhourd-not-provoked` with the reason: [{key, status, pointer, reason}].
   */
  notProvoked() {
    const out = [];
    for (const template of Object.keys(this.doc.paths)) {
      for (const [m, op] of this.operations(template)) {
        for (const status of Object.keys(op.responses)) {
          const { obj, pointer } = this.deref(op.responses[status], `/paths/${esc(template)}/${m}/responses/${status}`);
          const reason = obj['x-rushhourd-not-provoked'];
          if (reason) out.push({ key: `${m.toUpperCase()} ${template}`, status, pointer, reason });
        }
      }
    }
    return out;
  }

  /**
   * What the coverage check misses: operations never exercised, statuses never observed
   * (except those notProvoked() lists, which the coverage test accounts for itself).
   */
  missing() {
    const out = [];
    const exempt = new Set(this.notProvoked().map(({ key, status }) => `${key} ${status}`));
    for (const { key, operationId, statuses } of this.documented()) {
      const seen = this.observed.get(key);
      if (!seen.size) out.push(`${key} (${operationId}) was never exercised`);
      for (const s of statuses) if (!seen.has(s) && !exempt.has(`${key} ${s}`)) out.push(`${key} (${operationId}) never answered its documented ${s}`);
    }
    if (!this.observed.get(UNKNOWN_PATH).has('404')) out.push(`${UNKNOWN_PATH} never answered 404`);
    return out;
  }

  /** The (operation, status) pairs observed, for the summary. */
  summary() {
    return [...this.observed].map(([key, set]) => `${key}: ${[...set].sort().join(', ') || '-'}`);
  }
}
