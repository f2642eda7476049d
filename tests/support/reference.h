/* The reference puzzles of tests/data/ (answers agreed by independent solvers), loaded
 * for the tests and the benchmarks. */
#ifndef RH_REFERENCE_H
#define RH_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "rushhour/json.h"
#include "rushhour/rushhour.h"

typedef struct {
    char name[64];
    rh_puzzle puzzle;
    bool solvable;
    int min_moves, min_slides; /* -1 when unsolvable */
    uint64_t reachable;
} rh_ref;

typedef struct {
    rh_ref *items;
    int count;
} rh_ref_set;

/* Loads "jam40.tsv", "classic.jsonl" or "random.jsonl" from tests/data/ (RH_PUZZLES_DIR, set
 * by the build to that folder of the source tree). Returns 0, or -1 with a message on stderr.
 * Free with rh_ref_free. */
int rh_ref_load(rh_ref_set *out, const char *file);
void rh_ref_free(rh_ref_set *set);

/* The puzzle named `name` in `set`, or NULL. */
const rh_ref *rh_ref_find(const rh_ref_set *set, const char *name);

#endif
