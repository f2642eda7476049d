/* The tests' independent replay of a solution on a plain grid of owners. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

#define EMPTY (-1)
#define WALL (-2)

int rh_replay(const rh_puzzle *p, const rh_move *moves, const char *const *dirs, int count,
              char *why, size_t why_len)
{
    const int n = p->board_size;
    int grid[RH_BOARD_MAX][RH_BOARD_MAX];
    int row[RH_VEHICLES_MAX], col[RH_VEHICLES_MAX];
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) grid[r][c] = EMPTY;
    for (int k = 0; k < p->wall_count; k++) grid[p->walls[k].row][p->walls[k].col] = WALL;
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        row[i] = v->row;
        col[i] = v->col;
        for (int k = 0; k < v->length; k++) {
            int r = v->row + (v->orientation == RH_VERTICAL) * k;
            int c = v->col + (v->orientation == RH_HORIZONTAL) * k;
            if (grid[r][c] != EMPTY) {
                snprintf(why, why_len, "start: cell (%d,%d) taken twice", r, c);
                return -1;
            }
            grid[r][c] = i;
        }
    }
    for (int m = 0; m < count; m++) {
        const int i = moves[m].vehicle, d = moves[m].delta;
        if (i < 0 || i >= p->vehicle_count || d == 0) {
            snprintf(why, why_len, "move %d: no such vehicle or zero distance", m);
            return -1;
        }
        const rh_vehicle *v = &p->vehicles[i];
        const int h = v->orientation == RH_HORIZONTAL;
        if (dirs) {
            const char *want = h ? (d > 0 ? "right" : "left") : (d > 0 ? "down" : "up");
            if (strcmp(dirs[m], want) != 0) {
                snprintf(why, why_len, "move %d: direction %s, expected %s", m, dirs[m], want);
                return -1;
            }
        }
        const int step = d > 0 ? 1 : -1;
        for (int s = 0; s < abs(d); s++) {
            /* The cell the vehicle enters and the one it leaves. */
            const int head = step > 0 ? v->length : -1, tail = step > 0 ? 0 : v->length - 1;
            const int er = row[i] + (!h) * head, ec = col[i] + h * head;
            if (er < 0 || ec < 0 || er >= n || ec >= n || grid[er][ec] != EMPTY) {
                snprintf(why, why_len, "move %d (%s by %d): blocked or off the board at (%d,%d)", m,
                         v->id, d, er, ec);
                return -1;
            }
            grid[er][ec] = i;
            grid[row[i] + (!h) * tail][col[i] + h * tail] = EMPTY;
            row[i] += (!h) * step;
            col[i] += h * step;
        }
    }
    const int t = p->target;
    if (row[t] != p->exit_row || col[t] + p->vehicles[t].length != n) {
        snprintf(why, why_len, "the target ends at (%d,%d), not at the exit", row[t], col[t]);
        return -1;
    }
    return 0;
}
