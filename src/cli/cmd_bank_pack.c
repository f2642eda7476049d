/* The shipped data's form, both ways: `rushhour bank pack BANK DIR` writes a bank as column
 * files (bank_columns.c: the puzzles by rank, one field a file) and meta.txt, `KEY VALUE`
 * lines: the source bank's meta but for what a bank keeps itself; `rushhour bank load DIR
 * TABLE [DIR TABLE]... OUT` builds a bank from one or more such parts, trusted (no puzzle is
 * re-derived: `bank verify` does that) but each counted against its TABLE, the published
 * counts of what it holds, before anything is kept. TABLE is `rushhour bank stats` of the
 * source: its `total`, `moves`, `slides` and `walls` lines must equal the data's exactly. The
 * first part's meta describes the bank (its enumeration); a later part (a sample of another
 * space) names its entries apart and may not set one an earlier part set.
 *
 * Load also reads the columns packed before the rank columns, which the shipped data holds
 * until its next version: boards.txt (the board in database notation) and lengths.txt (`moves
 * slides cluster_size`, slides `-` when not computed), one line per puzzle; vehicle and wall
 * counts read off the board (and hist.bin, the distance histograms, left unread). */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bank_columns.h"
#include "cli.h"
#include "cmd_bank.h"
#include "each_line.h"
#include "number.h"
#include "rushhour/bank.h"
#include "rushhour/puzzle_rank.h"

/* A part's files: its meta, and its puzzles in either form. */
typedef struct {
    FILE *meta;
    cli_columns_reader *packed;
    FILE *boards, *lengths; /* the form before: packed is NULL */
} columns;

static void close_columns(columns *c)
{
    if (c->meta) fclose(c->meta);
    if (c->boards) fclose(c->boards);
    if (c->lengths) fclose(c->lengths);
    cli_columns_close(c->packed);
    memset(c, 0, sizeof *c);
}

/* cli_bank_load closes every part's columns. Once its loop has called the line reader (in
 * another file), gcc's analyzer takes the next part's columns for the last one's and reports
 * their files leaked here. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wanalyzer-file-leak"
#pragma GCC diagnostic ignored "-Wanalyzer-malloc-leak"
#endif
static int open_columns(columns *c, const char *dir)
{
    memset(c, 0, sizeof *c);
    int rc = (c->meta = cli_columns_file(dir, "meta.txt", "r")) ? 0 : CLI_EXIT_IO;
    if (!rc && cli_columns_in(dir))
        rc = cli_columns_open(&c->packed, dir);
    else if (!rc && (!(c->boards = cli_columns_file(dir, "boards.txt", "r")) ||
                     !(c->lengths = cli_columns_file(dir, "lengths.txt", "r"))))
        rc = CLI_EXIT_IO;
    if (rc) close_columns(c);
    return rc;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* Meta entries a bank keeps itself, left out of meta.txt. */
static bool own_meta(const char *key)
{
    return !strcmp(key, "format") || !strcmp(key, "puzzles") || !strcmp(key, "board_size");
}

static int pack_meta(void *ctx, const char *key, const char *value)
{
    FILE *f = ctx;
    if (own_meta(key)) return RH_OK;
    return fprintf(f, "%s %s\n", key, value) < 0 ? RH_EIO : RH_OK;
}

/* The rows pack gathers, room for `allocated`: each puzzle's rank among the boards of its
 * walls. */
typedef struct {
    const rh_rank_table *ranks;
    cli_packed *rows;
    size_t n, allocated;
} pack_rows;

static int pack_puzzle(void *ctx, const rh_bank_puzzle *p)
{
    pack_rows *r = ctx;
    if (r->n == r->allocated) return RH_ECORRUPT; /* more puzzles than the bank counts */
    cli_packed *row = &r->rows[r->n];
    if (rh_puzzle_rank(r->ranks, p->id, strlen(p->id), &row->rank, &row->walls) != RH_OK)
        return RH_EARG; /* no bank holds such a board */
    row->moves = p->moves;
    row->slides = p->slides;
    row->cluster_size = p->cluster_size;
    r->n++;
    return RH_OK;
}

