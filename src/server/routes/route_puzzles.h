/* The puzzle bank's answers that other routes share: whether the served bank holds a puzzle
 * named by its id, for solve, hint and verify, which take a bank puzzle's id in place of a
 * board (request_body.h), and answer it as GET /v1/puzzles/{id} does. */
#ifndef RHD_ROUTE_PUZZLES_H
#define RHD_ROUTE_PUZZLES_H

#include <stdbool.h>

#include "request.h"

/* On the MHD thread: whether the served bank holds the puzzle of `id`, a well-formed id. When
 * it does not, sets the reply that GET /v1/puzzles/{id} gives: 503 no-bank without a bank, 404
 * unknown-puzzle, 500 when the bank cannot be read or out of memory. */
bool rhd_puzzles_hold(rhd_request *r, const char *id);

/* `doc` (consumed) with the member "id": `id`, the id a request named its puzzle by, when not
 * "" (else `doc` as it is); NULL when `doc` is NULL or out of memory. */
cJSON *rhd_puzzles_with_id(cJSON *doc, const char *id);

#endif
