/* The "options" member of a request body: the search's choices and budgets. One reader serves
 * every endpoint; each names the options it takes. Every problem is reported by field, and
 * budgets are capped by the server's maxima. */
#ifndef RHD_OPTIONS_H
#define RHD_OPTIONS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "rushhour/json.h"
#include "rushhour/rushhour.h"

/* The options an endpoint takes, as a bit set. */
enum {
    RHD_OPT_ALGORITHM = 1u << 0,
    RHD_OPT_METRIC = 1u << 1,
    RHD_OPT_MAX_NODES = 1u << 2,
    RHD_OPT_TIMEOUT_MS = 1u << 3,
    RHD_OPT_INCLUDE_BOARDS = 1u << 4,
    RHD_OPT_MAX_MOVES_RETURNED = 1u << 5,
};
#define RHD_OPTS_BUDGET (RHD_OPT_MAX_NODES | RHD_OPT_TIMEOUT_MS)
#define RHD_OPTS_ANALYZE (RHD_OPT_METRIC | RHD_OPTS_BUDGET)
#define RHD_OPTS_SOLVE                                                                             \
    (RHD_OPT_ALGORITHM | RHD_OPTS_ANALYZE | RHD_OPT_INCLUDE_BOARDS | RHD_OPT_MAX_MOVES_RETURNED)

typedef struct {
    rh_search_options search; /* its limits.deadline_us is set by rhd_options_start */
    uint64_t timeout_us;      /* the time allowed, counted from when the work was queued */
    bool include_boards;
    int max_moves_returned; /* 0: the whole solution */
} rhd_options;

/* The server's defaults: BFS, moves, the configured node, memory and time budgets. */
void rhd_options_init(rhd_options *o, const rhd_config *cfg);

/* Applies the JSON object `options` (NULL: nothing to apply) over `o`, taking only the options
 * in `accepted`; adds one diagnostic per problem to `d`, named "<path>.<name>" (`path` names
 * the object: "options", or "puzzles[2].options" in a batch). Applying a second object
 * overrides what the first set (a batch's shared options, then an item's). */
void rhd_options_read(rhd_options *o, rh_diags *d, const cJSON *options, const char *path,
                      unsigned accepted, const rhd_config *cfg);

/* The RHD_OPT_ bit of the option called `name`, or 0. */
unsigned rhd_option_named(const char *name);

/* Applies the one option `item` (named item->string, any option) over `o`, its problems named
 * `field`; for bodies whose options are members of their own (POST /v1/generate). */
void rhd_options_read_one(rhd_options *o, rh_diags *d, const cJSON *item, const char *field,
                          const rhd_config *cfg);

/* Sets the search's deadline, `timeout_us` after `enqueued_us`, and wires the cancel flag; call
 * once, on the worker, before searching. False when the deadline has passed already, while the
 * job waited in the queue: there is then no time for any search. */
bool rhd_options_start(rhd_options *o, uint64_t enqueued_us, const atomic_int *cancel);

#endif
