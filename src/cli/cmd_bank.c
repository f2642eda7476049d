/* `rushhour bank ...`: merging shard files, exporting, counting, picking and showing puzzles
 * of a puzzle bank, and upgrading a bank of the previous format. Puzzles print as export
 * lines, `moves board cluster_size id`, hardest first (the id last, so that readers of the
 * first three fields, `bank import` among them, read them as before).
 * Exit codes as the other commands: 0 done, 1 an I/O or file failure, 2 bad usage. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cmd_bank.h"
#include "number.h"
#include "rushhour/bank.h"

static const char bank_usage[] =
    "usage: rushhour bank merge OUT IN...      join shard banks into OUT (created or extended)\n"
    "       rushhour bank export FILE          `moves board cluster_size id` lines, hardest first\n"
    "       rushhour bank import TEXT OUT      a new bank from such lines, each re-derived\n"
    "       rushhour bank pack FILE DIR        the shipped data's column files of a bank\n"
    "       rushhour bank load DIR TABLE [DIR TABLE]... OUT\n"
    "                                          a new bank from them, each counted against TABLE\n"
    "       rushhour bank verify FILE [--sample N] [--seed S] [--all]   re-derive puzzles\n"
    "       rushhour bank stats FILE [--walls MIN[-MAX]]   meta; total, counts per length and\n"
    "                                          per walls (of those puzzles)\n"
    "       rushhour bank show FILE ID         the puzzle of that id (exit 3: not in the bank)\n"
    "       rushhour bank upgrade FILE         a bank of the previous format, converted in place\n"
    "       rushhour bank pick FILE [--count N] [--seed N] [FILTER]\n"
    "       rushhour bank daily FILE [--date YYYY-MM-DD] [FILTER]   (default: today, UTC)\n"
    "FILTER: [--metric moves|slides] [--min-moves N] [--max-moves N] [--walls MIN[-MAX]]\n"
    "        (the lengths count in --metric; pick's and daily's walls are 0 unless given)\n";

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "rushhour bank: %s%s%s\n%s", what, arg ? " " : "", arg ? arg : "", bank_usage);
    return CLI_EXIT_INVALID;
}

/* Reports a library failure with the bank's detail (b may be NULL: then `why`). */
static int failed(rh_bank *b, const char *why, int err)
{
    char detail[RH_BANK_WHY_MAX] = "";
    if (b)
        rh_bank_why(b, detail, sizeof detail);
    else if (why)
        snprintf(detail, sizeof detail, "%s", why);
    fprintf(stderr, "rushhour bank: %s%s%s\n", rh_strerror(err), detail[0] ? ": " : "", detail);
    return err == RH_EARG ? CLI_EXIT_INVALID : CLI_EXIT_IO;
}

typedef struct {
    rh_bank_filter filter;
    uint64_t count, seed;
    int64_t day;
} pick_options;

/* Parses pick's or daily's options after FILE; returns -1 on success, else an exit code. */
static int parse_pick(pick_options *o, int daily, int argc, char **argv)
{
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[++i] : NULL;
        uint64_t n;
        if (!v) return usage_error("a value is needed after", a);
        if (!strcmp(a, "--metric")) {
            if (rh_bank_metric_parse(&o->filter.metric, v)) return usage_error("bad --metric", v);
        } else if (!strcmp(a, "--min-moves") || !strcmp(a, "--max-moves")) {
            if (!cli_number(v, RH_BANK_LENGTH_MAX, &n)) return usage_error("bad", a);
            *(a[3] == 'i' ? &o->filter.min_length : &o->filter.max_length) = (int)n;
        } else if (!strcmp(a, "--walls")) {
            if (rh_bank_walls_parse(v, &o->filter.min_walls, &o->filter.max_walls))
                return usage_error("bad --walls", v);
        } else if (!daily && !strcmp(a, "--count")) {
            if (!cli_number(v, RH_BANK_PICK_MAX, &o->count)) return usage_error("bad --count", v);
        } else if (!daily && !strcmp(a, "--seed")) {
            if (!cli_number(v, UINT64_MAX, &o->seed)) return usage_error("bad --seed", v);
        } else if (daily && !strcmp(a, "--date")) {
            if (rh_bank_day_parse(v, &o->day)) return usage_error("bad --date", v);
        } else {
            return usage_error("unknown option", a);
        }
    }
    return -1;
}

