/* splitmix64: the one pseudo-random sequence of the project (the generator's choices, the
 * bank's picks). Tiny, fast, and the same everywhere for a seed, so seeded results repeat. */
#ifndef RH_RANDOM_H
#define RH_RANDOM_H

#include <stdint.h>

static inline uint64_t rh__random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

#endif
