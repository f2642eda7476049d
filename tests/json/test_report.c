/* The solve document (rh_report_result, rh_report_diags, rh_move_notation) read back
 * as JSON and checked against the independent replayer; rh_puzzle_apply and rh_puzzle_render;
 * the names of statuses, limits, metrics and algorithms. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "reference.h"
#include "replay.h"

static const char *const jam01_rows[6] = {"bb...g", "a..c.g", "axxc.g",
                                          "a..c..", "e...ff", "e.ddd."};

static void load_ref(rh_puzzle *out, const char *file, const char *name)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, file), 0, "cannot load %s", file);
    const rh_ref *ref = rh_ref_find(&set, name);
    cr_assert_not_null(ref, "%s has no puzzle %s", file, name);
    *out = ref->puzzle;
    rh_ref_free(&set);
}

/* The report of `r`, printed unformatted and parsed again, as a client would see it. */
static cJSON *round_trip(const rh_puzzle *p, const rh_result *r, bool boards)
{
    cJSON *doc = rh_report_result(p, r, boards);
    cr_assert_not_null(doc);
    char *text = cJSON_PrintUnformatted(doc);
    cr_assert_not_null(text);
    cJSON_Delete(doc);
    cJSON *back = cJSON_Parse(text);
    cr_assert_not_null(back, "the report is not JSON: %s", text);
    cJSON_free(text);
    return back;
}

static const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static void expect_string(const cJSON *obj, const char *key, const char *want)
{
    const cJSON *v = get(obj, key);
    cr_assert(cJSON_IsString(v), "\"%s\" is missing or not a string", key);
    cr_expect_str_eq(v->valuestring, want, "\"%s\" is \"%s\", expected \"%s\"", key, v->valuestring,
                     want);
}

static void expect_number(const cJSON *obj, const char *key, double want)
{
    const cJSON *v = get(obj, key);
    cr_assert(cJSON_IsNumber(v), "\"%s\" is missing or not a number", key);
    cr_expect_eq(v->valuedouble, want, "\"%s\" is %g, expected %g", key, v->valuedouble, want);
}

static void expect_stats(const cJSON *doc)
{
    const cJSON *stats = get(doc, "stats");
    cr_assert(cJSON_IsObject(stats), "no stats object");
    const char *keys[] = {"nodes_expanded", "nodes_generated", "states_stored", "peak_memory_bytes",
                          "elapsed_us"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        const cJSON *v = get(stats, keys[k]);
        cr_expect(cJSON_IsNumber(v), "stats.%s is missing or not a number", keys[k]);
        if (cJSON_IsNumber(v)) cr_expect_geq(v->valuedouble, 0, "stats.%s", keys[k]);
    }
}

static rh_result solve_jam01(rh_puzzle *p)
{
    load_ref(p, "jam40.tsv", "jam01");
    rh_result r;
    cr_assert_eq(rh_solve(&r, p, NULL), RH_OK);
    cr_assert_eq(r.status, RH_SOLVED);
    cr_assert_eq(r.move_count, 8);
    return r;
}

