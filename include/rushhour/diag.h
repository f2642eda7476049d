/* Validation diagnostics: every problem found in an input, each naming the field at fault.
 *
 * rh_diags is fixed-size, caller-owned storage; it never allocates. Past RH_DIAGS_MAX problems
 * the rest are counted in `dropped` instead of stored.
 *
 * A puzzle parser (rh_parse_grid, rh_parse_board, rh_parse_grid_text and rh_parse_text_board
 * in rushhour/parse.h; rh_parse_cjson and rh_parse_text in rushhour/json.h) starts the list
 * afresh, as rh_diags_init does: it may be handed an rh_diags never initialised. Every other
 * call taking one adds to its list (rh_diags_add, rh_puzzle_check, rh_generate_check,
 * rh_json_check_keys, rh_parse_verify_moves), which rh_diags_init or a parser must have
 * started: a request's puzzle is parsed first, and its other parts add their problems after
 * the puzzle's. */
#ifndef RUSHHOUR_DIAG_H
#define RUSHHOUR_DIAG_H

#include "rushhour/export.h"

RH_BEGIN_DECLS

#define RH_DIAGS_MAX 64
#define RH_DIAG_FIELD_MAX 48
#define RH_DIAG_MESSAGE_MAX 160

typedef struct {
    char field[RH_DIAG_FIELD_MAX];     /* a JSON path such as "vehicles[3].row", or "" */
    char message[RH_DIAG_MESSAGE_MAX]; /* one sentence for a person */
} rh_diag;

typedef struct {
    int count;
    int dropped;
    rh_diag items[RH_DIAGS_MAX];
} rh_diags;

/* Starts `d`'s list empty. */
RH_API void rh_diags_init(rh_diags *d);

/* Adds one problem to a started list; the message is printf-formatted and truncated to fit. */
RH_API void rh_diags_add(rh_diags *d, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

RH_END_DECLS

#endif
