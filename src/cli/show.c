/* The CLI's --show: boards drawn step by step, the exit marked with '>'. */
#include "show.h"

static void print_board(FILE *out, const rh_puzzle *p)
{
    char board[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
    rh_puzzle_render(board, p);
    for (int r = 0; r < p->board_size; r++)
        fprintf(out, "  %s%s\n", board + r * (p->board_size + 1), r == p->exit_row ? " >" : "");
}

void cli_show_solution(FILE *out, const rh_puzzle *p, const rh_result *r)
{
    rh_puzzle cur = *p;
    fprintf(out, "start (%s, %s):\n", rh_algorithm_name(r->algorithm), rh_metric_name(r->metric));
    print_board(out, &cur);
    if (r->status != RH_SOLVED) {
        fprintf(out, "%s%s%s\n", rh_status_name(r->status),
                r->status == RH_LIMIT_REACHED ? ": " : "",
                r->status == RH_LIMIT_REACHED ? rh_limit_name(r->limit) : "");
        return;
    }
    for (int k = 0; k < r->move_count; k++) {
        char note[RH_MOVE_NOTATION_MAX];
        rh_move_notation(note, p, r->moves[k]);
        rh_puzzle_apply(&cur, r->moves[k]);
        fprintf(out, "\nmove %d/%d: %s (%s %s %d)\n", k + 1, r->move_count, note,
                p->vehicles[r->moves[k].vehicle].id, rh_move_direction(p, r->moves[k]),
                r->moves[k].delta < 0 ? -r->moves[k].delta : r->moves[k].delta);
        print_board(out, &cur);
    }
    fprintf(out, "\n%s in %d moves, %d slides%s\n", rh_status_name(r->status), r->move_count,
            r->slide_count, r->optimal ? " (optimal)" : "");
}
