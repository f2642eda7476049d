/* The brute-force enumeration oracle (tests/oracle/enum_oracle.c) checked on its own, before
 * anything is checked against it: tiny spaces worked out by hand, the invariants of every
 * cluster line, and agreement cluster by cluster with the project's solver (itself verified on
 * the reference puzzles): component sizes, goal states, histograms, lengths in both metrics and
 * minimality, each recomputed from the oracle's boards. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/rushhour.h"

#define HIST_MAX 256

typedef struct {
    char text[1024]; /* the line as printed, without its newline */
    uint64_t h, v, states, goals;
    int moves, slides, minimal, vehicles, walls;
    char hardest[72], canonical[72]; /* "-" / "" when absent */
    uint64_t hist[HIST_MAX];
    int hist_len; /* 0 for "hist=-" */
} cluster_line;

typedef struct {
    cluster_line *lines;
    int count;
    uint64_t configurations, blocked, clusters, solvable, kept;
} oracle_run;

static void parse_line(cluster_line *l, const char *text)
{
    memset(l, 0, sizeof *l);
    snprintf(l->text, sizeof l->text, "%s", text);
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    char *tok = strtok_r(buf, " ", &save);
    cr_assert_not_null(tok);
    l->h = strtoull(tok, NULL, 16);
    tok = strtok_r(NULL, " ", &save);
    cr_assert_not_null(tok);
    l->v = strtoull(tok, NULL, 16);
    int fields = 0;
    while ((tok = strtok_r(NULL, " ", &save))) {
        char *eq = strchr(tok, '=');
        cr_assert_not_null(eq, "no '=' in %s", tok);
        *eq = '\0';
        const char *val = eq + 1;
        fields++;
        if (!strcmp(tok, "states"))
            l->states = strtoull(val, NULL, 10);
        else if (!strcmp(tok, "goals"))
            l->goals = strtoull(val, NULL, 10);
        else if (!strcmp(tok, "moves"))
            l->moves = atoi(val);
        else if (!strcmp(tok, "slides"))
            l->slides = atoi(val);
        else if (!strcmp(tok, "minimal"))
            l->minimal = atoi(val);
        else if (!strcmp(tok, "vehicles"))
            l->vehicles = atoi(val);
        else if (!strcmp(tok, "walls"))
            l->walls = atoi(val);
        else if (!strcmp(tok, "hardest"))
            snprintf(l->hardest, sizeof l->hardest, "%s", val);
        else if (!strcmp(tok, "canonical"))
            snprintf(l->canonical, sizeof l->canonical, "%s", val);
        else if (!strcmp(tok, "hist")) {
            for (char *p = eq + 1; *p && *p != '-';) {
                cr_assert_lt(l->hist_len, HIST_MAX);
                l->hist[l->hist_len++] = strtoull(p, &p, 10);
                if (*p == ',') p++;
            }
        } else {
            cr_assert_fail("unknown field %s", tok);
        }
    }
    cr_assert_geq(fields, 9, "%s", text);
}

/* Runs the oracle with `args` and reads its lines and its summary. */
static void run_oracle(oracle_run *out, const char *args)
{
    memset(out, 0, sizeof *out);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", ENUM_ORACLE, args);
    FILE *f = popen(cmd, "r");
    cr_assert_not_null(f);
    char *line = NULL;
    size_t cap = 0, alloc = 0;
    ssize_t len;
    bool summary = false;
    while ((len = getline(&line, &cap, f)) > 0) {
        if (line[len - 1] == '\n') line[len - 1] = '\0';
        if (!strncmp(line, "enum-oracle:", 12)) {
            const char *p = strstr(line, "configurations=");
            cr_assert_not_null(p, "%s", line);
            int got = sscanf(p,
                             "configurations=%" SCNu64 " blocked=%" SCNu64 " clusters=%" SCNu64
                             " solvable=%" SCNu64 " kept=%" SCNu64,
                             &out->configurations, &out->blocked, &out->clusters, &out->solvable,
                             &out->kept);
            cr_assert_eq(got, 5, "%s", line);
            summary = true;
            continue;
        }
        if ((size_t)out->count == alloc) {
            alloc = alloc ? 2 * alloc : 1024;
            out->lines = realloc(out->lines, alloc * sizeof *out->lines);
            cr_assert_not_null(out->lines);
        }
        parse_line(&out->lines[out->count++], line);
    }
    free(line);
    cr_assert_eq(pclose(f), 0, "enum-oracle %s failed", args);
    cr_assert(summary, "enum-oracle %s printed no summary", args);
}

