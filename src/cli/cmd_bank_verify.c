/* `rushhour bank verify FILE [--sample N] [--seed S] [--all]`: re-derives stored puzzles with
 * the library (bank_derive.c: cluster size, both lengths, vehicle and wall counts,
 * that the board is its cluster's hardest state, and minimality) and names every one that
 * disagrees. A sample is N puzzles drawn uniformly without repeats (selection sampling over
 * the bank's order, from rushhour/random.h's sequence), the same for the same seed and file;
 * without --seed one is made up, and the seed used is printed either way.
 * Exit codes: 0 every puzzle agrees, 1 an I/O or file failure, 2 bad usage, 3 a puzzle
 * disagrees. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "bank_derive.h"
#include "cmd_bank.h"
#include "number.h"
#include "rushhour/bank.h"
#include "rushhour/clock.h"
#include "rushhour/random.h"

#define SAMPLE_DEFAULT 100

typedef struct {
    uint64_t seen, total, wanted, chosen, disagree;
    uint64_t random; /* rh_random_next's state */
    bool failed;     /* out of memory: stop */
} verify_run;

/* Why the stored puzzle `p` and its derivation `c` differ, into `why`; false when they agree. */
static bool differs(const rh_bank_puzzle *p, const rh_cluster *c, char *why, size_t len)
{
    if (p->moves != c->moves || p->cluster_size != c->states)
        snprintf(why, len,
                 "stored %d moves and %" PRIu64 " states; the library finds %d and %" PRIu64,
                 p->moves, p->cluster_size, c->moves, c->states);
    else if (p->slides >= 0 && p->slides != c->slides)
        snprintf(why, len, "stored %d slides; the library finds %d", p->slides, c->slides);
    else if (p->vehicles != c->vehicles || p->walls != c->walls)
        snprintf(why, len, "stored %d vehicles and %d walls; the board has %d and %d", p->vehicles,
                 p->walls, c->vehicles, c->walls);
    else
        return false;
    return true;
}

static int verify_one(void *ctx, const rh_bank_puzzle *p)
{
    verify_run *r = ctx;
    /* Selection sampling (Knuth's algorithm S): each puzzle is taken with probability
     * (wanted - chosen) / (total - seen), which gives exactly `wanted` distinct puzzles. */
    const uint64_t left = r->total - r->seen++;
    if (r->chosen == r->wanted) return 1; /* done: stop the walk */
    if (r->wanted < r->total && rh_random_next(&r->random) % left >= r->wanted - r->chosen)
        return 0;
    r->chosen++;
    static rh_cluster c;
    char why[256];
    int rc = cli_derive(&c, p->board, why, sizeof why);
    if (!rc && !differs(p, &c, why, sizeof why))
        rc = cli_derive_minimal(p->board, p->moves, why, sizeof why);
    else if (!rc)
        rc = CLI_EXIT_INVALID;
    if (rc == CLI_EXIT_IO) {
        r->failed = true;
        return 1;
    }
    if (rc) {
        r->disagree++;
        printf("disagrees: %s %s: %s\n", p->id, p->board, why);
    }
    return 0;
}

static int usage(const char *what, const char *arg)
{
    fprintf(stderr,
            "rushhour bank verify: %s %s\nusage: rushhour bank verify FILE [--sample N] [--seed S] "
            "[--all]\n",
            what, arg ? arg : "");
    return CLI_EXIT_INVALID;
}

int cli_bank_verify(int argc, char **argv)
{
    if (argc < 3) return usage("a bank FILE is needed", NULL);
    uint64_t sample = SAMPLE_DEFAULT, seed = 0;
    bool all = false, seeded = false;
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--all")) {
            all = true;
        } else if (!strcmp(argv[i], "--sample") && i + 1 < argc) {
            if (!cli_number(argv[++i], UINT64_MAX, &sample)) return usage("bad --sample", argv[i]);
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            if (!cli_number(argv[++i], UINT64_MAX, &seed)) return usage("bad --seed", argv[i]);
            seeded = true;
        } else {
            return usage("unknown option or missing value", argv[i]);
        }
    }
    if (!seeded) seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    rh_bank *b;
    char why[RH_BANK_WHY_MAX];
    if (rh_bank_open(&b, argv[2], RH_BANK_READ, why) != RH_OK) {
        fprintf(stderr, "rushhour bank verify: %s: %s\n", argv[2], why);
        return CLI_EXIT_IO;
    }
    static rh_bank_summary s;
    int err = rh_bank_stats(b, &s);
    verify_run r = {
        .total = s.total, .wanted = all || sample > s.total ? s.total : sample, .random = seed};
    if (all)
        printf("verifying all %" PRIu64 " puzzles of %s\n", s.total, argv[2]);
    else
        printf("verifying %" PRIu64 " of %" PRIu64 " puzzles of %s, seed %" PRIu64 "\n", r.wanted,
               s.total, argv[2], seed);
    fflush(stdout);
    const uint64_t start = rh_clock_us();
    if (!err && r.wanted) err = rh_bank_each(b, verify_one, &r);
    if (err == 1) err = RH_OK; /* verify_one stopped the walk */
    if (err) rh_bank_why(b, why, sizeof why);
    rh_bank_close(b);
    if (err || r.failed) {
        fprintf(stderr, "rushhour bank verify: %s: %s\n", argv[2],
                r.failed ? "out of memory" : why);
        return CLI_EXIT_IO;
    }
    printf("verified %" PRIu64 " puzzles in %.1f s: %" PRIu64 " disagree\n", r.chosen,
           (double)(rh_clock_us() - start) / 1e6, r.disagree);
    return r.disagree ? CLI_EXIT_DISAGREE : 0;
}
