/* The library from C, as an installed package (pkg-config rushhour): reads a text board (a
 * grid, or one line in the database notation) on stdin, prints the optimal solution.
 *
 *   cc solve.c $(pkg-config --cflags --libs rushhour) -o solve && ./solve < jam01.txt */
#include <stdio.h>

#include <rushhour/rushhour.h>

int main(void)
{
    char text[4096];
    const size_t len = fread(text, 1, sizeof text, stdin);
    rh_puzzle p;
    rh_diags d; /* rh_parse_text_board starts it afresh */
    if (rh_parse_text_board(&p, &d, text, len) != RH_OK) {
        for (int i = 0; i < d.count; i++)
            fprintf(stderr, "%s: %s\n", d.items[i].field, d.items[i].message);
        return 1;
    }
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    rh_result r;
    if (rh_solve(&r, &p, &opt) != RH_OK) return 1;
    printf("rushhour %s: %s in %d moves:", RH_VERSION, rh_status_name(r.status), r.move_count);
    for (int i = 0; i < r.move_count; i++) {
        char move[RH_MOVE_NOTATION_MAX];
        rh_move_notation(move, &p, r.moves[i]);
        printf(" %s", move);
    }
    printf("\n");
    const int solved = r.status == RH_SOLVED;
    rh_result_free(&r);
    return solved ? 0 : 2;
}
