/* rushhour: the command-line front end of the solver library.
 *
 *   rushhour solve [options] [FILE|-]     one JSON document (as POST /v1/solve returns)
 *   rushhour solve --lines [--jobs N] ... one document per input line (lines.c runs them)
 *   rushhour explore [options] [FILE|-]   the size of the reachable component
 *   rushhour analyze [options] [FILE|-]   distances to the goal over the whole component
 *   rushhour generate [options]           a new puzzle of a chosen difficulty
 *   rushhour verify --moves "AR1 BU2" [options] [FILE|-]
 *                                         a player's moves checked (cmd_verify.c)
 *   rushhour bank merge|import|pack|load|verify|export|stats|pick|daily|show|upgrade ...
 *                                         the puzzle bank (cmd_bank.c)
 *
 * Exit codes: 0 an answer (solved or unsolvable), 1 an I/O failure, 2 invalid input or usage,
 * 3 a search limit reached; with --lines the worst line's (2 before 3), 1 if the run failed;
 * verify: 0 legal and solved, 4 illegal or not solved, 3 solved but the optimal length unknown. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rushhour/json.h"
#include "rushhour/rushhour.h"
#include "cmd_bank.h"
#include "number.h"
#include "cmd_enumerate.h"
#include "cmd_verify.h"
#include "read_input.h"
#include "lines.h"
#include "show.h"

#define INPUT_MAX (1u << 20)
#define WINDOW_PER_JOB 4 /* --lines: lines held a thread: room to go on past a slower line */

static const char usage[] =
    "usage: rushhour solve [--metric moves|slides] [--algorithm bfs|astar|fast]\n"
    "                      [--max-nodes N] [--max-memory BYTES] [--timeout-ms N] [--show]\n"
    "                      [FILE|-]\n"
    "       rushhour solve --lines [--jobs N] [--metric ...] [--algorithm ...]\n"
    "                      [--max-nodes N] [--max-memory BYTES] [--timeout-ms N] [FILE|-]\n"
    "       rushhour explore [--max-nodes N] [--max-memory BYTES] [--timeout-ms N] [FILE|-]\n"
    "       rushhour analyze [--metric moves|slides] [--max-nodes N] [--max-memory BYTES]\n"
    "                        [--timeout-ms N] [FILE|-]\n"
    "       rushhour generate [--board-size N] [--exit-row N] [--min-vehicles N]\n"
    "                         [--max-vehicles N] [--walls N] [--min-moves N] [--max-moves N]\n"
    "                         [--metric moves|slides] [--seed N] [--max-nodes N]\n"
    "                         [--max-memory BYTES] [--timeout-ms N] [--show]\n"
    "       rushhour verify --moves \"AR1 BU2 ...\" [--max-nodes N] [--max-memory BYTES]\n"
    "                       [--timeout-ms N] [FILE|-]\n"
    "       rushhour bank merge|import|pack|load|verify|export|stats|pick|daily|show|upgrade ...\n"
    "                     (rushhour bank --help)\n"
    "       rushhour enumerate [--size N] [--walls MIN-MAX] [--vehicles MIN-MAX] ...\n"
    "                          (rushhour enumerate --help)\n"
    "       rushhour --version\n"
    "Input: a JSON puzzle ({vehicles}, {grid} or {board}), grid rows, or a board string.\n"
    "With --lines: one puzzle a line (JSON, a board or rows joined by '/', or that text as a\n"
    "JSON string); one answer a line, in input order, solved by N threads (default: the cores).\n"
    "BYTES: " CLI_SIZE_FORM ".\n";

typedef enum { CMD_SOLVE, CMD_EXPLORE, CMD_ANALYZE, CMD_GENERATE, CMD_VERIFY } command;

