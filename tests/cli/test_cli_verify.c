/* `rushhour verify` end to end: the solver's notation checked as a player's moves, each exit
 * code (0 legal and solved, 4 illegal or not solved, 3 the optimal length unknown, 2 a word
 * that is not a move or no --moves). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_run.h"

static const char hardest51[] = "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\n";

/* The notation `rushhour solve` prints for the 51-move puzzle. */
static char *solution_notation(void)
{
    run_result r = run_cli((const char *const[]){"solve", NULL}, hardest51);
    cr_assert_eq(r.code, 0, "%s", r.err);
    cJSON *doc = cJSON_Parse(r.out);
    const char *n =
        cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "solution"), "notation"));
    cr_assert_not_null(n);
    char *copy = strdup(n);
    cJSON_Delete(doc);
    run_free(&r);
    return copy;
}

/* Runs `rushhour verify --moves MOVES` on the 51-move puzzle; expects exit `code` and
 * a verdict on stdout, which it returns. */
static cJSON *verify(const char *moves, int code)
{
    run_result r = run_cli((const char *const[]){"verify", "--moves", moves, NULL}, hardest51);
    cr_assert_eq(r.code, code, "exit %d: %s", r.code, r.err);
    cJSON *doc = cJSON_Parse(r.out);
    cr_assert_not_null(doc, "not JSON: %s", r.out);
    cr_assert(cJSON_IsObject(cJSON_GetObjectItem(doc, "timing_us")));
    run_free(&r);
    return doc;
}

Test(cli_verify, the_solvers_notation_is_optimal)
{
    char *notation = solution_notation();
    cJSON *doc = verify(notation, 0);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "legal")));
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "solved")));
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "optimal")));
    cr_assert_eq(cJSON_GetObjectItem(doc, "move_count")->valuedouble, 51);
    cr_assert_eq(cJSON_GetObjectItem(doc, "optimal_move_count")->valuedouble, 51);
    cJSON_Delete(doc);
    free(notation);
}

Test(cli_verify, a_budget_too_small_leaves_the_length_unknown)
{
    char *notation = solution_notation();
    run_result r = run_cli(
        (const char *const[]){"verify", "--max-nodes", "5", "--moves", notation, NULL}, hardest51);
    cr_assert_eq(r.code, 3, "exit %d: %s", r.code, r.err);
    cJSON *doc = cJSON_Parse(r.out);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "solved")));
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "optimal_move_count")));
    cJSON_Delete(doc);
    run_free(&r);
    free(notation);
}

Test(cli_verify, illegal_or_unsolved_exits_4)
{
    cJSON *doc = verify("AR1", 4);
    cJSON *reason = cJSON_GetObjectItem(doc, "reason");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(reason, "code")), "blocked");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(reason, "vehicle")), "G");
    cJSON_Delete(doc);
    doc = verify("ZR1", 4);
    reason = cJSON_GetObjectItem(doc, "reason");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(reason, "code")), "unknown-vehicle");
    cJSON_Delete(doc);
    doc = verify("", 4); /* no moves: legal, not solved */
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "legal")));
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(doc, "solved")));
    cJSON_Delete(doc);
}

Test(cli_verify, words_that_are_not_moves_are_usage_errors)
{
    run_result r =
        run_cli((const char *const[]){"verify", "--moves", "AR1 A2 AQ1 AR7", NULL}, hardest51);
    cr_assert_eq(r.code, 2);
    cr_assert_str_eq(r.out, "");
    cr_assert_not_null(strstr(r.err, "moves[1]: 'A2' is not a move"), "%s", r.err);
    cr_assert_not_null(strstr(r.err, "moves[2]"), "%s", r.err);
    cr_assert_not_null(strstr(r.err, "moves[3]"), "%s", r.err);
    cr_assert_null(strstr(r.err, "moves[0]"), "%s", r.err);
    run_free(&r);
    expect_usage_error((const char *const[]){"verify", NULL}, hardest51, "needs --moves");
}
