/* The rules of a valid puzzle, and small operations on puzzles: find, render, apply. */
#include <stdio.h>
#include <string.h>

#include "rushhour/error.h"
#include "rushhour/puzzle.h"

/* The field a vehicle's problem is reported on: its JSON path or the text form's name. */
static const char *vfield(char *buf, size_t n, const char *form, const int *source_index, int i,
                          const char *member)
{
    if (form) return form;
    i = source_index ? source_index[i] : i;
    if (member)
        snprintf(buf, n, "vehicles[%d].%s", i, member);
    else
        snprintf(buf, n, "vehicles[%d]", i);
    return buf;
}

static const char *wfield(char *buf, size_t n, const char *form, const int *wsrc, int k)
{
    if (form) return form;
    snprintf(buf, n, "walls[%d]", wsrc ? wsrc[k] : k);
    return buf;
}

bool rh_id_char(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static bool id_is_valid(const char *id)
{
    if (!id[0]) return false;
    for (const char *c = id; *c; c++)
        if (!rh_id_char((unsigned char)*c)) return false;
    return true;
}

/* Range checks of one vehicle; true when its cells are all on the board. */
static bool check_vehicle(rh_diags *d, const rh_puzzle *p, int i, const char *form, const int *src)
{
    const rh_vehicle *v = &p->vehicles[i];
    const int n = p->board_size;
    char f[RH_DIAG_FIELD_MAX];
    bool ok = true;
    if (!id_is_valid(v->id)) {
        rh_diags_add(d, vfield(f, sizeof f, form, src, i, "id"),
                     "id must be 1 to %d letters or digits", RH_ID_MAX);
    }
    if (v->length < 2 || v->length > n - 1) {
        rh_diags_add(d, vfield(f, sizeof f, form, src, i, "length"),
                     "vehicle %s has length %d; lengths run from 2 to %d on a %dx%d board", v->id,
                     v->length, n - 1, n, n);
        ok = false;
    }
    if (v->row < 0 || v->row >= n) {
        rh_diags_add(d, vfield(f, sizeof f, form, src, i, "row"),
                     "vehicle %s: row %d is off the board (rows 0 to %d)", v->id, v->row, n - 1);
        ok = false;
    }
    if (v->col < 0 || v->col >= n) {
        rh_diags_add(d, vfield(f, sizeof f, form, src, i, "col"),
                     "vehicle %s: col %d is off the board (columns 0 to %d)", v->id, v->col, n - 1);
        ok = false;
    }
    if (!ok) return false;
    int end = (v->orientation == RH_HORIZONTAL ? v->col : v->row) + v->length - 1;
    if (end >= n) {
        rh_diags_add(d, vfield(f, sizeof f, form, src, i, NULL),
                     "vehicle %s runs off the board: its %s reach %d, the last is %d", v->id,
                     v->orientation == RH_HORIZONTAL ? "columns" : "rows", end, n - 1);
        return false;
    }
    return true;
}

static void check_target(rh_diags *d, const rh_puzzle *p, const char *target_id)
{
    if (p->target == RH_TARGET_UNCHECKED) return;
    if (p->target < 0 || p->target >= p->vehicle_count) {
        rh_diags_add(d, "target", "no vehicle has the target id '%s'", target_id ? target_id : "X");
        return;
    }
    const rh_vehicle *t = &p->vehicles[p->target];
    if (t->orientation != RH_HORIZONTAL)
        rh_diags_add(d, "target", "the target %s must be horizontal to drive out of the exit",
                     t->id);
    else if (t->row != p->exit_row)
        rh_diags_add(d, "exit_row", "the target %s is on row %d, not on the exit row %d", t->id,
                     t->row, p->exit_row);
}

int rh_puzzle_check(rh_diags *d, const rh_puzzle *p, const char *form, const char *target_id)
{
    return rh_puzzle_check_indexed(d, p, form, target_id, NULL, NULL);
}

int rh_puzzle_check_indexed(rh_diags *d, const rh_puzzle *p, const char *form,
                            const char *target_id, const int *src, const int *wsrc)
{
    const int before = d->count + d->dropped;
    const int n = p->board_size;
    char f[RH_DIAG_FIELD_MAX];
    if (n < RH_BOARD_MIN || n > RH_BOARD_MAX) {
        rh_diags_add(d, "board_size", "board_size %d is out of range (%d to %d)", n, RH_BOARD_MIN,
                     RH_BOARD_MAX);
        return RH_EINVALID; /* every other rule is relative to the size */
    }
    if (p->exit_row < 0 || p->exit_row >= n)
        rh_diags_add(d, "exit_row", "exit_row %d is off the board (rows 0 to %d)", p->exit_row,
                     n - 1);
    if (p->vehicle_count > RH_VEHICLES_MAX) {
        rh_diags_add(d, "vehicles", "too many vehicles: %d, at most %d", p->vehicle_count,
                     RH_VEHICLES_MAX);
        return RH_EINVALID;
    }

    /* Owner of each cell: -1 empty, -2 - k wall k, else a vehicle index. */
    int owner[RH_BOARD_MAX][RH_BOARD_MAX];
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) owner[r][c] = -1;
    for (int k = 0; k < p->wall_count; k++) {
        rh_cell w = p->walls[k];
        if (w.row < 0 || w.row >= n || w.col < 0 || w.col >= n) {
            rh_diags_add(d, wfield(f, sizeof f, form, wsrc, k), "wall (%d, %d) is off the board",
                         w.row, w.col);
        } else if (owner[w.row][w.col] != -1) {
            rh_diags_add(d, wfield(f, sizeof f, form, wsrc, k), "wall (%d, %d) is listed twice",
                         w.row, w.col);
        } else {
            owner[w.row][w.col] = -2 - k;
        }
    }
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        for (int j = 0; j < i; j++) {
            if (strcmp(p->vehicles[j].id, v->id) == 0 && v->id[0]) {
                rh_diags_add(d, vfield(f, sizeof f, form, src, i, "id"),
                             "duplicate id '%s' (also vehicles[%d])", v->id, src ? src[j] : j);
                break;
            }
        }
        if (!check_vehicle(d, p, i, form, src)) continue;
        int last_other = -1; /* report each overlapping pair once, at its first shared cell */
        for (int k = 0; k < v->length; k++) {
            int r = v->row + (v->orientation == RH_VERTICAL ? k : 0);
            int c = v->col + (v->orientation == RH_HORIZONTAL ? k : 0);
            int o = owner[r][c];
            if (o == -1) {
                owner[r][c] = i;
            } else if (o != last_other) {
                last_other = o;
                if (o <= -2)
                    rh_diags_add(d, vfield(f, sizeof f, form, src, i, NULL),
                                 "vehicle %s covers walls[%d] at (row %d, col %d)", v->id,
                                 wsrc ? wsrc[-2 - o] : -2 - o, r, c);
                else
                    rh_diags_add(
                        d, vfield(f, sizeof f, form, src, i, NULL),
                        "vehicle %s overlaps vehicle %s (vehicles[%d]) at (row %d, col %d)", v->id,
                        p->vehicles[o].id, src ? src[o] : o, r, c);
            }
        }
    }
    check_target(d, p, target_id);
    return d->count + d->dropped == before ? RH_OK : RH_EINVALID;
}

