/* rh_verify: a player's moves replayed, each reason a move is illegal (and what stands in the
 * way), the merging of a vehicle's runs into one move, moves after the goal, the empty list,
 * and the solver's own optimal solution of Jam 1 checked as a player's; then the JSON of a
 * request's moves (rh_parse_verify_moves) and of the verdict (rh_report_verify). */
#include <criterion/criterion.h>
#include <string.h>

#include "puzzle_text.h"
#include "rushhour/json.h"
#include "rushhour/rushhour.h"

/* Jam 1: 8 moves, the red car x on row 2. */
static const char jam01[] = "bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.";

static rh_verify_move mv(const rh_puzzle *p, const char *id, rh_direction dir, int distance)
{
    return (rh_verify_move){rh_puzzle_find(p, id), dir, distance};
}

typedef struct {
    rh_verify_result res;
    rh_puzzle end;
    rh_move merged[16];
} run;

static run verify(const rh_puzzle *p, const rh_verify_move *moves, size_t n)
{
    run r = {.end = *p};
    cr_assert_eq(rh_verify(&r.res, &r.end, moves, n, r.merged), RH_OK);
    return r;
}

/* `r` stopped at move `first`, illegal for `reason`, which is named `name`. */
static void assert_illegal(const run *r, int first, rh_verify_reason reason, const char *name)
{
    cr_assert_not(r->res.legal);
    cr_assert_eq(r->res.first_illegal, first);
    cr_assert_eq(r->res.reason, reason);
    cr_assert_str_eq(rh_verify_reason_name(r->res.reason), name);
}

/* `r` is legal and ends solved, in `moves` moves. */
static void assert_solved_in(const run *r, int moves)
{
    cr_assert(r->res.legal);
    cr_assert(r->res.solved);
    cr_assert_eq(r->res.move_count, moves);
}

Test(verify, empty_list_is_legal_and_changes_nothing)
{
    const rh_puzzle p = grid_puzzle(jam01);
    rh_verify_result res;
    rh_puzzle end = p;
    cr_assert_eq(rh_verify(&res, &end, NULL, 0, NULL), RH_OK);
    cr_assert(res.legal);
    cr_assert_eq(res.first_illegal, -1);
    cr_assert_eq(res.move_count, 0);
    cr_assert_eq(res.slide_count, 0);
    cr_assert_not(res.solved);
    cr_assert_eq(memcmp(&end, &p, sizeof p), 0);
}

Test(verify, blocked_by_a_vehicle_names_it_and_its_cell)
{
    const rh_puzzle p = grid_puzzle(jam01);
    const rh_verify_move moves[] = {mv(&p, "b", RH_RIGHT, 1), mv(&p, "x", RH_RIGHT, 1),
                                    mv(&p, "b", RH_RIGHT, 1)};
    run r = verify(&p, moves, 3);
    assert_illegal(&r, 1, RH_VERIFY_BLOCKED, "blocked");
    cr_assert_eq(r.res.blocker, rh_puzzle_find(&p, "c"));
    cr_assert_not(r.res.wall);
    cr_assert(r.res.has_cell);
    cr_assert_eq(r.res.cell.row, 2);
    cr_assert_eq(r.res.cell.col, 3);
    /* The legal prefix only: b moved once, nothing after the illegal move. */
    cr_assert_eq(r.res.move_count, 1);
    cr_assert_eq(r.res.slide_count, 1);
    cr_assert_eq(r.end.vehicles[rh_puzzle_find(&p, "b")].col, 1);
}

Test(verify, blocked_by_a_wall_names_the_wall)
{
    const rh_puzzle p = grid_puzzle("....../....../xx.#../....../....../......");
    const rh_verify_move moves[] = {mv(&p, "x", RH_RIGHT, 3)};
    run r = verify(&p, moves, 1);
    assert_illegal(&r, 0, RH_VERIFY_BLOCKED, "blocked");
    cr_assert(r.res.wall);
    cr_assert_eq(r.res.blocker, -1);
    cr_assert_eq(r.res.cell.row, 2);
    cr_assert_eq(r.res.cell.col, 3);
    cr_assert_eq(r.end.vehicles[r.end.target].col, 0, "an illegal move leaves the car");
}

Test(verify, off_board_names_the_first_cell_past_the_edge)
{
    const rh_puzzle p = grid_puzzle(jam01);
    const rh_verify_move moves[] = {mv(&p, "b", RH_LEFT, 2)};
    run r = verify(&p, moves, 1);
    assert_illegal(&r, 0, RH_VERIFY_OFF_BOARD, "off-board");
    cr_assert(r.res.has_cell);
    cr_assert_eq(r.res.cell.row, 0);
    cr_assert_eq(r.res.cell.col, -1);
}

