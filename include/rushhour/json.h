/* JSON in and out, on top of the core: the service's JSON puzzle forms, the documents both the
 * CLI and the service print, and the numbers both read as text (counts and byte sizes). The
 * only rushhour header that needs cJSON; its functions live in the rushhour-json library. */
#ifndef RUSHHOUR_JSON_H
#define RUSHHOUR_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "rushhour/analyze.h"
#include "rushhour/diag.h"
#include "rushhour/export.h"
#include "rushhour/generate.h"
#include "rushhour/puzzle.h"
#include "rushhour/search.h"
#include "rushhour/verify.h"

RH_BEGIN_DECLS

/* A puzzle from a parsed JSON object holding exactly one of:
 *   "vehicles": [{id,row,col,length,orientation}], with board_size, exit_row, walls, target;
 *   "grid": ["bb...g", ...] (or one string of rows joined by '/'), with target;
 *   "board": "BCDDE.BCF..." (N*N characters), with nothing else.
 * Keys outside the form are errors, except those named in `extra_keys` (a NULL-terminated
 * list, or NULL), which the caller reads itself (the service's "options"). `doc` stays the
 * caller's. Starts `diags` afresh (rushhour/diag.h), then returns RH_OK, or RH_EINVALID with
 * every problem in `diags`; the puzzle has passed rh_puzzle_check. */
RH_API int rh_parse_cjson(rh_puzzle *out, rh_diags *diags, const cJSON *doc,
                          const char *const *extra_keys);

/* Parses a whole JSON text strictly: nothing but whitespace (space, tab, CR, LF) may precede
 * or follow the value or lie between its tokens, and no NUL may appear, raw or as \u0000 in a
 * string (cJSON keeps strings NUL-terminated, so either would silently cut a string short: an id
 * "X\u0000Y" would read as "X"). Returns the document (the caller frees it with cJSON_Delete), or
 * NULL with the offending byte offset in *error_at. */
RH_API cJSON *rh_json_parse(const char *text, size_t len, size_t *error_at);

/* Adds "unknown field" for each member of the object `obj` whose key is in neither `known` nor
 * `extra` (NULL-terminated lists of at most 64 names; NULL for none), and "appears more than
 * once" for each later occurrence of a listed key; fields are named "<path>.<key>" ("<key>"
 * when `path` is ""). Linear in the members: a body of a few MiB of keys is checked in
 * milliseconds, where comparing each key with every earlier one took minutes. The caller then
 * reads each listed key with cJSON_GetObjectItemCaseSensitive (the first occurrence). */
RH_API void rh_json_check_keys(rh_diags *d, const cJSON *obj, const char *path,
                               const char *const *known, const char *const *extra);

/* A puzzle from a text document: JSON when its first non-blank character is '{', otherwise a
 * text board (rh_parse_text_board). Starts `diags` afresh, as both do. */
RH_API int rh_parse_text(rh_puzzle *out, rh_diags *diags, const char *text, size_t len);

/* A decimal number filling the whole of `text` (digits only: no sign, no space), from `min` to
 * `max`, into *out, as the service's query parameters and the CLI's options and files give
 * one: RH_OK, or RH_EARG (NULL is no number) and nothing stored. */
RH_API int rh_decimal_parse(const char *text, uint64_t min, uint64_t max, uint64_t *out);

/* A number of bytes filling the whole of `text`: digits alone, or digits then KiB, MiB, GiB or
 * TiB (powers of 1024: 256MiB is 268435456), from `min` to `max`, into *out, as the service's
 * size settings and the CLI's --max-memory take one: RH_OK, or RH_EARG (NULL, no digit first,
 * any other suffix, more than 2^64 - 1 bytes, out of range) and nothing stored. */
RH_API int rh_size_parse(const char *text, uint64_t min, uint64_t max, uint64_t *out);

/* Adds the member `name`: `v` with every digit, where cJSON's numbers (doubles) keep only
 * those below 2^53. Returns false when out of memory. */
RH_API bool rh_json_add_u64(cJSON *obj, const char *name, uint64_t v);

