/* Ranks of boards among all boards of a size (rushhour/puzzle_rank.h). Boards are built cell by
 * cell in reading order, each free cell taking one id symbol; what may follow depends only on
 * the cells ahead already covered (the next 2n: a vertical truck reaches two rows down),
 * whether the primary is placed, and the walls still to place. The table counts the ways to
 * finish from each such point, so a rank is the sum, cell by cell, of the ways that start
 * with a smaller symbol there, and unranking walks the same sums down. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "id_symbols.h"
#include "rushhour/error.h"
#include "rushhour/puzzle_id.h"
#include "rushhour/puzzle_rank.h"

struct rh_rank_table {
    int n, row, walls;
    size_t masks;   /* 2^(2n): the covered cells ahead */
    uint64_t *ways; /* [cell 0..n*n][primary placed][walls left][mask] */
};

static size_t at(const rh_rank_table *t, int cell, bool primary, int walls, uint64_t mask)
{
    return (((size_t)cell * 2 + primary) * (size_t)(t->walls + 1) + (size_t)walls) * t->masks +
           (size_t)mask;
}

/* The cells ahead that symbol s covers at free cell `cell` (bit 0 the cell itself), or 0 when
 * it does not fit there: off the board, across a covered cell, or a primary out of its row or
 * a second one. Empty cells and walls cover their cell alone. */
static uint64_t covers(const rh_rank_table *t, int cell, bool primary, uint64_t mask, int s)
{
    if (s <= RH__ID_WALL) return 1;
    const bool is_primary = s >= RH__ID_PRIMARY_CAR;
    const bool vertical = s == RH__ID_CAR_V || s == RH__ID_TRUCK_V;
    const int length = s & 1 ? 3 : 2, row = cell / t->n, col = cell % t->n;
    if (is_primary && (primary || row != t->row)) return 0;
    if ((vertical ? row : col) + length > t->n) return 0;
    const int step = vertical ? t->n : 1;
    uint64_t cells = 0;
    for (int j = 0; j < length; j++) cells |= UINT64_C(1) << (j * step);
    return mask & cells ? 0 : cells;
}

/* The ways to finish after placing symbol s at free cell `cell`; 0 when it does not fit. */
static uint64_t ways_after(const rh_rank_table *t, int cell, bool primary, int walls, uint64_t mask,
                           int s)
{
    if (s == RH__ID_WALL && !walls) return 0;
    const uint64_t c = covers(t, cell, primary, mask, s);
    if (!c) return 0;
    return t->ways[at(t, cell + 1, primary || s >= RH__ID_PRIMARY_CAR, walls - (s == RH__ID_WALL),
                      (mask | c) >> 1)];
}

int rh_rank_table_new(rh_rank_table **out, int size, int exit_row, int max_walls)
{
    if (!out) return RH_EARG;
    *out = NULL;
    if (size < RH_RANK_SIZE_MIN || size > RH_RANK_SIZE_MAX || exit_row < 0 || exit_row >= size ||
        max_walls < 0 || max_walls > size * size)
        return RH_EARG;
    rh_rank_table *t = malloc(sizeof *t);
    if (!t) return RH_ENOMEM;
    *t = (rh_rank_table){size, exit_row, max_walls, (size_t)1 << (2 * size), NULL};
    const int cells = size * size;
    t->ways = calloc(at(t, cells + 1, false, 0, 0), sizeof *t->ways);
    if (!t->ways) {
        free(t);
        return RH_ENOMEM;
    }
    for (int w = 0; w <= max_walls; w++) t->ways[at(t, cells, true, w, 0)] = w == 0;
    for (int cell = cells - 1; cell >= 0; cell--)
        for (int p = 0; p < 2; p++)
            for (int w = 0; w <= max_walls; w++)
                for (uint64_t m = 0; m < t->masks; m += 2) {
                    uint64_t sum = 0;
                    bool overflow = false;
                    for (int s = 0; s < RH__ID_SYMBOLS; s++)
                        overflow |=
                            __builtin_add_overflow(sum, ways_after(t, cell, p, w, m, s), &sum);
                    if (overflow) {
                        rh_rank_table_free(t);
                        return RH_EARG;
                    }
                    t->ways[at(t, cell, p, w, m)] = sum;
                    t->ways[at(t, cell, p, w, m | 1)] = t->ways[at(t, cell + 1, p, w, m >> 1)];
                }
    *out = t;
    return RH_OK;
}

void rh_rank_table_free(rh_rank_table *t)
{
    if (!t) return;
    free(t->ways);
    free(t);
}

uint64_t rh_rank_boards(const rh_rank_table *t, int walls)
{
    return t && walls >= 0 && walls <= t->walls ? t->ways[at(t, 0, false, walls, 0)] : 0;
}

int rh_puzzle_rank(const rh_rank_table *t, const char *id, size_t len, uint64_t *rank, int *walls)
{
    char board[RH_PUZZLE_ID_CELLS_MAX + 1];
    if (!t || !rank || rh_puzzle_id_decode(board, id, len) != RH_OK || id[0] - '0' != t->n)
        return RH_EARG;
    const int cells = t->n * t->n;
    int wall_count = 0;
    for (int i = 0; i < cells; i++) wall_count += board[i] == 'x';
    if (wall_count > t->walls || !memchr(board + t->row * t->n, 'A', (size_t)t->n)) return RH_EARG;
    int symbols[RH_PUZZLE_ID_CELLS_MAX + 1];
    const int count = rh__id_unpack(symbols, id, len);
    uint64_t r = 0, mask = 0;
    bool primary = false;
    for (int cell = 0, k = 0, w = wall_count; cell < cells; cell++, mask >>= 1) {
        if (mask & 1) continue;
        const int s = k < count ? symbols[k++] : RH__ID_EMPTY;
        for (int smaller = 0; smaller < s; smaller++)
            r += ways_after(t, cell, primary, w, mask, smaller);
        mask |= covers(t, cell, primary, mask, s);
        primary |= s >= RH__ID_PRIMARY_CAR;
        w -= s == RH__ID_WALL;
    }
    *rank = r;
    if (walls) *walls = wall_count;
    return RH_OK;
}

int rh_puzzle_unrank(const rh_rank_table *t, int walls, uint64_t rank, char *id)
{
    if (!t || !id || rank >= rh_rank_boards(t, walls)) return RH_EARG;
    int symbols[RH_PUZZLE_ID_CELLS_MAX], count = 0;
    uint64_t mask = 0;
    bool primary = false;
    for (int cell = 0; cell < t->n * t->n; cell++, mask >>= 1) {
        if (mask & 1) continue;
        int s = 0;
        for (;; s++) {
            const uint64_t ways = ways_after(t, cell, primary, walls, mask, s);
            if (rank < ways) break;
            rank -= ways;
        }
        symbols[count++] = s;
        mask |= covers(t, cell, primary, mask, s);
        primary |= s >= RH__ID_PRIMARY_CAR;
        walls -= s == RH__ID_WALL;
    }
    rh__id_pack(id, t->n, symbols, count);
    return RH_OK;
}