Test(verify, the_nearest_obstacle_wins_over_the_edge)
{
    const rh_puzzle p = grid_puzzle(jam01);
    const rh_verify_move moves[] = {mv(&p, "g", RH_DOWN, 5)}; /* f at (4,5) comes first */
    run r = verify(&p, moves, 1);
    assert_illegal(&r, 0, RH_VERIFY_BLOCKED, "blocked");
    cr_assert_eq(r.res.blocker, rh_puzzle_find(&p, "f"));
    cr_assert_eq(r.res.cell.row, 4);
}

Test(verify, unknown_vehicle)
{
    const rh_puzzle p = grid_puzzle(jam01);
    const rh_verify_move moves[] = {mv(&p, "c", RH_UP, 1), mv(&p, "z", RH_UP, 1)};
    cr_assert_eq(moves[1].vehicle, -1);
    run r = verify(&p, moves, 2);
    assert_illegal(&r, 1, RH_VERIFY_UNKNOWN_VEHICLE, "unknown-vehicle");
    cr_assert_not(r.res.has_cell);
}

Test(verify, wrong_axis)
{
    const rh_puzzle p = grid_puzzle(jam01);
    const rh_verify_move moves[] = {mv(&p, "x", RH_UP, 1)};
    run r = verify(&p, moves, 1);
    assert_illegal(&r, 0, RH_VERIFY_WRONG_AXIS, "wrong-axis");
    cr_assert_null(rh_verify_reason_name(RH_VERIFY_LEGAL));
}

Test(verify, a_run_of_one_vehicle_counts_once_and_a_run_undone_not_at_all)
{
    const rh_puzzle p = grid_puzzle(jam01);
    /* b R1, c U1, c D1 (c back: its run is gone), b R1 (joins b's first run): one move, b R2. */
    const rh_verify_move moves[] = {mv(&p, "b", RH_RIGHT, 1), mv(&p, "c", RH_UP, 1),
                                    mv(&p, "c", RH_DOWN, 1), mv(&p, "b", RH_RIGHT, 1)};
    run r = verify(&p, moves, 4);
    cr_assert(r.res.legal);
    cr_assert_eq(r.res.move_count, 1);
    cr_assert_eq(r.res.slide_count, 4);
    cr_assert_eq(r.merged[0].vehicle, rh_puzzle_find(&p, "b"));
    cr_assert_eq(r.merged[0].delta, 2);
}

Test(verify, moves_after_the_goal_are_replayed_and_counted)
{
    const rh_puzzle p = grid_puzzle(".a..../.a..../xx..../....../....../......");
    const rh_verify_move solve[] = {mv(&p, "x", RH_RIGHT, 4)};
    run r = verify(&p, solve, 1);
    assert_solved_in(&r, 1);

    /* Another vehicle after the goal: still solved, one move more. */
    const rh_verify_move more[] = {solve[0], mv(&p, "a", RH_DOWN, 1)};
    r = verify(&p, more, 2);
    assert_solved_in(&r, 2);

    /* The target backing out of the exit: the final position is not solved. */
    const rh_verify_move back[] = {solve[0], mv(&p, "x", RH_LEFT, 1)};
    r = verify(&p, back, 2);
    cr_assert(r.res.legal);
    cr_assert_not(r.res.solved);
    cr_assert_eq(r.res.move_count, 1, "x's left 1 continues x's run");
    cr_assert_eq(r.res.slide_count, 5);
}

Test(verify, the_solvers_optimal_solution_of_jam01)
{
    const rh_puzzle p = grid_puzzle(jam01);
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    rh_result sol;
    cr_assert_eq(rh_solve(&sol, &p, &opt), RH_OK);
    cr_assert_eq(sol.status, RH_SOLVED);
    rh_verify_move moves[64];
    for (int k = 0; k < sol.move_count; k++) {
        const rh_move m = sol.moves[k];
        cr_assert_eq(rh_direction_parse(&moves[k].direction, rh_move_direction(&p, m)), RH_OK);
        moves[k].vehicle = m.vehicle;
        moves[k].distance = abs(m.delta);
    }
    run r = verify(&p, moves, (size_t)sol.move_count);
    assert_solved_in(&r, 8);
    cr_assert_eq(r.res.slide_count, sol.slide_count);
    rh_result_free(&sol);
}

