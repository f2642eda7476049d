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

#include "bank_records.h"
#include "rushhour/version.h"

#ifndef RH_CLI
#error "RH_CLI must name the rushhour binary"
#endif
#ifndef RH_SOURCE_DIR
#error "RH_SOURCE_DIR must name the source tree"
#endif

extern char **environ;

static const char jam01_text[] = "bb...g\na..c.g\naxxc.g\na..c..\ne...ff\ne.ddd.\n";
static const char hardest51_board[] = "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\"}";

typedef struct {
    int code; /* exit status, or -1 if the process did not exit normally */
    char *out, *err;
} run_result;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    cr_assert_not_null(buf);
    size_t n;
    while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len - 1 == 0) {
            cap *= 2;
            buf = realloc(buf, cap);
            cr_assert_not_null(buf);
        }
    }
    fclose(f);
    buf[len] = '\0';
    return buf;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "cannot create %s", path);
    cr_assert_eq(fwrite(text, 1, strlen(text), f), strlen(text));
    cr_assert_eq(fclose(f), 0);
}

/* Runs the CLI with `args` (NULL-terminated, the program name excluded) and `input` on stdin
 * (NULL: an empty stdin), stdout to `out_file` (then not read back: "/dev/full") or, for NULL,
 * captured, and stderr to `err_file` (then not read back: a terminal) or captured. */
static run_result run_cli_to(const char *const *args, const char *input, const char *out_file,
                             const char *err_file)
{
    char dir[] = "/tmp/rh_cli_test_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char in_path[64], out_path[64], err_path[64];
    snprintf(in_path, sizeof in_path, "%s/in", dir);
    snprintf(out_path, sizeof out_path, "%s/out", dir);
    snprintf(err_path, sizeof err_path, "%s/err", dir);
    write_file(in_path, input ? input : "");

    const char *argv[32];
    int argc = 0;
    argv[argc++] = RH_CLI;
    for (int i = 0; args[i]; i++) {
        cr_assert_lt(argc, 31);
        argv[argc++] = args[i];
    }
    argv[argc] = NULL;

    posix_spawn_file_actions_t fa;
    cr_assert_eq(posix_spawn_file_actions_init(&fa), 0);
    posix_spawn_file_actions_addopen(&fa, 0, in_path, O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out_file ? out_file : out_path,
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, err_file ? err_file : err_path,
                                     O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY, 0600);
    pid_t pid;
    const int err = posix_spawn(&pid, RH_CLI, &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    cr_assert_eq(err, 0, "cannot run %s: %s", RH_CLI, strerror(err));
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);

    run_result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = out_file ? strdup("") : slurp(out_path);
    r.err = err_file ? strdup("") : slurp(err_path);
    unlink(in_path);
    unlink(out_path);
    unlink(err_path);
    rmdir(dir);
    return r;
}

static run_result run_cli(const char *const *args, const char *input)
{
    return run_cli_to(args, input, NULL, NULL);
}

static void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

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

