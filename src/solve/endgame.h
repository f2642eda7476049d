/* The last two moves, recognised exactly: a position is one move from a goal when the
 * target's way out is clear, and two moves away when exactly one vehicle blocks it and that
 * vehicle can leave the exit row in one move. The move-metric BFS uses this on every new
 * state to stop up to two levels before it would reach a goal by expansion. */
#ifndef RH_ENDGAME_H
#define RH_ENDGAME_H

#include "layout.h"

typedef struct {
    int count;      /* moves to the goal: 1 or 2 */
    int vehicle[2]; /* in order: the blocker's move (when 2), then the target's drive out */
    int delta[2];
} rh__endgame;

/* Lane `line` of the position `o` with vehicle `moved` at offset `to` instead of its own
 * (moved < 0: `o` as it is), past-the-edge cells set. */
static inline uint32_t rh__endgame_line(const rh__layout *L, const rh__occupancy *o, bool column,
                                        int line, int moved, int to)
{
    const int bit = line * L->lane, w = (column ? L->ow : 0) + (bit >> 6);
    uint64_t word = o->board[w];
    if (moved >= 0)
        word ^= rh__vehicle_cells(L, moved, o->pos[moved], false)[w] ^
                rh__vehicle_cells(L, moved, to, false)[w];
    return ((uint32_t)(word >> (bit & 63)) & ((1u << L->lane) - 1)) | L->beyond;
}

/* The moves from that position to a goal when there are at most two; returns their count,
 * 0 for a goal, or 3 for "more than two". */
static inline int rh__endgame_find(const rh__layout *L, const rh__occupancy *o, int moved, int to,
                                   rh__endgame *out)
{
    const int target = L->target, er = L->exit_row, n = L->n;
    const rh__vslot *t = &L->v[target];
    const int tpos = target == moved ? to : o->pos[target];
    if (tpos == t->maxpos) return 0;
    const uint32_t exit = rh__endgame_line(L, o, false, er, moved, to);
    const uint32_t ahead = exit & ((1u << n) - 1) & ~((2u << (tpos + t->length - 1)) - 1);
    const int drive = t->maxpos - tpos;
    if (!ahead) {
        *out = (rh__endgame){1, {target, 0}, {drive, 0}};
        return 1;
    }
    if (ahead & (ahead - 1)) return 3;
    const int col = __builtin_ctz(ahead);
    for (int k = 0; k < L->column_count[col]; k++) {
        const int b = L->column_vehicles[col][k];
        const int p = b == moved ? to : o->pos[b], len = L->v[b].length;
        if (!rh__layout_covers(L, b, p, er)) continue;
        /* Free cells above and below it in its column decide whether one move clears. */
        const uint32_t column = rh__endgame_line(L, o, true, col, moved, to);
        const uint32_t up = er - len >= 0 ? ((1u << p) - 1) & ~((1u << (er - len)) - 1) : 0;
        const uint32_t down =
            er + len < n ? ((2u << (er + len)) - 1) & ~((1u << (p + len)) - 1) : 0;
        int delta = 0;
        if (er - len >= 0 && !(column & up))
            delta = er - len - p;
        else if (er + len < n && !(column & down))
            delta = er + 1 - p;
        if (!delta) return 3;
        *out = (rh__endgame){2, {b, target}, {delta, drive}};
        return 2;
    }
    return 3; /* a wall, or a car on the exit row */
}

#endif