typedef struct {
    command cmd;
    rh_search_options search;
    rh_generate_options generate;
    uint64_t timeout_ms, max_memory; /* read as numbers, then made a deadline and a size */
    int show, lines;
    uint64_t jobs; /* --lines: answering threads; 0 = the cores */
    const char *file;
    const char *moves; /* verify: the moves' notation */
} cli_options;

/* The integer option of `generate` that `flag` ("--board-size") sets, or NULL. */
static int *generate_field(rh_generate_options *g, const char *flag)
{
    char name[32];
    if (strncmp(flag, "--", 2) != 0 || strlen(flag) - 2 >= sizeof name) return NULL;
    size_t i = 0;
    for (const char *c = flag + 2; *c; c++) name[i++] = (char)(*c == '-' ? '_' : *c);
    name[i] = '\0';
    return rh_generate_int_option(g, name);
}

/* The budget that `flag` ("--max-nodes") sets, or NULL. */
static uint64_t *budget_field(cli_options *o, const char *flag)
{
    if (strcmp(flag, "--max-nodes") == 0) return &o->search.limits.max_nodes;
    if (strcmp(flag, "--max-memory") == 0) return &o->max_memory;
    if (strcmp(flag, "--timeout-ms") == 0) return &o->timeout_ms;
    return NULL;
}

static int bad_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "rushhour: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage);
    return CLI_EXIT_INVALID;
}

/* The deadline `timeout_ms` from now; 0 (none) for 0. A timeout past the clock's range is no
 * deadline at all, not one that wrapped around. */
static uint64_t deadline_after(uint64_t timeout_ms)
{
    const uint64_t now = rh_clock_us();
    if (!timeout_ms) return 0;
    return timeout_ms < (UINT64_MAX - now) / 1000u ? now + timeout_ms * 1000u : UINT64_MAX;
}

/* Returns -1 on success, else the exit code to stop with. Each command takes the options its
 * usage line lists. */
static int parse_args(cli_options *o, int argc, char **argv)
{
    const int solve = o->cmd == CMD_SOLVE, generate = o->cmd == CMD_GENERATE;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n, *budget = budget_field(o, a);
        int *field = generate ? generate_field(&o->generate, a) : NULL;
        if ((solve || generate) && strcmp(a, "--show") == 0) {
            o->show = 1;
        } else if (solve && strcmp(a, "--lines") == 0) {
            o->lines = 1;
        } else if (solve && strcmp(a, "--jobs") == 0) {
            if (!cli_number(v, UINT64_MAX, &o->jobs) || o->jobs < 1 || o->jobs > 1024)
                return bad_usage("%s needs a number of threads from 1 to 1024", a);
            i++;
        } else if (o->cmd == CMD_VERIFY && strcmp(a, "--moves") == 0) {
            if (!v) return bad_usage("%s needs the moves' notation (\"AR1 BU2\")", a);
            o->moves = v;
            i++;
        } else if (o->cmd != CMD_EXPLORE && o->cmd != CMD_VERIFY && strcmp(a, "--metric") == 0) {
            if (rh_metric_parse(&o->search.metric, v))
                return bad_usage("bad --metric '%s'", v ? v : "");
            o->generate.metric = o->search.metric;
            i++;
        } else if (field || (generate && strcmp(a, "--seed") == 0)) {
            if (!cli_number(v, UINT64_MAX, &n) || (field && n > INT_MAX))
                return bad_usage("%s needs a non-negative integer", a);
            if (field)
                *field = (int)n;
            else
                o->generate.seed = n;
            i++;
        } else if (solve && strcmp(a, "--algorithm") == 0) {
            if (rh_algorithm_parse(&o->search.algorithm, v))
                return bad_usage("bad --algorithm '%s'", v ? v : "");
            i++;
        } else if (budget == &o->max_memory) {
            if (!cli_size(v, UINT64_MAX, budget))
                return bad_usage("%s needs a number of bytes: " CLI_SIZE_FORM, a);
            i++;
        } else if (budget) {
            if (!cli_number(v, UINT64_MAX, budget))
                return bad_usage("%s needs a non-negative integer", a);
            i++;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage, stdout);
            return CLI_EXIT_DONE;
        } else if (a[0] == '-' && a[1]) {
            return bad_usage("unknown option '%s'", a);
        } else if (generate) {
            return bad_usage("generate reads no input ('%s')", a);
        } else if (o->file) {
            return bad_usage("more than one input file ('%s')", a);
        } else {
            o->file = a;
        }
    }
    if (o->lines && o->show) return bad_usage("%s draws one puzzle: not with --lines", "--show");
    if (o->jobs && !o->lines) return bad_usage("%s needs --lines", "--jobs");
    if (o->cmd == CMD_VERIFY && !o->moves) return bad_usage("%s needs --moves", "verify");
    o->search.limits.max_memory = o->max_memory < SIZE_MAX ? (size_t)o->max_memory : SIZE_MAX;
    o->search.limits.deadline_us = deadline_after(o->timeout_ms); /* --lines: one per line */
    return -1;
}