Test(report, jam01_document)
{
    rh_puzzle p;
    rh_result r = solve_jam01(&p);
    cJSON *doc = round_trip(&p, &r, true);

    expect_string(doc, "status", "solved");
    cr_expect(cJSON_IsTrue(get(doc, "optimal")), "optimal is not true");
    expect_string(doc, "algorithm", "bfs");
    expect_string(doc, "metric", "moves");
    cr_expect_null(get(doc, "limit"), "a solved document names a limit");
    expect_stats(doc);
    cr_expect_eq(get(get(doc, "stats"), "nodes_expanded")->valuedouble,
                 (double)r.stats.nodes_expanded);
    cr_expect_eq(get(get(doc, "stats"), "peak_memory_bytes")->valuedouble,
                 (double)r.stats.peak_memory);

    const cJSON *sol = get(doc, "solution");
    cr_assert(cJSON_IsObject(sol), "no solution object");
    expect_number(sol, "move_count", 8);
    expect_number(sol, "slide_count", 16);

    /* The moves, read back into rh_moves and replayed independently. */
    const cJSON *moves = get(sol, "moves");
    cr_assert(cJSON_IsArray(moves));
    cr_assert_eq(cJSON_GetArraySize(moves), 8);
    rh_move back[8];
    const char *dirs[8];
    int slides = 0;
    for (int k = 0; k < 8; k++) {
        const cJSON *m = cJSON_GetArrayItem(moves, k);
        const cJSON *veh = get(m, "vehicle"), *dir = get(m, "direction"),
                    *dist = get(m, "distance");
        cr_assert(cJSON_IsString(veh) && cJSON_IsString(dir) && cJSON_IsNumber(dist),
                  "move %d lacks vehicle/direction/distance", k);
        const int index = rh_puzzle_find(&p, veh->valuestring);
        cr_assert_geq(index, 0, "move %d: unknown vehicle \"%s\"", k, veh->valuestring);
        const int d = dist->valueint;
        cr_assert_gt(d, 0, "move %d: distance %d", k, d);
        const char *s = dir->valuestring;
        const bool h = p.vehicles[index].orientation == RH_HORIZONTAL;
        if (strcmp(s, "right") == 0 || strcmp(s, "down") == 0)
            back[k] = (rh_move){index, d};
        else if (strcmp(s, "left") == 0 || strcmp(s, "up") == 0)
            back[k] = (rh_move){index, -d};
        else
            cr_assert_fail("move %d: direction \"%s\"", k, s);
        const bool horizontal_word = strcmp(s, "right") == 0 || strcmp(s, "left") == 0;
        cr_expect_eq(horizontal_word, h, "move %d: %s %s along the wrong axis", k, veh->valuestring,
                     s);
        cr_expect_eq(back[k].vehicle, r.moves[k].vehicle, "move %d", k);
        cr_expect_eq(back[k].delta, r.moves[k].delta, "move %d", k);
        dirs[k] = s;
        slides += d;
    }
    cr_expect_eq(slides, 16);
    char why[160];
    cr_expect_eq(rh_replay(&p, back, dirs, 8, why, sizeof why), 0, "replay: %s", why);

    /* The notation: one token per move, id + U/D/L/R + distance, matching the moves. */
    const cJSON *notation = get(sol, "notation");
    cr_assert(cJSON_IsString(notation));
    char copy[256];
    snprintf(copy, sizeof copy, "%s", notation->valuestring);
    cr_expect_null(strstr(copy, "  "), "notation has double spaces: \"%s\"", copy);
    cr_expect_neq(copy[0], ' ');
    int tokens = 0;
    char *save = NULL;
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        cr_assert_lt(tokens, 8, "notation has more than 8 tokens: \"%s\"", notation->valuestring);
        const char *id = p.vehicles[back[tokens].vehicle].id;
        const size_t idlen = strlen(id);
        cr_expect_eq(strncmp(tok, id, idlen), 0, "token %d \"%s\" does not start with %s", tokens,
                     tok, id);
        const char letter = tok[idlen];
        const char want = (char)toupper((unsigned char)dirs[tokens][0]);
        cr_expect(letter == 'U' || letter == 'D' || letter == 'L' || letter == 'R',
                  "token %d \"%s\": bad direction letter", tokens, tok);
        cr_expect_eq(letter, want, "token %d \"%s\": expected %c", tokens, tok, want);
        const char *digits = tok + idlen + (letter ? 1 : 0);
        cr_expect(*digits != '\0', "token %d \"%s\" has no distance", tokens, tok);
        for (const char *c = digits; *c; c++)
            cr_expect(isdigit((unsigned char)*c), "token %d \"%s\": not a number", tokens, tok);
        cr_expect_eq(atoi(digits), abs(back[tokens].delta), "token %d \"%s\"", tokens, tok);

        char one[RH_ID_MAX + 8];
        rh_move_notation(one, &p, r.moves[tokens]);
        cr_expect_str_eq(one, tok);
        tokens++;
    }
    cr_expect_eq(tokens, 8, "notation has %d tokens: \"%s\"", tokens, notation->valuestring);

    /* The boards: one per move, each the position after it. */
    const cJSON *boards = get(sol, "boards");
    cr_assert(cJSON_IsArray(boards), "no boards although asked for");
    cr_assert_eq(cJSON_GetArraySize(boards), 8);
    rh_puzzle cur = p;
    for (int k = 0; k < 8; k++) {
        cr_assert_eq(rh_puzzle_apply(&cur, back[k]), RH_OK, "move %d is illegal", k);
        char drawn[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
        rh_puzzle_render(drawn, &cur);
        const cJSON *b = cJSON_GetArrayItem(boards, k);
        cr_assert(cJSON_IsArray(b));
        cr_assert_eq(cJSON_GetArraySize(b), 6, "board %d has %d rows", k, cJSON_GetArraySize(b));
        for (int row = 0; row < 6; row++) {
            const cJSON *line = cJSON_GetArrayItem(b, row);
            cr_assert(cJSON_IsString(line));
            cr_expect_eq(strlen(line->valuestring), 6, "board %d row %d: \"%s\"", k, row,
                         line->valuestring);
            cr_expect_str_eq(line->valuestring, drawn + row * 7, "board %d row %d", k, row);
        }
    }
    const char *exit_row = cJSON_GetArrayItem(cJSON_GetArrayItem(boards, 7), 2)->valuestring;
    cr_expect_eq(exit_row[4], 'x', "last board, exit row \"%s\"", exit_row);
    cr_expect_eq(exit_row[5], 'x', "last board, exit row \"%s\"", exit_row);
    cr_expect(rh_puzzle_is_solved(&cur));

    cJSON_Delete(doc);
    rh_result_free(&r);
}

