/* The `rushhour` binary end to end: spawned with posix_spawn, stdin from a file, stdout and
 * stderr captured separately, exit codes checked (0 answer, 1 I/O, 2 invalid/usage, 3 limit). */
/* posix_openpt and ptsname_r, for the terminal the progress test gives stderr. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sqlite3.h>

#include "cli_run.h"
#include "rushhour/version.h"

#ifndef RH_CLI
#error "RH_CLI must name the rushhour binary"
#endif
#ifndef RH_SOURCE_DIR
#error "RH_SOURCE_DIR must name the source tree"
#endif

static const char jam01_text[] = "bb...g\na..c.g\naxxc.g\na..c..\ne...ff\ne.ddd.\n";
static const char hardest51_board[] = "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\"}";

/* stdout as exactly one JSON object followed by a newline. */
static cJSON *parse_out(const run_result *r)
{
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithOpts(r->out, &end, 0);
    cr_assert_not_null(doc, "stdout is not JSON: \"%s\" (stderr \"%s\")", r->out, r->err);
    cr_assert(cJSON_IsObject(doc));
    cr_expect_str_eq(end, "\n", "stdout holds more than one JSON document: \"%s\"", r->out);
    return doc;
}

static const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static const char *get_string(const cJSON *obj, const char *key)
{
    const cJSON *v = get(obj, key);
    cr_assert(cJSON_IsString(v), "\"%s\" is missing or not a string", key);
    return v->valuestring;
}

static double get_number(const cJSON *obj, const char *key)
{
    const cJSON *v = get(obj, key);
    cr_assert(cJSON_IsNumber(v), "\"%s\" is missing or not a number", key);
    return v->valuedouble;
}

/* The JSON puzzle named `name` in classic.jsonl, as text. */
static char *classic_puzzle(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/classic.jsonl", RH_SOURCE_DIR);
    char *all = slurp(path);
    char *found = NULL, *save = NULL;
    for (char *line = strtok_r(all, "\n", &save); line && !found;
         line = strtok_r(NULL, "\n", &save)) {
        cJSON *doc = cJSON_Parse(line);
        const char *n = cJSON_GetStringValue(get(doc, "name"));
        if (n && strcmp(n, name) == 0) found = cJSON_PrintUnformatted(get(doc, "puzzle"));
        cJSON_Delete(doc);
    }
    free(all);
    cr_assert_not_null(found, "classic.jsonl has no puzzle %s", name);
    return found;
}

/* A solve that answered: exit 0, nothing on stderr, one JSON document. */
static cJSON *expect_answer(const run_result *r)
{
    cr_assert_eq(r->code, 0, "exit %d, stderr \"%s\"", r->code, r->err);
    cr_expect_str_eq(r->err, "", "stderr: \"%s\"", r->err);
    return parse_out(r);
}

Test(solve, jam01_stdin)
{
    const char *args[] = {"solve", NULL};
    run_result r = run_cli(args, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "status"), "solved");
    cr_expect(cJSON_IsTrue(get(doc, "optimal")));
    cr_expect_str_eq(get_string(doc, "algorithm"), "bfs");
    cr_expect_str_eq(get_string(doc, "metric"), "moves");
    const cJSON *sol = get(doc, "solution");
    cr_assert(cJSON_IsObject(sol));
    cr_expect_eq(get_number(sol, "move_count"), 8);
    cr_expect_eq(get_number(sol, "slide_count"), 16);
    cr_expect_eq(cJSON_GetArraySize(get(sol, "moves")), 8);
    cr_expect_null(get(sol, "boards"));
    cr_expect(cJSON_IsObject(get(doc, "stats")));
    cJSON_Delete(doc);
    run_free(&r);
}

Test(solve, dash_reads_stdin)
{
    const char *args[] = {"solve", "-", NULL};
    run_result r = run_cli(args, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_eq(get_number(get(doc, "solution"), "move_count"), 8);
    cJSON_Delete(doc);
    run_free(&r);
}

Test(solve, metric_slides)
{
    const char *args[] = {"solve", "--metric", "slides", NULL};
    run_result r = run_cli(args, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "metric"), "slides");
    cr_expect_eq(get_number(get(doc, "solution"), "slide_count"), 16);
    cJSON_Delete(doc);
    run_free(&r);
}

