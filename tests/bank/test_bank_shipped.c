/* The shipped bank and its tools end to end (docs/bank.md, "The shipped data"): `bank pack`
 * and `bank load` give back the bank they packed, row for row; `bank load` refuses data whose
 * counts differ from the table; `bank verify` names a puzzle whose stored figures are wrong and
 * a board that is not minimal; the served bank holds the published counts and, for the
 * subspace of at most 6 vehicles, exactly the rows `rushhour enumerate` makes now. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "bank_derive.h"
#include "rushhour/bank.h"
#include "rushhour/puzzle.h"
#include "scratch.h"

#if !defined(RH_CLI) || !defined(RH_SOURCE_DIR) || !defined(RH_SERVED_BANK) ||                     \
    !defined(RH_FULL_BANK) || !defined(RH_BANK_TABLES)
#error "RH_CLI, RH_SOURCE_DIR, RH_SERVED_BANK, RH_FULL_BANK and RH_BANK_TABLES must be defined"
#endif

/* The space the served bank holds, as enumerate's options (the wall-free 6x6 one: none). */
#ifndef RH_SHARD_SPACE
#define RH_SHARD_SPACE ""
#endif
#define SAMPLE RH_SOURCE_DIR "/data/bank/sample.txt"
#define TABLE RH_SOURCE_DIR "/data/bank/wall-free-6x6.counts"

static const char *dir; /* the test's scratch folder */

static void make_dir(void)
{
    scratch_make();
    dir = scratch_dir();
}

/* Runs a shell command; its exit status. */
static int sh(const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    const int status = system(cmd);
    cr_assert(WIFEXITED(status), "%s: did not exit", cmd);
    return WEXITSTATUS(status);
}

/* What every state of a cluster shares, and so names its enumeration task (src/enumerate/
 * space.c): each row's pieces in order (w a wall, else a horizontal vehicle's length), then
 * the lengths of the vertical vehicles of the first two columns, top first. */
static void task_key(char *key, const char *board, int n)
{
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            const char *cell = &board[r * n + c], ch = *cell;
            if (ch == 'x') *key++ = 'w';
            if (ch < 'A' || ch > 'Z' || (c > 0 && cell[-1] == ch) || c == n - 1 || cell[1] != ch)
                continue;
            int len = 1;
            while (c + len < n && cell[len] == ch) len++;
            *key++ = (char)('0' + len);
        }
        *key++ = '/';
    }
    for (int c = 0; c < 2; c++) {
        for (int r = 0; r < n; r++) {
            const char ch = board[r * n + c];
            if (ch < 'A' || ch > 'Z' || (r > 0 && board[(r - 1) * n + c] == ch) || r == n - 1 ||
                board[(r + 1) * n + c] != ch)
                continue;
            int len = 1;
            while (r + len < n && board[(r + len) * n + c] == ch) len++;
            *key++ = (char)('0' + len);
        }
        *key++ = '/';
    }
    *key = '\0';
}

#define KEY_MAX (RH_ENUM_CELLS_MAX * 2 + 16)

/* Task keys, sorted, for bsearch. */
typedef struct {
    char (*keys)[KEY_MAX];
    size_t count, allocated;
} key_set;