Test(verify, impossible_arguments_are_refused)
{
    rh_puzzle p = grid_puzzle(jam01);
    rh_verify_result res;
    rh_move merged[1];
    const rh_verify_move zero[] = {mv(&p, "b", RH_RIGHT, 0)};
    cr_assert_eq(rh_verify(&res, &p, zero, 1, merged), RH_EARG);
    const rh_verify_move one[] = {mv(&p, "b", RH_RIGHT, 1)};
    cr_assert_eq(rh_verify(&res, &p, one, 1, NULL), RH_EARG);
    rh_direction d;
    cr_assert_eq(rh_direction_parse(&d, "left"), RH_OK);
    cr_assert_eq(d, RH_LEFT);
    cr_assert_eq(rh_direction_parse(&d, "Left"), RH_EARG);
    cr_assert_eq(rh_direction_parse(&d, NULL), RH_EARG);
}

/* ---- the JSON of the verdict and of a request's moves ---- */

static bool has_field(const rh_diags *d, const char *field)
{
    for (int i = 0; i < d->count; i++)
        if (strcmp(d->items[i].field, field) == 0) return true;
    return false;
}

Test(verify_json, moves_read_by_field_and_ids_resolved)
{
    const rh_puzzle p = grid_puzzle(jam01);
    static rh_verify_move out[RH_VERIFY_MOVES_MAX];
    size_t n;
    rh_diags d;
    rh_diags_init(&d);
    cJSON *ok = cJSON_Parse("[{\"vehicle\":\"c\",\"direction\":\"up\",\"distance\":1},"
                            "{\"vehicle\":\"zz\",\"direction\":\"left\",\"distance\":6}]");
    cr_assert_eq(rh_parse_verify_moves(out, &n, &d, ok, &p), RH_OK);
    cr_assert_eq(n, 2);
    cr_assert_eq(out[0].vehicle, rh_puzzle_find(&p, "c"));
    cr_assert_eq(out[0].direction, RH_UP);
    cr_assert_eq(out[1].vehicle, -1, "an unknown id is a verdict, not a problem");
    cr_assert_eq(out[1].distance, 6);
    cJSON_Delete(ok);

    cJSON *bad = cJSON_Parse("[{\"vehicle\":\"c\",\"direction\":\"up\",\"distance\":1,"
                             "\"distance\":2},{\"direction\":\"up\",\"distance\":-1},[]]");
    cr_assert_eq(rh_parse_verify_moves(out, &n, &d, bad, &p), RH_EINVALID);
    cr_assert(has_field(&d, "moves[0].distance"), "a repeated member");
    cr_assert(has_field(&d, "moves[1].vehicle"));
    cr_assert(has_field(&d, "moves[1].distance"));
    cr_assert(has_field(&d, "moves[2]"));
    cJSON_Delete(bad);

    rh_diags_init(&d);
    cr_assert_eq(rh_parse_verify_moves(out, &n, &d, NULL, &p), RH_EINVALID);
    cr_assert(has_field(&d, "moves"), "missing");
}

Test(verify_json, the_verdict_document)
{
    const rh_puzzle p = grid_puzzle(jam01);
    const rh_verify_move moves[] = {mv(&p, "b", RH_LEFT, 1)};
    run r = verify(&p, moves, 1);
    cJSON *doc = rh_report_verify(&r.end, &r.res, 8);
    cr_assert_not_null(doc);
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(doc, "legal")));
    cr_assert_eq(cJSON_GetObjectItem(doc, "first_illegal")->valuedouble, 0);
    const cJSON *reason = cJSON_GetObjectItem(doc, "reason");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(reason, "code")), "off-board");
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(reason, "vehicle")));
    cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(reason, "cell"), "col")->valuedouble, -1);
    cr_assert_eq(cJSON_GetObjectItem(doc, "optimal_move_count")->valuedouble, 8);
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(doc, "optimal")));
    /* The bank's notation in its normal form: b is the first vehicle read, so it is B. */
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "board")),
                     "BB...CD..E.CDAAE.CD..E..F...GGF.HHH.");
    cJSON_Delete(doc);

    /* A 10x10 board: no notation for it, so board is null; an unknown optimal length too. */
    const rh_puzzle big = grid_puzzle("........../........../xx......../........../........../"
                                      "........../........../........../........../..........");
    r = verify(&big, NULL, 0);
    doc = rh_report_verify(&r.end, &r.res, -1);
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "board")));
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "optimal_move_count")));
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "reason")));
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "first_illegal")));
    cJSON_Delete(doc);
}
