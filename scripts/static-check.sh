#!/bin/sh
# Runs the static analysers over src/ and fails on any finding: clang-tidy with the checked-in
# .clang-tidy, then gcc -fanalyzer on each file of src/ compiled as the build compiles it
# (warnings are errors there). Both read build-static/compile_commands.json, a Debug configure:
# its asserts state invariants that the analysers can then use. A false positive is suppressed
# where it is found, with a comment saying why (NOLINT for clang-tidy, a diagnostic pragma for
# gcc); a check disabled whole is justified in .clang-tidy.
set -eu
cd "$(dirname "$0")/.."
for tool in cmake gcc python3 clang-tidy-14 run-clang-tidy-14; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "static-check: $tool is missing: run scripts/install-deps.sh --test" >&2
        exit 1
    }
done
cmake -S . -B build-static -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DRH_TESTS=OFF >/dev/null
jobs=$(nproc)

# clang does not know gcc's -Wno-format-truncation (CMakeLists.txt): not a finding.
if ! run-clang-tidy-14 -p build-static -quiet -j "$jobs" -extra-arg=-Wno-unknown-warning-option \
    "$PWD/src/" >build-static/clang-tidy.log 2>&1; then
    grep -v '^clang-tidy-14 ' build-static/clang-tidy.log >&2
    echo "static-check: clang-tidy found problems (above)" >&2
    exit 1
fi
echo "static-check: clang-tidy: no findings ($(clang-tidy-14 --version | grep -o 'version [0-9.]*'))"

python3 - "$jobs" <<'PY'
import json, os, shlex, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

src = os.path.join(os.getcwd(), "src") + os.sep
with open("build-static/compile_commands.json") as f:
    entries = [e for e in json.load(f) if e["file"].startswith(src)]

def analyse(e):
    args = shlex.split(e["command"])
    out = args.index("-o")
    args[out : out + 2] = ["-fanalyzer", "-o", os.devnull]
    done = subprocess.run(args, cwd=e["directory"], capture_output=True, text=True)
    return e["file"], done.returncode, done.stderr

failed = 0
with ThreadPoolExecutor(int(sys.argv[1])) as pool:
    for name, code, err in pool.map(analyse, entries):
        if code != 0 or err:
            failed += 1
            sys.stderr.write(err)
if failed:
    sys.exit(f"static-check: gcc -fanalyzer found problems in {failed} files (above)")
print(f"static-check: gcc -fanalyzer: no findings in {len(entries)} files")
PY
