/* Reading puzzles from the three forms users send: JSON vehicles, text grids and the
 * database notation. Pure functions over caller-owned memory; nothing is kept between calls.
 *
 * Every parser fills `out` and returns RH_OK, or returns RH_EINVALID having added every
 * problem it found to `diags` (which the caller initialised). `out` is only meaningful on
 * RH_OK. The result has already passed rh_puzzle_check. */
#ifndef RUSHHOUR_PARSE_H
#define RUSHHOUR_PARSE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "rushhour/diag.h"
#include "rushhour/puzzle.h"

/* A puzzle from a parsed JSON object holding exactly one of:
 *   "vehicles": [{id,row,col,length,orientation}], with board_size, exit_row, walls, target;
 *   "grid": ["bb...g", ...], with target;
 *   "board": "BCDDE.BCF..." (N*N characters), with nothing else.
 * Keys outside the form are errors, except those named in `extra_keys` (a NULL-terminated
 * list, or NULL), which the caller reads itself (the service's "options"). `doc` stays the
 * caller's. */
int rh_parse_cjson(rh_puzzle *out, rh_diags *diags, const cJSON *doc,
                   const char *const *extra_keys);

/* Parses a whole JSON text strictly: nothing but whitespace may follow the value, and no NUL
 * may appear, raw or as \u0000 in a string (cJSON keeps strings NUL-terminated, so either
 * would silently cut a string short: an id "X\u0000Y" would read as "X"). Returns the
 * document (the caller frees it with cJSON_Delete), or NULL with the offending byte offset in
 * *error_at. */
cJSON *rh_json_parse(const char *text, size_t len, size_t *error_at);

/* A puzzle from a text document: JSON when its first non-blank character is '{', otherwise a
 * text board: one line of N*N characters is the database notation, several lines a grid. */
int rh_parse_text(rh_puzzle *out, rh_diags *diags, const char *text, size_t len);

/* A grid given as `rows` lines (not necessarily NUL-terminated: each `lens[i]` long): '.' or
 * 'o' empty, '#' wall, any other character one vehicle. The target is `target` if non-NULL,
 * else 'X', else 'x'; the exit row is the target's row. An empty `target` skips the target
 * rules (for a caller that already reported its target as unreadable). `field` names the rows in
 * diagnostics
 * ("grid"). */
int rh_parse_grid(rh_puzzle *out, rh_diags *diags, const char *const *rows, const size_t *lens,
                  int nrows, const char *target, const char *field);

/* The database notation: N*N characters row-major, 'o' or '.' empty, 'x' wall, 'A' the
 * target, any other letter a vehicle. `field` names it in diagnostics ("board"). */
int rh_parse_board(rh_puzzle *out, rh_diags *diags, const char *board, size_t len,
                   const char *field);

#endif
