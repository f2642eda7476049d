// The repeat check: no run of six or more lines in src/ repeats another, the same shape with
// other names included. jscpd (pinned in package.json) finds the runs with the options of
// .jscpd.json; its own CLI compares tokens by their text, so it misses a copy whose names
// changed, and this driver blinds them first: every identifier, function name, number and
// named constant stands for its kind only (keywords, operators, types of punctuation and string
// literals, #include paths among them, stay themselves); comments are not read ("weak" mode).
// A run it prints must become one piece; nothing is ignored.
//
//   node scripts/repeat-check.mjs [path...]     (default: .jscpd.json's paths)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

// jscpd's CommonJS build: its ES module build imports 'colors/safe' without an extension.
const { detectClones } = createRequire(import.meta.url)('jscpd');

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
process.chdir(ROOT);
const config = JSON.parse(readFileSync('.jscpd.json', 'utf8'));

const BLIND = new Set(['default', 'function', 'number', 'constant']);
// jscpd's "weak" mode (comments and blank tokens out), then the names blinded.
const weakBlind = (token) => {
  if (['ignore', 'empty', 'new_line', 'comment', 'block-comment'].includes(token.type)) return false;
  if (token.format === 'comment') return false;
  if (BLIND.has(token.type)) token.value = token.type;
  return true;
};

const paths = process.argv.length > 2 ? process.argv.slice(2) : config.path;
const clones = await detectClones({ ...config, path: paths, mode: weakBlind, silent: true });
const at = (d) => `${d.sourceId}:${d.start.line}-${d.end.line}`;
for (const c of clones) console.log(`${at(c.duplicationA)} repeats ${at(c.duplicationB)}`);
console.log(`repeat-check: ${clones.length} repeated run(s) of ${config.minLines}+ lines in ${paths.join(' ')}`);
process.exit(clones.length ? 1 : 0);
