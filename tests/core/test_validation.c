/* Input validation: every rule of the three puzzle forms (JSON vehicles, grids, database
 * boards) reports its problem on the right field, several problems are all reported, valid
 * inputs parse to exactly the expected puzzle, and hostile bytes never crash the parser. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "rushhour/diag.h"
#include "rushhour/error.h"
#include "rushhour/json.h"
#include "rushhour/parse.h"
#include "rushhour/puzzle.h"

/* Each Criterion test runs in its own process, so these are per-test state. */
static rh_puzzle P;
static rh_diags D;

/* All diagnostics as text, for failure messages. */
static const char *dump(const rh_diags *d)
{
    static char buf[(RH_DIAGS_MAX + 1) * (RH_DIAG_FIELD_MAX + RH_DIAG_MESSAGE_MAX + 16)];
    size_t at = 0;
    int n = snprintf(buf, sizeof buf, "%d diag(s), %d dropped:\n", d->count, d->dropped);
    at = n > 0 ? (size_t)n : 0;
    for (int i = 0; i < d->count && i < RH_DIAGS_MAX && at < sizeof buf; i++) {
        n = snprintf(buf + at, sizeof buf - at, "  [%s] %s\n", d->items[i].field,
                     d->items[i].message);
        if (n < 0) break;
        at += (size_t)n;
    }
    return buf;
}

/* The first diagnostic on `field` whose message contains every non-NULL needle. */
static const rh_diag *find_diag(const rh_diags *d, const char *field, const char *n1,
                                const char *n2, const char *n3)
{
    for (int i = 0; i < d->count; i++) {
        const rh_diag *g = &d->items[i];
        if (strcmp(g->field, field) != 0) continue;
        if (n1 && !strstr(g->message, n1)) continue;
        if (n2 && !strstr(g->message, n2)) continue;
        if (n3 && !strstr(g->message, n3)) continue;
        return g;
    }
    return NULL;
}

static const rh_diag *find_field(const rh_diags *d, const char *field)
{
    return find_diag(d, field, NULL, NULL, NULL);
}

static int count_field(const rh_diags *d, const char *field)
{
    int n = 0;
    for (int i = 0; i < d->count; i++) n += strcmp(d->items[i].field, field) == 0;
    return n;
}

/* Asserts a diagnostic on `field` mentioning the needles (NULL: anything). */
static void expect_diag(const char *field, const char *n1, const char *n2, const char *n3)
{
    cr_expect_not_null(find_diag(&D, field, n1, n2, n3),
                       "expected a diagnostic on \"%s\" mentioning \"%s\" \"%s\" \"%s\"; got %s",
                       field, n1 ? n1 : "", n2 ? n2 : "", n3 ? n3 : "", dump(&D));
}

static void expect_no_diag(const char *field)
{
    cr_expect_null(find_field(&D, field), "unexpected diagnostic on \"%s\"; got %s", field,
                   dump(&D));
}

static int parse_len(const char *text, size_t len)
{
    rh_diags_init(&D);
    memset(&P, 0xA5, sizeof P);
    return rh_parse_text(&P, &D, text, len);
}

static int parse(const char *text)
{
    return parse_len(text, strlen(text));
}

/* JSON written with single quotes for readability: every ' becomes ". */
static int parse_q(const char *q)
{
    size_t n = strlen(q);
    char *s = malloc(n + 1);
    cr_assert_not_null(s);
    for (size_t i = 0; i <= n; i++) s[i] = q[i] == '\'' ? '"' : q[i];
    int err = parse_len(s, n);
    free(s);
    return err;
}

static void expect_invalid_q(const char *q)
{
    cr_assert_eq(parse_q(q), RH_EINVALID, "input %s was accepted", q);
    cr_assert_gt(D.count, 0, "RH_EINVALID without a diagnostic for %s", q);
}

static void expect_invalid(const char *text)
{
    cr_assert_eq(parse(text), RH_EINVALID, "input \"%s\" was accepted", text);
    cr_assert_gt(D.count, 0, "RH_EINVALID without a diagnostic for \"%s\"", text);
}

static void expect_ok_q(const char *q)
{
    cr_assert_eq(parse_q(q), RH_OK, "input %s rejected: %s", q, dump(&D));
    cr_assert_eq(D.count, 0, "RH_OK with diagnostics: %s", dump(&D));
}

static void expect_ok(const char *text)
{
    cr_assert_eq(parse(text), RH_OK, "input \"%s\" rejected: %s", text, dump(&D));
    cr_assert_eq(D.count, 0, "RH_OK with diagnostics: %s", dump(&D));
}

/* A vehicle object in single-quote JSON. */
#define VEH(id, r, c, len, o)                                                                      \
    "{'id':'" id "','row':" #r ",'col':" #c ",'length':" #len ",'orientation':'" o "'}"
#define TGT VEH("X", 2, 0, 2, "H")

/* ---------------------------------------------------------------- valid JSON puzzles */

/* cJSON skips every byte up to the space between tokens; JSON's whitespace is only space, tab,
 * CR and LF. Found by fuzz_http_inputs once application/json bodies stopped being sniffed. */
Test(json_strict, control_bytes_between_tokens_refused)
{
    static const char *const texts[] = {"\x0f{\"board\":\"x\"}", "{\x01\"a\":1}", "{\"a\":1}\x1f",
                                        "[1,\0132]" /* \013 = \x0b */};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        size_t at = 99;
        cJSON *doc = rh_json_parse(texts[i], strlen(texts[i]), &at);
        cr_expect_null(doc, "text %zu accepted", i);
        cJSON_Delete(doc);
        cr_expect_eq(at, strcspn(texts[i], "\x01\x0b\x0f\x1f"), "text %zu: error at %zu", i, at);
    }
    size_t at = 0;
    cJSON *doc = rh_json_parse(" \t{\"a\" :\r\n\"\x7f\"}\n", 14, &at);
    cr_expect_not_null(doc, "JSON whitespace refused (at %zu)", at);
    cJSON_Delete(doc);
}

