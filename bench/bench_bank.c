/* Benchmark of the puzzle bank: builds a bank of synthetic kept clusters (by default as many
 * as the published 0-2 wall database, 2,577,412), then prints the build rate, the file's bytes
 * per puzzle, and the microseconds per query (picks over wide and narrow ranges, both
 * metrics, the daily puzzle).
 *
 *   bench-bank [ROWS] [FILE]     (FILE defaults to ./bench_bank.sqlite, removed at the end) */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "rushhour/bank.h"

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
           ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) / 1e6;
}

static uint64_t rng(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A random 6x6 board in database notation, as rh_bank_add requires: the primary in row 2
 * short of the exit, then each free cell in reading order left empty, walled (up to
 * `walls`) or given a vehicle that fits there. Returns its vehicles, primary included, and
 * stores its walls. */
static int random_board(char *cells, int *walls, uint64_t *seed)
{
    int vehicles = 1, wall_budget = *walls;
    *walls = 0;
    memset(cells, '.', 36);
    cells[36] = '\0';
    const int at = 12 + (int)(rng(seed) % 4);
    cells[at] = cells[at + 1] = 'A';
    for (int k = 0; k < 36; k++) {
        if (cells[k] != '.') continue;
        const int r = k / 6, col = k % 6, len = 2 + (int)(rng(seed) % 2);
        const uint64_t pick = rng(seed) % 16;
        const char name = (char)('A' + vehicles);
        if (pick < 6 && col + len <= 6 && r != 2) {
            int free = 1;
            for (int d = 1; d < len; d++) free &= cells[k + d] == '.';
            if (!free) continue;
            for (int d = 0; d < len; d++) cells[k + d] = name;
            vehicles++;
        } else if (pick < 12 && r + len <= 6) {
            int free = 1;
            for (int d = 1; d < len; d++) free &= cells[k + 6 * d] == '.';
            if (!free) continue;
            for (int d = 0; d < len; d++) cells[k + 6 * d] = name;
            vehicles++;
        } else if (pick == 12 && *walls < wall_budget) {
            cells[k] = 'x';
            ++*walls;
        }
    }
    return vehicles;
}

/* The bank stores each board once: `seen` holds the 64-bit hashes of the boards drawn so far
 * (open addressing, 0 free), and a board already drawn is drawn again. */
#define SEEN_BITS 23
static uint64_t seen[1u << SEEN_BITS];

static bool first_draw(const char *cells)
{
    uint64_t h = 1469598103934665603u;
    for (int k = 0; k < 36; k++) h = (h ^ (unsigned char)cells[k]) * 1099511628211u;
    h |= 1;
    for (uint64_t i = h >> (64 - SEEN_BITS);; i = (i + 1) & ((1u << SEEN_BITS) - 1)) {
        if (seen[i] == h) return false;
        if (!seen[i]) {
            seen[i] = h;
            return true;
        }
    }
}

/* A cluster: a board not drawn before, lengths skewed to the short end as in real banks (half
 * the puzzles under 12 moves, a few over 50), 0-2 walls, a histogram of realistic magnitudes. */
static void synthetic(rh_cluster *c, uint64_t *seed)
{
    memset(c, 0, sizeof *c);
    c->board_size = 6;
    do {
        c->walls = (int)(rng(seed) % 3);
        c->vehicles = random_board(c->hardest, &c->walls, seed);
    } while (!first_draw(c->hardest));
    const uint64_t r = rng(seed);
    c->moves = 1 + (int)((r % 1000) * (r % 1000) / 16000);
    c->slides = c->moves + (int)(rng(seed) % (uint64_t)(c->moves + 1));
    c->minimal = true;
    for (int d = 0; d <= c->moves; d++) {
        c->hist[d] = 1 + rng(seed) % (d == 0 || d == c->moves ? 8 : 300);
        c->states += c->hist[d];
    }
    c->goal_states = c->hist[0];
}

static void check(int err, const char *what, rh_bank *b)
{
    if (!err) return;
    char why[RH_BANK_WHY_MAX] = "";
    rh_bank_why(b, why, sizeof why);
    fprintf(stderr, "bench-bank: %s: %s %s\n", what, rh_strerror(err), why);
    exit(1);
}

/* Prints the mean microseconds of `iterations` picks of `count` puzzles matching `f`, first
 * with pages never touched by this process (the file may still be in the OS cache), then
 * again with other seeds once they are mapped. */
static void time_pick(rh_bank *b, const char *name, rh_bank_filter f, int count, int iterations)
{
    static rh_bank_puzzle out[RH_BANK_PICK_MAX];
    int found = 0;
    uint64_t total = 0;
    double us[2];
    for (int pass = 0; pass < 2; pass++) {
        const uint64_t t0 = now_us();
        for (int i = 0; i < iterations; i++) {
            const uint64_t seed = (uint64_t)(pass * iterations + i);
            check(rh_bank_pick(b, &f, seed, out, count, &found), name, b);
            total += (uint64_t)found;
        }
        us[pass] = (double)(now_us() - t0) / iterations;
    }
    printf("  %-32s %8.2f us first pass, %6.2f us after (%.1f puzzles each)\n", name, us[0], us[1],
           (double)total / (2.0 * iterations));
}

int main(int argc, char **argv)
{
    const uint64_t rows = argc > 1 ? strtoull(argv[1], NULL, 10) : 2577412u;
    const char *path = argc > 2 ? argv[2] : "bench_bank.sqlite";
    remove(path);
    rh_bank *b;
    char why[RH_BANK_WHY_MAX];
    if (rh_bank_open(&b, path, RH_BANK_WRITE, why)) {
        fprintf(stderr, "bench-bank: %s\n", why);
        return 1;
    }
    static rh_cluster c;
    uint64_t seed = 0x2545F4914F6CDD1Du;
    uint64_t t0 = now_us();
    for (uint64_t i = 0; i < rows; i++) {
        synthetic(&c, &seed);
        check(rh_bank_add(b, &c), "add", b);
    }
    const uint64_t add_us = now_us() - t0;
    t0 = now_us();
    const double cpu0 = cpu_seconds();
    check(rh_bank_finish(b), "finish", b);
    const uint64_t finish_us = now_us() - t0;
    const double finish_cpu = cpu_seconds() - cpu0;
    check(rh_bank_close(b), "close", NULL);
    struct stat st;
    if (stat(path, &st)) return 1;
    printf("bank of %" PRIu64 " synthetic puzzles (6x6, 0-2 walls, slides computed)\n", rows);
    printf("  add:    %.2f s (%.0f puzzles/s)\n", add_us / 1e6, rows / (add_us / 1e6));
    printf("  finish: %.2f s wall, %.2f s CPU (sorted into a new file)\n", finish_us / 1e6,
           finish_cpu);
    printf("  file:   %lld bytes, %.1f bytes per puzzle\n", (long long)st.st_size,
           (double)st.st_size / (double)rows);

    t0 = now_us();
    if (rh_bank_open(&b, path, RH_BANK_READ, why)) {
        fprintf(stderr, "bench-bank: %s\n", why);
        return 1;
    }
    printf("  open read-only: %.0f us\n", (double)(now_us() - t0));
    const int n = 100000;
    const rh_bank_filter all = RH_BANK_FILTER_ALL;
    rh_bank_filter f = all;
    time_pick(b, "pick 1, any length", f, 1, n);
    f.min_length = 40;
    f.max_length = 45;
    time_pick(b, "pick 1, moves 40-45", f, 1, n);
    f.min_walls = f.max_walls = 1;
    time_pick(b, "pick 1, moves 40-45, 1 wall", f, 1, n);
    f = all;
    f.min_length = 10;
    f.max_length = 20;
    time_pick(b, "pick 10, moves 10-20", f, 10, n / 10);
    f.metric = RH_BANK_SLIDES;
    f.min_length = 60;
    f.max_length = 80;
    time_pick(b, "pick 1, slides 60-80", f, 1, n);
    f = all;
    f.min_length = f.max_length = 500;
    time_pick(b, "pick 1, empty range", f, 1, n);
    static rh_bank_puzzle p;
    int found;
    t0 = now_us();
    for (int day = 0; day < n; day++) check(rh_bank_daily(b, &all, day, &p, &found), "daily", b);
    printf("  %-32s %8.2f us\n", "daily", (double)(now_us() - t0) / n);
    /* Ids of 1,000 puzzles spread over the bank, each looked up n / 1,000 times. */
    static char ids[1000][RH_PUZZLE_ID_MAX + 1];
    for (int k = 0; k < 1000; k++) {
        check(rh_bank_pick(b, &all, (uint64_t)k, &p, 1, &found), "pick", b);
        memcpy(ids[k], p.id, sizeof ids[k]);
    }
    t0 = now_us();
    for (int k = 0; k < n; k++) {
        check(rh_bank_find(b, ids[k % 1000], &p, &found), "find", b);
        if (!found) return 1;
    }
    printf("  %-32s %8.2f us\n", "find by id", (double)(now_us() - t0) / n);
    rh_bank_close(b);
    remove(path);
    return 0;
}