Test(report, no_boards_unless_asked)
{
    rh_puzzle p;
    rh_result r = solve_jam01(&p);
    cJSON *doc = round_trip(&p, &r, false);
    const cJSON *sol = get(doc, "solution");
    cr_assert(cJSON_IsObject(sol));
    cr_expect_null(get(sol, "boards"));
    cr_expect_eq(cJSON_GetArraySize(get(sol, "moves")), 8);
    cJSON_Delete(doc);
    rh_result_free(&r);
}

Test(report, slides_metric)
{
    rh_puzzle p;
    load_ref(&p, "jam40.tsv", "jam01");
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.algorithm = RH_ALGO_ASTAR;
    opt.metric = RH_METRIC_SLIDES;
    rh_result r;
    cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
    cJSON *doc = round_trip(&p, &r, false);
    expect_string(doc, "algorithm", "astar");
    expect_string(doc, "metric", "slides");
    expect_number(get(doc, "solution"), "slide_count", 16);
    expect_number(get(doc, "solution"), "move_count", r.move_count);
    cJSON_Delete(doc);
    rh_result_free(&r);
}

Test(report, unsolvable_document)
{
    rh_puzzle p;
    load_ref(&p, "classic.jsonl", "locked-truck");
    rh_result r;
    cr_assert_eq(rh_solve(&r, &p, NULL), RH_OK);
    cr_assert_eq(r.status, RH_UNSOLVABLE);
    cJSON *doc = round_trip(&p, &r, true);
    expect_string(doc, "status", "unsolvable");
    cr_expect(cJSON_IsTrue(get(doc, "optimal")));
    cr_expect_null(get(doc, "solution"), "an unsolvable document has a solution");
    cr_expect_null(get(doc, "limit"));
    expect_stats(doc);
    cJSON_Delete(doc);
    rh_result_free(&r);
}

Test(report, limit_document)
{
    rh_puzzle p;
    load_ref(&p, "classic.jsonl", "big-cluster-541934");
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.limits.max_nodes = 10;
    rh_result r;
    cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
    cr_assert_eq(r.status, RH_LIMIT_REACHED);
    cJSON *doc = round_trip(&p, &r, true);
    expect_string(doc, "status", "limit_reached");
    expect_string(doc, "limit", "nodes");
    cr_expect(cJSON_IsFalse(get(doc, "optimal")), "a limited search claims optimality");
    cr_expect_null(get(doc, "solution"));
    expect_stats(doc);
    expect_number(get(doc, "stats"), "nodes_expanded", 10);
    cJSON_Delete(doc);
    rh_result_free(&r);
}

Test(report, already_solved_document)
{
    rh_puzzle p;
    load_ref(&p, "classic.jsonl", "already-solved");
    rh_result r;
    cr_assert_eq(rh_solve(&r, &p, NULL), RH_OK);
    cJSON *doc = round_trip(&p, &r, true);
    expect_string(doc, "status", "solved");
    const cJSON *sol = get(doc, "solution");
    cr_assert(cJSON_IsObject(sol));
    expect_number(sol, "move_count", 0);
    expect_number(sol, "slide_count", 0);
    expect_string(sol, "notation", "");
    cr_expect_eq(cJSON_GetArraySize(get(sol, "moves")), 0);
    cr_expect_eq(cJSON_GetArraySize(get(sol, "boards")), 0);
    cJSON_Delete(doc);
    rh_result_free(&r);
}