static void print_diags(const rh_diags *diags)
{
    for (int i = 0; i < diags->count; i++)
        fprintf(stderr, "%s%s%s\n", diags->items[i].field, diags->items[i].field[0] ? ": " : "",
                diags->items[i].message);
    if (diags->dropped) fprintf(stderr, "(%d more problems)\n", diags->dropped);
}

static int empty_input(const char *file)
{
    fprintf(stderr, "rushhour: %s is empty: there is no puzzle in it\n", cli_input_name(file));
    return CLI_EXIT_INVALID;
}

/* Parses the input; prints the problems (one per line) and returns non-zero when invalid. */
static int load_puzzle(rh_puzzle *p, const char *file, uint64_t *parse_us)
{
    size_t len = 0;
    FILE *in = cli_input_open(file);
    char *text = in ? cli_input_read_all(in, file, INPUT_MAX, &len) : NULL;
    if (in) cli_input_close(in);
    if (!text) return CLI_EXIT_IO;
    if (cli_input_blank(text, len)) {
        free(text);
        return empty_input(file);
    }
    static rh_diags diags;
    rh_diags_init(&diags);
    const uint64_t t0 = rh_clock_us();
    int err = rh_parse_text(p, &diags, text, len);
    *parse_us = rh_clock_us() - t0;
    free(text);
    if (err == RH_OK) return 0;
    print_diags(&diags);
    return CLI_EXIT_INVALID;
}

static int print_json(cJSON *doc)
{
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    if (!text) {
        fprintf(stderr, "rushhour: out of memory\n");
        return CLI_EXIT_IO;
    }
    puts(text);
    cJSON_free(text);
    return 0;
}

/* Adds the service's timing_us to `doc` (NULL: none), with the CLI's times; returns `doc`. */
static cJSON *add_timing(cJSON *doc, uint64_t parse_us, uint64_t solve_us)
{
    cJSON *timing = doc ? cJSON_AddObjectToObject(doc, "timing_us") : NULL;
    if (timing) {
        cJSON_AddNumberToObject(timing, "queue", 0);
        cJSON_AddNumberToObject(timing, "parse", (double)parse_us);
        cJSON_AddNumberToObject(timing, "solve", (double)solve_us);
        cJSON_AddNumberToObject(timing, "total", (double)(parse_us + solve_us));
    }
    return doc;
}

/* The document POST /v1/solve returns for `r`, with the CLI's timings; NULL when out of
 * memory. */
static cJSON *solve_document(const rh_puzzle *p, const rh_result *r, uint64_t parse_us)
{
    return add_timing(rh_report_result(p, r, false), parse_us, r->stats.elapsed_us);
}

