/* splitmix64: the one pseudo-random sequence of the project, behind every `seed` the library
 * and the bank take (the generator's choices in rh_generate, the bank's picks in
 * rh_bank_pick). Tiny, fast and the same everywhere for a seed, so seeded results repeat: a
 * caller may draw from it to reproduce or extend what a seed gives.
 *
 *   uint64_t state = seed;
 *   uint64_t x = rh_random_next(&state); // the next value; state moves on
 *
 * Header only (static inline): nothing to link. */
#ifndef RUSHHOUR_RANDOM_H
#define RUSHHOUR_RANDOM_H

#include <stdint.h>

/* The next value of the sequence that *state is at, *state moved one step on. */
static inline uint64_t rh_random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

#endif
