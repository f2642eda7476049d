/* The enumerator's per-cluster record (enum-spec.md). The enumerator's API (rh_enumerate and
 * its options) joins this header; until then it holds only the record the bank stores. */
#ifndef RUSHHOUR_ENUMERATE_H
#define RUSHHOUR_ENUMERATE_H

#include <stdbool.h>
#include <stdint.h>

#define RH_ENUM_DEPTH_MAX 256 /* histogram entries */
#define RH_ENUM_CELLS_MAX 64  /* N*N for N <= 8 */

typedef struct {
    int board_size;
    uint64_t canonical_h, canonical_v;
    uint64_t states, goal_states;
    int moves;    /* -1 when unsolvable */
    int slides;   /* -1 when unsolvable or not asked */
    bool minimal; /* false when unsolvable */
    int vehicles, walls;
    char hardest[RH_ENUM_CELLS_MAX + 1]; /* board notation, NUL-terminated; "" if unsolvable */
    uint64_t hist[RH_ENUM_DEPTH_MAX];    /* hist[d] for d <= moves */
} rh_cluster;

#endif