static int run_solve(const cli_options *o, const rh_puzzle *p, uint64_t parse_us)
{
    rh_result r;
    int err = rh_solve(&r, p, &o->search);
    if (err != RH_OK) {
        fprintf(stderr, "rushhour: %s\n", rh_strerror(err));
        return CLI_EXIT_IO;
    }
    int code = r.status == RH_LIMIT_REACHED ? CLI_EXIT_LIMIT : CLI_EXIT_DONE;
    if (o->show) {
        cli_show_solution(stdout, p, &r);
    } else {
        cJSON *doc = solve_document(p, &r, parse_us);
        if (print_json(doc)) code = CLI_EXIT_IO;
        cJSON_Delete(doc);
    }
    rh_result_free(&r);
    return code;
}

/* One line's puzzle: any form the whole-input mode reads (rh_parse_text), or a text board
 * given as a JSON string, the form JSON Lines tools write for text. */
static int parse_line(rh_puzzle *p, rh_diags *d, const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && cli_input_blank(text + i, 1)) i++;
    if (i == len || text[i] != '"') return rh_parse_text(p, d, text, len);
    size_t at = 0;
    cJSON *doc = rh_json_parse(text, len, &at);
    const int err =
        doc ? rh_parse_text_board(p, d, doc->valuestring, strlen(doc->valuestring)) : RH_EINVALID;
    if (!doc) rh_diags_add(d, "", "the text is not valid JSON (error at byte %zu)", at);
    cJSON_Delete(doc);
    return err;
}

/* An invalid line's answer: the problem the service gives an invalid batch item (RFC 9457,
 * with every problem by field); NULL when out of memory. */
static cJSON *problem_document(const rh_diags *d)
{
    const int n = d->count + d->dropped;
    char detail[64];
    snprintf(detail, sizeof detail, "the puzzle has %d problem%s", n, n == 1 ? "" : "s");
    cJSON *doc = cJSON_CreateObject(), *errors = rh_report_diags(d);
    if (doc && errors &&
        cJSON_AddStringToObject(doc, "type", "urn:rushhourd:problem:invalid-puzzle") &&
        cJSON_AddStringToObject(doc, "title", "Invalid Puzzle") &&
        cJSON_AddNumberToObject(doc, "status", 400) &&
        cJSON_AddStringToObject(doc, "detail", detail)) {
        cJSON_AddItemToObject(doc, "errors", errors);
        return doc;
    }
    cJSON_Delete(errors);
    cJSON_Delete(doc);
    return NULL;
}

/* cli_line_fn for `solve --lines`: the solve document or the problem, with the line's number.
 * Each line has its own --timeout-ms. */
static char *answer_line(void *ctx, const char *text, size_t len, long line,
                         cli_line_outcome *outcome)
{
    const cli_options *o = ctx;
    rh_diags d;
    rh_diags_init(&d);
    if (!text) rh_diags_add(&d, "", "the line is longer than %u bytes", INPUT_MAX);
    rh_puzzle p;
    const uint64_t t0 = rh_clock_us();
    const int err = text ? parse_line(&p, &d, text, len) : RH_EINVALID;
    const uint64_t parse_us = rh_clock_us() - t0;
    cJSON *doc;
    if (err != RH_OK) {
        *outcome = CLI_LINE_INVALID;
        doc = problem_document(&d);
    } else {
        rh_search_options search = o->search;
        search.limits.deadline_us = deadline_after(o->timeout_ms);
        rh_result r;
        if (rh_solve(&r, &p, &search) != RH_OK) return NULL; /* only RH_ENOMEM */
        *outcome = r.status == RH_LIMIT_REACHED ? CLI_LINE_LIMIT : CLI_LINE_ANSWERED;
        doc = solve_document(&p, &r, parse_us);
        rh_result_free(&r);
    }
    char *answer = NULL;
    if (doc && cJSON_AddNumberToObject(doc, "line", (double)line))
        answer = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    return answer;
}

