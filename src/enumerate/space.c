/* The enumerator's space: the board's geometry, and the walk that generates every
 * configuration whose vehicles are all blocked on their left (horizontal) or top (vertical)
 * side, the only ones that can be a cluster's minimum-key state (sliding a vehicle left or up
 * lowers the key).
 *
 * The walk is cut into tasks by what every state of a cluster shares: the horizontal vehicles
 * of each row in order (by length) and the vehicles of the first two
 * columns: enough that a 6x6 task holds at most 100,748 configurations. (Columns the walk
 * meets early in each row: with the last one fixed instead, it walks 1.25 times as long.) A task
 * fixes those, then walks the cells in row-major order deciding at each free one: empty, the next
 * vehicle its row wants, or a vertical vehicle of a length its column still allows. So a cluster's
 * configurations all come from one task, whose buffer the caller sorts. Walls are not walked: a
 * cluster with walls is a part of a wall-free one (walls.c), found from it in the same task.
 */
#include <assert.h>
#include <string.h>

#include "space.h"
#include "state.h"

void rh__espace_geometry(rh__egeom *g, int n)
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
    for (int k = 0; k < 4; k++) {
        const int step = k < 2 ? 1 : n, length = k & 1 ? 3 : 2;
        /* Forward, the cell past the head; back, the one before the first (not across a row). */
        g->on_cells[k | RH_ES_FORWARD] = k < 2 ? g->not_first : g->board;
        g->on_down[k | RH_ES_FORWARD] = (uint8_t)(length * step);
        g->on_cells[k] = k < 2 ? g->not_last : g->board;
        g->on_up[k] = (uint8_t)step;
        g->label_step[k | RH_ES_FORWARD] = (uint16_t)(step << 3);
        g->label_step[k] = (uint16_t)(0x10000 - (step << 3));
    }
}

static void place(rh__espace *e, int i);

static inline bool taken(const rh__espace *e, int i)
{
    return (e->occ >> i & 1) != 0;
}

/* The lane of cell i a vehicle of kind k lies in, as an index into e->lane[]: rows first. */
static inline int lane_of(const rh__egeom *g, int k, int i)
{
    return k < 2 ? i / g->n : g->n + i % g->n;
}

/* The cells of row r from column c on that nothing covers yet. */
static inline int row_room(const rh__espace *e, int r, int c)
{
    const int n = e->g->n;
    int room = n - c;
    for (uint64_t taken = e->occ >> (r * n + c) & ((UINT64_C(1) << (n - c)) - 1); taken;
         taken &= taken - 1)
        room--;
    return room;
}

/* Whether the rows a vertical vehicle at cell i of `len` cells reaches below i's still have
 * room for all their vehicles. */
static bool rows_below_fit(const rh__espace *e, int i, int len)
{
    const int r = i / e->g->n;
    for (int j = 1; j < len; j++)
        if (e->lane[r + j].left[0] > row_room(e, r + j, 0)) return false;
    return true;
}

/* Places a vehicle of kind k (RH_ES_*) of `len` cells at cell i, walks on, and removes it. */
static void with_vehicle(rh__espace *e, int i, int k, int len)
{
    const rh__egeom *g = e->g;
    const int step = k < 2 ? 1 : g->n;
    rh__elane *lane = &e->lane[lane_of(g, k, i)];
    const bool free_lane = !lane->fixed;
    uint64_t cells = 0;
    for (int j = 0; j < len; j++) cells |= UINT64_C(1) << (i + j * step);
    const uint8_t shape = lane->shape;
    lane->shape = (uint8_t)(shape * 3 + len - 1);
    lane->cells += (uint8_t)len;
    lane->next += !free_lane;
    e->vehicles += free_lane;
    e->s.m[k] |= UINT64_C(1) << i;
    e->occ |= cells;
    if (k < 2 || rows_below_fit(e, i, len)) place(e, i + 1);
    e->occ &= ~cells;
    e->s.m[k] &= ~(UINT64_C(1) << i);
    e->vehicles -= free_lane;
    lane->next -= !free_lane;
    lane->cells -= (uint8_t)len;
    lane->shape = shape;
}

/* The length of the next vehicle a lane wants: 0 for any (a free lane), -1 for none. */
static inline int wanted(const rh__elane *lane)
{
    if (!lane->fixed) return 0;
    return lane->next < lane->count ? lane->item[lane->next] : -1;
}

/* Whether a fixed lane's vehicles still to come fit in its cells from `at` on (of n). */
static inline bool fits(const rh__elane *lane, int at, int n)
{
    return !lane->fixed || lane->left[lane->next] <= n - at;
}

/* The columns' shapes packed a byte each: with the task, a cluster's shape. */
static uint64_t column_shapes(const rh__espace *e)
{
    uint64_t packed = 0;
    for (int c = 0; c < e->g->n; c++) packed |= (uint64_t)e->lane[e->g->n + c].shape << 8 * c;
    return packed;
}