/* ---- diagnostics ---- */

Test(diags, two_items)
{
    rh_diags d;
    rh_diags_init(&d);
    rh_diags_add(&d, "vehicles[0].row", "must be %d or more", 0);
    rh_diags_add(&d, "target", "names no vehicle");
    cJSON *list = rh_report_diags(&d);
    cr_assert_not_null(list);
    cr_assert(cJSON_IsArray(list));
    cr_assert_eq(cJSON_GetArraySize(list), 2);
    expect_string(cJSON_GetArrayItem(list, 0), "field", "vehicles[0].row");
    expect_string(cJSON_GetArrayItem(list, 0), "message", "must be 0 or more");
    expect_string(cJSON_GetArrayItem(list, 1), "field", "target");
    expect_string(cJSON_GetArrayItem(list, 1), "message", "names no vehicle");
    cJSON_Delete(list);
}

Test(diags, empty)
{
    rh_diags d;
    rh_diags_init(&d);
    cJSON *list = rh_report_diags(&d);
    cr_assert_not_null(list);
    cr_expect(cJSON_IsArray(list));
    cr_expect_eq(cJSON_GetArraySize(list), 0);
    cJSON_Delete(list);
}

Test(diags, dropped_are_counted)
{
    static rh_diags d;
    rh_diags_init(&d);
    for (int i = 0; i < RH_DIAGS_MAX + 3; i++) rh_diags_add(&d, "walls", "problem %d", i);
    cr_assert_eq(d.count, RH_DIAGS_MAX);
    cr_assert_eq(d.dropped, 3);
    cJSON *list = rh_report_diags(&d);
    cr_assert_not_null(list);
    cr_assert_eq(cJSON_GetArraySize(list), RH_DIAGS_MAX + 1);
    for (int i = 0; i < RH_DIAGS_MAX; i++) {
        char want[32];
        snprintf(want, sizeof want, "problem %d", i);
        expect_string(cJSON_GetArrayItem(list, i), "message", want);
    }
    const cJSON *extra = cJSON_GetArrayItem(list, RH_DIAGS_MAX);
    const cJSON *msg = get(extra, "message");
    cr_assert(cJSON_IsString(msg));
    cr_expect(cJSON_IsString(get(extra, "field")));
    cr_expect_not_null(strstr(msg->valuestring, "3"), "the extra entry does not give the count: %s",
                       msg->valuestring);
    cJSON_Delete(list);
}

/* ---- rh_puzzle_apply and rh_puzzle_render ---- */

static int jam01_index(const rh_puzzle *p, const char *id)
{
    const int i = rh_puzzle_find(p, id);
    cr_assert_geq(i, 0, "jam01 has no vehicle %s", id);
    return i;
}