/* `solve --lines`: every line answered, a summary of the failed ones on stderr. */
static int run_solve_lines(const cli_options *o)
{
    FILE *in = cli_input_open(o->file);
    if (!in) return CLI_EXIT_IO;
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    const int jobs = o->jobs ? (int)o->jobs : cores > 0 ? (int)cores : 1;
    const cli_lines_run_options run = {.in = in,
                                       .in_path = o->file,
                                       .out = stdout,
                                       .progress = isatty(STDERR_FILENO) ? stderr : NULL,
                                       .jobs = jobs,
                                       .window = (size_t)jobs * WINDOW_PER_JOB,
                                       .line_max = INPUT_MAX,
                                       .answer = answer_line,
                                       .ctx = (void *)o};
    cli_lines_counts c;
    const int failed = cli_lines_run(&run, &c);
    cli_input_close(in);
    if (failed) return CLI_EXIT_IO;
    if (!c.lines) return empty_input(o->file);
    if (c.invalid)
        fprintf(stderr, "rushhour: %ld of %ld lines are invalid (the first: line %ld)\n", c.invalid,
                c.lines, c.first_invalid);
    if (c.limited)
        fprintf(stderr, "rushhour: %ld of %ld lines reached a search limit\n", c.limited, c.lines);
    return c.invalid ? CLI_EXIT_INVALID : c.limited ? CLI_EXIT_LIMIT : CLI_EXIT_DONE;
}

static int run_analyze(const cli_options *o, const rh_puzzle *p)
{
    rh_analysis a;
    int err = rh_analyze(&a, p, o->search.metric, &o->search.limits);
    if (err != RH_OK) {
        fprintf(stderr, "rushhour: %s\n", rh_strerror(err));
        return CLI_EXIT_IO;
    }
    cJSON *doc = rh_report_analysis(&a);
    const int code = print_json(doc)         ? CLI_EXIT_IO
                     : a.status == RH_SOLVED ? CLI_EXIT_DONE
                                             : CLI_EXIT_LIMIT;
    cJSON_Delete(doc);
    rh_analysis_free(&a);
    return code;
}

static int run_explore(const cli_options *o, const rh_puzzle *p)
{
    rh_explore_result r;
    const int err = rh_explore(&r, p, &o->search.limits);
    if (err != RH_OK) {
        fprintf(stderr, "rushhour: %s\n", rh_strerror(err));
        return CLI_EXIT_IO;
    }
    printf("{\"status\":\"%s\",", r.status == RH_SOLVED ? "complete" : "limit_reached");
    if (r.status != RH_SOLVED) printf("\"limit\":\"%s\",", rh_limit_name(r.limit));
    printf(
        "\"states\":%" PRIu64 ",\"goal_states\":%" PRIu64 ",\"stats\":{\"nodes_expanded\":%" PRIu64
        ",\"peak_memory_bytes\":%zu,\"elapsed_us\":%" PRIu64 "}}\n",
        r.states, r.goal_states, r.stats.nodes_expanded, r.stats.peak_memory, r.stats.elapsed_us);
    return r.status == RH_SOLVED ? CLI_EXIT_DONE : CLI_EXIT_LIMIT;
}

/* The verdict on the moves of --moves, as POST /v1/verify answers it. */
static int run_verify(const cli_options *o, const rh_puzzle *p, uint64_t parse_us)
{
    static rh_verify_move moves[RH_VERIFY_MOVES_MAX];
    static rh_diags diags;
    rh_diags_init(&diags);
    size_t n;
    const uint64_t t0 = rh_clock_us();
    if (cli_verify_moves(moves, &n, &diags, o->moves, p) != RH_OK) {
        print_diags(&diags);
        return CLI_EXIT_INVALID;
    }
    parse_us += rh_clock_us() - t0;
    uint64_t solve_us = 0;
    int code = CLI_EXIT_IO;
    cJSON *doc = cli_verify(p, moves, n, &o->search, &solve_us, &code);
    add_timing(doc, parse_us, solve_us); /* after the search: it sets solve_us */
    if (print_json(doc)) code = CLI_EXIT_IO;
    cJSON_Delete(doc);
    return code;
}

