/* `rushhour bank` end to end: import, merge, export, stats, pick, daily, show and upgrade, over
 * banks of Jam puzzles (tests/support/bank_records.c) in fresh folders. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "bank_old_format.h"
#include "bank_records.h"
#include "cli_run.h"

#ifndef RH_SOURCE_DIR
#error "RH_SOURCE_DIR must name the source tree"
#endif

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
    cr_assert_eq(bank_build_all(bank_path(dir, "all.sqlite")), RH_OK);
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
    /* Without --walls, the wall-free ones: 13 of the 20. */
    const char *plain[] = {"bank", "pick", file, "--count", "100", NULL};
    out = bank_ok(plain);
    cr_expect_eq(count_lines(out), 13, "%s", out);
    for (const char *line = out; *line; line = strchr(line, '\n') + 1) {
        const char *board = strchr(line, ' ') + 1;
        cr_expect_null(memchr(board, 'x', (size_t)(strchr(board, ' ') - board)), "%s", line);
    }
    free(out);
    const char *walled_stats[] = {"bank", "stats", file, "--walls", "1", NULL};
    out = bank_ok(walled_stats);
    cr_expect_not_null(strstr(out, "\ntotal 5\n"), "%s", out);
    cr_expect_not_null(strstr(out, "\nwalls 1 5\n"), "%s", out);
    cr_expect_null(strstr(out, "\nwalls 0 "), "%s", out);
    cr_expect_not_null(strstr(out, "meta total.clusters 22\n"), "the bank's meta: %s", out);
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
    expect_usage_error(count, NULL, "--count");
    const char *date[] = {"bank", "daily", file, "--date", "2026-02-30", NULL};
    expect_usage_error(date, NULL, "--date");
    const char *stats_walls[] = {"bank", "stats", file, "--walls", "2-1", NULL};
    expect_usage_error(stats_walls, NULL, "--walls");
    const char *command[] = {"bank", "frobnicate", file, NULL};
    expect_usage_error(command, NULL, "frobnicate");
    const char *merge[] = {"bank", "merge", file, NULL};
    expect_usage_error(merge, NULL, "merge needs");

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
    expect_usage_error(bad, NULL, "not a puzzle id");
    const char *missing[] = {"bank", "show", file, NULL};
    expect_usage_error(missing, NULL, "show needs FILE and ID");
    remove_tree(dir);
}

/* A bank of an earlier format (3) is refused with the command that upgrades it; the command
 * converts it in place, and says so; a second run has nothing to do. */
Test(bank, upgrade_converts_a_previous_format_bank_in_place)
{
    char dir[] = "/tmp/rh_cli_bank_XXXXXX";
    build_jam_bank(dir);
    const char *export_new[] = {"bank", "export", bank_path(dir, "all.sqlite"), NULL};
    char *before = bank_ok(export_new);
    const char *file = bank_path(dir, "old.sqlite");
    cr_assert_eq(bank_write_old_format(bank_path(dir, "all.sqlite"), file, 3), 0);
    const char *export[] = {"bank", "export", file, NULL};
    run_result r = run_cli(export, NULL);
    cr_expect_eq(r.code, 1);
    char expected[256];
    snprintf(expected, sizeof expected, "`rushhour bank upgrade %s`", file);
    cr_expect_not_null(strstr(r.err, expected), "%s", r.err);
    free(r.out);
    free(r.err);
    const char *upgrade[] = {"bank", "upgrade", file, NULL};
    char *out = bank_ok(upgrade);
    cr_expect_not_null(strstr(out, "upgraded to bank format 4"), "%s", out);
    free(out);
    char *after = bank_ok(export);
    cr_expect_str_eq(after, before);
    free(after);
    out = bank_ok(upgrade);
    cr_expect_not_null(strstr(out, "already of bank format 4"), "%s", out);
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
