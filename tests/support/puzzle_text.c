/* Puzzles written as text in the tests; see puzzle_text.h. */
#include "puzzle_text.h"

#include <criterion/criterion.h>
#include <string.h>

rh_puzzle grid_puzzle(const char *rows)
{
    rh_puzzle p;
    rh_diags d;
    rh_diags_init(&d);
    cr_assert_eq(rh_parse_grid_text(&p, &d, rows, strlen(rows), NULL, "grid"), RH_OK, "%s", rows);
    return p;
}

rh_puzzle board_puzzle(const char *board)
{
    rh_puzzle p;
    rh_diags d;
    rh_diags_init(&d);
    cr_assert_eq(rh_parse_board(&p, &d, board, strlen(board), "board"), RH_OK, "%s", board);
    return p;
}