Test(solve, memory_limit)
{
    char *big = classic_puzzle("big-cluster-541934");
    const char *args[] = {"solve", "--max-memory", "65536", NULL};
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
static void expect_usage_error(const char *const *args, const char *needle)
{
    run_result r = run_cli(args, jam01_text);
    cr_expect_eq(r.code, 2, "%s: exit %d", needle, r.code);
    cr_expect_str_eq(r.out, "", "%s: stdout \"%s\"", needle, r.out);
    cr_expect_not_null(strstr(r.err, needle), "stderr lacks \"%s\": \"%s\"", needle, r.err);
    run_free(&r);
}

Test(usage, unknown_option)
{
    const char *args[] = {"solve", "--frobnicate", NULL};
    expect_usage_error(args, "--frobnicate");
}

Test(usage, unknown_command)
{
    const char *args[] = {"frobnicate", NULL};
    expect_usage_error(args, "frobnicate");
}

Test(usage, no_command)
{
    const char *args[] = {NULL};
    expect_usage_error(args, "usage");
}

Test(usage, bad_metric)
{
    const char *args[] = {"solve", "--metric", "bogus", NULL};
    expect_usage_error(args, "bogus");
}

Test(usage, bad_algorithm)
{
    const char *args[] = {"solve", "--algorithm", "dfs", NULL};
    expect_usage_error(args, "dfs");
}

Test(usage, bad_number)
{
    const char *args[] = {"solve", "--max-nodes", "-5", NULL};
    expect_usage_error(args, "--max-nodes");
    const char *missing[] = {"solve", "--max-nodes", NULL};
    expect_usage_error(missing, "--max-nodes");
}

Test(usage, solve_options_not_for_explore)
{
    const char *args[] = {"explore", "--metric", "slides", NULL};
    expect_usage_error(args, "--metric");
}

Test(usage, two_files)
{
    const char *args[] = {"solve", RH_SOURCE_DIR "/examples/jam01.json",
                          RH_SOURCE_DIR "/examples/jam01.txt", NULL};
    expect_usage_error(args, "jam01.txt");
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
    expect_usage_error(input, "generate reads no input");
    const char *algorithm[] = {"generate", "--algorithm", "bfs", NULL};
    expect_usage_error(algorithm, "--algorithm");
}

/* `rushhour bank`: a bank of Jam puzzles (tests/support/bank_records.c) in a fresh folder. */
static const char *bank_path(char *dir, const char *name)
{
    static char buf[4][96];
    static int next;
    char *p = buf[next++ % 4];
    snprintf(p, sizeof buf[0], "%s/%s", dir, name);
    return p;
}

static void build_jam_bank(char *dir)
{
    cr_assert_not_null(mkdtemp(dir));
    int all[BANK_RECORDS];
    for (int i = 0; i < BANK_RECORDS; i++) all[i] = i;
    cr_assert_eq(bank_build(bank_path(dir, "all.sqlite"), all, BANK_RECORDS), RH_OK);
}

static void remove_tree(const char *dir)
{
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
}

static int count_lines(const char *text)
{
    int n = 0;
    for (; *text; text++) n += *text == '\n';
    return n;
}

/* Runs a bank command expected to succeed; returns its stdout (free it). */
static char *bank_ok(const char *const *args)
{
    run_result r = run_cli(args, NULL);
    cr_assert_eq(r.code, 0, "%s %s: exit %d, stderr \"%s\"", args[0], args[1], r.code, r.err);
    free(r.err);
    return r.out;
}

Test(bank, export_stats_pick_and_daily)
{
    char dir[] = "/tmp/rh_cli_bank_XXXXXX";
    build_jam_bank(dir);
    const char *file = bank_path(dir, "all.sqlite");

    const char *export[] = {"bank", "export", file, NULL};
    char *out = bank_ok(export);
    cr_expect_eq(count_lines(out), BANK_KEPT);
    static const char hardest[] = "51 BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM. 4780 6qEEgucAESQ\n";
    cr_expect_eq(strncmp(out, hardest, sizeof hardest - 1), 0, "%s", out);
    int last = 1000, moves;
    for (const char *line = out; *line; line = strchr(line, '\n') + 1) {
        cr_assert_eq(sscanf(line, "%d", &moves), 1);
        cr_expect_leq(moves, last, "not hardest first: %s", out);
        last = moves;
    }
    free(out);

    const char *stats[] = {"bank", "stats", file, NULL};
    out = bank_ok(stats);
    static const char *const lines[] = {"meta total.clusters 22\n",
                                        "total 20\n",
                                        "moves 51 1\n",
                                        "moves 8 4\n",
                                        "slides 82 1\n",
                                        "walls 1 5\n"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        cr_expect_not_null(strstr(out, lines[i]), "no \"%s\" in %s", lines[i], out);
    free(out);

    const char *pick[] = {"bank", "pick",    file, "--min-moves", "48", "--max-moves",
                          "60",   "--count", "10", "--seed",      "3",  NULL};
    out = bank_ok(pick);
    cr_expect_eq(count_lines(out), 3, "%s", out);
    cr_expect_eq(strncmp(out, "51 ", 3), 0, "%s", out);
    free(out);
    const char *walls[] = {"bank", "pick", file, "--walls", "1-2", "--count", "100", NULL};
    out = bank_ok(walls);
    cr_expect_eq(count_lines(out), 7, "%s", out);
    cr_expect_not_null(strchr(strchr(out, ' ') + 1, 'x'), "a wall board: %s", out);
    free(out);

    const char *daily[] = {"bank", "daily", file, "--date", "2026-11-23", NULL};
    const char *next[] = {"bank", "daily", file, "--date", "2026-11-24", NULL};
    char *a = bank_ok(daily), *b = bank_ok(daily), *c = bank_ok(next);
    cr_expect_eq(count_lines(a), 1);
    cr_expect_str_eq(a, b);
    cr_expect_str_neq(a, c);
    free(a);
    free(b);
    free(c);
    remove_tree(dir);
}

Test(bank, merge_of_shards_exports_as_the_single_build)
{
    char dir[] = "/tmp/rh_cli_bank_XXXXXX";
    build_jam_bank(dir);
    const int odd[] = {1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21};
    const int even[] = {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20};
    cr_assert_eq(bank_build(bank_path(dir, "odd.sqlite"), odd, 11), RH_OK);
    cr_assert_eq(bank_build(bank_path(dir, "even.sqlite"), even, 11), RH_OK);
    const char *merge[] = {"bank",
                           "merge",
                           bank_path(dir, "merged.sqlite"),
                           bank_path(dir, "even.sqlite"),
                           bank_path(dir, "odd.sqlite"),
                           NULL};
    free(bank_ok(merge));
    const char *single[] = {"bank", "export", bank_path(dir, "all.sqlite"), NULL};
    const char *merged[] = {"bank", "export", bank_path(dir, "merged.sqlite"), NULL};
    char *a = bank_ok(single), *b = bank_ok(merged);
    cr_expect_str_eq(a, b);
    free(a);
    free(b);
    remove_tree(dir);
}

Test(bank, bad_usage_and_bad_files)
{
    char dir[] = "/tmp/rh_cli_bank_XXXXXX";
    build_jam_bank(dir);
    const char *file = bank_path(dir, "all.sqlite");
    const char *count[] = {"bank", "pick", file, "--count", "x", NULL};
    expect_usage_error(count, "--count");
    const char *date[] = {"bank", "daily", file, "--date", "2026-02-30", NULL};
    expect_usage_error(date, "--date");
    const char *command[] = {"bank", "frobnicate", file, NULL};
    expect_usage_error(command, "frobnicate");
    const char *merge[] = {"bank", "merge", file, NULL};
    expect_usage_error(merge, "merge needs");

    const char *missing[] = {"bank", "stats", bank_path(dir, "missing.sqlite"), NULL};
    run_result r = run_cli(missing, NULL);
    cr_expect_eq(r.code, 1, "exit %d", r.code);
    cr_expect_not_null(strstr(r.err, "missing.sqlite"), "stderr: %s", r.err);
    run_free(&r);
    const char *text[] = {"bank", "export", RH_SOURCE_DIR "/examples/jam01.json", NULL};
    r = run_cli(text, NULL);
    cr_expect_eq(r.code, 1, "exit %d", r.code);
    cr_expect_not_null(strstr(r.err, "damaged or foreign"), "stderr: %s", r.err);
    run_free(&r);
    remove_tree(dir);
}

/* A bank goes on only with a run of the same options, tasks numbered the same way: a bank of
 * another size, or of a walk that numbered its tasks otherwise or did not say, is refused
 * (exit 2). */
Test(bank, enumerate_refuses_a_bank_of_another_run)
{
    char dir[] = "/tmp/rh_cli_bank_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    const char *file = bank_path(dir, "run.sqlite");
    const char *run4[] = {"enumerate", "--size", "4", "--vehicles", "1-2", "--bank", file, NULL};
    free(bank_ok(run4));
    free(bank_ok(run4)); /* the same run again: it resumes */
    const char *run5[] = {"enumerate", "--size", "5", "--vehicles", "1-2", "--bank", file, NULL};
    run_result r = run_cli(run5, NULL);
    cr_expect_eq(r.code, 2, "exit %d", r.code);
    cr_expect_not_null(strstr(r.err, "size 4"), "stderr: %s", r.err);
    run_free(&r);
    rh_bank *b;
    char why[RH_BANK_WHY_MAX];
    cr_assert_eq(rh_bank_open(&b, file, RH_BANK_WRITE, why), RH_OK, "%s", why);
    cr_assert_eq(rh_bank_set_meta(b, "tasks", "cells"), RH_OK);
    cr_assert_eq(rh_bank_close(b), RH_OK);
    r = run_cli(run4, NULL);
    cr_expect_eq(r.code, 2, "exit %d", r.code);
    cr_expect_not_null(strstr(r.err, "tasks cells"), "stderr: %s", r.err);
    run_free(&r);
    /* A bank from before tasks were named. */
    sqlite3 *db;
    cr_assert_eq(sqlite3_open(file, &db), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(db, "DELETE FROM meta WHERE key = 'tasks'", NULL, NULL, NULL),
                 SQLITE_OK);
    cr_assert_eq(sqlite3_close(db), SQLITE_OK);
    r = run_cli(run4, NULL);
    cr_expect_eq(r.code, 2, "exit %d", r.code);
    cr_expect_not_null(strstr(r.err, "tasks (none)"), "stderr: %s", r.err);
    run_free(&r);
    remove_tree(dir);
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
    expect_usage_error(show, "--show");
    const char *jobs[] = {"solve", "--jobs", "2", NULL};
    expect_usage_error(jobs, "--jobs needs --lines");
    const char *zero[] = {"solve", "--lines", "--jobs", "0", NULL};
    expect_usage_error(zero, "--jobs");
}

/* Import re-derives every line with the library: true lines make a bank that exports them
 * back; a wrong length, a wrong cluster size or a board that is not its cluster's hardest
 * state is refused with its line number, and no file is left. */
Test(bank, import_rederives_every_line_and_refuses_false_ones)
{
    char dir[] = "/tmp/rh_cli_bank_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    /* One line with its id (as exported), one without (as before ids). */
    static const char lines[] = "51 BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM. 4780 6qEEgucAESQ\n"
                                "50 ..BCCC..BD..AAED.FGGEHHFIJKK.FIJLL.. 4643 6AjAgGgqUiC\n";
    char text[4096];
    snprintf(text, sizeof text, "# a comment\nmeta source.run test\n%.*s",
             (int)(strlen(lines) - sizeof " 6AjAgGgqUiC"), lines);
    strcat(text, "\n");
    write_file(bank_path(dir, "good.txt"), text);
    const char *import[] = {"bank", "import", bank_path(dir, "good.txt"),
                            bank_path(dir, "good.sqlite"), NULL};
    free(bank_ok(import));
    const char *export[] = {"bank", "export", bank_path(dir, "good.sqlite"), NULL};
    char *out = bank_ok(export);
    cr_expect_str_eq(out, lines);
    free(out);
    const char *stats[] = {"bank", "stats", bank_path(dir, "good.sqlite"), NULL};
    out = bank_ok(stats);
    cr_expect_not_null(strstr(out, "meta source.run test\n"), "%s", out);
    cr_expect_not_null(strstr(out, "slides 83 2\n"), "%s", out); /* derived, never stated */
    free(out);

    static const char *const bad[] = {
        "51 BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM. 4780\n52 ..BCCC..BD..AAED.FGGEHHFIJKK.FIJLL.. "
        "4643\n",
        "51 BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM. 4780\n50 ..BCCC..BD..AAED.FGGEHHFIJKK.FIJLL.. "
        "4600\n",
        "51 BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM. 4780\n8 BB...CD..E.CDAAE.CD..E..F...GGF.HHH. "
        "1247\n",
        "51 BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM. 4780\n51 "
        "BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.\n",
        "51 BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM. 4780\n50 ..BCCC..BD..AAED.FGGEHHFIJKK.FIJLL.. "
        "4643 6qEEgucAESQ\n", /* another board's id */
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        write_file(bank_path(dir, "bad.txt"), bad[k]);
        const char *args[] = {"bank", "import", bank_path(dir, "bad.txt"),
                              bank_path(dir, "bad.sqlite"), NULL};
        run_result r = run_cli(args, NULL);
        cr_expect_eq(r.code, 2, "case %zu: exit %d", k, r.code);
        cr_expect_not_null(strstr(r.err, "bad.txt:2:"), "case %zu: %s", k, r.err);
        cr_expect_neq(access(bank_path(dir, "bad.sqlite"), F_OK), 0, "case %zu: file left", k);
        free(r.out);
        free(r.err);
    }
    remove_tree(dir);
}

/* `bank show` prints the puzzle of an id (the export line, then its other fields), exit 3
 * with a message for an id the bank does not hold, exit 2 for one that is no id. */
Test(bank, show_finds_a_puzzle_by_its_id)
{
    char dir[] = "/tmp/rh_cli_bank_XXXXXX";
    build_jam_bank(dir);
    const char *file = bank_path(dir, "all.sqlite");
    const char *show[] = {"bank", "show", file, "6qEEgucAESQ", NULL};
    char *out = bank_ok(show);
    cr_expect_str_eq(out, "51 BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM. 4780 6qEEgucAESQ\n"
                          "slides 81\nvehicles 13\nwalls 0\nrank 1\n");
    free(out);
    /* Every exported id shows its own line. */
    const char *export[] = {"bank", "export", file, NULL};
    char *all = bank_ok(export);
    for (char *line = strtok(all, "\n"); line; line = strtok(NULL, "\n")) {
        const char *id = strrchr(line, ' ') + 1;
        const char *one[] = {"bank", "show", file, id, NULL};
        out = bank_ok(one);
        cr_expect_eq(strncmp(out, line, strlen(line)), 0, "%s: %s", id, out);
        free(out);
    }
    free(all);
    const char *absent[] = {"bank", "show", file, "6sUEFGcAESQ", NULL};
    run_result r = run_cli(absent, NULL);
    cr_expect_eq(r.code, 3);
    cr_expect_str_eq(r.out, "");
    cr_expect_not_null(strstr(r.err, "no puzzle of id 6sUEFGcAESQ"), "%s", r.err);
    free(r.out);
    free(r.err);
    const char *bad[] = {"bank", "show", file, "daily", NULL};
    expect_usage_error(bad, "not a puzzle id");
    const char *missing[] = {"bank", "show", file, NULL};
    expect_usage_error(missing, "show needs FILE and ID");
    remove_tree(dir);
}

/* A bank of the previous format is refused with the command that upgrades it; the command
 * converts it in place, and says so; a second run has nothing to do. */
Test(bank, upgrade_converts_a_previous_format_bank_in_place)
{
    char dir[] = "/tmp/rh_cli_bank_XXXXXX";
    build_jam_bank(dir);
    const char *file = bank_path(dir, "all.sqlite");
    const char *export[] = {"bank", "export", file, NULL};
    char *before = bank_ok(export);
    sqlite3 *db;
    cr_assert_eq(sqlite3_open(file, &db), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(db,
                              "DROP INDEX puzzles_board;"
                              "ALTER TABLE puzzles RENAME COLUMN rank TO id;"
                              "ALTER TABLE by_slides RENAME COLUMN rank TO id;"
                              "ALTER TABLE by_slides RENAME COLUMN position TO rank;"
                              "UPDATE meta SET value = '2' WHERE key = 'format';",
                              NULL, NULL, NULL),
                 SQLITE_OK);
    sqlite3_close(db);
    run_result r = run_cli(export, NULL);
    cr_expect_eq(r.code, 1);
    char expected[256];
    snprintf(expected, sizeof expected, "`rushhour bank upgrade %s`", file);
    cr_expect_not_null(strstr(r.err, expected), "%s", r.err);
    free(r.out);
    free(r.err);
    const char *upgrade[] = {"bank", "upgrade", file, NULL};
    char *out = bank_ok(upgrade);
    cr_expect_not_null(strstr(out, "upgraded to bank format 3"), "%s", out);
    free(out);
    char *after = bank_ok(export);
    cr_expect_str_eq(after, before);
    free(after);
    out = bank_ok(upgrade);
    cr_expect_not_null(strstr(out, "already of bank format 3"), "%s", out);
    free(out);
    free(before);
    remove_tree(dir);
}

/* One export line: moves, board, cluster size, id. */
typedef struct {
    char board[80], id[40];
    int moves;
    unsigned long long size;
} export_row;

static int export_rows(char *text, export_row *rows, int cap)
{
    int n = 0;
    for (char *line = strtok(text, "\n"); line && n < cap; line = strtok(NULL, "\n"), n++)
        cr_assert_eq(sscanf(line, "%d %79s %llu %39s", &rows[n].moves, rows[n].board, &rows[n].size,
                            rows[n].id),
                     4, "%s", line);
    return n;
}

/* Two banks built apart (the shipped sample, imported; a subspace enumerated here) give the same
 * id to the same board, and an id of a board the sample lacks is not found in it. */
Test(bank, independent_banks_agree_on_ids)
{
    char dir[] = "/tmp/rh_cli_bank_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    const char *sample = bank_path(dir, "sample.sqlite"), *sub = bank_path(dir, "sub.sqlite");
    const char *import[] = {"bank", "import", RH_SOURCE_DIR "/data/bank/sample.txt", sample, NULL};
    free(bank_ok(import));
    const char *enumerate[] = {"enumerate", "--vehicles", "1-4",    "--metric", "both",
                               "--threads", "1",          "--bank", sub,        NULL};
    free(bank_ok(enumerate));
    static export_row a[512], b[512];
    const char *export_a[] = {"bank", "export", sample, NULL};
    const char *export_b[] = {"bank", "export", sub, NULL};
    char *text_a = bank_ok(export_a), *text_b = bank_ok(export_b);
    const int na = export_rows(text_a, a, 512), nb = export_rows(text_b, b, 512);
    cr_assert_gt(nb, 100);
    int shared = 0, absent_checked = 0;
    for (int j = 0; j < nb; j++) {
        int i = 0;
        while (i < na && strcmp(a[i].board, b[j].board) != 0) i++;
        if (i < na) {
            cr_expect_str_eq(a[i].id, b[j].id, "%s", b[j].board);
            cr_expect_eq(a[i].moves, b[j].moves, "%s", b[j].board);
            cr_expect_eq(a[i].size, b[j].size, "%s", b[j].board);
            const char *show[] = {"bank", "show", sample, b[j].id, NULL};
            char *out = bank_ok(show);
            cr_expect_not_null(strstr(out, b[j].board), "%s: %s", b[j].id, out);
            free(out);
            shared++;
        } else if (absent_checked++ < 3) {
            const char *show[] = {"bank", "show", sample, b[j].id, NULL};
            run_result r = run_cli(show, NULL);
            cr_expect_eq(r.code, 3, "%s: exit %d", b[j].id, r.code);
            free(r.out);
            free(r.err);
        }
    }
    cr_expect_geq(shared, 5, "the subspace shares boards with the sample");
    free(text_a);
    free(text_b);
    remove_tree(dir);
}
