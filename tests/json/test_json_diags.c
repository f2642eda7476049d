/* The JSON parsers' diagnostics (rushhour/diag.h): rh_parse_cjson and rh_parse_text start
 * their list afresh, so an rh_diags never initialised (its bytes 0xAB) comes back holding
 * exactly the input's problems; a document's own problems (unknown keys, its target) stay ahead
 * of its board's or grid's; and the moves of a request, read after its puzzle, add theirs. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "rushhour/diag.h"
#include "rushhour/error.h"
#include "rushhour/json.h"

/* Each Criterion test runs in its own process, so these are per-test state. */
static rh_puzzle P;
static rh_diags D;

static void garble(void)
{
    memset(&D, 0xAB, sizeof D);
}

static int parse_text(const char *text)
{
    garble();
    return rh_parse_text(&P, &D, text, strlen(text));
}

/* D's fields, one a line, for comparing with an expected list. */
static const char *fields(void)
{
    static char buf[RH_DIAGS_MAX * (RH_DIAG_FIELD_MAX + 1) + 1];
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < D.count && i < RH_DIAGS_MAX; i++)
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s\n", D.items[i].field);
    return buf;
}

Test(json_diags, text_of_bad_json_starts_afresh)
{
    cr_assert_eq(parse_text("{\"board\": }"), RH_EINVALID);
    cr_assert_eq(D.count, 1, "count %d", D.count);
    cr_expect_eq(D.dropped, 0);
    cr_expect_str_eq(D.items[0].field, "");
    cr_expect_str_eq(D.items[0].message, "the text is not valid JSON (error at byte 10)");
}

Test(json_diags, text_of_a_bad_board_starts_afresh)
{
    cr_assert_eq(parse_text("AAB"), RH_EINVALID);
    cr_assert_eq(D.count, 1, "count %d", D.count);
    cr_expect_eq(D.dropped, 0);
    cr_expect_str_eq(D.items[0].field, "board");
}

Test(json_diags, cjson_starts_afresh)
{
    cJSON *doc = cJSON_Parse("{\"board\": \"AAB\"}");
    cr_assert_not_null(doc);
    garble();
    cr_expect_eq(rh_parse_cjson(&P, &D, doc, NULL), RH_EINVALID);
    cJSON_Delete(doc);
    cr_expect_str_eq(fields(), "board\n");
    cr_expect_eq(D.dropped, 0);
}

Test(json_diags, valid_json_leaves_an_empty_list)
{
    cr_assert_eq(parse_text("{\"grid\": \"AA....\\n......\\n......\\n......\\n......\\n......\", "
                            "\"target\": \"A\"}"),
                 RH_OK);
    cr_expect_eq(D.count, 0);
    cr_expect_eq(D.dropped, 0);
}

Test(json_diags, the_documents_problems_come_before_its_boards)
{
    cr_assert_eq(parse_text("{\"colour\": 1, \"board\": \"AAB\"}"), RH_EINVALID);
    cr_expect_str_eq(fields(), "colour\nboard\n");
    cr_assert_eq(parse_text("{\"target\": \"a-b\", \"grid\": \"XX..../.....\"}"), RH_EINVALID);
    cr_expect_str_eq(fields(), "target\ngrid\n");
    cr_assert_eq(parse_text("{\"target\": \"a-b\", \"grid\": [\"XX....\", \".....\"]}"),
                 RH_EINVALID);
    cr_expect_str_eq(fields(), "target\ngrid\n");
}

Test(json_diags, a_full_list_counts_the_boards_problems_as_dropped)
{
    /* 70 unknown keys fill the list; the board's one problem is counted with the 6 others. */
    char text[2048];
    size_t at = (size_t)snprintf(text, sizeof text, "{");
    for (int i = 0; i < 70; i++)
        at += (size_t)snprintf(text + at, sizeof text - at, "\"k%d\":0,", i);
    snprintf(text + at, sizeof text - at, "\"board\":\"AAB\"}");
    cr_assert_eq(parse_text(text), RH_EINVALID);
    cr_expect_eq(D.count, RH_DIAGS_MAX);
    cr_expect_eq(D.dropped, 70 - RH_DIAGS_MAX + 1);
    cr_expect_str_eq(D.items[RH_DIAGS_MAX - 1].field, "k63");
}

Test(json_diags, moves_add_theirs_after_the_puzzles)
{
    cJSON *doc = cJSON_Parse("{\"board\": \"AAB\", \"moves\": [{\"vehicle\": \"A\", "
                             "\"direction\": \"sideways\", \"distance\": 1}]}");
    cr_assert_not_null(doc);
    static const char *const extra[] = {"moves", NULL};
    garble();
    cr_expect_eq(rh_parse_cjson(&P, &D, doc, extra), RH_EINVALID);
    static rh_verify_move moves[RH_VERIFY_MOVES_MAX];
    size_t n = 0;
    cr_expect_eq(
        rh_parse_verify_moves(moves, &n, &D, cJSON_GetObjectItemCaseSensitive(doc, "moves"), NULL),
        RH_EINVALID);
    cJSON_Delete(doc);
    cr_expect_str_eq(fields(), "board\nmoves[0].direction\n");
}
