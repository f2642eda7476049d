/* Which bank file the service serves, and the bank's answer to a generate request. */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "puzzle_bank.h"

const rh_bank_filter rhd_bank_daily_filter = RH_BANK_FILTER_WALL_FREE;

int rhd_bank_daily(rh_bank *b, int64_t day, rh_bank_puzzle *out, int *found)
{
    return rh_bank_daily(b, &rhd_bank_daily_filter, day, out, found);
}

/* Where --bank auto looks, relative to the running executable's folder: the build tree
 * (the bank is built beside rushhourd), then an installation under any prefix (bin/ and
 * share/rushhour/ side by side). */
static const char *const auto_places[] = {"bank.sqlite", "../share/rushhour/bank.sqlite"};

/* The first of auto_places that exists, into `path`; false when none does (`path` then
 * names the installed place, for the warning). */
static bool auto_bank(char *path, size_t len)
{
    char exe[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return false;
    *slash = '\0';
    for (size_t k = 0; k < sizeof auto_places / sizeof auto_places[0]; k++)
        if (snprintf(path, len, "%s/%s", exe, auto_places[k]) < (int)len && access(path, F_OK) == 0)
            return true;
    return false;
}

int rhd_bank_load(rh_bank **out, const rhd_config *cfg, char *err, size_t err_len, char *warn,
                  size_t warn_len)
{
    *out = NULL;
    warn[0] = '\0';
    char path[PATH_MAX];
    if (!cfg->bank[0]) return 0;
    if (strcmp(cfg->bank, RHD_BANK_AUTO) != 0) {
        snprintf(path, sizeof path, "%s", cfg->bank);
    } else if (!auto_bank(path, sizeof path)) {
        snprintf(warn, warn_len,
                 "no puzzle bank beside the binary nor at %s: /v1/puzzles answers 503", path);
        return 0;
    }
    char why[RH_BANK_WHY_MAX];
    const int e = rh_bank_open(out, path, RH_BANK_READ, why);
    if (e != RH_OK) {
        snprintf(err, err_len, "cannot serve the puzzle bank %s: %s: %s", path, rh_strerror(e),
                 why);
        return -1;
    }
    return 0;
}

/* FNV-1a over every meta key and value, each ended by a NUL. */
static int hash_meta(void *ctx, const char *key, const char *value)
{
    uint64_t *h = ctx;
    for (int part = 0; part < 2; part++) {
        const char *s = part ? value : key;
        do *h = (*h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
        while (*s++);
    }
    return 0;
}

int rhd_bank_etag(rh_bank *b, char *out, size_t len)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    if (rh_bank_each_meta(b, hash_meta, &h) != RH_OK) return -1;
    return snprintf(out, len, "\"%s-%016" PRIx64 "\"", RHD_VERSION, h) < (int)len ? 0 : -1;
}

int rhd_bank_board_size(rh_bank *b)
{
    rh_bank_summary *sum = b ? malloc(sizeof *sum) : NULL; /* 48 KiB: off the stack */
    const int n = sum && rh_bank_stats(b, sum) == RH_OK ? sum->board_size : 0;
    free(sum);
    return n;
}

/* Candidates drawn per request: the vehicle count is no filter of the bank, so a few are
 * drawn and the first that fits is taken. */
#define FIT_DRAW 64

bool rhd_bank_fit(rh_bank *b, const rh_generate_options *g, rh_bank_puzzle *out)
{
    const int n = rhd_bank_board_size(b);
    if (n <= 0) return false;
    /* A stored board is its cluster's hardest by moves; the slides a bank keeps are the
     * cluster's longest, not that board's own: a slides request is left to the search. */
    if (g->metric != RH_METRIC_MOVES || g->board_size != n ||
        (g->exit_row != -1 && g->exit_row != (n - 1) / 2))
        return false;
    const rh_bank_filter f = {RH_BANK_MOVES, g->min_moves,
                              g->max_moves ? g->max_moves : RH_BANK_LENGTH_MAX - 1, g->walls,
                              g->walls};
    rh_bank_puzzle *drawn = malloc(FIT_DRAW * sizeof *drawn); /* 130 KiB */
    int found = 0;
    bool fits = false;
    if (drawn && rh_bank_pick(b, &f, g->seed, drawn, FIT_DRAW, &found) == RH_OK)
        for (int k = 0; k < found && !fits; k++) {
            const rh_bank_puzzle *p = &drawn[(g->seed + (uint64_t)k) % (uint64_t)found];
            fits = p->vehicles >= g->min_vehicles && p->vehicles <= g->max_vehicles;
            if (fits) *out = *p;
        }
    free(drawn);
    return fits;
}