Test(solve, algorithm_astar)
{
    const char *args[] = {"solve", "--algorithm", "astar", NULL};
    run_result r = run_cli(args, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "algorithm"), "astar");
    cr_expect(cJSON_IsTrue(get(doc, "optimal")));
    cr_expect_eq(get_number(get(doc, "solution"), "move_count"), 8);
    cJSON_Delete(doc);
    run_free(&r);
}

Test(solve, algorithm_fast)
{
    const char *args[] = {"solve", "--algorithm", "fast", NULL};
    run_result r = run_cli(args, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "status"), "solved");
    cr_expect_str_eq(get_string(doc, "algorithm"), "fast");
    cr_expect(cJSON_IsFalse(get(doc, "optimal")));
    cr_expect_geq(get_number(get(doc, "solution"), "move_count"), 8);
    cJSON_Delete(doc);
    run_free(&r);
}

Test(solve, generous_limits)
{
    const char *args[] = {"solve",    "--max-nodes",  "1000000", "--max-memory",
                          "67108864", "--timeout-ms", "60000",   NULL};
    run_result r = run_cli(args, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "status"), "solved");
    cr_expect_eq(get_number(get(doc, "solution"), "move_count"), 8);
    cJSON_Delete(doc);
    run_free(&r);
}

/* A timeout too large for the clock is no deadline: times 1000 it wrapped around to one
 * already past, and the search stopped at once on "time". */
Test(solve, timeout_past_the_clock_is_no_deadline)
{
    const char *args[] = {"solve", "--timeout-ms", "18446744073709551615", NULL};
    run_result r = run_cli(args, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "status"), "solved");
    cJSON_Delete(doc);
    run_free(&r);
}

Test(solve, file_argument)
{
    const char *args[] = {"solve", RH_SOURCE_DIR "/examples/jam01.json", NULL};
    run_result r = run_cli(args, NULL);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "status"), "solved");
    cr_expect_eq(get_number(get(doc, "solution"), "move_count"), 8);
    cJSON_Delete(doc);
    run_free(&r);
}

Test(solve, hardest_board_notation)
{
    const char *args[] = {"solve", NULL};
    run_result r = run_cli(args, hardest51_board);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "status"), "solved");
    cr_expect_eq(get_number(get(doc, "solution"), "move_count"), 51);
    cJSON_Delete(doc);
    run_free(&r);

    const char *file_args[] = {"solve", RH_SOURCE_DIR "/examples/hardest51.json", NULL};
    r = run_cli(file_args, NULL);
    doc = expect_answer(&r);
    cr_expect_eq(get_number(get(doc, "solution"), "move_count"), 51);
    cJSON_Delete(doc);
    run_free(&r);
}

