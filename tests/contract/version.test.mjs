// One version everywhere: `rushhourd --version`, `rushhour --version`, GET /version (the
// server's and the library's), openapi.yaml's info.version, CMakeLists.txt's project VERSION
// and the library's version as the build wrote it (RH_VERSION in rushhour/version.h, the
// pkg-config files, the CMake package) are one number, and CHANGELOG.md's newest version
// section names it. The binaries are the ones under test (RHD_BIN), so a build older than the
// sources fails too.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import YAML from 'yaml';
import { BIN, fetchResponse, startServer, stopServer } from './server.mjs';
import { REPO_ROOT, SPEC_PATH } from './spec.mjs';

const BUILD = dirname(BIN);
const IN_BUILD_TREE = existsSync(join(BUILD, 'CMakeCache.txt'));

/** CMakeLists.txt's project VERSION, where every built version comes from. */
function projectVersion() {
  const m = readFileSync(resolve(REPO_ROOT, 'CMakeLists.txt'), 'utf8').match(/^project\(rushhour VERSION (\d+\.\d+\.\d+)[ )]/m);
  assert.ok(m, 'CMakeLists.txt has project(rushhour VERSION X.Y.Z ...)');
  return m[1];
}

/** The version a `NAME VERSION` line of `--version` gives. */
function versionOf(binary, name) {
  const out = execFileSync(binary, ['--version'], { encoding: 'utf8' });
  const m = out.match(new RegExp(`^${name} (\\S+)\\n$`));
  assert.ok(m, `${binary} --version printed ${JSON.stringify(out)}, not "${name} VERSION"`);
  return m[1];
}

/** The folders in `dir` (none when it is no folder). */
const folders = (dir) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [])
  .filter((e) => e.isDirectory()).map((e) => join(dir, e.name));

/**
 * The library's version header, pkg-config files and CMake package version file: those the
 * build wrote beside the binary, or, for an installed binary, those of its prefix (include/,
 * lib*\/pkgconfig and lib*\/cmake/rushhour, or under lib/<arch>/).
 */
function libraryFiles() {
  const root = IN_BUILD_TREE ? BUILD : resolve(BUILD, '..');
  const header = join(root, 'include/rushhour/version.h');
  const libs = folders(root).filter((d) => /\/lib[^/]*$/.test(d));
  const pcDirs = IN_BUILD_TREE ? [BUILD] : [...libs, ...libs.flatMap(folders)].map((d) => join(d, 'pkgconfig'));
  const pcs = pcDirs.filter(existsSync)
    .flatMap((d) => readdirSync(d).filter((f) => /^rushhour.*\.pc$/.test(f)).map((f) => join(d, f)));
  const packages = (IN_BUILD_TREE ? [BUILD] : [...libs, ...libs.flatMap(folders)].map((d) => join(d, 'cmake/rushhour')))
    .map((d) => join(d, 'rushhourConfigVersion.cmake')).filter(existsSync);
  return { header: existsSync(header) ? header : null, pcs, cmake: packages[0] ?? null };
}

let server;
before(async () => { server = await startServer(); });
after(async () => { if (server) await stopServer(server); });

test('the server, the command line, the library, openapi.yaml and CMakeLists.txt give one version', async (t) => {
  const version = projectVersion();

  const seen = {
    'openapi.yaml info.version': YAML.parse(readFileSync(SPEC_PATH, 'utf8')).info.version,
    'rushhourd --version': versionOf(BIN, 'rushhourd'),
    'rushhour --version': versionOf(resolve(BUILD, 'rushhour'), 'rushhour'),
  };
  const res = await fetchResponse(server.base, 'GET', '/version');
  assert.equal(res.status, 200);
  const answer = JSON.parse(res.body);
  seen['GET /version version'] = answer.version;
  seen['GET /version library'] = answer.library;

  const { header, pcs, cmake } = libraryFiles();
  if (IN_BUILD_TREE) {
    assert.ok(header, `${BUILD} is a build tree without include/rushhour/version.h`);
    assert.ok(pcs.length >= 3, `${BUILD} is a build tree without its three pkg-config files`);
    assert.ok(cmake, `${BUILD} is a build tree without rushhourConfigVersion.cmake`);
  } else if (!header && !pcs.length && !cmake) {
    t.diagnostic(`${BIN} is neither in a build tree nor installed beside the library's files: their version is not compared`);
  }
  if (header) seen['RH_VERSION'] = readFileSync(header, 'utf8').match(/^#define RH_VERSION "([^"]*)"/m)?.[1];
  if (cmake) seen['rushhourConfigVersion.cmake'] = readFileSync(cmake, 'utf8').match(/^set\(PACKAGE_VERSION "([^"]*)"\)$/m)?.[1];
  for (const pc of pcs) seen[`${basename(pc)} Version`] = readFileSync(pc, 'utf8').match(/^Version: (\S+)$/m)?.[1];

  const wrong = Object.entries(seen).filter(([, v]) => v !== version).map(([where, v]) => `${where}: ${v}`);
  assert.deepEqual(wrong, [], `CMakeLists.txt says ${version}`);
});

test("CHANGELOG.md's newest version is the build's, under an Unreleased section", () => {
  const text = readFileSync(resolve(REPO_ROOT, 'CHANGELOG.md'), 'utf8');
  const sections = [...text.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]);
  assert.equal(sections[0], 'Unreleased', 'the first section is [Unreleased]');
  assert.equal(sections[1], projectVersion(), 'the newest version section names the version CMakeLists.txt gives');
  assert.equal(new Set(sections).size, sections.length, 'a section is repeated');
});
