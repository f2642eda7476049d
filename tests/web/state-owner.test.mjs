// The page's state has one owner: web/play.js creates it and alone writes it; every other
// module of web/ reads it and changes it by calling play.js's operations. This reads every
// web/*.js (comments left out) for writes into `state.` — an assignment (=, +=, ||=, ...), ++
// or --, delete, Object.assign(state, ...), or a mutating call on one of its fields
// (state.moves.push(...), state.x.set(...), ...) — and fails if any module but play.js makes
// one, so that the shared writes cannot come back. (A write through an alias escapes this
// reading; play.js's state then throws at run time: tests/web/play.test.mjs.)
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';

const WEB = new URL('../../web/', import.meta.url);
const OWNER = 'play.js';
// The brief of the design: at most two modules may write the page's state (its owner and one
// more); today the owner alone does.
const MAX_WRITERS = 2;
const ALLOWED = [OWNER];

// The source without its comments, and its strings and template literals blanked (their
// quotes kept): what is left is code.
function stripComments(src) {
  let out = '';
  for (let i = 0; i < src.length;) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      out += c + src.slice(i + 1, j).replace(/[^\n]/g, ' ') + c;
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// `state` itself, not a member named state (history.state) nor a longer name (playState).
const STATE = String.raw`(?<![\w$.])state`;
const FIELD = String.raw`(?:\s*(?:\?\.|\.)\s*[\w$]+|\s*\[[^\]]*\])+`;
const MUTATORS = 'push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin|set|delete|clear|add';
const WRITES = [
  new RegExp(`${STATE}${FIELD}\\s*(?:[-+*/%&|^]|\\*\\*|<<|>>>?|&&|\\|\\||\\?\\?)?=(?!=)`), // state.x = / += / ||= ...
  new RegExp(`${STATE}${FIELD}\\s*(?:\\+\\+|--)`), // state.x++
  new RegExp(`(?:\\+\\+|--)\\s*${STATE}${FIELD}`), // ++state.x
  new RegExp(`\\bdelete\\s+${STATE}${FIELD}`), // delete state.x
  new RegExp(`Object\\.(?:assign|defineProperty|defineProperties|setPrototypeOf)\\(\\s*${STATE}\\b`), // Object.assign(state, ...)
  new RegExp(`${STATE}${FIELD}\\s*\\.\\s*(?:${MUTATORS})\\s*\\(`), // state.moves.push(...)
];

// The lines of `src` that write into the state.
function stateWrites(src) {
  return stripComments(src).split('\n').filter((line) => WRITES.some((re) => re.test(line)));
}

const modules = readdirSync(WEB).filter((f) => f.endsWith('.js')).sort();
const source = (f) => readFileSync(new URL(f, WEB), 'utf8');

describe('the scan for writes into the state', () => {
  it('finds every kind of write', () => {
    for (const line of [
      'state.step = 0;', 'state.step=k', 'state.boards[0] = b;', 'state.step += 1;', 'state.x ||= y;',
      'state.x ??= y;', 'state.step++;', '++state.animation', 'state.step--', 'delete state.hint;',
      'Object.assign(state, { step: 1 });', 'state.moves.push(m);', 'state.inFlight.set(k, v);',
      'state.inFlight.delete(k);', 'state.boards.splice(1);', 'state.optimal.length = 3;',
      'const s = f(); state.verdict = null;', 'if (x) state.hint = null;',
    ]) {
      assert.equal(stateWrites(line).length, 1, line);
    }
  });

  it('passes reads, comments, strings and other objects by', () => {
    for (const line of [
      'if (state.step === 0) go();', 'const b = state.boards[state.step];', 'x = state.step;',
      'f(state.step + 1);', 'state.boards.length > 1', 'state.inFlight.get(kind)',
      'history.replaceState(history.state, "", f);', 'playState.step = 1;', 'ui.state = 3;',
      '// state.step = 0 is play.js\'s', '/* state.step = 0 */', 'const t = "state.step = 0";',
      'a = state.optimal?.start === start;', 'state.step !== 0', 'state.step <= 2', 'state.step >= 2',
    ]) {
      assert.deepEqual(stateWrites(line), [], line);
    }
  });
});

describe('one owner of the page\'s state', () => {
  it(`no module but ${OWNER} writes into state (at most ${MAX_WRITERS} writers in all)`, () => {
    const writers = Object.fromEntries(modules.map((f) => [f, stateWrites(source(f))]).filter(([, w]) => w.length));
    const others = Object.entries(writers).filter(([f]) => !ALLOWED.includes(f));
    assert.deepEqual(others, [], `modules writing into the page's state besides ${OWNER}; call its operations instead`);
    assert.ok(Object.keys(writers).length <= MAX_WRITERS);
  });

  it(`only ${OWNER} defines the state, and the others import it from there`, () => {
    for (const f of modules) {
      const src = stripComments(source(f));
      const defines = /\b(?:const|let|var)\s+state\b/.test(src);
      assert.equal(defines, f === OWNER, `${f} ${defines ? 'defines' : 'does not define'} a state`);
      // The imports, read off the source itself: stripComments blanks their paths.
      for (const [, names, from] of source(f).matchAll(/^import\s*\{([^}]*)\}\s*from\s*'([^']+)'/gm)) {
        if (names.split(',').some((n) => n.trim().split(/\s+as\s+/)[0] === 'state')) {
          assert.equal(from, `./${OWNER}`, `${f} imports state from ${from}`);
        }
      }
    }
  });

  it('the scan covers the page\'s modules', () => {
    assert.ok(modules.length >= 20 && modules.includes(OWNER) && modules.includes('playback.js'));
  });
});