Test(json_valid, fields_parsed_exactly)
{
    expect_ok_q("{'board_size':6,'vehicles':[" VEH("A", 0, 0, 2, "H") "," VEH(
        "X", 2, 1, 2, "H") "," VEH("B", 0, 5, 3, "V") "],'walls':[[5,5],[4,0]]}");
    cr_expect_eq(P.board_size, 6);
    cr_expect_eq(P.exit_row, 2);
    cr_expect_eq(P.vehicle_count, 3);
    cr_expect_eq(P.target, 1);
    cr_expect_str_eq(P.vehicles[1].id, "X");
    cr_expect_eq(P.vehicles[1].row, 2);
    cr_expect_eq(P.vehicles[1].col, 1);
    cr_expect_eq(P.vehicles[1].length, 2);
    cr_expect_eq(P.vehicles[1].orientation, RH_HORIZONTAL);
    cr_expect_str_eq(P.vehicles[2].id, "B");
    cr_expect_eq(P.vehicles[2].row, 0);
    cr_expect_eq(P.vehicles[2].col, 5);
    cr_expect_eq(P.vehicles[2].length, 3);
    cr_expect_eq(P.vehicles[2].orientation, RH_VERTICAL);
    cr_expect_eq(P.wall_count, 2);
    cr_expect_eq(P.walls[0].row, 5);
    cr_expect_eq(P.walls[0].col, 5);
    cr_expect_eq(P.walls[1].row, 4);
    cr_expect_eq(P.walls[1].col, 0);
}

Test(json_valid, board_size_defaults_to_6)
{
    expect_ok_q("{'vehicles':[" TGT "]}");
    cr_expect_eq(P.board_size, RH_BOARD_DEFAULT);
    cr_expect_eq(P.vehicle_count, 1);
    cr_expect_eq(P.wall_count, 0);
    cr_expect_eq(P.target, 0);
}

Test(json_valid, exit_row_defaults_to_target_row)
{
    expect_ok_q(
        "{'board_size':8,'vehicles':[" VEH("A", 0, 0, 2, "H") "," VEH("X", 5, 3, 2, "H") "]}");
    cr_expect_eq(P.board_size, 8);
    cr_expect_eq(P.exit_row, 5);
    cr_expect_eq(P.target, 1);
}

Test(json_valid, explicit_exit_row_and_target)
{
    expect_ok_q("{'board_size':5,'exit_row':3,'target':'car7','vehicles':[" VEH(
        "X", 0, 0, 3, "V") "," VEH("car7", 3, 1, 2, "H") "]}");
    cr_expect_eq(P.exit_row, 3);
    cr_expect_eq(P.target, 1);
    cr_expect_str_eq(P.vehicles[P.target].id, "car7");
}

Test(json_valid, orientation_spellings_accepted)
{
    expect_ok_q(
        "{'vehicles':[" VEH("X", 2, 0, 2, "horizontal") "," VEH("A", 0, 5, 2, "vertical") "," VEH(
            "B", 0, 0, 2, "h") "," VEH("C", 3, 5, 2,
                                       "V") "," VEH("D", 5, 0, 3,
                                                    "HORIZONTAL") "," VEH("E", 3, 0, 2,
                                                                          "Vertical") "]}");
    cr_expect_eq(P.vehicle_count, 6);
    cr_expect_eq(P.vehicles[0].orientation, RH_HORIZONTAL);
    cr_expect_eq(P.vehicles[1].orientation, RH_VERTICAL);
    cr_expect_eq(P.vehicles[2].orientation, RH_HORIZONTAL);
    cr_expect_eq(P.vehicles[3].orientation, RH_VERTICAL);
    cr_expect_eq(P.vehicles[4].orientation, RH_HORIZONTAL);
    cr_expect_eq(P.vehicles[5].orientation, RH_VERTICAL);
}

Test(json_valid, board_size_bounds_3_and_16_accepted)
{
    expect_ok_q("{'board_size':3,'vehicles':[" VEH("X", 1, 0, 2, "H") "]}");
    cr_expect_eq(P.board_size, 3);
    expect_ok_q("{'board_size':16,'vehicles':[" VEH("X", 15, 0, 15, "H") "]}");
    cr_expect_eq(P.board_size, 16);
    cr_expect_eq(P.vehicles[0].length, 15);
}

Test(json_valid, id_of_8_letters_and_digits_accepted)
{
    expect_ok_q("{'target':'aB3dE5gH','vehicles':[" VEH("aB3dE5gH", 2, 0, 2, "H") "]}");
    cr_expect_str_eq(P.vehicles[0].id, "aB3dE5gH");
}

Test(json_valid, extra_keys_are_left_to_the_caller)
{
    const char *text = "{\"options\":{\"a\":1},\"vehicles\":[{\"id\":\"X\",\"row\":2,\"col\":0,"
                       "\"length\":2,\"orientation\":\"H\"}]}";
    cJSON *doc = cJSON_Parse(text);
    cr_assert_not_null(doc);
    static const char *const extra[] = {"options", NULL};
    rh_diags_init(&D);
    cr_expect_eq(rh_parse_cjson(&P, &D, doc, extra), RH_OK, "%s", dump(&D));
    cr_expect_eq(D.count, 0, "%s", dump(&D));
    rh_diags_init(&D);
    cr_expect_eq(rh_parse_cjson(&P, &D, doc, NULL), RH_EINVALID);
    expect_diag("options", "unknown", NULL, NULL);
    cJSON_Delete(doc);
}