Test(solve, invalid_input)
{
    const char *input =
        "{\"board_size\": 6, \"exit_row\": 2, \"vehicles\": ["
        "{\"id\": \"X\", \"row\": 2, \"col\": 0, \"length\": 2, \"orientation\": \"H\"},"
        "{\"id\": \"A\", \"row\": 0, \"col\": 0, \"length\": 2, \"orientation\": \"Q\"},"
        "{\"id\": \"B\", \"row\": 4, \"col\": 0, \"length\": 9, \"orientation\": \"V\"}]}";
    const char *args[] = {"solve", NULL};
    run_result r = run_cli(args, input);
    cr_expect_eq(r.code, 2, "exit %d", r.code);
    cr_expect_str_eq(r.out, "", "stdout: \"%s\"", r.out);
    int lines = 0;
    char *save = NULL;
    for (char *line = strtok_r(r.err, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        lines++;
        const char *colon = strstr(line, ": ");
        cr_expect_not_null(colon, "line \"%s\" is not `field: message`", line);
        if (colon) {
            cr_expect_gt(colon - line, 0, "line \"%s\" has no field", line);
            cr_expect_gt(strlen(colon + 2), 0, "line \"%s\" has no message", line);
        }
    }
    cr_expect_eq(lines, 2, "%d lines on stderr", lines);
    run_free(&r);
    /* The two fields at fault, in order. */
    r = run_cli(args, input);
    cr_expect_eq(strncmp(r.err, "vehicles[1].orientation: ", 25), 0, "stderr: \"%s\"", r.err);
    cr_expect_not_null(strstr(r.err, "\nvehicles[2].length: "), "stderr: \"%s\"", r.err);
    run_free(&r);
}

Test(solve, node_limit)
{
    char *big = classic_puzzle("big-cluster-541934");
    const char *args[] = {"solve", "--max-nodes", "10", NULL};
    run_result r = run_cli(args, big);
    cr_expect_eq(r.code, 3, "exit %d, stderr \"%s\"", r.code, r.err);
    cJSON *doc = parse_out(&r);
    cr_expect_str_eq(get_string(doc, "status"), "limit_reached");
    cr_expect_str_eq(get_string(doc, "limit"), "nodes");
    cr_expect_null(get(doc, "solution"));
    cr_expect_eq(get_number(get(doc, "stats"), "nodes_expanded"), 10);
    cJSON_Delete(doc);
    run_free(&r);
    free(big);
}

/* The 541,934-state cluster's solve within `size` (64 KiB however spelt) stops at the memory
 * budget, having used no more. */
static void expect_memory_limit(const char *size)
{
    char *big = classic_puzzle("big-cluster-541934");
    const char *args[] = {"solve", "--max-memory", size, NULL};
    run_result r = run_cli(args, big);
    cr_expect_eq(r.code, 3, "exit %d, stderr \"%s\"", r.code, r.err);
    cJSON *doc = parse_out(&r);
    cr_expect_str_eq(get_string(doc, "status"), "limit_reached");
    cr_expect_str_eq(get_string(doc, "limit"), "memory");
    cr_expect_leq(get_number(get(doc, "stats"), "peak_memory_bytes"), 65536);
    cJSON_Delete(doc);
    run_free(&r);
    free(big);
}

Test(solve, memory_limit)
{
    expect_memory_limit("65536");
}

/* --max-memory takes what the server's sizes take (rh_size_parse): 64KiB is the 65536 above,
 * 256MiB is accepted, and a suffix of another spelling is a usage error. */
Test(solve, memory_limit_with_a_binary_suffix)
{
    expect_memory_limit("64KiB");

    const char *generous[] = {"solve", "--max-memory", "256MiB", NULL};
    run_result r = run_cli(generous, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_eq(get_number(get(doc, "solution"), "move_count"), 8);
    cJSON_Delete(doc);
    run_free(&r);

    static const char *const bad[] = {"256MB", "256mib", "256 MiB", "1.5GiB", "16777216TiB"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        const char *refused[] = {"solve", "--max-memory", bad[k], NULL};
        expect_usage_error(refused, jam01_text, "--max-memory needs a number of bytes");
    }
}

/* enumerate's --max-memory reads sizes the same way. */
Test(enumerate, memory_cap_with_a_binary_suffix)
{
    const char *args[] = {"enumerate", "--size",       "4",     "--vehicles",
                          "1-3",       "--max-memory", "16MiB", NULL};
    run_result r = run_cli(args, NULL);
    cr_expect_eq(r.code, 0, "exit %d, stderr \"%s\"", r.code, r.err);
    run_free(&r);
    const char *refused[] = {"enumerate", "--size", "4", "--max-memory", "16MB", NULL};
    expect_usage_error(refused, NULL, "--max-memory '16MB'");
}

Test(solve, unsolvable)
{
    char *locked = classic_puzzle("locked-truck");
    const char *args[] = {"solve", NULL};
    run_result r = run_cli(args, locked);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "status"), "unsolvable");
    cr_expect_null(get(doc, "solution"));
    cJSON_Delete(doc);
    run_free(&r);
    free(locked);
}

Test(solve, show)
{
    const char *args[] = {"solve", "--show", NULL};
    run_result r = run_cli(args, jam01_text);
    cr_assert_eq(r.code, 0, "exit %d, stderr \"%s\"", r.code, r.err);
    cr_expect_not_null(strstr(r.out, "move 8/8"), "stdout: \"%s\"", r.out);
    cr_expect_null(strstr(r.out, "move 9/"), "stdout: \"%s\"", r.out);
    /* The exit marker on the exit row of the start board, and at the end the target out. */
    cr_expect_not_null(strstr(r.out, "axxc.g >"), "stdout: \"%s\"", r.out);
    cr_expect_not_null(strstr(r.out, "xx >\n"), "stdout: \"%s\"", r.out);
    cr_expect_not_null(strstr(r.out, "8 moves"), "stdout: \"%s\"", r.out);
    run_free(&r);
}