int cli_bank_pack(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: rushhour bank pack BANK DIR\n");
        return CLI_EXIT_INVALID;
    }
    rh_bank *b;
    char why[RH_BANK_WHY_MAX] = "";
    if (rh_bank_open(&b, argv[2], RH_BANK_READ, why) != RH_OK) {
        fprintf(stderr, "rushhour bank pack: %s: %s\n", argv[2], why);
        return CLI_EXIT_IO;
    }
    rh_bank_summary sum;
    int most = 0;
    rh_rank_table *ranks = NULL;
    int err = rh_bank_stats(b, &sum);
    for (int w = 0; w <= RH_ENUM_CELLS_MAX; w++)
        if (sum.by_walls[w]) most = w;
    if (!err && sum.total) err = cli_columns_ranks(&ranks, sum.board_size, most);
    cli_packed *packed = err ? NULL : malloc((sum.total ? sum.total : 1) * sizeof *packed);
    pack_rows rows = {ranks, packed, 0, sum.total};
    FILE *meta = err || !rows.rows ? NULL : cli_columns_file(argv[3], "meta.txt", "w");
    int rc = err || !meta ? CLI_EXIT_IO : 0;
    if (!rc && (rh_bank_each_meta(b, pack_meta, meta) || rh_bank_each(b, pack_puzzle, &rows))) {
        rh_bank_why(b, why, sizeof why);
        rc = CLI_EXIT_IO;
    }
    if (err || rc)
        fprintf(stderr, "rushhour bank pack: %s%s%s\n", argv[2], why[0] ? ": " : "", why);
    if (meta && fclose(meta) != 0 && !rc) rc = CLI_EXIT_IO;
    if (!rc) rc = cli_columns_write(argv[3], sum.board_size, rows.rows, rows.n);
    free(rows.rows);
    rh_rank_table_free(ranks);
    rh_bank_close(b);
    return rc;
}

/* Puzzles of each length and wall count, as `bank stats` prints them. */
typedef struct {
    uint64_t total;
    uint64_t by_moves[RH_BANK_LENGTH_MAX], by_slides[RH_BANK_LENGTH_MAX];
    uint64_t by_walls[RH_ENUM_CELLS_MAX + 1];
} tally;

/* A line of TABLE counted into the tally `ctx`; meta lines are skipped, any other refused. */
static int table_line(void *ctx, char *line, char *why, size_t len)
{
    tally *t = ctx;
    if (!strncmp(line, "meta ", 5)) return 0;
    char *save = NULL;
    const char *what = strtok_r(line, " ", &save), *t_len = strtok_r(NULL, " ", &save),
               *t_count = strtok_r(NULL, " ", &save);
    const bool more = strtok_r(NULL, " ", &save) != NULL;
    const uint64_t max =
        what && !strcmp(what, "walls") ? RH_ENUM_CELLS_MAX : RH_BANK_LENGTH_MAX - 1;
    uint64_t at, count;
    if (what && !strcmp(what, "total") && !t_count && cli_number(t_len, UINT64_MAX, &count)) {
        t->total = count;
    } else if (what && !more &&
               (!strcmp(what, "moves") || !strcmp(what, "slides") || !strcmp(what, "walls")) &&
               cli_number(t_len, max, &at) && cli_number(t_count, UINT64_MAX, &count)) {
        (what[0] == 'm' ? t->by_moves : what[0] == 's' ? t->by_slides : t->by_walls)[at] = count;
    } else {
        snprintf(why, len, "not a `bank stats` line");
        return CLI_EXIT_INVALID;
    }
    return 0;
}

/* TABLE's counts into *t. */
static int read_table(tally *t, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "rushhour bank load: %s: %s\n", path, strerror(errno));
        return CLI_EXIT_IO;
    }
    const int rc = cli_each_line(f, "rushhour bank load", path, table_line, t);
    fclose(f);
    return rc;
}