/* A 16x16 board full of 2-cell cars: exactly RH_VEHICLES_MAX vehicles is allowed. */
Test(json_valid, exactly_128_vehicles_accepted)
{
    size_t cap = 200 * 128 + 100, at = 0;
    char *s = malloc(cap);
    cr_assert_not_null(s);
    at += (size_t)snprintf(s + at, cap - at, "{\"board_size\":16,\"vehicles\":[");
    for (int i = 0; i < 128; i++) {
        char id[8];
        if (i == 0)
            snprintf(id, sizeof id, "X");
        else
            snprintf(id, sizeof id, "c%d", i);
        at += (size_t)snprintf(s + at, cap - at,
                               "%s{\"id\":\"%s\",\"row\":%d,\"col\":%d,\"length\":2,"
                               "\"orientation\":\"H\"}",
                               i ? "," : "", id, i / 8, (i % 8) * 2);
    }
    snprintf(s + at, cap - at, "]}");
    cr_expect_eq(parse(s), RH_OK, "%s", dump(&D));
    cr_expect_eq(P.vehicle_count, 128);
    cr_expect_eq(P.target, 0);
    cr_expect_eq(P.exit_row, 0);
    free(s);
}

/* ---------------------------------------------------------------- JSON structure */

Test(json_structure, missing_field)
{
    expect_invalid_q("{'vehicles':[" TGT ",{'id':'A','row':0,'length':2,'orientation':'H'}]}");
    expect_diag("vehicles[1].col", "missing", NULL, NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_structure, every_missing_member_reported)
{
    expect_invalid_q("{'vehicles':[" TGT ",{}]}");
    expect_diag("vehicles[1].id", "missing", NULL, NULL);
    expect_diag("vehicles[1].row", "missing", NULL, NULL);
    expect_diag("vehicles[1].col", "missing", NULL, NULL);
    expect_diag("vehicles[1].length", "missing", NULL, NULL);
    expect_diag("vehicles[1].orientation", "missing", NULL, NULL);
}

Test(json_structure, unknown_top_level_field)
{
    expect_invalid_q("{'vehicles':[" TGT "],'colour':'red'}");
    expect_diag("colour", "unknown", NULL, NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_structure, unknown_vehicle_field)
{
    expect_invalid_q("{'vehicles':[" TGT ",{'id':'A','row':0,'col':0,'length':2,"
                     "'orientation':'H','speed':3}]}");
    expect_diag("vehicles[1].speed", "unknown", NULL, NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_structure, duplicate_top_level_key)
{
    expect_invalid_q("{'board_size':6,'vehicles':[" TGT "],'board_size':6}");
    expect_diag("board_size", "appears more than once", NULL, NULL);
}

Test(json_structure, duplicate_vehicle_key)
{
    expect_invalid_q("{'vehicles':[" TGT ",{'id':'A','row':0,'col':0,'row':1,'length':2,"
                     "'orientation':'H'}]}");
    expect_diag("vehicles[1].row", "appears more than once", NULL, NULL);
}

Test(json_structure, document_not_an_object)
{
    cJSON *doc = cJSON_Parse("[1,2]");
    cr_assert_not_null(doc);
    rh_diags_init(&D);
    cr_expect_eq(rh_parse_cjson(&P, &D, doc, NULL), RH_EINVALID);
    expect_diag("", "object", NULL, NULL);
    cJSON_Delete(doc);
}

Test(json_structure, no_form_given)
{
    expect_invalid_q("{'board_size':6}");
    expect_diag("vehicles", NULL, NULL, NULL);
    expect_invalid("{}");
    expect_diag("vehicles", NULL, NULL, NULL);
}

Test(json_structure, two_forms_at_once)
{
    expect_invalid_q("{'vehicles':[" TGT "],'grid':['XX.','...','...']}");
    expect_diag("", "only one", NULL, NULL);
    expect_invalid_q("{'grid':['XX.','...','...'],'board':'AA.......'}");
    expect_diag("", "only one", NULL, NULL);
}

Test(json_structure, invalid_json_text)
{
    expect_invalid("{\"vehicles\": [");
    expect_diag("", "JSON", NULL, NULL);
}

Test(json_structure, trailing_garbage)
{
    expect_invalid("{} x");
    expect_diag("", "JSON", NULL, NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_structure, leading_whitespace_before_json)
{
    expect_ok_q(" \n\t {'vehicles':[" TGT "]}\n");
    cr_expect_eq(P.vehicle_count, 1);
}

Test(json_structure, vehicles_not_an_array)
{
    expect_invalid_q("{'vehicles':{'id':'X'}}");
    expect_diag("vehicles", NULL, NULL, NULL);
}

Test(json_structure, vehicle_not_an_object)
{
    expect_invalid_q("{'vehicles':[" TGT ",5]}");
    expect_diag("vehicles[1]", "object", NULL, NULL);
}

Test(json_structure, too_many_vehicles)
{
    size_t cap = 100 * 129 + 100, at = 0;
    char *s = malloc(cap);
    cr_assert_not_null(s);
    at += (size_t)snprintf(s + at, cap - at, "{\"board_size\":16,\"vehicles\":[");
    for (int i = 0; i < 129; i++)
        at += (size_t)snprintf(s + at, cap - at,
                               "%s{\"id\":\"v%d\",\"row\":%d,\"col\":%d,\"length\":2,"
                               "\"orientation\":\"H\"}",
                               i ? "," : "", i, i / 8, (i % 8) * 2);
    snprintf(s + at, cap - at, "]}");
    cr_expect_eq(parse(s), RH_EINVALID);
    expect_diag("vehicles", "129", NULL, NULL);
    free(s);
}

Test(json_structure, diagnostics_past_the_limit_are_counted)
{
    /* 100 vehicles each with a string row: 100 problems, 64 stored, the rest dropped. */
    size_t cap = 100 * 100 + 100, at = 0;
    char *s = malloc(cap);
    cr_assert_not_null(s);
    at += (size_t)snprintf(s + at, cap - at, "{\"board_size\":16,\"vehicles\":[");
    for (int i = 0; i < 100; i++)
        at += (size_t)snprintf(s + at, cap - at,
                               "%s{\"id\":\"v%d\",\"row\":\"a\",\"col\":0,\"length\":2,"
                               "\"orientation\":\"H\"}",
                               i ? "," : "", i);
    snprintf(s + at, cap - at, "]}");
    cr_expect_eq(parse(s), RH_EINVALID);
    cr_expect_eq(D.count, RH_DIAGS_MAX);
    cr_expect_geq(D.dropped, 100 - RH_DIAGS_MAX);
    expect_diag("vehicles[0].row", "integer", NULL, NULL);
    expect_diag("vehicles[63].row", "integer", NULL, NULL);
    free(s);
}

/* ---------------------------------------------------------------- JSON field types */

Test(json_types, string_for_integer)
{
    expect_invalid_q("{'vehicles':[" TGT ",{'id':'A','row':'3','col':0,'length':2,"
                     "'orientation':'H'}]}");
    expect_diag("vehicles[1].row", "integer", "string", NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_types, fraction_for_integer)
{
    expect_invalid_q("{'vehicles':[" TGT ",{'id':'A','row':0,'col':1.5,'length':2,"
                     "'orientation':'H'}]}");
    expect_diag("vehicles[1].col", "integer", "1.5", NULL);
}

Test(json_types, huge_number_for_integer)
{
    expect_invalid_q("{'vehicles':[" TGT ",{'id':'A','row':0,'col':0,'length':1e400,"
                     "'orientation':'H'}]}");
    expect_diag("vehicles[1].length", NULL, NULL, NULL);
    expect_invalid_q("{'board_size':1e400,'vehicles':[" TGT "]}");
    expect_diag("board_size", NULL, NULL, NULL);
}

Test(json_types, large_finite_number_for_integer)
{
    expect_invalid_q("{'vehicles':[" TGT ",{'id':'A','row':0,'col':0,'length':2,"
                     "'orientation':'H'}],'exit_row':1e12}");
    expect_diag("exit_row", NULL, NULL, NULL);
}

Test(json_types, boolean_for_integer)
{
    expect_invalid_q("{'board_size':true,'vehicles':[" TGT "]}");
    expect_diag("board_size", "integer", "boolean", NULL);
}

Test(json_types, null_for_integer)
{
    expect_invalid_q("{'exit_row':null,'vehicles':[" TGT "]}");
    expect_diag("exit_row", "integer", "null", NULL);
}

Test(json_types, orientation_diagonal)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("A", 0, 0, 2, "diagonal") "]}");
    expect_diag("vehicles[1].orientation", NULL, NULL, NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_types, orientation_not_a_string)
{
    expect_invalid_q("{'vehicles':[" TGT ",{'id':'A','row':0,'col':0,'length':2,"
                     "'orientation':0}]}");
    expect_diag("vehicles[1].orientation", NULL, NULL, NULL);
}

Test(json_types, empty_id)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("", 0, 0, 2, "H") "]}");
    expect_diag("vehicles[1].id", NULL, NULL, NULL);
}

Test(json_types, too_long_id)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("toolongid9", 0, 0, 2, "H") "]}");
    expect_diag("vehicles[1].id", "8", NULL, NULL);
    expect_invalid_q("{'vehicles':[" TGT "," VEH("abcdefghi", 0, 0, 2, "H") "]}");
    expect_diag("vehicles[1].id", NULL, NULL, NULL);
}