Test(explore, jam01)
{
    const char *args[] = {"explore", NULL};
    run_result r = run_cli(args, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_not_null(strstr(r.out, "\"states\":1247"), "stdout: \"%s\"", r.out);
    cr_expect_eq(get_number(doc, "states"), 1247);
    cr_expect_str_eq(get_string(doc, "status"), "complete");
    cr_expect_gt(get_number(doc, "goal_states"), 0);
    cJSON_Delete(doc);
    run_free(&r);
}

/* Exit 3 and a document saying the node budget ran out. */
static void expect_node_limit(const char *const *args, const char *input)
{
    run_result r = run_cli(args, input);
    cr_expect_eq(r.code, 3, "%s: exit %d", args[0], r.code);
    cJSON *doc = parse_out(&r);
    cr_expect_str_eq(get_string(doc, "status"), "limit_reached");
    cr_expect_str_eq(get_string(doc, "limit"), "nodes");
    cJSON_Delete(doc);
    run_free(&r);
}

Test(explore, node_limit)
{
    char *big = classic_puzzle("big-cluster-541934");
    const char *args[] = {"explore", "--max-nodes", "10", NULL};
    expect_node_limit(args, big);
    free(big);
}

/* A usage error: exit 2, nothing on stdout, a message on stderr. */

Test(usage, unknown_option)
{
    const char *args[] = {"solve", "--frobnicate", NULL};
    expect_usage_error(args, jam01_text, "--frobnicate");
}

Test(usage, unknown_command)
{
    const char *args[] = {"frobnicate", NULL};
    expect_usage_error(args, jam01_text, "frobnicate");
}

Test(usage, no_command)
{
    const char *args[] = {NULL};
    expect_usage_error(args, jam01_text, "usage");
}

Test(usage, bad_metric)
{
    const char *args[] = {"solve", "--metric", "bogus", NULL};
    expect_usage_error(args, jam01_text, "bogus");
}

Test(usage, bad_algorithm)
{
    const char *args[] = {"solve", "--algorithm", "dfs", NULL};
    expect_usage_error(args, jam01_text, "dfs");
}

Test(usage, bad_number)
{
    const char *args[] = {"solve", "--max-nodes", "-5", NULL};
    expect_usage_error(args, jam01_text, "--max-nodes");
    const char *missing[] = {"solve", "--max-nodes", NULL};
    expect_usage_error(missing, jam01_text, "--max-nodes");
}

Test(usage, solve_options_not_for_explore)
{
    const char *args[] = {"explore", "--metric", "slides", NULL};
    expect_usage_error(args, jam01_text, "--metric");
}

Test(usage, two_files)
{
    const char *args[] = {"solve", RH_SOURCE_DIR "/examples/jam01.json",
                          RH_SOURCE_DIR "/examples/jam01.txt", NULL};
    expect_usage_error(args, jam01_text, "jam01.txt");
}

Test(io, missing_file)
{
    const char *args[] = {"solve", "/nonexistent/rushhour-test/puzzle.json", NULL};
    run_result r = run_cli(args, NULL);
    cr_expect_eq(r.code, 1, "exit %d", r.code);
    cr_expect_str_eq(r.out, "");
    cr_expect_not_null(strstr(r.err, "/nonexistent/rushhour-test/puzzle.json"), "stderr: \"%s\"",
                       r.err);
    run_free(&r);
}

Test(analyze, jam01_both_metrics)
{
    const char *moves[] = {"analyze", NULL};
    run_result r = run_cli(moves, jam01_text);
    cJSON *doc = expect_answer(&r);
    cr_expect_eq(get_number(doc, "states"), 1247);
    cr_expect_eq(get_number(doc, "start_distance"), 8);
    cr_expect_str_eq(get_string(doc, "metric"), "moves");
    cJSON_Delete(doc);
    run_free(&r);
    const char *slides[] = {"analyze", "--metric", "slides", NULL};
    r = run_cli(slides, jam01_text);
    doc = expect_answer(&r);
    cr_expect_eq(get_number(doc, "start_distance"), 16);
    cJSON_Delete(doc);
    run_free(&r);
}

Test(analyze, node_limit_and_bad_option)
{
    char *big = classic_puzzle("big-cluster-541934");
    const char *args[] = {"analyze", "--max-nodes", "10", NULL};
    run_result r = run_cli(args, big);
    cr_expect_eq(r.code, 3, "exit %d", r.code);
    run_free(&r);
    const char *bad[] = {"analyze", "--algorithm", "astar", NULL};
    r = run_cli(bad, big);
    cr_expect_eq(r.code, 2, "analyze takes no algorithm: exit %d", r.code);
    run_free(&r);
    free(big);
}

/* `generate` prints a puzzle that `solve` (another process, another search) agrees with. */
Test(generate, answer_solves_in_its_length)
{
    const char *args[] = {"generate", "--min-moves", "12",      "--max-moves", "14",
                          "--seed",   "5",           "--walls", "2",           NULL};
    run_result r = run_cli(args, NULL);
    cJSON *doc = expect_answer(&r);
    cr_expect_str_eq(get_string(doc, "status"), "generated");
    cr_expect_eq(get_number(doc, "seed"), 5);
    const double length = get_number(doc, "length");
    cr_expect(length >= 12 && length <= 14, "length %g", length);
    cr_expect_eq(cJSON_GetArraySize(get(get(doc, "puzzle"), "walls")), 2);
    char *puzzle = cJSON_PrintUnformatted(get(doc, "puzzle"));
    cr_assert_not_null(puzzle);
    const char *solve[] = {"solve", NULL};
    run_result s = run_cli(solve, puzzle);
    cJSON *answer = expect_answer(&s);
    cr_expect_eq(get_number(get(answer, "solution"), "move_count"), length);
    cJSON_Delete(answer);
    run_free(&s);

    /* The same seed, the same puzzle (the timings differ). */
    run_result again = run_cli(args, NULL);
    cJSON *second = expect_answer(&again);
    char *puzzle_again = cJSON_PrintUnformatted(get(second, "puzzle"));
    cr_expect_str_eq(puzzle_again, puzzle);
    cJSON_free(puzzle_again);
    cJSON_Delete(second);
    run_free(&again);
    cJSON_free(puzzle);
    cJSON_Delete(doc);
    run_free(&r);
}

Test(generate, refusals_and_limits)
{
    const char *impossible[] = {"generate", "--min-moves", "60", "--min-vehicles", "40", NULL};
    run_result r = run_cli(impossible, NULL);
    cr_expect_eq(r.code, 2, "exit %d", r.code);
    cr_expect_str_eq(r.out, "");
    cr_expect_not_null(strstr(r.err, "min_moves: "), "stderr: %s", r.err);
    cr_expect_not_null(strstr(r.err, "min_vehicles: "), "stderr: %s", r.err);
    run_free(&r);

    const char *budget[] = {"generate", "--min-moves", "45", "--max-nodes", "1000", NULL};
    expect_node_limit(budget, NULL);

    /* A memory cap that stops the walk down to --max-moves is a limit (exit 3), not an error. */
    const char *walk[] = {"generate", "--seed",       "2",     "--min-moves", "10", "--max-moves",
                          "10",       "--max-memory", "46000", NULL};
    r = run_cli(walk, NULL);
    cr_expect_eq(r.code, 3, "exit %d, stderr \"%s\"", r.code, r.err);
    cJSON *doc = parse_out(&r);
    cr_expect_str_eq(get_string(doc, "status"), "limit_reached");
    cr_expect_str_eq(get_string(doc, "limit"), "memory");
    cJSON_Delete(doc);
    run_free(&r);

    const char *input[] = {"generate", "puzzle.json", NULL};
    expect_usage_error(input, jam01_text, "generate reads no input");
    const char *algorithm[] = {"generate", "--algorithm", "bfs", NULL};
    expect_usage_error(algorithm, jam01_text, "--algorithm");
}

/* `solve --lines`: the 40 Jams as JSON Lines through one process. */

#define JAMS 40

/* The Jams of jam40.tsv as JSON Lines, each line in turn a {"grid"} object, a bare board (rows
 * joined by '/') and that board as a JSON string: every form a line may take. With `bad` > 0,
 * line `bad` is an invalid puzzle instead, and the Jams move down one. Fills `moves` with the
 * reference lengths. Returns the text (free it). */
static char *jam_lines(int moves[JAMS], int bad)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/jam40.tsv", RH_SOURCE_DIR);
    char *tsv = slurp(path);
    char *text = malloc(strlen(tsv) * 2 + 256);
    cr_assert_not_null(text);
    size_t n = 0;
    int jam = 0;
    char *save = NULL;
    strtok_r(tsv, "\n", &save); /* the header */
    for (char *row = strtok_r(NULL, "\n", &save); row; row = strtok_r(NULL, "\n", &save)) {
        char name[16], rows[64];
        cr_assert_lt(jam, JAMS);
        cr_assert_eq(sscanf(row, "%15s %63s %d", name, rows, &moves[jam]), 3, "%s", row);
        if (jam + 1 == bad) n += (size_t)sprintf(text + n, "{\"grid\": \"xx\"}\n");
        static const char *const forms[] = {"{\"grid\": \"%s\"}\n", "%s\n", "\"%s\"\n"};
        n += (size_t)sprintf(text + n, forms[jam % 3], rows);
        jam++;
    }
    cr_assert_eq(jam, JAMS);
    free(tsv);
    return text;
}

