// The WebAssembly module (rushhour.wasm, built by scripts/build-wasm.sh) instantiated, and the
// few helpers the other engine modules use to reach its memory: the layout table the glue
// exports (src/wasm/offsets.c), scratch allocations, strings in and out, and the module's clock.
// The module imports four WASI functions: the clock and three stdio ones its libc links but the
// library never calls (it prints nothing), so a tiny shim stands in for WASI, the same in the
// browser and in node.

const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;

// The WASI imports: clock_time_get answers from performance.now() (monotonic, in ns); the stdio
// calls say "bad file descriptor".
function wasiShim(memory) {
  return {
    clock_time_get(id, precision, at) {
      if (id !== 0 && id !== 1) return ERRNO_INVAL;
      const ns = BigInt(Math.round(performance.now() * 1e6));
      new DataView(memory().buffer).setBigUint64(at, ns, true);
      return 0;
    },
    fd_close: () => ERRNO_BADF,
    fd_seek: () => ERRNO_BADF,
    fd_write: () => ERRNO_BADF,
  };
}

// The module's bytes from `source`: bytes (ArrayBuffer, typed array), a Response, or a URL.
async function bytesOf(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const response = source instanceof Response ? source : await fetch(source);
  if (!response.ok) throw new Error(`rushhour.wasm: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// The instantiated module, with helpers over its memory.
export async function loadEngine(source) {
  let instance;
  const memory = () => instance.exports.memory;
  const module = await WebAssembly.compile(await bytesOf(source));
  instance = await WebAssembly.instantiate(module, {wasi_snapshot_preview1: wasiShim(memory)});
  const x = instance.exports;
  x._initialize();
  const view = () => new DataView(memory().buffer);
  const bytes = () => new Uint8Array(memory().buffer);

  const readString = (at) => {
    const all = bytes();
    let end = at;
    while (all[end]) end++;
    return new TextDecoder().decode(all.subarray(at, end));
  };

  // The layout table: "rh_puzzle" its size, "rh_puzzle.walls" an offset.
  const layout = {};
  for (let at = x.rh_wasm_offsets(); ; at += 8) {
    const name = view().getUint32(at, true);
    if (!name) break;
    layout[readString(name)] = view().getUint32(at + 4, true);
  }

  // Allocations of one call, freed together: `alloc` zeroes, `string` copies UTF-8 with a NUL.
  function scratch() {
    const held = [];
    const alloc = (size) => {
      const at = x.malloc(Math.max(size, 1));
      if (!at) throw new RangeError('rushhour.wasm: out of memory');
      held.push(at);
      bytes().fill(0, at, at + size);
      return at;
    };
    return {
      alloc,
      string(text) {
        const utf8 = new TextEncoder().encode(text);
        const at = alloc(utf8.length + 1);
        bytes().set(utf8, at);
        return {at, length: utf8.length};
      },
      free() {
        for (const at of held) x.free(at);
        held.length = 0;
      },
    };
  }

  return {
    exports: x,
    layout,
    view,
    readString,
    scratch,
    // The module's clock, in µs (rh_clock_us), as its searches time themselves.
    clockUs: () => Number(x.rh_clock_us()),
  };
}