Test(json_types, id_with_punctuation)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("a-b", 0, 0, 2, "H") "]}");
    expect_diag("vehicles[1].id", "letters or digits", NULL, NULL);
}

Test(json_types, id_not_a_string)
{
    expect_invalid_q("{'vehicles':[" TGT ",{'id':7,'row':0,'col':0,'length':2,"
                     "'orientation':'H'}]}");
    expect_diag("vehicles[1].id", NULL, NULL, NULL);
}

Test(json_types, target_invalid_id)
{
    expect_invalid_q("{'target':'x y','vehicles':[" TGT "]}");
    expect_diag("target", NULL, NULL, NULL);
}

Test(json_types, walls_not_pairs)
{
    expect_invalid_q("{'vehicles':[" TGT "],'walls':[[1],[1,2,3],'a']}");
    expect_diag("walls[0]", "pair", NULL, NULL);
    expect_diag("walls[1]", "pair", NULL, NULL);
    expect_diag("walls[2]", "pair", NULL, NULL);
    expect_invalid_q("{'vehicles':[" TGT "],'walls':5}");
    expect_diag("walls", NULL, NULL, NULL);
}

Test(json_types, wall_with_bad_coordinate)
{
    expect_invalid_q("{'vehicles':[" TGT "],'walls':[[0,'1']]}");
    expect_diag("walls[0]", "integer", NULL, NULL);
}

/* ---------------------------------------------------------------- JSON puzzle rules */

Test(json_rules, board_size_too_small)
{
    expect_invalid_q("{'board_size':2,'vehicles':[" VEH("X", 0, 0, 2, "H") "]}");
    expect_diag("board_size", "2", NULL, NULL);
}

Test(json_rules, board_size_too_large)
{
    expect_invalid_q("{'board_size':17,'vehicles':[" TGT "]}");
    expect_diag("board_size", "17", NULL, NULL);
}

Test(json_rules, exit_row_off_the_board)
{
    expect_invalid_q("{'exit_row':6,'vehicles':[" TGT "]}");
    expect_diag("exit_row", "6", "off the board", NULL);
    expect_invalid_q("{'exit_row':-1,'vehicles':[" TGT "]}");
    expect_diag("exit_row", "-1", "off the board", NULL);
}

