/* The set-up and tear-down every search shares: budget, layout, start key, visited table. */
#include "rushhour/error.h"
#include "search_internal.h"

const rh_search_options rh_search_defaults = RH_SEARCH_OPTIONS_INIT;

bool rh_search_begin(rh_search *s, const rh_puzzle *p, const rh_search_options *opt, bool with_via,
                     bool with_depth)
{
    rh_budget_init(&s->budget, opt);
    s->table = (rh_table){0};
    const bool laid_out = rh_layout_init(&s->layout, p, &s->budget);
    rh_layout_encode(&s->layout, p, s->start);
    return laid_out && rh_table_init(&s->table, &s->budget, s->layout.kw, s->layout.narrow,
                                     with_via, with_depth) == RH_OK;
}

void rh_search_end(rh_search *s, rh_stats *stats)
{
    const uint64_t stored = s->table.count;
    rh_table_free(&s->table);
    rh_layout_free(&s->layout, &s->budget);
    rh_budget_stats(&s->budget, stats, stored);
}