static int print_puzzle(void *ctx, const rh_bank_puzzle *p)
{
    (void)ctx;
    return printf("%d %s %" PRIu64 " %s\n", p->moves, p->board, p->cluster_size, p->id) < 0 ? RH_EIO
                                                                                            : RH_OK;
}

static int print_meta(void *ctx, const char *key, const char *value)
{
    (void)ctx;
    return printf("meta %s %s\n", key, value) < 0 ? RH_EIO : RH_OK;
}

/* The bank's meta, then the counts of its puzzles within f's walls. */
static int print_stats(rh_bank *b, const rh_bank_filter *f)
{
    static rh_bank_summary s;
    int err = rh_bank_each_meta(b, print_meta, NULL);
    if (!err) err = rh_bank_stats_of(b, f, &s);
    if (err) return err;
    printf("total %" PRIu64 "\n", s.total);
    for (int l = s.max_moves; l >= 0; l--)
        if (s.by_moves[l]) printf("moves %d %" PRIu64 "\n", l, s.by_moves[l]);
    for (int l = s.max_slides; l >= 0; l--)
        if (s.by_slides[l]) printf("slides %d %" PRIu64 "\n", l, s.by_slides[l]);
    for (int w = 0; w <= RH_ENUM_CELLS_MAX; w++)
        if (s.by_walls[w]) printf("walls %d %" PRIu64 "\n", w, s.by_walls[w]);
    return RH_OK;
}

static int merge(int argc, char **argv)
{
    if (argc < 4) return usage_error("merge needs OUT and at least one IN", NULL);
    rh_bank *b;
    char why[RH_BANK_WHY_MAX];
    int err = rh_bank_open(&b, argv[2], RH_BANK_WRITE, why);
    if (err) return failed(NULL, why, err);
    for (int i = 3; i < argc && !err; i++) err = rh_bank_merge_file(b, argv[i]);
    if (!err) err = rh_bank_finish(b);
    const int code = err ? failed(b, NULL, err) : CLI_EXIT_DONE;
    err = rh_bank_close(b);
    return code ? code : err ? failed(NULL, "closing the bank", err) : CLI_EXIT_DONE;
}

/* `show FILE ID`: the puzzle's export line, then its other fields as `key value` lines. */
static int show(int argc, char **argv)
{
    if (argc != 4) return usage_error("show needs FILE and ID", NULL);
    char board[RH_PUZZLE_ID_CELLS_MAX + 1];
    if (rh_puzzle_id_decode(board, argv[3], strlen(argv[3])) != RH_OK)
        return usage_error("not a puzzle id:", argv[3]);
    rh_bank *b;
    char why[RH_BANK_WHY_MAX];
    int err = rh_bank_open(&b, argv[2], RH_BANK_READ, why);
    if (err) return failed(NULL, why, err);
    static rh_bank_puzzle p;
    int found = 0;
    err = rh_bank_find(b, argv[3], &p, &found);
    if (!err && found) {
        err = print_puzzle(NULL, &p);
        if (!err && p.slides >= 0 && printf("slides %d\n", p.slides) < 0) err = RH_EIO;
        if (!err &&
            printf("vehicles %d\nwalls %d\nrank %" PRId64 "\n", p.vehicles, p.walls, p.rank) < 0)
            err = RH_EIO;
        if (!err && fflush(stdout)) err = RH_EIO;
    }
    int code = err ? failed(b, NULL, err) : CLI_EXIT_DONE;
    if (!err && !found) {
        fprintf(stderr, "rushhour bank: %s holds no puzzle of id %s\n", argv[2], argv[3]);
        code = CLI_EXIT_NOT_FOUND;
    }
    rh_bank_close(b);
    return code;
}