Test(json_rules, length_one)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("A", 0, 0, 1, "H") "]}");
    expect_diag("vehicles[1].length", "A", "1", NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_rules, length_equal_to_board_size)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("A", 0, 0, 6, "H") "]}");
    expect_diag("vehicles[1].length", "A", "6", NULL);
}

Test(json_rules, negative_row)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("A", -1, 0, 2, "H") "]}");
    expect_diag("vehicles[1].row", "A", "-1", NULL);
}

Test(json_rules, negative_col)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("A", 0, -2, 2, "H") "]}");
    expect_diag("vehicles[1].col", "A", "-2", NULL);
}

Test(json_rules, row_past_the_board)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("A", 6, 0, 2, "H") "]}");
    expect_diag("vehicles[1].row", "A", "6", NULL);
}

Test(json_rules, horizontal_runs_off_the_edge)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("A", 0, 4, 3, "H") "]}");
    expect_diag("vehicles[1]", "A", "off the board", NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_rules, vertical_runs_off_the_edge)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("B", 4, 5, 3, "V") "]}");
    expect_diag("vehicles[1]", "B", "off the board", NULL);
}

Test(json_rules, duplicate_ids)
{
    expect_invalid_q("{'vehicles':[" TGT
                     "," VEH("A", 0, 0, 2, "H") "," VEH("A", 4, 0, 2, "H") "]}");
    expect_diag("vehicles[2].id", "A", "duplicate", NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_rules, overlapping_vehicles)
{
    expect_invalid_q("{'vehicles':[" TGT
                     "," VEH("A", 0, 0, 3, "H") "," VEH("B", 0, 2, 2, "V") "]}");
    expect_diag("vehicles[2]", "A", "B", "(row 0, col 2)");
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_rules, vehicle_on_a_wall)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("C", 3, 4, 3, "V") "],'walls':[[4,4]]}");
    expect_diag("vehicles[1]", "C", "wall", "(row 4, col 4)");
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_rules, wall_off_the_board)
{
    expect_invalid_q("{'vehicles':[" TGT "],'walls':[[0,0],[2,6]]}");
    expect_diag("walls[1]", "(2, 6)", "off the board", NULL);
    expect_no_diag("walls[0]");
    expect_invalid_q("{'vehicles':[" TGT "],'walls':[[-1,3]]}");
    expect_diag("walls[0]", "(-1, 3)", NULL, NULL);
}

Test(json_rules, wall_listed_twice)
{
    expect_invalid_q("{'vehicles':[" TGT "],'walls':[[0,0],[1,1],[0,0]]}");
    expect_diag("walls[2]", "(0, 0)", "twice", NULL);
    expect_no_diag("walls[0]");
    expect_no_diag("walls[1]");
}

Test(json_rules, target_missing)
{
    expect_invalid_q("{'vehicles':[" VEH("A", 2, 0, 2, "H") "]}");
    expect_diag("target", "X", NULL, NULL);
    expect_invalid_q("{'target':'Q','vehicles':[" TGT "]}");
    expect_diag("target", "Q", NULL, NULL);
}

Test(json_rules, target_vertical)
{
    expect_invalid_q("{'vehicles':[" VEH("X", 2, 0, 2, "V") "]}");
    expect_diag("target", "X", "horizontal", NULL);
}