Test(apply, render_jam01)
{
    rh_puzzle p;
    load_ref(&p, "jam40.tsv", "jam01");
    char drawn[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
    rh_puzzle_render(drawn, &p);
    cr_assert_eq(p.board_size, 6);
    for (int r = 0; r < 6; r++)
        cr_expect_str_eq(drawn + r * 7, jam01_rows[r], "row %d: \"%s\", expected \"%s\"", r,
                         drawn + r * 7, jam01_rows[r]);
}

Test(apply, legal_moves_change_the_position)
{
    rh_puzzle p;
    load_ref(&p, "jam40.tsv", "jam01");
    const int b = jam01_index(&p, "b"), c = jam01_index(&p, "c");
    rh_puzzle before = p;
    cr_assert_eq(rh_puzzle_apply(&p, (rh_move){b, 1}), RH_OK);
    cr_expect_eq(p.vehicles[b].col, 1);
    cr_expect_eq(p.vehicles[b].row, 0);
    cr_expect_neq(memcmp(&p, &before, sizeof p), 0);
    cr_assert_eq(rh_puzzle_apply(&p, (rh_move){c, -1}), RH_OK);
    cr_expect_eq(p.vehicles[c].row, 0);
    cr_expect_eq(p.vehicles[c].col, 3);
    char drawn[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
    rh_puzzle_render(drawn, &p);
    cr_expect_str_eq(drawn + 0 * 7, ".bbc.g");
    cr_expect_str_eq(drawn + 1 * 7, "a..c.g");
    cr_expect_str_eq(drawn + 2 * 7, "axxc.g");
    cr_expect_str_eq(drawn + 3 * 7, "a.....");
    /* c now blocks b's way right; b can still go back, and c down again restores the start. */
    cr_expect_eq(rh_puzzle_apply(&p, (rh_move){b, 1}), RH_EARG);
    cr_assert_eq(rh_puzzle_apply(&p, (rh_move){b, -1}), RH_OK);
    cr_assert_eq(rh_puzzle_apply(&p, (rh_move){c, 1}), RH_OK);
    cr_expect_eq(memcmp(&p, &before, sizeof p), 0);
}

Test(apply, illegal_moves_change_nothing)
{
    rh_puzzle p;
    load_ref(&p, "jam40.tsv", "jam01");
    const int a = jam01_index(&p, "a"), b = jam01_index(&p, "b"), x = jam01_index(&p, "x"),
              c = jam01_index(&p, "c"), g = jam01_index(&p, "g");
    const struct {
        rh_move m;
        const char *why;
    } bad[] = {
        {{x, 1}, "x into c"},
        {{a, -1}, "a up into b"},
        {{a, 1}, "a down into e"},
        {{c, 2}, "c down into d"},
        {{b, 4}, "b right across g's column"},
        {{b, -1}, "b off the left edge"},
        {{g, -1}, "g off the top edge"},
        {{x, -2}, "x over a and off the board"},
        {{b, 0}, "delta 0"},
        {{-1, 1}, "index -1"},
        {{p.vehicle_count, 1}, "index past the last vehicle"},
        {{b, 100}, "far off the board"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        rh_puzzle copy = p;
        cr_expect_eq(rh_puzzle_apply(&copy, bad[k].m), RH_EARG, "%s was accepted", bad[k].why);
        cr_expect_eq(memcmp(&copy, &p, sizeof p), 0, "%s changed the puzzle", bad[k].why);
    }
}

Test(apply, walls_block)
{
    rh_puzzle p;
    load_ref(&p, "classic.jsonl", "blocked-by-wall");
    const int x = rh_puzzle_find(&p, "X");
    cr_assert_geq(x, 0);
    rh_puzzle copy = p;
    /* X at columns 0-1 of row 2, a wall at (2, 5): three cells free, the fourth a wall. */
    cr_expect_eq(rh_puzzle_apply(&copy, (rh_move){x, 4}), RH_EARG);
    cr_expect_eq(memcmp(&copy, &p, sizeof p), 0);
    cr_expect_eq(rh_puzzle_apply(&copy, (rh_move){x, 3}), RH_OK);
    cr_expect_eq(copy.vehicles[x].col, 3);
    char drawn[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
    rh_puzzle_render(drawn, &copy);
    cr_expect_str_eq(drawn + 2 * 7, "...XX#");
}

/* ---- names ---- */

Test(names, round_trips)
{
    const char *status[] = {"solved", "unsolvable", "limit_reached"};
    for (int s = 0; s < 3; s++) cr_expect_str_eq(rh_status_name((rh_status)s), status[s]);
    const char *limits[] = {"none", "nodes", "memory", "time", "cancelled"};
    for (int l = 0; l < 5; l++) cr_expect_str_eq(rh_limit_name((rh_limit)l), limits[l]);
    const char *metrics[] = {"moves", "slides"};
    for (int m = 0; m < 2; m++) {
        cr_expect_str_eq(rh_metric_name((rh_metric)m), metrics[m]);
        rh_metric back = (rh_metric)-1;
        cr_expect_eq(rh_metric_parse(&back, rh_metric_name((rh_metric)m)), RH_OK);
        cr_expect_eq(back, (rh_metric)m);
    }
    const char *algos[] = {"bfs", "astar", "fast"};
    for (int a = 0; a < 3; a++) {
        cr_expect_str_eq(rh_algorithm_name((rh_algorithm)a), algos[a]);
        rh_algorithm back = (rh_algorithm)-1;
        cr_expect_eq(rh_algorithm_parse(&back, rh_algorithm_name((rh_algorithm)a)), RH_OK);
        cr_expect_eq(back, (rh_algorithm)a);
    }
}

Test(names, parsing)
{
    rh_metric m = RH_METRIC_MOVES;
    cr_expect_eq(rh_metric_parse(&m, "SLIDES"), RH_OK);
    cr_expect_eq(m, RH_METRIC_SLIDES);
    cr_expect_eq(rh_metric_parse(&m, "cells"), RH_EARG);
    cr_expect_eq(rh_metric_parse(&m, ""), RH_EARG);
    cr_expect_eq(rh_metric_parse(&m, NULL), RH_EARG);
    cr_expect_eq(m, RH_METRIC_SLIDES, "a failed parse changed the output");

    rh_algorithm a = RH_ALGO_ASTAR;
    cr_expect_eq(rh_algorithm_parse(&a, "dfs"), RH_EARG);
    cr_expect_eq(rh_algorithm_parse(&a, "bfs2"), RH_EARG);
    cr_expect_eq(rh_algorithm_parse(&a, NULL), RH_EARG);
    cr_expect_eq(a, RH_ALGO_ASTAR, "a failed parse changed the output");
    cr_expect_eq(rh_algorithm_parse(&a, "Fast"), RH_OK);
    cr_expect_eq(a, RH_ALGO_FAST);
}

Test(names, directions)
{
    rh_puzzle p;
    load_ref(&p, "jam40.tsv", "jam01");
    const int a = rh_puzzle_find(&p, "a"), b = rh_puzzle_find(&p, "b");
    cr_expect_str_eq(rh_move_direction(&p, (rh_move){b, 2}), "right");
    cr_expect_str_eq(rh_move_direction(&p, (rh_move){b, -1}), "left");
    cr_expect_str_eq(rh_move_direction(&p, (rh_move){a, 1}), "down");
    cr_expect_str_eq(rh_move_direction(&p, (rh_move){a, -3}), "up");
    char note[RH_ID_MAX + 8];
    rh_move_notation(note, &p, (rh_move){a, -3});
    cr_expect_str_eq(note, "aU3");
    rh_move_notation(note, &p, (rh_move){b, 2});
    cr_expect_str_eq(note, "bR2");
}

/* A run that found nothing answers null for the puzzle and the board, and says why. */
Test(generated, nothing_found_document)
{
    const rh_generated g = {.status = RH_LIMIT_REACHED,
                            .limit = RH_LIMIT_TIME,
                            .metric = RH_METRIC_SLIDES,
                            .candidates = 3,
                            .restarts = 2};
    cJSON *doc = rh_report_generated(&g);
    cr_assert_not_null(doc);
    cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "status")), "limit_reached");
    cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "limit")), "time");
    cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "metric")), "slides");
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(doc, "puzzle")));
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(doc, "board")));
    cr_expect_eq(cJSON_GetObjectItem(doc, "length")->valuedouble, 0);
    /* Counters are raw numbers, so that values past 2^53 keep every digit. */
    cr_expect_str_eq(cJSON_GetObjectItem(doc, "candidates")->valuestring, "3");
    cr_expect_str_eq(cJSON_GetObjectItem(doc, "restarts")->valuestring, "2");
    cr_expect_not_null(cJSON_GetObjectItem(doc, "stats"));
    cJSON_Delete(doc);
}

/* The JSON form of a puzzle with walls: every field, walls as [row, col]. */
Test(generated, puzzle_document)
{
    rh_puzzle p = {
        .board_size = 5, .exit_row = 1, .target = 0, .vehicle_count = 2, .wall_count = 1};
    p.vehicles[0] = (rh_vehicle){.id = "X", .row = 1, .col = 0, .length = 2};
    p.vehicles[1] =
        (rh_vehicle){.id = "A", .row = 0, .col = 3, .length = 3, .orientation = RH_VERTICAL};
    p.walls[0] = (rh_cell){4, 0};
    cJSON *doc = rh_report_puzzle(&p);
    char *text = cJSON_PrintUnformatted(doc);
    cr_expect_str_eq(text, "{\"board_size\":5,\"exit_row\":1,\"target\":\"X\",\"vehicles\":["
                           "{\"id\":\"X\",\"row\":1,\"col\":0,\"length\":2,\"orientation\":\"H\"},"
                           "{\"id\":\"A\",\"row\":0,\"col\":3,\"length\":3,\"orientation\":\"V\"}],"
                           "\"walls\":[[4,0]]}");
    cJSON_free(text);
    cJSON_Delete(doc);
}