/* One document a line of stdout, in input order (each names its line), each Jam's solution
 * as long as the reference; line `bad` (0: none) the problem of an invalid puzzle. */
static void expect_jam_answers(const run_result *r, const int moves[JAMS], int bad)
{
    const char *at = r->out;
    int jam = 0, line = 0;
    for (const char *nl; *at; at = nl + 1) {
        nl = strchr(at, '\n');
        cr_assert_not_null(nl, "stdout does not end in a newline");
        line++;
        cJSON *doc = cJSON_ParseWithLength(at, (size_t)(nl - at));
        cr_assert(cJSON_IsObject(doc), "stdout line %d is not a JSON object", line);
        cr_expect_eq(get_number(doc, "line"), line, "stdout line %d is out of order", line);
        if (line == bad) {
            cr_expect_str_eq(get_string(doc, "type"), "urn:rushhourd:problem:invalid-puzzle");
            cr_expect_eq(get_number(doc, "status"), 400);
            const cJSON *errors = get(doc, "errors");
            cr_expect(cJSON_IsArray(errors) && cJSON_GetArraySize(errors) > 0);
        } else {
            cr_assert_lt(jam, JAMS, "more answers than Jams");
            cr_expect_str_eq(get_string(doc, "status"), "solved");
            cr_expect_eq(get_number(get(doc, "solution"), "move_count"), moves[jam],
                         "Jam %d on line %d", jam + 1, line);
            jam++;
        }
        cJSON_Delete(doc);
    }
    cr_expect_eq(jam, JAMS);
    cr_expect_eq(line, bad ? JAMS + 1 : JAMS);
}

