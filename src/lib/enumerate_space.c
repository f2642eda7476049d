/* The enumerator's space: the board's geometry, and the walk that generates every
 * configuration whose vehicles are all blocked on their left (horizontal) or top (vertical)
 * side, the only ones that can be a cluster's minimum-key state (sliding a vehicle left or up
 * lowers the key). */
#include <assert.h>
#include <string.h>

#include "enumerate_internal.h"

void rh__egeom_init(rh__egeom *g, int n)
{
    assert(n >= RH_ENUM_SIZE_MIN && n <= RH_ENUM_SIZE_MAX); /* rh_enumerate checked it */
    memset(g, 0, sizeof *g);
    g->n = n;
    g->row = (n - 1) / 2;
    g->cells = n * n;
    g->board = g->cells == 64 ? UINT64_MAX : (UINT64_C(1) << g->cells) - 1;
    uint64_t first = 0;
    for (int r = 0; r < n; r++) first |= UINT64_C(1) << (r * n);
    g->row0 = (UINT64_C(1) << n) - 1;
    g->column0 = first;
    g->not_first = g->board & ~first;
    g->not_last = g->board & ~(first << (n - 1));
    g->goal = UINT64_C(1) << (g->row * n + n - 2);
    g->primary_row = ((UINT64_C(1) << n) - 1) << (g->row * n);
}

static void place(rh__espace *e, int i);

static inline bool taken(const rh__espace *e, int i)
{
    return (e->occ >> i & 1) != 0;
}

/* Places a vehicle of kind k (RH_ES_*) of `len` cells at cell i, walks on, and removes it. */
static void with_vehicle(rh__espace *e, int i, int k, int len)
{
    const rh__egeom *g = e->g;
    const int step = k < 2 ? 1 : g->n, r = i / g->n, c = i % g->n;
    uint64_t cells = 0;
    for (int j = 0; j < len; j++) cells |= UINT64_C(1) << (i + j * step);
    const bool primary = r == g->row && k == RH_ES_HCAR;
    e->s.m[k] |= UINT64_C(1) << i;
    e->occ |= cells;
    e->vehicles++;
    e->primary |= primary;
    if (k < 2)
        e->row_cells[r] += (uint8_t)len;
    else
        e->column_cells[c] += (uint8_t)len;
    place(e, i + 1);
    if (k < 2)
        e->row_cells[r] -= (uint8_t)len;
    else
        e->column_cells[c] -= (uint8_t)len;
    e->primary &= !primary;
    e->vehicles--;
    e->occ &= ~cells;
    e->s.m[k] &= ~(UINT64_C(1) << i);
}

/* Whether this walker runs the task starting here; claims its next one if so. */
static bool own_task(rh__espace *e)
{
    const uint64_t task = e->task++;
    if (!e->claim || task != e->next) return false;
    e->next = e->claim(e->ctx);
    return true;
}

static void place(rh__espace *e, int i)
{
    const rh__egeom *g = e->g;
    const int n = g->n, r = i / n, c = i % n;
    if (i == e->split && !own_task(e)) return;
    if (i == g->cells) {
        if (e->vehicles >= e->vehicles_min && e->wall_count >= e->walls_min)
            e->visit(e->ctx, &e->s, e->walls);
        return;
    }
    /* The primary needs two cells of its row. */
    if (r == g->row && c == n - 1 && !e->primary) return;
    if (taken(e, i)) {
        place(e, i + 1);
        return;
    }
    place(e, i + 1); /* left empty */
    const int row_room = n - 1 - e->row_cells[r], column_room = n - 1 - e->column_cells[c];
    const bool primary_row = r == g->row;
    if (e->wall_count < e->walls_max && row_room >= 1 && !(primary_row && e->primary)) {
        e->walls |= UINT64_C(1) << i;
        e->occ |= UINT64_C(1) << i;
        e->wall_count++;
        e->row_cells[r]++;
        place(e, i + 1);
        e->row_cells[r]--;
        e->wall_count--;
        e->occ &= ~(UINT64_C(1) << i);
        e->walls &= ~(UINT64_C(1) << i);
    }
    if (e->vehicles_max >= 0 && e->vehicles >= e->vehicles_max) return;
    if (c == 0 || taken(e, i - 1)) {
        /* Horizontal: in the primary row only the primary itself. */
        if (c + 1 < n && !taken(e, i + 1) && row_room >= 2 && !(primary_row && e->primary))
            with_vehicle(e, i, RH_ES_HCAR, 2);
        if (!primary_row && c + 2 < n && !taken(e, i + 1) && !taken(e, i + 2) && row_room >= 3)
            with_vehicle(e, i, RH_ES_HTRUCK, 3);
    }
    if (r == 0 || taken(e, i - n)) {
        /* The cells below are free: only a vertical from above could have covered them, and
         * it would cover this one too. */
        if (r + 1 < n && column_room >= 2) with_vehicle(e, i, RH_ES_VCAR, 2);
        if (r + 2 < n && column_room >= 3) with_vehicle(e, i, RH_ES_VTRUCK, 3);
    }
}

uint64_t rh__espace_walk(rh__espace *e)
{
    memset(&e->s, 0, sizeof e->s);
    e->occ = e->walls = 0;
    e->vehicles = e->wall_count = 0;
    e->primary = false;
    memset(e->row_cells, 0, sizeof e->row_cells);
    memset(e->column_cells, 0, sizeof e->column_cells);
    e->task = 0;
    e->next = e->claim ? e->claim(e->ctx) : UINT64_MAX;
    place(e, 0);
    return e->task;
}
