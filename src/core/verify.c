/* Replaying a player's moves; see rushhour/verify.h. The board's owners are kept in a grid
 * updated move by move, so a list costs its cells walked, not a redrawing per move. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/error.h"
#include "rushhour/verify.h"

#define EMPTY (-1)
#define WALL (-2)

typedef struct {
    short at[RH_BOARD_MAX][RH_BOARD_MAX]; /* a vehicle's index, EMPTY or WALL */
} owners;

static void mark(owners *o, const rh_vehicle *v, short who)
{
    for (int k = 0; k < v->length; k++)
        o->at[v->row + (v->orientation == RH_VERTICAL ? k : 0)]
             [v->col + (v->orientation == RH_HORIZONTAL ? k : 0)] = who;
}

static void fill(owners *o, const rh_puzzle *p)
{
    for (int r = 0; r < RH_BOARD_MAX; r++)
        for (int c = 0; c < RH_BOARD_MAX; c++) o->at[r][c] = EMPTY;
    for (int k = 0; k < p->wall_count; k++) o->at[p->walls[k].row][p->walls[k].col] = WALL;
    for (int i = 0; i < p->vehicle_count; i++) mark(o, &p->vehicles[i], (short)i);
}

/* Checks one move; on success applies it to `p` and `o` and returns RH_VERIFY_LEGAL with its
 * signed delta in *delta, else says why in `out`. The cells are walked from the vehicle's
 * leading edge, so the nearest obstacle is the one named. */
static rh_verify_reason step(rh_verify_result *out, rh_puzzle *p, owners *o, rh_verify_move m,
                             int *delta)
{
    if (m.vehicle < 0 || m.vehicle >= p->vehicle_count) return RH_VERIFY_UNKNOWN_VEHICLE;
    rh_vehicle *v = &p->vehicles[m.vehicle];
    const bool h = v->orientation == RH_HORIZONTAL;
    if (h != (m.direction == RH_LEFT || m.direction == RH_RIGHT)) return RH_VERIFY_WRONG_AXIS;
    const int sign = m.direction == RH_LEFT || m.direction == RH_UP ? -1 : 1;
    const int lead = (h ? v->col : v->row) + (sign > 0 ? v->length - 1 : 0);
    for (int k = 1; k <= m.distance; k++) {
        const int along = lead + sign * k;
        const rh_cell c = {h ? v->row : along, h ? along : v->col};
        out->cell = c;
        out->has_cell = true;
        if (along < 0 || along >= p->board_size) return RH_VERIFY_OFF_BOARD;
        const short who = o->at[c.row][c.col];
        if (who == WALL) {
            out->wall = true;
            return RH_VERIFY_BLOCKED;
        }
        if (who != EMPTY) {
            out->blocker = who;
            return RH_VERIFY_BLOCKED;
        }
    }
    out->has_cell = false;
    mark(o, v, EMPTY);
    *delta = sign * m.distance;
    if (h)
        v->col += *delta;
    else
        v->row += *delta;
    mark(o, v, (short)m.vehicle);
    return RH_VERIFY_LEGAL;
}

int rh_verify(rh_verify_result *out, rh_puzzle *p, const rh_verify_move *moves, size_t n,
              rh_move *merged)
{
    if (!out || !p || (n && (!moves || !merged)) || n > INT_MAX) return RH_EARG;
    for (size_t i = 0; i < n; i++)
        if (moves[i].distance < 1 || moves[i].direction < RH_UP || moves[i].direction > RH_RIGHT)
            return RH_EARG;
    *out = (rh_verify_result){.legal = true, .first_illegal = -1, .blocker = -1};
    owners o;
    fill(&o, p);
    int count = 0; /* `merged` is a stack of runs, as the solver merges its path */
    for (size_t i = 0; i < n; i++) {
        int delta = 0;
        const rh_verify_reason why = step(out, p, &o, moves[i], &delta);
        if (why != RH_VERIFY_LEGAL) {
            out->legal = false;
            out->first_illegal = (long)i;
            out->reason = why;
            break;
        }
        out->slide_count += abs(delta);
        if (count && merged[count - 1].vehicle == moves[i].vehicle) {
            merged[count - 1].delta += delta;
            if (merged[count - 1].delta == 0) count--;
        } else {
            merged[count++] = (rh_move){moves[i].vehicle, delta};
        }
    }
    out->move_count = count;
    out->solved = rh_puzzle_is_solved(p);
    return RH_OK;
}

const char *rh_verify_reason_name(rh_verify_reason reason)
{
    switch (reason) {
    case RH_VERIFY_BLOCKED: return "blocked";
    case RH_VERIFY_OFF_BOARD: return "off-board";
    case RH_VERIFY_UNKNOWN_VEHICLE: return "unknown-vehicle";
    case RH_VERIFY_WRONG_AXIS: return "wrong-axis";
    default: return NULL;
    }
}

int rh_direction_parse(rh_direction *out, const char *name)
{
    static const char *const names[] = {"up", "down", "left", "right"};
    for (int d = RH_UP; name && d <= RH_RIGHT; d++)
        if (strcmp(name, names[d]) == 0) {
            *out = (rh_direction)d;
            return RH_OK;
        }
    return RH_EARG;
}
