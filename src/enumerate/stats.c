/* A run's statistics of its clusters (rh_enum_stats): what rh_enumerate counts as it reports
 * each cluster, and what a bank keeps of a run made of parts. */
#include <string.h>

#include "rushhour/enumerate.h"

void rh_enum_stats_init(rh_enum_stats *s)
{
    memset(s, 0, sizeof *s);
    s->max_moves = s->max_slides = -1;
}

/* Keeps `board` of a cluster of `length` in *best (of *max) if it is longer, or as long and
 * first in notation order. */
static void keep_hardest(int *max, char *best, int length, const char *board)
{
    if (length > *max || (length == *max && strcmp(board, best) < 0)) {
        *max = length;
        strcpy(best, board);
    }
}

void rh_enum_stats_add(rh_enum_stats *s, const rh_cluster *c)
{
    if (c->moves >= 0) {
        s->solvable++;
        keep_hardest(&s->max_moves, s->hardest_moves, c->moves, c->hardest);
        if (c->slides >= 0)
            keep_hardest(&s->max_slides, s->hardest_slides, c->slides, c->hardest_slides);
        if (c->minimal) {
            s->kept++;
            s->kept_by_moves[c->moves < RH_ENUM_DEPTH_MAX ? c->moves : RH_ENUM_DEPTH_MAX - 1]++;
        }
    }
    s->clusters++;
    if (c->states > s->largest_cluster) s->largest_cluster = c->states;
}