static void expect_jams_solved(const char *jobs)
{
    int moves[JAMS];
    char *input = jam_lines(moves, 0);
    const char *args[] = {"solve", "--lines", "--jobs", jobs, "-", NULL};
    run_result r = run_cli(args, input);
    cr_expect_eq(r.code, 0, "exit %d, stderr \"%s\"", r.code, r.err);
    cr_expect_str_eq(r.err, "", "stderr: \"%s\"", r.err);
    expect_jam_answers(&r, moves, 0);
    run_free(&r);
    free(input);
}

Test(lines, jams_one_thread)
{
    expect_jams_solved("1");
}

Test(lines, jams_four_threads_in_order)
{
    expect_jams_solved("4");
}

Test(lines, bad_line_in_the_middle)
{
    int moves[JAMS];
    char *input = jam_lines(moves, 21);
    const char *args[] = {"solve", "--lines", "--jobs", "4", NULL};
    run_result r = run_cli(args, input);
    cr_expect_eq(r.code, 2, "exit %d, stderr \"%s\"", r.code, r.err);
    cr_expect_not_null(strstr(r.err, "1 of 41 lines are invalid (the first: line 21)"),
                       "stderr: \"%s\"", r.err);
    expect_jam_answers(&r, moves, 21);
    run_free(&r);
    free(input);
}

