/* The WebAssembly build's glue: the table of struct offsets web/engine/engine.js reads (offsets.c).
 */
#ifndef RH_WASM_OFFSETS_H
#define RH_WASM_OFFSETS_H

/* The table of struct sizes and member offsets, ended by an entry whose name is NULL; each
 * entry is {const char *name, uint32_t value}: "rh_puzzle" a size, "rh_puzzle.walls" an
 * offset. Exported by the module; static, never freed. */
const void *rh_wasm_offsets(void);

#endif