static const cluster_line *find_text(const oracle_run *run, const char *text)
{
    for (int k = 0; k < run->count; k++)
        if (!strcmp(run->lines[k].text, text)) return &run->lines[k];
    return NULL;
}

static void parse_board(rh_puzzle *p, const char *board)
{
    rh_diags d;
    rh_diags_init(&d);
    cr_assert_eq(rh_parse_board(p, &d, board, strlen(board), "board"), RH_OK, "%s: %s", board,
                 d.count ? d.items[0].message : "");
}

/* The spec's key: H under horizontal vehicles and walls, V under vertical vehicles. */
static void key_of(const rh_puzzle *p, uint64_t *h, uint64_t *v)
{
    int n = p->board_size;
    *h = *v = 0;
    for (int k = 0; k < p->wall_count; k++) *h |= 1ull << (p->walls[k].row * n + p->walls[k].col);
    for (int k = 0; k < p->vehicle_count; k++) {
        const rh_vehicle *x = &p->vehicles[k];
        for (int j = 0; j < x->length; j++) {
            if (x->orientation == RH_HORIZONTAL)
                *h |= 1ull << (x->row * n + x->col + j);
            else
                *v |= 1ull << ((x->row + j) * n + x->col);
        }
    }
}

/* Every vehicle has the edge, a wall or another vehicle on its left (horizontal) or above it
 * (vertical): what a canonical state must satisfy. */