static int key_cmp(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Every row of a bank, as text, in the bank's order; only those of at most `vehicles` and of
 * `walls` walls (ANY_WALLS: any), and when `tasks` is not NULL only those of its tasks; when
 * `collect` is not NULL each row's task key is added to it. */
#define ANY_WALLS (-1)
typedef struct {
    FILE *out;
    int vehicles, walls;
    const key_set *tasks;
    key_set *collect;
} rows_ctx;

static int print_row(void *ctx, const rh_bank_puzzle *p)
{
    const rows_ctx *r = ctx;
    char key[KEY_MAX];
    task_key(key, p->board, p->board_size);
    if (p->vehicles > r->vehicles || (r->walls != ANY_WALLS && p->walls != r->walls)) return 0;
    if (r->tasks && !bsearch(key, r->tasks->keys, r->tasks->count, KEY_MAX, key_cmp)) return 0;
    if (r->collect) {
        key_set *k = r->collect;
        if (k->count == k->allocated) {
            k->allocated = k->allocated ? 2 * k->allocated : 1024;
            k->keys = realloc(k->keys, k->allocated * KEY_MAX);
            cr_assert_not_null(k->keys);
        }
        memcpy(k->keys[k->count++], key, KEY_MAX);
    }
    fprintf(r->out, "%s %d %d %" PRIu64 " %d %d\n", p->board, p->moves, p->slides, p->cluster_size,
            p->vehicles, p->walls);
    return 0;
}

static void write_rows_of(const char *bank, const char *path, rows_ctx r)
{
    rh_bank *b;
    char why[RH_BANK_WHY_MAX];
    cr_assert_eq(rh_bank_open(&b, bank, RH_BANK_READ, why), RH_OK, "%s: %s", bank, why);
    r.out = fopen(path, "w");
    cr_assert_not_null(r.out);
    cr_assert_eq(rh_bank_each(b, print_row, &r), RH_OK);
    cr_assert_eq(fclose(r.out), 0);
    rh_bank_close(b);
}

static void write_rows(const char *bank, const char *path, int vehicles, int walls)
{
    write_rows_of(bank, path, (rows_ctx){.vehicles = vehicles, .walls = walls});
}

Test(shipped, pack_then_load_gives_the_same_rows, .init = make_dir, .fini = scratch_remove)
{
    cr_assert_eq(sh("%s bank import %s %s/a.sqlite", RH_CLI, SAMPLE, dir), 0);
    cr_assert_eq(sh("mkdir %s/cols && %s bank pack %s/a.sqlite %s/cols", dir, RH_CLI, dir, dir), 0);
    cr_assert_eq(
        sh("%s bank stats %s/a.sqlite | grep -v '^meta format ' > %s/table", RH_CLI, dir, dir), 0);
    cr_assert_eq(sh("%s bank load %s/cols %s/table %s/b.sqlite", RH_CLI, dir, dir, dir), 0);
    char a[128], b[128], a_rows[128], b_rows[128];
    snprintf(a, sizeof a, "%s/a.sqlite", dir);
    snprintf(b, sizeof b, "%s/b.sqlite", dir);
    snprintf(a_rows, sizeof a_rows, "%s/a.rows", dir);
    snprintf(b_rows, sizeof b_rows, "%s/b.rows", dir);
    write_rows(a, a_rows, RH_VEHICLES_MAX, ANY_WALLS);
    write_rows(b, b_rows, RH_VEHICLES_MAX, ANY_WALLS);
    cr_assert_eq(sh("cmp -s %s/a.rows %s/b.rows", dir, dir), 0,
                 "a loaded bank differs from its source");
    cr_assert_eq(sh("%s bank stats %s/b.sqlite | grep -v '^meta format ' | cmp -s - %s/table",
                    RH_CLI, dir, dir),
                 0, "the loaded bank's meta or counts differ from its source's");
    /* Data whose meta gives no solvable total (the wall-free run's predates it) loads without
     * one: the rows are the kept puzzles, not the solvable clusters. */
    cr_assert_eq(sh("grep -v '^total.solvable ' %s/cols/meta.txt > %s/meta && mv %s/meta "
                    "%s/cols/meta.txt && grep -v '^meta total.solvable ' %s/table > %s/table2 && "
                    "%s bank load %s/cols %s/table2 %s/c.sqlite",
                    dir, dir, dir, dir, dir, dir, RH_CLI, dir, dir, dir),
                 0);
    cr_assert_eq(sh("%s bank stats %s/c.sqlite | grep -v '^meta format ' | cmp -s - %s/table2",
                    RH_CLI, dir, dir),
                 0, "a load added a solvable total its data does not give");
}

/* A served bank may join parts (a whole space, then a sample of another): each is counted
 * against its own table, the rows are theirs together, and a later part's meta may not set an
 * entry an earlier one set. */
Test(shipped, load_joins_parts, .init = make_dir, .fini = scratch_remove)
{
    cr_assert_eq(sh("%s bank import %s %s/a.sqlite >/dev/null && %s enumerate --size 6 --walls 1 "
                    "--vehicles 1-4 --metric both --bank %s/w.sqlite 2>/dev/null",
                    RH_CLI, SAMPLE, dir, RH_CLI, dir),
                 0);
    for (int i = 0; i < 2; i++) {
        const char *name = i ? "w" : "a";
        cr_assert_eq(sh("mkdir %s/%s.cols && %s bank pack %s/%s.sqlite %s/%s.cols && %s bank stats "
                        "%s/%s.sqlite | grep -v '^meta ' > %s/%s.table",
                        dir, name, RH_CLI, dir, name, dir, name, RH_CLI, dir, name, dir, name),
                     0);
    }
    /* The one-wall part as it ships: its entries under a name of their own. */
    cr_assert_eq(sh("cp %s/w.cols/meta.txt %s/w.meta && sed 's/^/one_wall./' %s/w.meta > "
                    "%s/w.cols/meta.txt",
                    dir, dir, dir, dir),
                 0);
    cr_assert_eq(sh("%s bank load %s/a.cols %s/a.table %s/w.cols %s/w.table %s/b.sqlite", RH_CLI,
                    dir, dir, dir, dir, dir),
                 0);
    char path[128];
    const char *banks[3] = {"a", "w", "b"};
    for (int i = 0; i < 3; i++) {
        char bank[128];
        snprintf(bank, sizeof bank, "%s/%s.sqlite", dir, banks[i]);
        snprintf(path, sizeof path, "%s/%s.rows", dir, banks[i]);
        write_rows(bank, path, RH_VEHICLES_MAX, ANY_WALLS);
    }
    cr_assert_eq(sh("sort %s/a.rows %s/w.rows > %s/want && sort %s/b.rows | cmp -s - %s/want", dir,
                    dir, dir, dir, dir),
                 0, "the joined bank's rows are not its parts'");
    cr_assert_eq(
        sh("%s bank stats %s/b.sqlite > %s/stats && grep -qx 'walls 0 147' %s/stats && "
           "grep -qx 'walls 1 416' %s/stats && grep -qx 'meta source.walls 0-0' %s/stats && "
           "grep -qx 'meta one_wall.walls 1-1' %s/stats",
           RH_CLI, dir, dir, dir, dir, dir, dir),
        0, "the joined bank's counts or meta are not its parts'");
    /* The days are the wall-free part's: a one-wall part joined later changes none. */
    for (int day = 1; day <= 28; day += 9)
        cr_assert_eq(sh("%s bank daily %s/a.sqlite --date 2026-12-%02d > %s/a.day && %s bank daily "
                        "%s/b.sqlite --date 2026-12-%02d | cmp -s - %s/a.day && test -s %s/a.day",
                        RH_CLI, dir, day, dir, RH_CLI, dir, day, dir, dir),
                     0, "2026-12-%02d: a one-wall part changed the puzzle of the day", day);
    /* The same part twice: its meta collides (and its rows would repeat). */
    cr_assert_eq(sh("%s bank load %s/a.cols %s/a.table %s/a.cols %s/a.table %s/c.sqlite 2> %s/err",
                    RH_CLI, dir, dir, dir, dir, dir, dir),
                 2);
    cr_assert_eq(sh("grep -q 'an earlier part.s entry' %s/err", dir), 0);
    snprintf(path, sizeof path, "%s/c.sqlite", dir);
    cr_assert_neq(access(path, F_OK), 0, "a refused load left a bank");
}

/* The slide order of the sample bank (147 puzzles: three rows of 64 positions) picked whole:
 * every puzzle once, longest in slides first, and each the puzzle its id names. */
Test(shipped, the_slide_order_holds_every_puzzle_once, .init = make_dir, .fini = scratch_remove)
{
    char bank[128];
    snprintf(bank, sizeof bank, "%s/a.sqlite", dir);
    cr_assert_eq(sh("%s bank import %s %s", RH_CLI, SAMPLE, bank), 0);
    rh_bank *b;
    cr_assert_eq(rh_bank_open(&b, bank, RH_BANK_READ, NULL), RH_OK);
    rh_bank_summary sum;
    cr_assert_eq(rh_bank_stats(b, &sum), RH_OK);
    cr_assert_eq(sum.with_slides, 147);
    static rh_bank_puzzle out[RH_BANK_PICK_MAX];
    rh_bank_filter f = RH_BANK_FILTER_ALL;
    f.metric = RH_BANK_SLIDES;
    int found = 0;
    cr_assert_eq(rh_bank_pick(b, &f, 1, out, RH_BANK_PICK_MAX, &found), RH_OK);
    cr_assert_eq(found, 147);
    for (int i = 0; i < found; i++) {
        if (i) cr_assert_geq(out[i - 1].slides, out[i].slides, "position %d", i + 1);
        for (int j = 0; j < i; j++)
            cr_assert_neq(out[i].rank, out[j].rank, "rank %lld twice", (long long)out[i].rank);
        rh_bank_puzzle q;
        int one = 0;
        cr_assert_eq(rh_bank_find(b, out[i].id, &q, &one), RH_OK);
        cr_assert(one && memcmp(&q, &out[i], sizeof q) == 0, "%s", out[i].id);
    }
    rh_bank_close(b);
}

Test(shipped, load_refuses_counts_that_differ, .init = make_dir, .fini = scratch_remove)
{
    cr_assert_eq(sh("%s bank import %s %s/a.sqlite && mkdir %s/cols && %s bank pack %s/a.sqlite "
                    "%s/cols",
                    RH_CLI, SAMPLE, dir, dir, RH_CLI, dir, dir),
                 0);
    /* One length's count off by one. */
    cr_assert_eq(sh("%s bank stats %s/a.sqlite | sed 's/^moves 5 3$/moves 5 4/' > %s/table", RH_CLI,
                    dir, dir),
                 0);
    cr_assert_eq(
        sh("%s bank load %s/cols %s/table %s/b.sqlite 2> %s/err", RH_CLI, dir, dir, dir, dir), 2);
    cr_assert_eq(sh("grep -q 'moves 5.: the data holds 3, .* says 4' %s/err", dir), 0);
    char b[128];
    snprintf(b, sizeof b, "%s/b.sqlite", dir);
    cr_assert_neq(access(b, F_OK), 0, "a refused load left a bank");
    /* A column cut short. */
    cr_assert_eq(sh("%s bank stats %s/a.sqlite > %s/table && truncate -s -1 %s/cols/sizes.bin",
                    RH_CLI, dir, dir, dir),
                 0);
    cr_assert_eq(sh("%s bank load %s/cols %s/table %s/b.sqlite 2>/dev/null", RH_CLI, dir, dir, dir),
                 2);
}

/* The board of the puzzle ranked `rank` in a bank. */
typedef struct {
    int64_t rank;
    char *board;
    size_t size;
} rank_board;

static int board_at_rank(void *ctx, const rh_bank_puzzle *p)
{
    const rank_board *r = ctx;
    if (p->rank != r->rank) return 0;
    snprintf(r->board, r->size, "%s", p->board);
    return 1;
}

static void board_of_rank(const char *bank, int64_t rank, char *board, size_t size)
{
    rh_bank *b;
    cr_assert_eq(rh_bank_open(&b, bank, RH_BANK_READ, NULL), RH_OK);
    rank_board r = {rank, board, size};
    cr_assert_eq(rh_bank_each(b, board_at_rank, &r), 1, "no puzzle ranked %lld", (long long)rank);
    rh_bank_close(b);
}

Test(shipped, verify_names_wrong_puzzles, .init = make_dir, .fini = scratch_remove)
{
    char bank[128];
    snprintf(bank, sizeof bank, "%s/a.sqlite", dir);
    cr_assert_eq(sh("%s bank import %s %s", RH_CLI, SAMPLE, bank), 0);
    cr_assert_eq(sh("%s bank verify %s --all > %s/out", RH_CLI, bank, dir), 0);
    cr_assert_eq(sh("grep -q '^verified 147 puzzles in .*: 0 disagree$' %s/out", dir), 0);
    char board5[64], board9[64];
    board_of_rank(bank, 5, board5, sizeof board5);
    board_of_rank(bank, 9, board9, sizeof board9);
    sqlite3 *db;
    cr_assert_eq(sqlite3_open(bank, &db), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(db,
                              "UPDATE puzzles SET cluster_size = cluster_size + 1 WHERE rank = 5;"
                              "UPDATE puzzles SET slides = slides + 1 WHERE rank = 9",
                              NULL, NULL, NULL),
                 SQLITE_OK);
    sqlite3_close(db);
    cr_assert_eq(sh("%s bank verify %s --sample 147 --seed 3 > %s/out", RH_CLI, bank, dir), 3);
    cr_assert_eq(sh("grep -q '^verifying 147 of 147 puzzles of .*, seed 3$' %s/out", dir), 0);
    cr_assert_eq(
        sh("grep -q '^disagrees: [^ ]* %s: .*states; the library finds' %s/out", board5, dir), 0);
    cr_assert_eq(
        sh("grep -q '^disagrees: [^ ]* %s: .*slides; the library finds' %s/out", board9, dir), 0);
    cr_assert_eq(sh("grep -c '^disagrees' %s/out | grep -qx 2", dir), 0);
    /* The same seed, the same sample: the same puzzles named (the timing line aside); seed 1
     * draws one of the two altered ones, seed 7 neither. */
    for (int run = 1; run <= 2; run++)
        cr_assert_eq(sh("%s bank verify %s --sample 60 --seed 1 | grep -v '^verified ' > %s/%d",
                        RH_CLI, bank, dir, run),
                     0);
    cr_assert_eq(sh("grep -c '^disagrees' %s/1 | grep -qx 1 && cmp -s %s/1 %s/2", dir, dir, dir),
                 0);
    cr_assert_eq(sh("%s bank verify %s --sample 60 --seed 7 > %s/3", RH_CLI, bank, dir), 0);
}

Test(shipped, minimality)
{
    char why[256];
    /* The 51-move puzzle of the wall-free 6x6 space is minimal: every piece matters. */
    cr_expect_eq(cli_derive_minimal("BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.", 51, why, sizeof why), 0,
                 "%s", why);
    /* One move out, and a vehicle B nowhere near the target's way. */
    cr_expect_eq(cli_derive_minimal("...............AA.B.....B...........", 1, why, sizeof why),
                 CLI_EXIT_INVALID);
    cr_expect(strstr(why, "not minimal: without vehicle") != NULL, "%s", why);
}

/* The served bank holds its parts' published counts, summed (each line `total N`, `moves L N`,
 * `slides L N` or `walls W N`), and every meta entry of each part's table but `puzzles`, which
 * is the total. */
Test(shipped, served_bank_holds_the_published_counts, .init = make_dir, .fini = scratch_remove)
{
    if (!RH_FULL_BANK) cr_skip_test("RH_FULL_BANK=OFF: the served bank is the sample");
    cr_assert_eq(sh("%s bank stats %s > %s/stats", RH_CLI, RH_SERVED_BANK, dir), 0);
    cr_assert_eq(sh("cat %s | grep -v '^meta ' | awk '{ k = $1 (NF == 3 ? \" \" $2 : \"\");"
                    " n[k] += $NF } END { for (k in n) print k, n[k] }' | sort > %s/want &&"
                    " grep -v '^meta ' %s/stats | sort | diff - %s/want >&2",
                    RH_BANK_TABLES, dir, dir, dir),
                 0, "the served bank's counts differ from the sum of %s", RH_BANK_TABLES);
    cr_assert_eq(sh("cat %s | grep '^meta ' | grep -v '^meta puzzles ' | grep -vxF -f %s/stats >&2",
                    RH_BANK_TABLES, dir),
                 1, "the served bank lacks meta entries of %s", RH_BANK_TABLES);
    cr_assert_eq(sh("cat %s | grep '^meta ' > %s/meta; grep '^meta ' %s/stats | grep -v '^meta "
                    "\\(format\\|puzzles\\|board_size\\) ' | grep -vxF -f %s/meta >&2",
                    RH_BANK_TABLES, dir, dir, dir),
                 1, "the served bank has meta entries none of %s gives", RH_BANK_TABLES);
}

/* The table agrees with the counts docs/enumerator.md publishes for the run. */
Test(shipped, table_is_the_published_one, .init = make_dir, .fini = scratch_remove)
{
    if (access(TABLE, F_OK) != 0) cr_skip_test("no %s", TABLE);
    cr_assert_eq(
        sh("sed -n '/^Kept puzzles by length in moves/,/^$/p' %s/docs/enumerator.md | tr ' ' "
           "'\\n' | grep -E '^[0-9]+:[0-9,]+[.]?$' | tr -d ',.' | awk -F: '{print "
           "\"moves \" $1 \" \" $2}' | sort > %s/want && grep -c . %s/want | grep -qx 51",
           RH_SOURCE_DIR, dir, dir),
        0, "docs/enumerator.md's table of kept puzzles by length is not 51 lengths");
    cr_assert_eq(sh("grep '^moves ' %s | sort | diff - %s/want >&2", TABLE, dir), 0,
                 "%s and docs/enumerator.md disagree", TABLE);
}

/* The shipped rows are the enumerator's: a subspace enumerated now gives exactly the shipped
 * wall-free rows of its vehicle counts (a cluster's vehicles and its minimality do not depend on
 * the space it was enumerated in, so the subspace's kept rows are the whole run's of those
 * counts). */
Test(shipped, rows_are_what_enumerate_makes, .init = make_dir, .fini = scratch_remove,
     .timeout = 300)
{
    if (!RH_FULL_BANK) cr_skip_test("RH_FULL_BANK=OFF: the served bank is the sample");
    cr_assert_eq(sh("%s enumerate --metric both --vehicles 1-6 --bank %s/sub.sqlite 2>/dev/null",
                    RH_CLI, dir),
                 0);
    char sub[128], rows[160], shipped[160];
    snprintf(sub, sizeof sub, "%s/sub.sqlite", dir);
    snprintf(rows, sizeof rows, "%s/sub.rows", dir);
    snprintf(shipped, sizeof shipped, "%s/shipped.rows", dir);
    write_rows(sub, rows, 6, 0);
    write_rows(RH_SERVED_BANK, shipped, 6, 0);
    cr_assert_eq(sh("test -s %s && cmp %s %s >&2", rows, rows, shipped), 0,
                 "the shipped rows of at most 6 vehicles differ from `rushhour enumerate`'s");
}

/* The shipped one-wall rows (a sample of each length) are the enumerator's too: each one of at
 * most 6 vehicles is a row, field for field, of that subspace enumerated now (about 20 s of
 * CPU). */
Test(shipped, one_wall_rows_are_what_enumerate_makes, .init = make_dir, .fini = scratch_remove,
     .timeout = 300)
{
    if (!RH_FULL_BANK) cr_skip_test("RH_FULL_BANK=OFF: the served bank is the sample");
    char sub[128], rows[160], shipped[160];
    snprintf(sub, sizeof sub, "%s/sub.sqlite", dir);
    snprintf(rows, sizeof rows, "%s/sub.rows", dir);
    snprintf(shipped, sizeof shipped, "%s/shipped.rows", dir);
    write_rows(RH_SERVED_BANK, shipped, 6, 1);
    if (sh("test -s %s", shipped) != 0) cr_skip_test("the served bank holds no one-wall puzzle");
    cr_assert_eq(sh("%s enumerate --metric both --walls 1 --vehicles 1-6 --bank %s 2>/dev/null",
                    RH_CLI, sub),
                 0);
    write_rows(sub, rows, 6, 1);
    cr_assert_eq(sh("sort %s > %s.sorted && sort %s | comm -23 - %s.sorted | head >&2 && sort %s |"
                    " comm -23 - %s.sorted | grep -q . ",
                    rows, rows, shipped, rows, shipped, rows),
                 1, "shipped one-wall rows that `rushhour enumerate` does not make (above)");
}

/* And a shard of the whole space: its rows are exactly the served bank's rows of its tasks
 * (the tasks named by what their clusters share, task_key). */
Test(shipped, shard_rows_are_what_enumerate_makes, .init = make_dir, .fini = scratch_remove,
     .timeout = 300)
{
    if (!RH_FULL_BANK) cr_skip_test("RH_FULL_BANK=OFF: the served bank is the sample");
    cr_assert_eq(
        sh("%s enumerate --metric both %s --shard 9/512 --bank %s/shard.sqlite 2>/dev/null", RH_CLI,
           RH_SHARD_SPACE, dir),
        0);
    char shard[128], rows[160], shipped[160];
    snprintf(shard, sizeof shard, "%s/shard.sqlite", dir);
    snprintf(rows, sizeof rows, "%s/shard.rows", dir);
    snprintf(shipped, sizeof shipped, "%s/shipped.rows", dir);
    key_set tasks = {0};
    write_rows_of(shard, rows,
                  (rows_ctx){.vehicles = RH_VEHICLES_MAX, .walls = 0, .collect = &tasks});
    cr_assert_gt(tasks.count, 0);
    qsort(tasks.keys, tasks.count, KEY_MAX, key_cmp);
    write_rows_of(RH_SERVED_BANK, shipped,
                  (rows_ctx){.vehicles = RH_VEHICLES_MAX, .walls = 0, .tasks = &tasks});
    free(tasks.keys);
    cr_assert_eq(sh("cmp %s %s >&2", rows, shipped), 0,
                 "the shipped rows of shard 9/512's tasks differ from `rushhour enumerate`'s");
}
