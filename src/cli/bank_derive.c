/* Re-deriving a bank puzzle with the solver library, so that no stated figure is taken on
 * trust: the cluster's record from an analysis of it whole in each metric, and minimality from
 * one optimal search per removed piece. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "bank_derive.h"
#include "rushhour/analyze.h"
#include "rushhour/error.h"
#include "rushhour/parse.h"
#include "rushhour/search.h"

static int parse(rh_puzzle *p, const char *board, char *why, size_t len)
{
    rh_diags d;
    rh_diags_init(&d);
    if (rh_parse_board(p, &d, board, strlen(board), "board") == RH_OK) return 0;
    snprintf(why, len, "board: %s", d.count ? d.items[0].message : "unreadable");
    return CLI_EXIT_INVALID;
}

int cli_derive(rh_cluster *c, const char *board, char *why, size_t len)
{
    rh_puzzle p;
    if (parse(&p, board, why, len)) return CLI_EXIT_INVALID;
    rh_analysis moves, slides;
    if (rh_analyze(&moves, &p, RH_METRIC_MOVES, NULL) != RH_OK) {
        snprintf(why, len, "out of memory");
        return CLI_EXIT_IO;
    }
    if (rh_analyze(&slides, &p, RH_METRIC_SLIDES, NULL) != RH_OK) {
        rh_analysis_free(&moves);
        snprintf(why, len, "out of memory");
        return CLI_EXIT_IO;
    }
    int rc = 0;
    if (moves.status != RH_SOLVED || slides.status != RH_SOLVED || moves.max_distance < 0) {
        snprintf(why, len, "the cluster is unsolvable or could not be analysed whole");
        rc = CLI_EXIT_INVALID;
    } else if (moves.start_distance != moves.max_distance) {
        snprintf(why, len, "the board is %d moves from a goal, but its cluster's hardest state %d",
                 moves.start_distance, moves.max_distance);
        rc = CLI_EXIT_INVALID;
    } else if (moves.max_distance >= RH_ENUM_DEPTH_MAX) {
        snprintf(why, len, "%d moves: longer than a bank holds", moves.max_distance);
        rc = CLI_EXIT_INVALID;
    } else {
        memset(c, 0, sizeof *c);
        c->board_size = p.board_size;
        c->states = moves.states;
        c->goal_states = moves.goal_states;
        c->moves = moves.max_distance;
        c->slides = slides.max_distance;
        c->minimal = true;
        c->vehicles = p.vehicle_count;
        c->walls = p.wall_count;
        snprintf(c->hardest, sizeof c->hardest, "%s", board);
        memcpy(c->hist, moves.histogram, (size_t)(c->moves + 1) * sizeof *c->hist);
    }
    rh_analysis_free(&moves);
    rh_analysis_free(&slides);
    return rc;
}

/* The optimal moves of `p` without its vehicle `v` (or, v < 0, its wall -v - 1); -1 when
 * unsolvable, -2 out of memory. */
static int without(const rh_puzzle *p, int v)
{
    rh_puzzle q = *p;
    if (v >= 0) {
        memmove(&q.vehicles[v], &q.vehicles[v + 1],
                (size_t)(q.vehicle_count - v - 1) * sizeof q.vehicles[0]);
        q.vehicle_count--;
        if (q.target > v) q.target--;
    } else {
        const int w = -v - 1;
        memmove(&q.walls[w], &q.walls[w + 1], (size_t)(q.wall_count - w - 1) * sizeof q.walls[0]);
        q.wall_count--;
    }
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.algorithm = RH_ALGO_ASTAR;
    rh_result r;
    if (rh_solve(&r, &q, &opt) != RH_OK) return -2;
    const int moves = r.status == RH_SOLVED ? r.move_count : r.status == RH_UNSOLVABLE ? -1 : -2;
    rh_result_free(&r);
    return moves;
}

int cli_derive_minimal(const char *board, int moves, char *why, size_t len)
{
    rh_puzzle p;
    if (parse(&p, board, why, len)) return CLI_EXIT_INVALID;
    for (int v = -p.wall_count; v < p.vehicle_count; v++) {
        if (v == p.target) continue;
        const int shorter = without(&p, v);
        if (shorter == -2) {
            snprintf(why, len, "out of memory");
            return CLI_EXIT_IO;
        }
        if (shorter < 0 || shorter >= moves) {
            if (v >= 0)
                snprintf(why, len, "not minimal: without vehicle %s it takes %d moves",
                         p.vehicles[v].id, shorter);
            else
                snprintf(why, len,
                         "not minimal: without the wall at row %d, column %d it takes %d moves",
                         p.walls[-v - 1].row, p.walls[-v - 1].col, shorter);
            return CLI_EXIT_INVALID;
        }
    }
    return 0;
}