static int upgrade(int argc, char **argv)
{
    if (argc != 3) return usage_error("upgrade needs FILE", NULL);
    char why[RH_BANK_WHY_MAX] = "";
    int upgraded = 0;
    const int err = rh_bank_upgrade(argv[2], &upgraded, why);
    if (err) return failed(NULL, why, err);
    printf("%s: %s bank format %d\n", argv[2], upgraded ? "upgraded to" : "already of",
           RH_BANK_FORMAT);
    return CLI_EXIT_DONE;
}

/* export, stats, pick and daily: FILE opened read-only. */
static int query(int argc, char **argv)
{
    const char *cmd = argv[1];
    const int daily = strcmp(cmd, "daily") == 0;
    const int pick_like = daily || strcmp(cmd, "pick") == 0;
    pick_options o = {.filter = RH_BANK_FILTER_ALL, /* stats: every puzzle, unless --walls */
                      .count = 1,
                      .day = (int64_t)(time(NULL) / 86400)};
    if (pick_like) o.filter = (rh_bank_filter)RH_BANK_FILTER_WALL_FREE;
    if (!pick_like && strcmp(cmd, "export") != 0 && strcmp(cmd, "stats") != 0)
        return usage_error("unknown bank command", cmd);
    if (argc < 3) return usage_error("a bank FILE is needed", NULL);
    const int stats = strcmp(cmd, "stats") == 0;
    if (!pick_like && argc > (stats ? 5 : 3)) return usage_error("too many arguments", NULL);
    if (stats && argc > 3 &&
        (strcmp(argv[3], "--walls") != 0 ||
         rh_bank_walls_parse(argv[4], &o.filter.min_walls, &o.filter.max_walls)))
        return usage_error("bad stats option", argv[3]);
    int code = pick_like ? parse_pick(&o, daily, argc, argv) : -1;
    if (code >= 0) return code;
    rh_bank *b;
    char why[RH_BANK_WHY_MAX];
    int err = rh_bank_open(&b, argv[2], RH_BANK_READ, why);
    if (err) return failed(NULL, why, err);
    static rh_bank_puzzle found[RH_BANK_PICK_MAX];
    int n = 0;
    if (!strcmp(cmd, "export"))
        err = rh_bank_each(b, print_puzzle, NULL);
    else if (stats)
        err = print_stats(b, &o.filter);
    else if (daily)
        err = rh_bank_daily(b, &o.filter, o.day, found, &n);
    else
        err = rh_bank_pick(b, &o.filter, o.seed, found, (int)o.count, &n);
    for (int i = 0; i < n && !err; i++) err = print_puzzle(NULL, &found[i]);
    if (!err && fflush(stdout)) err = RH_EIO;
    code = err ? failed(b, NULL, err) : CLI_EXIT_DONE;
    rh_bank_close(b);
    return code;
}

int cli_bank(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fputs(bank_usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_EXIT_INVALID : CLI_EXIT_DONE;
    }
    if (!strcmp(argv[1], "import")) return cli_bank_import(argc, argv);
    if (!strcmp(argv[1], "show")) return show(argc, argv);
    if (!strcmp(argv[1], "upgrade")) return upgrade(argc, argv);
    if (!strcmp(argv[1], "pack")) return cli_bank_pack(argc, argv);
    if (!strcmp(argv[1], "load")) return cli_bank_load(argc, argv);
    if (!strcmp(argv[1], "verify")) return cli_bank_verify(argc, argv);
    return !strcmp(argv[1], "merge") ? merge(argc, argv) : query(argc, argv);
}
