/* The solve document: the JSON both the CLI and the service print for a result. */
#ifndef RUSHHOUR_REPORT_H
#define RUSHHOUR_REPORT_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "rushhour/puzzle.h"
#include "rushhour/search.h"
#include "rushhour/analyze.h"
#include "rushhour/generate.h"
#include "rushhour/diag.h"

/* Builds {status, optimal, algorithm, metric, solution: {moves, move_count, slide_count,
 * notation, boards?}, stats, limit?} for `r`, a result of solving `p`. With `boards`, the
 * solution also carries the board after each move as rows of text. Returns a new object the
 * caller frees with cJSON_Delete, or NULL when out of memory. */
cJSON *rh_report_result(const rh_puzzle *p, const rh_result *r, bool boards);

/* Builds {status: "complete"|"limit_reached", metric, limit?, states, goal_states,
 * dead_states, solvable, start_distance, start_moves, max_distance, histogram: [states at
 * distance 0, 1, ...], hardest: {board: [rows], distance}, stats} for `a`. Returns a new
 * object the caller frees with cJSON_Delete, or NULL when out of memory. */
cJSON *rh_report_analysis(const rh_analysis *a);

/* Builds `p` in the service's JSON input form: {board_size, exit_row, target, vehicles:
 * [{id, row, col, length, orientation}], walls: [[row, col], ...]}. Parsing it back with
 * rh_parse_cjson gives `p` again. Returns a new object (cJSON_Delete) or NULL when out of
 * memory. */
cJSON *rh_report_puzzle(const rh_puzzle *p);

/* Builds {status: "generated"|"limit_reached", limit?, metric, length, puzzle: (as
 * rh_report_puzzle), board: [rows], candidates, restarts, stats} for `g`; `puzzle` and `board`
 * are null when nothing was found. Returns a new object (cJSON_Delete) or NULL. */
cJSON *rh_report_generated(const rh_generated *g);

/* Builds the list [{field, message}, ...] of `d`, or NULL when out of memory. */
cJSON *rh_report_diags(const rh_diags *d);

/* Writes the notation of one move ("AR1": id, direction letter U/D/L/R, distance) to `out`,
 * which holds at least RH_ID_MAX + 8 bytes. */
void rh_report_move_notation(char *out, const rh_puzzle *p, rh_move m);

#endif
