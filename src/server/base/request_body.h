/* Reading request bodies: strict JSON, one puzzle in any form with its "options", and the 400
 * problem that lists every validation problem by field. Shared by every route that takes a
 * puzzle (solve, hint, analyze, verify, and each item of a batch). Solve, hint and verify also
 * take a puzzle by its id ("id", rushhour/puzzle_id.h) in place of a board: read here as the
 * id's board, while whether the served bank holds it is the route's to ask. */
#ifndef RHD_REQUEST_BODY_H
#define RHD_REQUEST_BODY_H

#include <stdbool.h>
#include <stdint.h>

#include "options.h"
#include "request.h"

/* The body as one JSON document, parsed strictly; NULL with the 400 invalid-json reply set
 * when it is not JSON. The caller deletes the document. */
cJSON *rhd_body_json(rhd_request *r);

/* Reads the puzzle of the JSON object `doc` (any input form; "options" is the only other
 * member allowed) into `out`, and its options, limited to `accepted`, over `opt`. Adds every
 * problem to `d`. Returns RH_OK or RH_EINVALID. */
int rhd_body_puzzle(rh_puzzle *out, rhd_options *opt, rh_diags *d, const cJSON *doc,
                    unsigned accepted, const rhd_config *cfg);

/* rhd_body_puzzle for a body that holds more than the puzzle and "options": the members named
 * in `more` (a NULL-terminated list of at most RHD_BODY_MORE_MAX names, or NULL), which the
 * route reads itself (/v1/verify's "moves"); and, when `id` is not NULL (RH_PUZZLE_ID_MAX + 1
 * bytes), a puzzle named by "id" in place of the board forms (exactly one of them), whose id
 * goes to `id` ("" for a board). */
#define RHD_BODY_MORE_MAX 4
int rhd_body_puzzle_with(rh_puzzle *out, rhd_options *opt, rh_diags *d, const cJSON *doc,
                         unsigned accepted, const rhd_config *cfg, const char *const *more,
                         char *id);

/* The board of the puzzle id `id` into `board` (RH_PUZZLE_ID_CELLS_MAX + 1 bytes); when it is
 * no id, adds the problem to `d` under the field "id" and returns false. */
bool rhd_body_id_board(char *board, rh_diags *d, const char *id);

/* The 400 problem listing `d` ("the <what> has N problems"), or NULL when out of memory:
 * invalid-puzzle when `what` is "puzzle", else invalid-request (a batch or a generation
 * request, which a client should not be told is a bad puzzle). */
cJSON *rhd_body_problem(const rhd_request *r, const rh_diags *d, const char *what);

/* A new, empty diagnostics list (13 KiB: kept off the MHD thread's stack), freed by the
 * caller; NULL, with the 500 reply set, when out of memory. */
rh_diags *rhd_body_diags(rhd_request *r);

/* Reads the body of `r` as its Content-Type said (r->body_is_text): a JSON object as
 * rhd_body_puzzle does, or a text board (with the options as given in `opt`). On failure sets the
 * 400 (or 500) reply and returns false. The time spent parsing goes to *parse_us. */
bool rhd_body_read(rhd_request *r, rh_puzzle *out, rhd_options *opt, unsigned accepted,
                   uint64_t *parse_us);

/* rhd_body_read that also takes a JSON body's puzzle by "id", into `id` as
 * rhd_body_puzzle_with does. */
bool rhd_body_read_id(rhd_request *r, rh_puzzle *out, rhd_options *opt, unsigned accepted, char *id,
                      uint64_t *parse_us);

#endif
