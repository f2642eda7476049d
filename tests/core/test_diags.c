/* The text parsers' diagnostics (rushhour/diag.h): each parser starts its list afresh, so an
 * rh_diags never initialised (its bytes 0xAB, a count of -1414812757) comes back holding
 * exactly the problems of the input read, and none after a valid one. */
#include <criterion/criterion.h>
#include <string.h>

#include "rushhour/diag.h"
#include "rushhour/error.h"
#include "rushhour/parse.h"

/* Each Criterion test runs in its own process, so these are per-test state. */
static rh_puzzle P;
static rh_diags D;

static void garble(void)
{
    memset(&D, 0xAB, sizeof D);
}

static void expect_only(const char *field, const char *message)
{
    cr_assert_eq(D.count, 1, "count %d", D.count);
    cr_expect_eq(D.dropped, 0, "dropped %d", D.dropped);
    cr_expect_str_eq(D.items[0].field, field);
    cr_expect_str_eq(D.items[0].message, message);
}

#define BAD_BOARD "AAB......"                                    /* 3x3: 'B' has one cell */
#define BAD_GRID "XX....\n.....\n......\n......\n......\n......" /* row 1 is short */
#define JAM1 "BB...CD..E.CDAAE.CD..E..F...GGF.HHH."

Test(diags, text_board_starts_afresh)
{
    static const char board[] = BAD_BOARD "\n";
    garble();
    cr_assert_eq(rh_parse_text_board(&P, &D, board, strlen(board)), RH_EINVALID);
    expect_only("board", "vehicle 'B' has a single cell; a vehicle covers 2 or more");
}

Test(diags, text_board_of_several_rows_starts_afresh)
{
    garble();
    cr_assert_eq(rh_parse_text_board(&P, &D, BAD_GRID, strlen(BAD_GRID)), RH_EINVALID);
    expect_only("grid[1]", "row 1 has 5 characters; a 6-row grid needs 6 in every row");
}

Test(diags, empty_text_starts_afresh)
{
    garble();
    cr_assert_eq(rh_parse_text_board(&P, &D, " \n", 2), RH_EINVALID);
    expect_only("", "the body is empty: send a JSON puzzle, a grid or a board");
}

Test(diags, board_starts_afresh)
{
    garble();
    cr_assert_eq(rh_parse_board(&P, &D, "AAB", 3, "board"), RH_EINVALID);
    expect_only("board", "the board has 3 characters; it must be N*N for N from 3 to 16 (36 for "
                         "6x6)");
}

Test(diags, grid_text_starts_afresh)
{
    garble();
    cr_assert_eq(rh_parse_grid_text(&P, &D, BAD_GRID, strlen(BAD_GRID), NULL, "rows"), RH_EINVALID);
    expect_only("rows[1]", "row 1 has 5 characters; a 6-row grid needs 6 in every row");
}

Test(diags, grid_starts_afresh)
{
    const char *rows[] = {"AA.", ".B.", "..."};
    const size_t lens[] = {3, 3, 3};
    garble();
    cr_assert_eq(rh_parse_grid(&P, &D, rows, lens, 3, "A", "grid"), RH_EINVALID);
    expect_only("grid", "vehicle 'B' has a single cell; a vehicle covers 2 or more");
}

Test(diags, valid_board_leaves_an_empty_list)
{
    garble();
    cr_assert_eq(rh_parse_text_board(&P, &D, JAM1, strlen(JAM1)), RH_OK);
    cr_expect_eq(D.count, 0);
    cr_expect_eq(D.dropped, 0);
    cr_expect_eq(P.vehicle_count, 8);
}

Test(diags, a_second_parse_forgets_the_first)
{
    garble();
    cr_assert_eq(rh_parse_board(&P, &D, "AAB", 3, "board"), RH_EINVALID);
    cr_assert_eq(rh_parse_board(&P, &D, BAD_BOARD, strlen(BAD_BOARD), "board"), RH_EINVALID);
    expect_only("board", "vehicle 'B' has a single cell; a vehicle covers 2 or more");
    cr_assert_eq(rh_parse_board(&P, &D, JAM1, strlen(JAM1), "board"), RH_OK);
    cr_expect_eq(D.count, 0);
}