/* A line over the 1 MiB limit is its own problem; blank lines are skipped but counted. */
Test(lines, long_and_blank_lines)
{
    const size_t big = (1u << 20) + 10;
    char *input = malloc(big + 200);
    cr_assert_not_null(input);
    memset(input, 'a', big);
    strcpy(input + big, "\n\n  \n\"bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.\"\n");
    const char *args[] = {"solve", "--lines", NULL};
    run_result r = run_cli(args, input);
    cr_expect_eq(r.code, 2, "exit %d, stderr \"%s\"", r.code, r.err);
    cr_expect_not_null(strstr(r.out, "\"message\":\"the line is longer than 1048576 bytes\""),
                       "stdout: \"%s\"", r.out);
    const char *second = strchr(r.out, '\n');
    cr_assert_not_null(second);
    cJSON *doc = cJSON_Parse(second + 1);
    cr_assert_not_null(doc, "stdout: \"%s\"", r.out);
    cr_expect_eq(get_number(doc, "line"), 4);
    cr_expect_eq(get_number(get(doc, "solution"), "move_count"), 8);
    cJSON_Delete(doc);
    run_free(&r);
    free(input);
}

/* A line stopped by a budget is an answer like the service's (exit 3 when no line is invalid),
 * read from a named file. */
Test(lines, limit_reached_from_a_file)
{
    char dir[] = "/tmp/rh_cli_lines_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/in.jsonl", dir);
    char *big = classic_puzzle("hardest-51-moves"); /* Jam 1 expands 720 nodes, this 4,000+ */
    char *input = malloc(strlen(big) + 64);
    cr_assert_not_null(input);
    sprintf(input, "bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.\n%s\n", big);
    write_file(path, input);
    const char *args[] = {"solve", "--lines", "--max-nodes", "1000", path, NULL};
    run_result r = run_cli(args, NULL);
    cr_expect_eq(r.code, 3, "exit %d, stderr \"%s\"", r.code, r.err);
    cr_expect_str_eq(r.err, "rushhour: 1 of 2 lines reached a search limit\n");
    const char *second = strchr(r.out, '\n');
    cr_assert_not_null(second, "stdout: \"%s\"", r.out);
    cr_expect_not_null(strstr(r.out, "\"status\":\"solved\""), "stdout: \"%s\"", r.out);
    cJSON *doc = cJSON_Parse(second + 1);
    cr_assert_not_null(doc, "stdout: \"%s\"", r.out);
    cr_expect_str_eq(get_string(doc, "status"), "limit_reached");
    cr_expect_str_eq(get_string(doc, "limit"), "nodes");
    cr_expect_eq(get_number(doc, "line"), 2);
    cJSON_Delete(doc);
    run_free(&r);
    free(input);
    free(big);
    unlink(path);
    rmdir(dir);
}

/* An answer comes out once its line is solved, not when the input ends: a program may write a
 * puzzle and wait for its answer on the same pipe. */