bool rh_puzzle_is_solved(const rh_puzzle *p)
{
    const rh_vehicle *t = &p->vehicles[p->target];
    return t->col + t->length == p->board_size;
}

int rh_puzzle_find(const rh_puzzle *p, const char *id)
{
    for (int i = 0; i < p->vehicle_count; i++)
        if (strcmp(p->vehicles[i].id, id) == 0) return i;
    return -1;
}

void rh_puzzle_render(char *out, const rh_puzzle *p)
{
    const int n = p->board_size, stride = n + 1;
    for (int r = 0; r < n; r++) {
        memset(out + r * stride, '.', (size_t)n);
        out[r * stride + n] = '\0';
    }
    for (int k = 0; k < p->wall_count; k++) out[p->walls[k].row * stride + p->walls[k].col] = '#';
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        for (int k = 0; k < v->length; k++) {
            int r = v->row + (v->orientation == RH_VERTICAL ? k : 0);
            int c = v->col + (v->orientation == RH_HORIZONTAL ? k : 0);
            out[r * stride + c] = v->id[0];
        }
    }
}

int rh_puzzle_apply(rh_puzzle *p, rh_move m)
{
    if (m.vehicle < 0 || m.vehicle >= p->vehicle_count || m.delta == 0) return RH_EARG;
    char board[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
    rh_puzzle_render(board, p);
    const int stride = p->board_size + 1;
    rh_vehicle *v = &p->vehicles[m.vehicle];
    const bool h = v->orientation == RH_HORIZONTAL;
    const int from = h ? v->col : v->row;
    const int to = from + m.delta;
    if (to < 0 || to + v->length > p->board_size) return RH_EARG;
    /* Every cell swept between the old and new position must be empty or the vehicle's own. */
    const int lo = m.delta > 0 ? from + v->length : to;
    const int hi = m.delta > 0 ? to + v->length - 1 : from - 1;
    for (int k = lo; k <= hi; k++) {
        if (board[h ? v->row * stride + k : k * stride + v->col] != '.') return RH_EARG;
    }
    if (h)
        v->col = to;
    else
        v->row = to;
    return RH_OK;
}