/* The first difference between the data's counts and the table's, printed; 0 when none. */
static int compare_tally(const tally *data, const tally *table, const char *path)
{
    const char *what = NULL;
    int at = 0;
    uint64_t have = 0, want = 0;
    if (data->total != table->total) {
        what = "total";
        have = data->total;
        want = table->total;
    }
    for (int l = 0; !what && l < RH_BANK_LENGTH_MAX; l++)
        if (data->by_moves[l] != table->by_moves[l] || data->by_slides[l] != table->by_slides[l]) {
            const bool m = data->by_moves[l] != table->by_moves[l];
            what = m ? "moves" : "slides";
            at = l;
            have = m ? data->by_moves[l] : data->by_slides[l];
            want = m ? table->by_moves[l] : table->by_slides[l];
        }
    for (int w = 0; !what && w <= RH_ENUM_CELLS_MAX; w++)
        if (data->by_walls[w] != table->by_walls[w]) {
            what = "walls";
            at = w;
            have = data->by_walls[w];
            want = table->by_walls[w];
        }
    if (!what) return 0;
    if (!strcmp(what, "total"))
        fprintf(stderr,
                "rushhour bank load: the data holds %" PRIu64 " puzzles, %s says %" PRIu64 "\n",
                have, path, want);
    else
        fprintf(stderr,
                "rushhour bank load: `%s %d`: the data holds %" PRIu64 ", %s says %" PRIu64 "\n",
                what, at, have, path, want);
    return CLI_EXIT_INVALID;
}

/* The board's counts: its size from its length, its vehicles (letters) and walls ('x'). */
static void read_board(rh_cluster *c, const char *board)
{
    snprintf(c->hardest, sizeof c->hardest, "%s", board);
    const int cells = (int)strlen(board);
    while (c->board_size * c->board_size < cells) c->board_size++;
    bool seen[26] = {false};
    for (int i = 0; i < cells; i++) {
        const char ch = board[i];
        c->walls += ch == 'x';
        if (ch >= 'A' && ch <= 'Z' && !seen[ch - 'A']) c->vehicles++;
        if (ch >= 'A' && ch <= 'Z') seen[ch - 'A'] = true;
    }
}

/* One puzzle from the columns: 1 read, 0 at the end, else an exit code. */
static int read_puzzle(rh_cluster *c, const columns *in, char *why, size_t len)
{
    if (in->packed) return cli_columns_next(in->packed, c, why, len);
    char board[RH_ENUM_CELLS_MAX + 8], lengths[96];
    const bool b = fgets(board, sizeof board, in->boards) != NULL,
               l = fgets(lengths, sizeof lengths, in->lengths) != NULL;
    if (!b && !l) return 0;
    if (!b || !l) {
        snprintf(why, len, "the columns hold different numbers of puzzles");
        return CLI_EXIT_INVALID;
    }
    memset(c, 0, sizeof *c);
    board[strcspn(board, "\n")] = '\0';
    read_board(c, board);
    const size_t end = strcspn(lengths, "\n");
    const bool whole = lengths[end] == '\n';
    lengths[end] = '\0';
    char *save = NULL;
    const char *t_moves = strtok_r(lengths, " ", &save), *t_slides = strtok_r(NULL, " ", &save),
               *t_states = strtok_r(NULL, " ", &save);
    uint64_t moves, slides = 0;
    if (!whole || strtok_r(NULL, " ", &save) ||
        !cli_number(t_moves, RH_ENUM_DEPTH_MAX - 1, &moves) ||
        !cli_number(t_states, UINT64_MAX, &c->states) || !t_slides) {
        snprintf(why, len, "lengths: not `moves slides cluster_size`");
        return CLI_EXIT_INVALID;
    }
    const bool no_slides = strcmp(t_slides, "-") == 0;
    if (!no_slides && !cli_number(t_slides, INT_MAX, &slides)) {
        snprintf(why, len, "lengths: bad slides `%s`", t_slides);
        return CLI_EXIT_INVALID;
    }
    c->moves = (int)moves;
    c->slides = no_slides ? -1 : (int)slides;
    c->minimal = true;
    return 1;
}

static void count(tally *t, const rh_cluster *c)
{
    t->total++;
    t->by_moves[c->moves]++;
    if (c->slides >= 0 && c->slides < RH_BANK_LENGTH_MAX) t->by_slides[c->slides]++;
    if (c->walls <= RH_ENUM_CELLS_MAX) t->by_walls[c->walls]++;
}

static int already_set(void *ctx, const char *key, const char *value)
{
    (void)value;
    return strcmp(ctx, key) == 0;
}