Test(json_rules, target_not_on_exit_row)
{
    expect_invalid_q("{'exit_row':3,'vehicles':[" TGT "]}");
    expect_diag("exit_row", "X", "3", NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(json_rules, malformed_target_not_reported_twice)
{
    /* The target itself is malformed: its problem is reported, not a missing target. */
    expect_invalid_q("{'vehicles':[{'id':'X','row':'2','col':0,'length':2,'orientation':'H'}]}");
    expect_diag("vehicles[0].row", NULL, NULL, NULL);
    expect_no_diag("target");
}

Test(json_rules, index_of_later_vehicle_kept_after_dropped_one)
{
    /* vehicles[1] is malformed; the overlap between vehicles[2] and [3] keeps their indices. */
    expect_invalid_q("{'vehicles':[" TGT
                     ",{'id':'A'}," VEH("B", 0, 0, 2, "H") "," VEH("C", 0, 1, 2, "V") "]}");
    expect_diag("vehicles[3]", "C", "B", "vehicles[2]");
    expect_diag("vehicles[1].row", "missing", NULL, NULL);
}

/* ---------------------------------------------------------------- several errors at once */

Test(json_multi, all_independent_errors_reported)
{
    expect_invalid_q("{'board_size':6,'vehicles':["
                     "{'id':'A','row':'a','col':0,'length':2,'orientation':'H'},"
                     "{'id':'B','row':4,'col':0,'length':2,'orientation':'H','speed':3},"
                     "{'id':'C','row':0,'col':3,'length':3,'orientation':'V'},"
                     "{'id':'D','row':1,'col':2,'length':2,'orientation':'H'}," TGT "],"
                     "'walls':[[6,0]]}");
    cr_expect_geq(D.count, 4, "%s", dump(&D));
    expect_diag("vehicles[0].row", "integer", NULL, NULL);
    expect_diag("vehicles[1].speed", "unknown", NULL, NULL);
    expect_diag("vehicles[3]", "D", "C", "(row 1, col 3)");
    expect_diag("walls[0]", "off the board", NULL, NULL);
}

Test(json_multi, type_errors_and_rule_errors_together)
{
    expect_invalid_q("{'board_size':6,'exit_row':'2','colour':1,'vehicles':[" TGT "," VEH(
        "A", 0, 0, 2, "diagonal") "," VEH("B", 0, 0, 1, "H") "," VEH("C", 5, 5, 2, "H") "]}");
    expect_diag("exit_row", "integer", NULL, NULL);
    expect_diag("colour", "unknown", NULL, NULL);
    expect_diag("vehicles[1].orientation", NULL, NULL, NULL);
    expect_diag("vehicles[2].length", "B", NULL, NULL);
    expect_diag("vehicles[3]", "C", "off the board", NULL);
}

Test(json_multi, bad_board_size_still_reports_vehicle_errors)
{
    expect_invalid_q("{'board_size':'6','vehicles':[" TGT "," VEH("A", 0, 0, 2, "up") "]}");
    expect_diag("board_size", "integer", NULL, NULL);
    expect_diag("vehicles[1].orientation", NULL, NULL, NULL);
}

/* A malformed wall must not shift the index of the walls after it. */
Test(json_multi, wall_index_kept_after_malformed_wall)
{
    expect_invalid_q("{'vehicles':[" TGT "],'walls':[['a',0],[9,9]]}");
    expect_diag("walls[0]", "integer", NULL, NULL);
    expect_diag("walls[1]", "(9, 9)", "off the board", NULL);
    cr_expect_eq(count_field(&D, "walls[0]"), 1, "%s", dump(&D));
}

Test(json_multi, wall_named_by_its_index_when_covered)
{
    expect_invalid_q("{'vehicles':[" TGT "," VEH("C", 3, 4, 3, "V") "],'walls':[[1],[4,4]]}");
    expect_diag("walls[0]", "pair", NULL, NULL);
    expect_diag("vehicles[1]", "C", "walls[1]", "(row 4, col 4)");
}

/* An invalid target id is independent of the walls and of the grid's rows. */
Test(json_multi, invalid_target_and_wall_off_board)
{
    expect_invalid_q("{'target':'a-b','vehicles':[" TGT "],'walls':[[9,0]]}");
    expect_diag("target", NULL, NULL, NULL);
    expect_diag("walls[0]", "off the board", NULL, NULL);
}

Test(json_multi, invalid_target_and_ragged_grid)
{
    expect_invalid_q("{'target':'a-b','grid':['XX....','.....','......','......','......',"
                     "'......']}");
    expect_diag("target", NULL, NULL, NULL);
    expect_diag("grid[1]", NULL, NULL, NULL);
}

Test(json_multi, grid_errors_all_reported)
{
    expect_invalid_q("{'colour':1,'grid':['XX....','.....','..*...','......','.......',"
                     "'......']}");
    expect_diag("colour", "unknown", NULL, NULL);
    expect_diag("grid[1]", "5", NULL, NULL);
    expect_diag("grid[2]", "0x2a", NULL, NULL);
    expect_diag("grid[4]", "7", NULL, NULL);
}

/* ---------------------------------------------------------------- grids */

#define GRID6 "AA...B\n.....B\n.XX..B\n#.....\n..CCC.\no....."

static void check_grid6(void)
{
    cr_expect_eq(P.board_size, 6);
    cr_expect_eq(P.exit_row, 2);
    cr_expect_eq(P.vehicle_count, 4);
    cr_assert_eq(P.target, 2, "%d", P.target);
    cr_expect_str_eq(P.vehicles[2].id, "X");
    cr_expect_eq(P.vehicles[2].row, 2);
    cr_expect_eq(P.vehicles[2].col, 1);
    cr_expect_eq(P.vehicles[2].length, 2);
    cr_expect_eq(P.vehicles[2].orientation, RH_HORIZONTAL);
    cr_expect_str_eq(P.vehicles[1].id, "B");
    cr_expect_eq(P.vehicles[1].row, 0);
    cr_expect_eq(P.vehicles[1].col, 5);
    cr_expect_eq(P.vehicles[1].length, 3);
    cr_expect_eq(P.vehicles[1].orientation, RH_VERTICAL);
    cr_expect_str_eq(P.vehicles[3].id, "C");
    cr_expect_eq(P.vehicles[3].length, 3);
    cr_expect_eq(P.wall_count, 1);
    cr_expect_eq(P.walls[0].row, 3);
    cr_expect_eq(P.walls[0].col, 0);
    cr_expect_eq(rh_puzzle_find(&P, "o"), -1, "'o' became a vehicle");
}

Test(grid, text_grid_parsed_exactly)
{
    expect_ok(GRID6);
    check_grid6();
}

Test(grid, text_grid_with_slashes)
{
    expect_ok("AA...B/.....B/.XX..B/#...../..CCC./o.....");
    check_grid6();
}

Test(grid, text_grid_with_crlf_and_indentation)
{
    expect_ok("  AA...B\r\n  .....B\r\n  .XX..B\r\n  #.....\r\n  ..CCC.\r\n  o.....\r\n");
    check_grid6();
}

Test(grid, json_grid_array)
{
    expect_ok_q("{'grid':['AA...B','.....B','.XX..B','#.....','..CCC.','o.....']}");
    check_grid6();
}

Test(grid, json_grid_single_string)
{
    expect_ok_q("{'grid':'AA...B/.....B/.XX..B/#...../..CCC./o.....'}");
    check_grid6();
}

Test(grid, ragged_row)
{
    expect_invalid("XX....\n......\n.....\n......\n......\n......");
    expect_diag("grid[2]", "5", NULL, NULL);
    expect_invalid_q("{'grid':['XX....','.......','......','......','......','......']}");
    expect_diag("grid[1]", "7", NULL, NULL);
}

Test(grid, l_shaped_vehicle)
{
    expect_invalid("aa....\na.....\nXX....\n......\n......\n......");
    expect_diag("grid", "'a'", "straight", NULL);
    cr_expect_eq(D.count, 1, "%s", dump(&D));
}

Test(grid, vehicle_in_two_runs)
{
    expect_invalid("bb.bb.\n......\nXX....\n......\n......\n......");
    expect_diag("grid", "'b'", "straight", NULL);
    expect_invalid("c.....\nc.....\nXX....\nc.....\nc.....\n......");
    expect_diag("grid", "'c'", "straight", NULL);
}

Test(grid, single_cell_vehicle)
{
    expect_invalid("......\n..q...\nXX....\n......\n......\n......");
    expect_diag("grid", "'q'", "single", NULL);
}

Test(grid, invalid_character)
{
    expect_invalid("......\n......\nXX.*..\n......\n......\n......");
    expect_diag("grid[2]", "0x2a", "3", NULL);
}

Test(grid, too_few_rows)
{
    expect_invalid("XX\n..");
    expect_diag("grid", "2", NULL, NULL);
    expect_invalid_q("{'grid':['XX','..']}");
    expect_diag("grid", "2", NULL, NULL);
}

Test(grid, too_many_rows)
{
    char text[17 * 18 + 1];
    size_t at = 0;
    for (int r = 0; r < 17; r++) {
        memset(text + at, '.', 17);
        if (r == 0) text[at] = text[at + 1] = 'X';
        at += 17;
        text[at++] = '\n';
    }
    text[at] = '\0';
    expect_invalid(text);
    expect_diag("grid", "16", NULL, NULL);

    char json[17 * 24 + 32];
    at = (size_t)snprintf(json, sizeof json, "{\"grid\":[");
    for (int r = 0; r < 17; r++)
        at += (size_t)snprintf(json + at, sizeof json - at, "%s\"%s\"", r ? "," : "",
                               r == 0 ? "XX..............." : ".................");
    snprintf(json + at, sizeof json - at, "]}");
    expect_invalid(json);
    expect_diag("grid", "17", NULL, NULL);
}

Test(grid, row_not_a_string)
{
    expect_invalid_q("{'grid':['XX.',3,'...']}");
    expect_diag("grid[1]", "string", NULL, NULL);
}

Test(grid, upper_x_preferred_over_lower_x)
{
    expect_ok("xx....\n......\n...XX.\n......\n......\n......");
    cr_assert_geq(P.target, 0);
    cr_expect_str_eq(P.vehicles[P.target].id, "X");
    cr_expect_eq(P.exit_row, 2);
}

Test(grid, lower_x_used_without_upper_x)
{
    expect_ok("......\n......\n......\n.xx...\n......\n......");
    cr_assert_geq(P.target, 0);
    cr_expect_str_eq(P.vehicles[P.target].id, "x");
    cr_expect_eq(P.exit_row, 3);
}

Test(grid, explicit_target)
{
    expect_ok_q("{'grid':['XX....','......','......','......','.bb...','......'],"
                "'target':'b'}");
    cr_assert_geq(P.target, 0);
    cr_expect_str_eq(P.vehicles[P.target].id, "b");
    cr_expect_eq(P.exit_row, 4);
}

Test(grid, target_missing)
{
    expect_invalid("AA....\n......\n......\n......\n......\n......");
    expect_diag("target", NULL, NULL, NULL);
    expect_invalid_q("{'grid':['XX....','......','......','......','......','......'],"
                     "'target':'b'}");
    expect_diag("target", "b", NULL, NULL);
}

Test(grid, target_vertical)
{
    expect_invalid("X.....\nX.....\n......\n......\n......\n......");
    expect_diag("target", "X", "horizontal", NULL);
}

Test(grid, vehicle_as_long_as_the_board)
{
    expect_invalid("XX.\naaa\n...");
    expect_diag("grid", "a", "length", NULL);
}

Test(grid, unknown_key_in_grid_form)
{
    expect_invalid_q("{'grid':['XX.','...','...'],'board_size':3}");
    expect_diag("board_size", "unknown", NULL, NULL);
}

/* ---------------------------------------------------------------- database boards */

#define DB13 "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM."

Test(board, database_string_parsed_exactly)
{
    expect_ok(DB13);
    cr_expect_eq(P.board_size, 6);
    cr_expect_eq(P.vehicle_count, 13);
    cr_expect_eq(P.exit_row, 2);
    cr_expect_eq(P.wall_count, 0);
    cr_assert_geq(P.target, 0);
    cr_expect_eq(P.target, 6);
    cr_expect_str_eq(P.vehicles[P.target].id, "A");
    cr_expect_eq(P.vehicles[P.target].row, 2);
    cr_expect_eq(P.vehicles[P.target].col, 3);
    cr_expect_eq(P.vehicles[P.target].length, 2);
    cr_expect_eq(P.vehicles[P.target].orientation, RH_HORIZONTAL);
    int b = rh_puzzle_find(&P, "B");
    cr_assert_geq(b, 0);
    cr_expect_eq(P.vehicles[b].row, 0);
    cr_expect_eq(P.vehicles[b].col, 0);
    cr_expect_eq(P.vehicles[b].length, 3);
    cr_expect_eq(P.vehicles[b].orientation, RH_VERTICAL);
}

Test(board, json_board_form)
{
    expect_ok_q("{'board':'" DB13 "'}");
    cr_expect_eq(P.vehicle_count, 13);
    cr_expect_eq(P.exit_row, 2);
    cr_expect_str_eq(P.vehicles[P.target].id, "A");
}

Test(board, wrong_length)
{
    expect_invalid("BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM");
    expect_diag("board", "35", NULL, NULL);
    expect_invalid_q("{'board':'BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM'}");
    expect_diag("board", "35", NULL, NULL);
}

Test(board, lower_x_is_a_wall_and_o_is_empty)
{
    expect_ok("x.....oooooo"
              "AA...."
              "..BB.."
              "..o..."
              "....CC");
    cr_expect_eq(P.wall_count, 1);
    cr_expect_eq(P.walls[0].row, 0);
    cr_expect_eq(P.walls[0].col, 0);
    cr_expect_eq(P.vehicle_count, 3);
    cr_expect_eq(rh_puzzle_find(&P, "x"), -1);
    cr_expect_eq(rh_puzzle_find(&P, "o"), -1);
    cr_assert_geq(P.target, 0);
    cr_expect_str_eq(P.vehicles[P.target].id, "A");
    cr_expect_eq(P.exit_row, 2);
}

Test(board, board_not_a_string)
{
    expect_invalid_q("{'board':36}");
    expect_diag("board", NULL, NULL, NULL);
}

Test(board, board_form_takes_no_other_keys)
{
    expect_invalid_q("{'board':'" DB13 "','target':'B'}");
    expect_diag("target", "unknown", NULL, NULL);
}

Test(board, target_missing)
{
    expect_invalid("BB...."
                   "......"
                   "CC...."
                   "......"
                   "......"
                   "......");
    expect_diag("target", "A", NULL, NULL);
}

/* ---------------------------------------------------------------- hostile inputs */

static void check_invariants(int err, const char *what, size_t len)
{
    cr_assert(err == RH_OK || err == RH_EINVALID, "%s (len %zu): returned %d", what, len, err);
    cr_assert_geq(D.count, 0);
    cr_assert_leq(D.count, RH_DIAGS_MAX, "%s (len %zu): %d diags", what, len, D.count);
    if (err == RH_EINVALID) {
        cr_assert_gt(D.count + D.dropped, 0, "%s (len %zu): RH_EINVALID with no diagnostic", what,
                     len);
    } else {
        /* The documented contract: an RH_OK puzzle has passed the rule checks. */
        cr_assert_eq(D.count, 0, "%s: RH_OK with %s", what, dump(&D));
        cr_assert(P.target >= 0 && P.target < P.vehicle_count, "%s: target %d of %d", what,
                  P.target, P.vehicle_count);
        rh_diags check;
        rh_diags_init(&check);
        cr_assert_eq(rh_puzzle_check(&check, &P, NULL, P.vehicles[P.target].id), RH_OK,
                     "%s: accepted puzzle fails the check: %s", what, dump(&check));
    }
}

static void hostile(const char *bytes, size_t len, const char *what)
{
    /* An exact-size copy, so that a read past `len` is a real overrun. */
    char *copy = malloc(len ? len : 1);
    cr_assert_not_null(copy);
    if (len) memcpy(copy, bytes, len);
    int err = parse_len(copy, len);
    check_invariants(err, what, len);
    free(copy);
}

Test(robust, empty_and_whitespace)
{
    hostile("", 0, "empty");
    cr_expect_eq(parse(""), RH_EINVALID);
    hostile(" \t\r\n \n", 6, "whitespace");
    cr_expect_eq(parse(" \t\r\n \n"), RH_EINVALID);
    hostile("////", 4, "slashes");
}

Test(robust, deep_nesting)
{
    const size_t n = 100 * 1024;
    char *s = malloc(n + 16);
    cr_assert_not_null(s);
    memset(s, '[', n);
    hostile(s, n, "100 KB of [");
    memcpy(s, "{\"vehicles\":", 12);
    hostile(s, n, "{\"vehicles\": then 100 KB of [");
    memset(s, '{', n);
    hostile(s, n, "100 KB of {");
    free(s);
}

Test(robust, embedded_nul)
{
    static const char a[] = "{\"board\":\"" DB13 "\"}\0 trailing";
    hostile(a, sizeof a - 1, "JSON then NUL");
    cr_expect_eq(parse_len(a, sizeof a - 1), RH_EINVALID);
    static const char b[] = "BCDDE.BCF.EGB.FAA\0HHHI.G..JIKKLLJMM.";
    hostile(b, sizeof b - 1, "board with NUL");
    cr_expect_eq(parse_len(b, sizeof b - 1), RH_EINVALID);
    static const char c[] = "{\"board\":\"BCDDE.BCF.EGB.FAA\0HHHI.G..JIKKLLJMM.\"}";
    hostile(c, sizeof c - 1, "NUL inside a JSON string");
    static const char g[] = "XX....\n......\n..\0...\n......\n......\n......";
    hostile(g, sizeof g - 1, "grid with NUL");
    cr_expect_eq(parse_len(g, sizeof g - 1), RH_EINVALID);
}

static uint32_t lcg_state;

static uint32_t lcg(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 8;
}

Test(robust, random_bytes)
{
    static const char json_alpha[] = "{}[]\":,0123456789.-eE \nabtrufnlsXHVidrowclengthvehic"
                                     "board_sizegrtexit";
    static const char grid_alpha[] = "...ooo##XXxxAABBCC/\n \r*";
    char buf[301];
    char what[64];
    lcg_state = 12345u;
    for (int it = 0; it < 2000; it++) {
        const size_t len = lcg() % 301;
        const int mode = (int)(lcg() % 3);
        for (size_t i = 0; i < len; i++) {
            if (mode == 0)
                buf[i] = (char)(lcg() & 0xff);
            else if (mode == 1)
                buf[i] = json_alpha[lcg() % (sizeof json_alpha - 1)];
            else
                buf[i] = grid_alpha[lcg() % (sizeof grid_alpha - 1)];
        }
        if (mode == 1 && len) buf[0] = '{';
        snprintf(what, sizeof what, "random iteration %d mode %d", it, mode);
        hostile(buf, len, what);
    }
}

Test(robust, random_boards_and_grids)
{
    /* Random N*N boards from the notation's alphabet, as one line and as rows. */
    static const char alpha[] = "....ooxxAABBCCDDEE#";
    char buf[16 * 17 + 1];
    char what[64];
    lcg_state = 777u;
    for (int it = 0; it < 2000; it++) {
        const int n = 3 + (int)(lcg() % 14);
        size_t at = 0;
        const int as_rows = (int)(lcg() % 2);
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) buf[at++] = alpha[lcg() % (sizeof alpha - 1)];
            if (as_rows) buf[at++] = '\n';
        }
        snprintf(what, sizeof what, "random board %d (n %d, rows %d)", it, n, as_rows);
        hostile(buf, at, what);
    }
}