/* Builds {status, optimal, algorithm, metric, solution: {moves, move_count, slide_count,
 * notation, boards?}, stats, limit?} for `r`, a result of solving `p`. With `boards`, the
 * solution also carries the board after each move as rows of text. Returns a new object the
 * caller frees with cJSON_Delete, or NULL when out of memory. */
RH_API cJSON *rh_report_result(const rh_puzzle *p, const rh_result *r, bool boards);

/* rh_report_result listing only the first `keep` moves (their notation and boards too; 0 or
 * more than there are: all), as a hint shows them; move_count and slide_count stay those of the
 * whole solution. */
RH_API cJSON *rh_report_result_head(const rh_puzzle *p, const rh_result *r, bool boards, int keep);

/* Builds {status: "complete"|"limit_reached", metric, limit?, states, goal_states,
 * dead_states, solvable, start_distance, start_moves, max_distance, histogram: [states at
 * distance 0, 1, ...], hardest: {board: [rows], distance}, stats} for `a`. Returns a new
 * object the caller frees with cJSON_Delete, or NULL when out of memory. */
RH_API cJSON *rh_report_analysis(const rh_analysis *a);

/* Builds `p` in the service's JSON input form: {board_size, exit_row, target, vehicles:
 * [{id, row, col, length, orientation}], walls: [[row, col], ...]}. Parsing it back with
 * rh_parse_cjson gives `p` again. Returns a new object (cJSON_Delete) or NULL when out of
 * memory. */
RH_API cJSON *rh_report_puzzle(const rh_puzzle *p);

/* Builds {status: "generated"|"limit_reached", limit?, metric, length, puzzle: (as
 * rh_report_puzzle), board: [rows], candidates, restarts, stats} for `g`; `puzzle` and `board`
 * are null when nothing was found. Returns a new object (cJSON_Delete) or NULL. */
RH_API cJSON *rh_report_generated(const rh_generated *g);

/* The longest list of moves /v1/verify and `rushhour verify` check. A list of this many moves
 * in their longest form ({"vehicle":"ABCDEFGH","direction":"right","distance":16}, unformatted)
 * takes 58,000 bytes, so with a 6x6 puzzle it fits the service's default 64 KiB body. */
#define RH_VERIFY_MOVES_MAX 1000

/* Reads `moves`, a JSON list [{vehicle, direction, distance}, ...] (NULL: the member is
 * missing), into `out` (room for RH_VERIFY_MOVES_MAX moves) and its length into *count. A
 * vehicle is named by its index in `p`, -1 for an id `p` lacks (a verdict, not a problem);
 * with `p` NULL (its puzzle was invalid) only the shapes are checked, distances up to
 * RH_BOARD_MAX. Adds every problem to `diags`, a started list (rushhour/diag.h: a request's
 * puzzle parsed into it first keeps its problems first), each on its path
 * ("moves[3].direction"): not a list, longer than RH_VERIFY_MOVES_MAX, an entry not an object,
 * unknown or repeated keys, a vehicle not a string, a direction not one of up, down, left,
 * right, a distance not an integer from 1 to the board's size. Returns RH_OK or RH_EINVALID. */
RH_API int rh_parse_verify_moves(rh_verify_move *out, size_t *count, rh_diags *diags,
                                 const cJSON *moves, const rh_puzzle *p);

/* Builds the verdict on a player's moves: {legal, first_illegal (null when legal), reason (null,
 * or {code, vehicle: the blocking vehicle's id or null, wall, cell: {row, col} or null}),
 * solved, move_count, slide_count, optimal_move_count (null when `optimal_moves` is -1: the
 * start is unsolvable or its length unknown), optimal (legal, solved, and in that many moves),
 * board: `end` in the bank's notation (normal form; null when the notation cannot say it)}.
 * `end` is the position rh_verify left. Returns a new object (cJSON_Delete) or NULL. */
RH_API cJSON *rh_report_verify(const rh_puzzle *end, const rh_verify_result *v, int optimal_moves);

/* Builds the list [{field, message}, ...] of `d`, or NULL when out of memory. */
RH_API cJSON *rh_report_diags(const rh_diags *d);

RH_END_DECLS

#endif