/* The generated document, or with --show the puzzle and its solution drawn move by move. */
static int run_generate(cli_options *o)
{
    static rh_diags diags;
    rh_diags_init(&diags);
    if (rh_generate_check(&diags, &o->generate) != RH_OK) {
        print_diags(&diags);
        return CLI_EXIT_INVALID;
    }
    static rh_generated g;
    int err = rh_generate(&g, &o->generate, &o->search.limits);
    if (err != RH_OK) {
        fprintf(stderr, "rushhour: %s\n", rh_strerror(err));
        return CLI_EXIT_IO;
    }
    if (o->show && g.length > 0) {
        o->search.algorithm = RH_ALGO_ASTAR;
        o->search.limits.max_nodes = 0;
        o->search.limits.deadline_us = 0;
        return run_solve(o, &g.puzzle, 0);
    }
    cJSON *doc = rh_report_generated(&g);
    if (doc && !rh_json_add_u64(doc, "seed", o->generate.seed)) {
        cJSON_Delete(doc);
        doc = NULL;
    }
    const int code = print_json(doc)         ? CLI_EXIT_IO
                     : g.status == RH_SOLVED ? CLI_EXIT_DONE
                                             : CLI_EXIT_LIMIT;
    cJSON_Delete(doc);
    return code;
}

static int run(int argc, char **argv)
{
    if (argc < 2) return bad_usage("%s", "a command is needed");
    if (strcmp(argv[1], "bank") == 0) return cli_bank(argc - 1, argv + 1);
    if (strcmp(argv[1], "enumerate") == 0) return cli_enumerate(argc - 1, argv + 1);
    static const char *const names[] = {"solve", "explore", "analyze", "generate", "verify"};
    cli_options o = {.search = RH_SEARCH_OPTIONS_INIT, .generate = RH_GENERATE_OPTIONS_INIT};
    o.cmd = (command)-1;
    for (int c = CMD_SOLVE; c <= CMD_VERIFY; c++)
        if (strcmp(argv[1], names[c]) == 0) o.cmd = (command)c;
    if ((int)o.cmd < 0) {
        if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
            fputs(usage, stdout);
            return CLI_EXIT_DONE;
        }
        if (strcmp(argv[1], "--version") == 0) {
            printf("rushhour %s\n", RH_VERSION);
            return CLI_EXIT_DONE;
        }
        return bad_usage("unknown command '%s'", argv[1]);
    }
    int code = parse_args(&o, argc, argv);
    if (code >= 0) return code;
    if (o.cmd == CMD_GENERATE) return run_generate(&o);
    if (o.lines) return run_solve_lines(&o);
    rh_puzzle p;
    uint64_t parse_us = 0;
    code = load_puzzle(&p, o.file, &parse_us);
    if (code) return code;
    return o.cmd == CMD_SOLVE     ? run_solve(&o, &p, parse_us)
           : o.cmd == CMD_VERIFY  ? run_verify(&o, &p, parse_us)
           : o.cmd == CMD_ANALYZE ? run_analyze(&o, &p)
                                  : run_explore(&o, &p);
}

/* Every command's output counts only once it reached its file: a full disk may show only at
 * the last flush, or at close. */
int main(int argc, char **argv)
{
    int code = run(argc, argv);
    const bool failed_before = ferror(stdout);
    errno = 0;
    int err = fflush(stdout) ? errno : 0;
    if (fclose(stdout) && !err) err = errno;
    if ((failed_before || err) && code != CLI_EXIT_IO) {
        fprintf(stderr, "rushhour: cannot write the output%s%s\n", err ? ": " : "",
                err ? strerror(err) : "");
        code = CLI_EXIT_IO;
    }
    return code;
}