Test(lines, answers_before_the_input_ends)
{
    int in[2], out[2];
    cr_assert_eq(pipe(in), 0);
    cr_assert_eq(pipe(out), 0);
    posix_spawn_file_actions_t fa;
    cr_assert_eq(posix_spawn_file_actions_init(&fa), 0);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    const int ends[] = {in[0], in[1], out[0], out[1]};
    for (int i = 0; i < 4; i++) posix_spawn_file_actions_addclose(&fa, ends[i]);
    char *const argv[] = {RH_CLI, "solve", "--lines", NULL};
    pid_t pid;
    cr_assert_eq(posix_spawn(&pid, RH_CLI, &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    static const char line[] = "\"bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.\"\n";
    cr_assert_eq(write(in[1], line, sizeof line - 1), (ssize_t)(sizeof line - 1));
    char answer[8192];
    size_t n = 0;
    while (n == 0 || answer[n - 1] != '\n') {
        struct pollfd p = {.fd = out[0], .events = POLLIN};
        cr_assert_eq(poll(&p, 1, 10000), 1, "no answer in 10 s while the input stays open");
        const ssize_t got = read(out[0], answer + n, sizeof answer - n - 1);
        cr_assert_gt(got, 0, "stdout closed before the answer");
        n += (size_t)got;
    }
    answer[n] = '\0';
    cr_expect_not_null(strstr(answer, "\"move_count\":8,"), "answer: %s", answer);
    cr_expect_not_null(strstr(answer, "\"line\":1}"), "answer: %s", answer);
    close(in[1]);
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d", status);
    close(out[0]);
}

/* With stderr a terminal, a progress line ends with the final count; never otherwise (the
 * runs above expect an empty stderr). */
Test(lines, progress_on_a_terminal)
{
    const int master = posix_openpt(O_RDWR | O_NOCTTY);
    cr_assert_geq(master, 0);
    cr_assert_eq(grantpt(master), 0);
    cr_assert_eq(unlockpt(master), 0);
    char terminal[64];
    cr_assert_eq(ptsname_r(master, terminal, sizeof terminal), 0);
    int moves[JAMS];
    char *input = jam_lines(moves, 0);
    const char *args[] = {"solve", "--lines", NULL};
    run_result r = run_cli_to(args, input, NULL, terminal);
    cr_expect_eq(r.code, 0, "exit %d", r.code);
    expect_jam_answers(&r, moves, 0);
    char seen[4096];
    size_t n = 0;
    for (ssize_t got;
         n + 1 < sizeof seen && (got = read(master, seen + n, sizeof seen - n - 1)) > 0;)
        n += (size_t)got;
    seen[n] = '\0';
    cr_expect_not_null(strstr(seen, "\rrushhour: 40 answered, 0 invalid, 0 at a limit"),
                       "the terminal saw \"%s\"", seen);
    close(master);
    run_free(&r);
    free(input);
}

/* A full disk is an I/O failure (exit 1) with its reason, one answer or many. */
Test(io, full_disk)
{
    const char *one[] = {"solve", NULL};
    run_result r = run_cli_to(one, jam01_text, "/dev/full", NULL);
    cr_expect_eq(r.code, 1, "exit %d, stderr \"%s\"", r.code, r.err);
    cr_expect_not_null(strstr(r.err, "No space left on device"), "stderr: \"%s\"", r.err);
    run_free(&r);
    int moves[JAMS];
    char *input = jam_lines(moves, 0);
    const char *many[] = {"solve", "--lines", NULL};
    r = run_cli_to(many, input, "/dev/full", NULL);
    cr_expect_eq(r.code, 1, "exit %d, stderr \"%s\"", r.code, r.err);
    cr_expect_not_null(strstr(r.err, "No space left on device"), "stderr: \"%s\"", r.err);
    run_free(&r);
    free(input);
}

Test(io, directory)
{
    const char *one[] = {"solve", RH_SOURCE_DIR "/examples", NULL};
    const char *many[] = {"solve", "--lines", RH_SOURCE_DIR "/examples", NULL};
    for (int i = 0; i < 2; i++) {
        run_result r = run_cli(i ? many : one, NULL);
        cr_expect_eq(r.code, 1, "exit %d", r.code);
        cr_expect_str_eq(r.out, "");
        cr_expect_not_null(strstr(r.err, "/examples: it is a directory"), "stderr: \"%s\"", r.err);
        run_free(&r);
    }
}

/* Empty or blank input says so in the CLI's words (exit 2), not the service's "body". */
Test(io, empty_input)
{
    const char *one[] = {"solve", NULL};
    const char *many[] = {"solve", "--lines", NULL};
    for (int i = 0; i < 4; i++) {
        run_result r = run_cli(i % 2 ? many : one, i < 2 ? NULL : " \n\n");
        cr_expect_eq(r.code, 2, "exit %d", r.code);
        cr_expect_str_eq(r.out, "");
        cr_expect_str_eq(r.err, "rushhour: stdin is empty: there is no puzzle in it\n");
        run_free(&r);
    }
}

Test(usage, version)
{
    const char *args[] = {"--version", NULL};
    run_result r = run_cli(args, NULL);
    cr_expect_eq(r.code, 0, "exit %d", r.code);
    cr_expect_str_eq(r.out, "rushhour " RH_VERSION "\n");
    cr_expect_str_eq(r.err, "");
    run_free(&r);
}

Test(usage, lines_options)
{
    const char *show[] = {"solve", "--lines", "--show", NULL};
    expect_usage_error(show, jam01_text, "--show");
    const char *jobs[] = {"solve", "--jobs", "2", NULL};
    expect_usage_error(jobs, jam01_text, "--jobs needs --lines");
    const char *zero[] = {"solve", "--lines", "--jobs", "0", NULL};
    expect_usage_error(zero, jam01_text, "--jobs");
}