static void place(rh__espace *e, int i)
{
    const rh__egeom *g = e->g;
    assert(g->n >= RH_ENUM_SIZE_MIN && i >= 0 && i <= g->cells); /* rh__espace_geometry made g */
    const int n = g->n, r = i / n, c = i % n;
    rh__elane *row = &e->lane[r], *column = &e->lane[n + c];
    if (i == g->cells) {
        if (e->lane[n - 1].next == e->lane[n - 1].count && e->vehicles >= e->vehicles_min &&
            fits(&e->lane[n], n, n) && fits(&e->lane[n + 1], n, n))
            e->visit(e->ctx, &e->s, column_shapes(e));
        return;
    }
    if (c == 0 && r > 0 && e->lane[r - 1].next < e->lane[r - 1].count) return;
    if (row->left[row->next] > row_room(e, r, c) || !fits(column, r, n)) return;
    if (taken(e, i)) {
        place(e, i + 1);
        return;
    }
    place(e, i + 1); /* left empty */
    const int h = wanted(row);
    /* A horizontal vehicle blocked on its left, of the length its row wants next. */
    if (h >= 2 && c + h <= n && (c == 0 || taken(e, i - 1)) && !taken(e, i + 1) &&
        (h == 2 || !taken(e, i + 2)))
        with_vehicle(e, i, h == 2 ? RH_ES_HCAR : RH_ES_HTRUCK, h);
    if (r == 0 || taken(e, i - n)) {
        /* A vertical blocked on its top. The cells below are free: only a vertical from above
         * could have covered them, and it would cover this one too. */
        const int v = wanted(column), room = n - 1 - column->cells;
        const bool more = column->fixed || e->vehicles_max < 0 || e->vehicles < e->vehicles_max;
        if (more && (v == 0 || v == 2) && r + 1 < n && room >= 2) with_vehicle(e, i, RH_ES_VCAR, 2);
        if (more && (v == 0 || v == 3) && r + 2 < n && room >= 3)
            with_vehicle(e, i, RH_ES_VTRUCK, 3);
    }
}

/* Whether this walker runs the task starting here; claims its next one if so. */
static bool own_task(rh__espace *e)
{
    const uint64_t task = e->task++;
    if (!e->claim || task != e->next) return false;
    e->next = e->claim(e->ctx);
    return true;
}

/* The task the lanes chosen so far make, walked if this walker owns it. */
static void task(rh__espace *e)
{
    if (!own_task(e)) return;
    for (int l = 0; l < 2 * e->g->n; l++) {
        rh__elane *lane = &e->lane[l];
        lane->left[lane->count] = 0;
        for (int j = lane->count - 1; j >= 0; j--)
            lane->left[j] = (uint8_t)(lane->left[j + 1] + lane->item[j]);
    }
    place(e, 0);
}

static void choose(rh__espace *e, int l, int sum);

/* Appends a vehicle of `len` cells to lane l, chooses on, and takes it back. */
static void with_item(rh__espace *e, int l, int sum, int len)
{
    rh__elane *lane = &e->lane[l];
    lane->item[lane->count++] = (uint8_t)len;
    e->vehicles++;
    choose(e, l, sum + len);
    e->vehicles--;
    lane->count--;
}

/* Chooses the vehicles of lane l (rows 0..n-1, then the first two columns at n and n+1)
 * from its `sum` cells on, and of the lanes after it. Every lane holds at most n-1 cells; the
 * primary row holds the primary car and nothing else. */
static void choose(rh__espace *e, int l, int sum)
{
    const rh__egeom *g = e->g;
    const int n = g->n, room = n - 1 - sum;
    const rh__elane *lane = &e->lane[l];
    const bool primary_row = l == g->row;
    const bool ends = !primary_row || (lane->count && lane->item[lane->count - 1] == 2);
    if (ends) {
        if (l == n + 1)
            task(e);
        else
            choose(e, l + 1, 0);
    }
    if (primary_row && ends) return;
    const bool vehicle = e->vehicles_max < 0 || e->vehicles < e->vehicles_max;
    if (vehicle && room >= 2) with_item(e, l, sum, 2);
    if (vehicle && !primary_row && room >= 3) with_item(e, l, sum, 3);
}

uint64_t rh__espace_walk(rh__espace *e)
{
    const int n = e->g->n;
    memset(&e->s, 0, sizeof e->s);
    memset(e->lane, 0, sizeof e->lane);
    for (int l = 0; l < n; l++) e->lane[l].fixed = true;
    e->lane[n].fixed = e->lane[n + 1].fixed = true;
    e->occ = 0;
    e->vehicles = 0;
    e->task = 0;
    e->next = e->claim ? e->claim(e->ctx) : UINT64_MAX;
    choose(e, 0, 0);
    return e->task;
}
