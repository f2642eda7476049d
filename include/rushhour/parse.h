/* Reading puzzles from their text forms: grids and the database notation. Pure functions over
 * caller-owned memory; nothing is kept between calls. The JSON forms are in rushhour/json.h.
 *
 * Every parser starts `diags` afresh (rushhour/diag.h: the caller need not initialise it), then
 * fills `out` and returns RH_OK with `diags` empty, or returns RH_EINVALID with every problem it
 * found in `diags`. `out` is only meaningful on RH_OK. The result has already passed
 * rh_puzzle_check. */
#ifndef RUSHHOUR_PARSE_H
#define RUSHHOUR_PARSE_H

#include <stddef.h>

#include "rushhour/diag.h"
#include "rushhour/puzzle.h"
#include "rushhour/export.h"

RH_BEGIN_DECLS

/* A grid given as `rows` lines (not necessarily NUL-terminated: each `lens[i]` long): '.' or
 * 'o' empty, '#' wall, any other character one vehicle. The target is `target` if non-NULL,
 * else 'X', else 'x'; the exit row is the target's row. An empty `target` skips the target
 * rules (for a caller that already reported its target as unreadable). `field` names the rows in
 * diagnostics
 * ("grid"). */
RH_API int rh_parse_grid(rh_puzzle *out, rh_diags *diags, const char *const *rows,
                         const size_t *lens, int nrows, const char *target, const char *field);

/* The database notation: N*N characters row-major, 'o' or '.' empty, 'x' wall, 'A' the
 * target, any other letter a vehicle. `field` names it in diagnostics ("board"). */
RH_API int rh_parse_board(rh_puzzle *out, rh_diags *diags, const char *board, size_t len,
                          const char *field);

/* A grid as one text: rows end at newlines or at '/' ("bb...g/a..c.g/..."), blank rows and
 * the blanks around each row are skipped. Then as rh_parse_grid. */
RH_API int rh_parse_grid_text(rh_puzzle *out, rh_diags *diags, const char *text, size_t len,
                              const char *target, const char *field);

/* A text board: one row is the database notation, several rows a grid (as
 * rh_parse_grid_text, target 'X' or 'x'). */
RH_API int rh_parse_text_board(rh_puzzle *out, rh_diags *diags, const char *text, size_t len);

RH_END_DECLS

#endif
