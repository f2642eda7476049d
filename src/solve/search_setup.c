/* The set-up and tear-down every search shares: budget, layout, start key, visited table. */
#include "rushhour/error.h"
#include "search_internal.h"

bool rh__search_begin(rh__search *s, const rh_puzzle *p, const rh_limits *limits, bool with_via,
                      bool with_depth)
{
    rh__budget_init(&s->budget, limits);
    s->table = (rh__table){0};
    const bool laid_out = rh__layout_init(&s->layout, p, &s->budget);
    rh__layout_encode(&s->layout, p, s->start);
    return laid_out && rh__table_init(&s->table, &s->budget, s->layout.kw, s->layout.narrow,
                                      with_via, with_depth) == RH_OK;
}

void rh__search_end(rh__search *s, rh_stats *stats)
{
    const uint64_t stored = s->table.count;
    rh__table_free(&s->table);
    rh__layout_free(&s->layout, &s->budget);
    rh__budget_stats(&s->budget, stats, stored);
}