/* A part's meta.txt into b; `later`: no entry may be one an earlier part set. */
static int load_meta(rh_bank *b, FILE *f, bool later, char *why, size_t len)
{
    char line[512];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *value = strchr(line, ' ');
        if (!value || value == line) {
            snprintf(why, len, "meta.txt: not `KEY VALUE`");
            return CLI_EXIT_INVALID;
        }
        *value++ = '\0';
        if (later && rh_bank_each_meta(b, already_set, line) == 1) {
            snprintf(why, len, "meta.txt: `%s` is an earlier part's entry", line);
            return CLI_EXIT_INVALID;
        }
        if (rh_bank_set_meta(b, line, value) != RH_OK) {
            rh_bank_why(b, why, len);
            return CLI_EXIT_INVALID;
        }
    }
    return 0;
}

/* The rows into `out`, counted into *data. */
static int load_rows(const char *out, const columns *in, tally *data, const char *dir)
{
    rh_bank *b;
    char why[RH_BANK_WHY_MAX] = "";
    if (rh_bank_open(&b, out, RH_BANK_LOAD, why) != RH_OK) {
        fprintf(stderr, "rushhour bank load: %s: %s\n", out, why);
        return CLI_EXIT_IO;
    }
    static rh_cluster c;
    long n = 0;
    int rc = 0;
    for (int got; !rc && (got = read_puzzle(&c, in, why, sizeof why)) != 0; n++) {
        if (got != 1) {
            rc = got;
        } else if (rh_bank_add(b, &c) != RH_OK) {
            rh_bank_why(b, why, sizeof why);
            rc = CLI_EXIT_INVALID;
        } else {
            count(data, &c);
        }
    }
    if (rc) fprintf(stderr, "rushhour bank load: %s, puzzle %ld: %s\n", dir, n + 1, why);
    if (rh_bank_close(b) != RH_OK && !rc) rc = CLI_EXIT_IO;
    return rc;
}

/* A part's column files and its table's counts. */
typedef struct {
    const char *dir, *table_path;
    columns in;
    tally table, data;
} part;

/* The parts' meta entries, then the sorted file. The totals are the ones the parts' meta gives
 * for their runs, none where it gives none (the rows' handle counted no cluster: the wall-free
 * data predates 'total.solvable', which its rows would have put at the kept count). */
static int finish(const char *out, part *parts, int count)
{
    rh_bank *b;
    char why[RH_BANK_WHY_MAX] = "";
    int rc = rh_bank_open(&b, out, RH_BANK_WRITE, why) != RH_OK ? CLI_EXIT_IO : 0;
    for (int i = 0; !rc && i < count; i++)
        rc = load_meta(b, parts[i].in.meta, i > 0, why, sizeof why);
    if (!rc && rh_bank_finish(b) != RH_OK) {
        rh_bank_why(b, why, sizeof why);
        rc = CLI_EXIT_IO;
    }
    if (rh_bank_close(b) != RH_OK && !rc) rc = CLI_EXIT_IO;
    if (rc) fprintf(stderr, "rushhour bank load: %s: %s\n", out, why);
    return rc;
}

#define PARTS_MAX 8

int cli_bank_load(int argc, char **argv)
{
    const int count = (argc - 3) / 2;
    if (argc < 5 || argc % 2 == 0 || count > PARTS_MAX) {
        fprintf(stderr,
                "usage: rushhour bank load DIR TABLE [DIR TABLE]... OUT (at most %d parts)\n",
                PARTS_MAX);
        return CLI_EXIT_INVALID;
    }
    static part parts[PARTS_MAX];
    memset(parts, 0, sizeof parts);
    const char *out = argv[argc - 1];
    int rc = 0, opened = 0;
    for (; !rc && opened < count; opened++) {
        part *p = &parts[opened];
        p->dir = argv[2 + 2 * opened];
        p->table_path = argv[3 + 2 * opened];
        rc = read_table(&p->table, p->table_path);
        if (!rc) rc = open_columns(&p->in, p->dir);
    }
    if (rc) {
        for (int i = 0; i < opened; i++) close_columns(&parts[i].in);
        return rc;
    }
    unlink(out); /* a fresh file: load never extends a bank */
    for (int i = 0; !rc && i < count; i++) {
        rc = load_rows(out, &parts[i].in, &parts[i].data, parts[i].dir);
        if (!rc) rc = compare_tally(&parts[i].data, &parts[i].table, parts[i].table_path);
    }
    if (!rc) rc = finish(out, parts, count);
    for (int i = 0; i < opened; i++) close_columns(&parts[i].in);
    if (rc) unlink(out);
    return rc;
}