static bool blocked_left_up(const rh_puzzle *p)
{
    char grid[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
    rh_puzzle_render(grid, p);
    int stride = p->board_size + 1;
    for (int k = 0; k < p->vehicle_count; k++) {
        const rh_vehicle *x = &p->vehicles[k];
        if (x->orientation == RH_HORIZONTAL && x->col > 0 &&
            grid[x->row * stride + x->col - 1] == '.')
            return false;
        if (x->orientation == RH_VERTICAL && x->row > 0 &&
            grid[(x->row - 1) * stride + x->col] == '.')
            return false;
    }
    return true;
}

static int key_cmp(uint64_t h1, uint64_t v1, uint64_t h2, uint64_t v2)
{
    if (h1 != h2) return h1 < h2 ? -1 : 1;
    return v1 < v2 ? -1 : v1 > v2;
}

/* Everything a cluster line claims that follows from the line alone. */
static void check_invariants(const oracle_run *run)
{
    uint64_t states = 0, solvable = 0, kept = 0;
    for (int k = 0; k < run->count; k++) {
        const cluster_line *l = &run->lines[k];
        states += l->states;
        cr_assert_gt(l->states, 0, "%s", l->text);
        if (l->moves < 0) {
            cr_expect_eq(l->goals, 0, "%s", l->text);
            cr_expect_eq(l->slides, -1, "%s", l->text);
            cr_expect_eq(l->minimal, 0, "%s", l->text);
            cr_expect_str_eq(l->hardest, "-", "%s", l->text);
            cr_expect_eq(l->hist_len, 0, "%s", l->text);
            continue;
        }
        solvable++;
        kept += l->minimal;
        cr_assert_eq(l->hist_len, l->moves + 1, "%s", l->text);
        uint64_t sum = 0;
        for (int d = 0; d <= l->moves; d++) {
            cr_expect_gt(l->hist[d], 0, "distance %d empty: %s", d, l->text);
            sum += l->hist[d];
        }
        cr_expect_eq(sum, l->states, "%s", l->text);
        cr_expect_eq(l->hist[0], l->goals, "%s", l->text);
        cr_expect_geq(l->slides, l->moves, "%s", l->text);
        rh_puzzle hardest;
        parse_board(&hardest, l->hardest);
        uint64_t h, v;
        key_of(&hardest, &h, &v);
        cr_expect_leq(key_cmp(l->h, l->v, h, v), 0, "canonical above hardest: %s", l->text);
        cr_expect_eq(hardest.vehicle_count, l->vehicles, "%s", l->text);
        cr_expect_eq(hardest.wall_count, l->walls, "%s", l->text);
    }
    cr_expect_eq(states, run->configurations, "the clusters do not partition the space");
    cr_expect_eq((uint64_t)run->count, run->clusters);
    cr_expect_eq(solvable, run->solvable);
    cr_expect_eq(kept, run->kept);
    cr_expect_leq(run->clusters, run->blocked, "more clusters than blocked configurations");
}

static void analyze(rh_analysis *a, const rh_puzzle *p, rh_metric metric)
{
    cr_assert_eq(rh_analyze(a, p, metric, NULL), RH_OK);
    cr_assert_eq(a->status, RH_SOLVED);
}

/* Fewest moves to solve p, by the project's BFS. */
static int solve_moves(const rh_puzzle *p)
{
    rh_result r;
    cr_assert_eq(rh_solve(&r, p, NULL), RH_OK);
    cr_assert_eq(r.status, RH_SOLVED, "a removal made a puzzle unsolvable");
    int moves = r.move_count;
    rh_result_free(&r);
    return moves;
}

/* The line's minimal flag, recomputed: remove each non-target piece, solve again. */
static bool minimal_by_solver(const rh_puzzle *hardest, int moves)
{
    for (int k = 0; k < hardest->vehicle_count; k++) {
        if (k == hardest->target) continue;
        rh_puzzle q = *hardest;
        memmove(&q.vehicles[k], &q.vehicles[k + 1],
                (size_t)(q.vehicle_count - k - 1) * sizeof q.vehicles[0]);
        q.vehicle_count--;
        if (q.target > k) q.target--;
        int got = solve_moves(&q);
        cr_assert_leq(got, moves, "a removal made the puzzle harder");
        if (got == moves) return false;
    }
    for (int k = 0; k < hardest->wall_count; k++) {
        rh_puzzle q = *hardest;
        q.walls[k] = q.walls[q.wall_count - 1];
        q.wall_count--;
        int got = solve_moves(&q);
        cr_assert_leq(got, moves, "a removal made the puzzle harder");
        if (got == moves) return false;
    }
    return true;
}

/* Every cluster, from its canonical board, and every solvable one from its hardest board,
 * analysed again by the project's solver. */
static void check_against_solver(const oracle_run *run)
{
    for (int k = 0; k < run->count; k++) {
        const cluster_line *l = &run->lines[k];
        rh_puzzle canon, hardest;
        parse_board(&canon, l->canonical);
        uint64_t h, v;
        key_of(&canon, &h, &v);
        cr_expect(h == l->h && v == l->v, "canonical board and key differ: %s", l->text);
        cr_expect(blocked_left_up(&canon), "canonical state not blocked: %s", l->text);
        rh_analysis a;
        analyze(&a, &canon, RH_METRIC_MOVES);
        cr_expect_eq(a.states, l->states, "%s: solver %llu states", l->text,
                     (unsigned long long)a.states);
        cr_expect_eq(a.goal_states, l->goals, "%s", l->text);
        cr_expect_eq(a.max_distance, l->moves, "%s: solver %d", l->text, a.max_distance);
        rh_analysis_free(&a);
        if (l->moves < 0) continue;
        parse_board(&hardest, l->hardest);
        analyze(&a, &hardest, RH_METRIC_MOVES);
        cr_expect_eq(a.states, l->states, "%s", l->text);
        cr_expect_eq(a.start_distance, l->moves, "%s: hardest at %d", l->text, a.start_distance);
        for (int d = 0; d <= l->moves && d <= a.max_distance; d++)
            cr_expect_eq(a.histogram[d], l->hist[d], "%s: distance %d", l->text, d);
        rh_analysis_free(&a);
        analyze(&a, &hardest, RH_METRIC_SLIDES);
        cr_expect_eq(a.max_distance, l->slides, "%s: solver %d slides", l->text, a.max_distance);
        rh_analysis_free(&a);
        cr_expect_eq(minimal_by_solver(&hardest, l->moves), l->minimal, "%s", l->text);
    }
}

/* 4x4, primary row 1, the primary car alone: offsets 0, 1, 2 (2 is the goal). Offsets 0 and
 * 1 are one move away; in slides 0 is two away. The canonical (and hardest) state is offset 0:
 * H = cells (1,0),(1,1) = bits 4,5 = 0x30. No other piece, so nothing to remove: minimal. */
Test(enum_oracle, by_hand_primary_alone)
{
    oracle_run run;
    run_oracle(&run, "--size 4 --vehicles 1");
    cr_assert_eq(run.count, 1);
    cr_expect_str_eq(run.lines[0].text, "30 0 states=3 goals=1 moves=1 slides=2 "
                                        "hardest=....AA.......... minimal=1 vehicles=1 "
                                        "walls=0 hist=1,2");
    cr_expect_eq(run.configurations, 3);
    free(run.lines);
}

/* 4x4, the primary car and one wall. A wall off row 1 (12 cells) leaves the three offsets:
 * 12 clusters of 3 states, moves 1, slides 2, not minimal (without the wall it is still 1).
 * A wall at (1,0): offsets 1 and 2, H = 0x10|0x60 = 0x70, 1 move and 1 slide. A wall at (1,1):
 * offset 2 only, H = 0x20|0xc0 = 0xe0, solved already (length 0, removing the wall does not
 * make it shorter: not minimal). A wall at (1,2) or (1,3) leaves the car no room. 39
 * configurations. */
Test(enum_oracle, by_hand_one_wall)
{
    oracle_run run;
    run_oracle(&run, "--size 4 --vehicles 1 --walls 1");
    cr_assert_eq(run.count, 14);
    cr_expect_eq(run.configurations, 12 * 3 + 2 + 1);
    int three = 0;
    for (int k = 0; k < run.count; k++) {
        const cluster_line *l = &run.lines[k];
        if (l->states == 3 && l->moves == 1 && l->slides == 2 && !l->minimal && l->walls == 1)
            three++;
    }
    cr_expect_eq(three, 12);
    cr_expect_not_null(find_text(&run, "70 0 states=2 goals=1 moves=1 slides=1 "
                                       "hardest=....xAA......... minimal=0 vehicles=1 "
                                       "walls=1 hist=1,1"));
    cr_expect_not_null(find_text(&run, "e0 0 states=1 goals=1 moves=0 slides=0 "
                                       "hardest=.....xAA........ minimal=0 vehicles=1 "
                                       "walls=1 hist=1"));
    free(run.lines);
}

/* 4x4, two vehicles. The second piece: 9 horizontal cars and 6 trucks (rows 0, 2, 3), 12
 * vertical cars and 8 trucks; 35 places, of which 8 cross the primary's two columns on row 1
 * (per column 2 cars and 2 trucks), so 3 x 27 = 81 configurations.
 * One cluster by hand: a vertical car in column 3, offsets q = 0..2 (rows q, q+1), the primary
 * at p = 0..2; (2,0) and (2,1) collide: 7 states. Goal (2,2); (0,2), (1,2) one move; the four
 * with q < 2 two moves (car down, primary right). Slides (2-p)+(2-q), at most 4. Canonical =
 * hardest = p = 0, q = 0: H = 0x30, V = bits 3 and 7 = 0x88. Removing the car leaves 1 move. */
Test(enum_oracle, by_hand_two_vehicles)
{
    oracle_run run;
    run_oracle(&run, "--size 4 --vehicles 2");
    cr_expect_eq(run.configurations, 81);
    cr_expect_not_null(find_text(&run, "30 88 states=7 goals=1 moves=2 slides=4 "
                                       "hardest=...BAA.B........ minimal=1 vehicles=2 "
                                       "walls=0 hist=1,2,4"));
    free(run.lines);
}

/* Published: fogleman/rush (cpp/src/config.h) enumerates 4x4 with its primary car on row 2 and
 * records MaxID = 1149, i.e. 1,150 configurations with every vehicle blocked left/up (its 6x6
 * MaxID is 243,502,785 for the 243,502,786 of the spec). Row 2 is row 1 mirrored top to bottom,
 * so the clusters and their lengths are the same; only what "blocked up" means changes. */
Test(enum_oracle, published_4x4_blocked_count)
{
    oracle_run row1, row2;
    run_oracle(&row1, "--size 4");
    run_oracle(&row2, "--size 4 --primary-row 2");
    cr_expect_eq(row2.blocked, 1150);
    cr_expect_eq(row1.configurations, row2.configurations);
    cr_expect_eq(row1.clusters, row2.clusters);
    cr_expect_eq(row1.solvable, row2.solvable);
    cr_expect_eq(row1.kept, row2.kept);
    free(row1.lines);
    free(row2.lines);
}

Test(enum_oracle, invariants_4x4_walls_0_to_2)
{
    oracle_run run;
    run_oracle(&run, "--size 4 --walls 0-2");
    check_invariants(&run);
    free(run.lines);
}

Test(enum_oracle, solver_agrees_4x4)
{
    oracle_run run;
    run_oracle(&run, "--size 4 --walls 0-1 --canonical");
    check_invariants(&run);
    check_against_solver(&run);
    free(run.lines);
}

Test(enum_oracle, solver_agrees_5x5_up_to_4_vehicles_and_a_wall)
{
    oracle_run run;
    run_oracle(&run, "--size 5 --walls 0-1 --vehicles 1-4 --canonical");
    check_invariants(&run);
    check_against_solver(&run);
    free(run.lines);
}
