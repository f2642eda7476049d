/* The visited-state table on its own: its bucket compare in both forms, and inserts and finds
 * of 32-bit, one-word and three-word keys held to a plain set through many growths. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "rushhour/error.h"
#include "state_table.h"

#define UNIVERSE (1u << 20) /* keys are drawn from this many, so a bitmap is the plain set */

/* A fixed generator, so that a failure can be replayed. */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Slot values that differ from `want` in one 32-bit half only, besides it, zero and others. */
static uint64_t slot_value(uint64_t *s, uint64_t want, bool narrow)
{
    switch (next(s) % 5) {
    case 0: return 0;
    case 1: return want;
    case 2: return narrow ? want ^ 1 : want ^ (UINT64_C(1) << 40);
    case 3: return narrow ? (want & 0xFFFF) | RH_OCCUPIED_NARROW : want ^ 2;
    default: return narrow ? (uint32_t)next(s) | RH_OCCUPIED_NARROW : next(s) | RH_OCCUPIED;
    }
}

Test(state_table, bucket_match_forms_agree)
{
    uint64_t seed = 1;
    uint32_t narrow_keys[8];
    uint64_t wide_keys[8];
    for (int round = 0; round < 20000; round++) {
        const bool narrow = round & 1;
        const uint64_t want =
            narrow ? (uint32_t)next(&seed) | RH_OCCUPIED_NARROW : next(&seed) | RH_OCCUPIED;
        for (int j = 0; j < 8; j++) {
            const uint64_t v = slot_value(&seed, want, narrow);
            narrow_keys[j] = (uint32_t)v;
            wide_keys[j] = v;
        }
        const void *keys = narrow ? (const void *)narrow_keys : (const void *)wide_keys;
        for (size_t b = 0; b < 8; b += 4) {
            unsigned eq, em, plain_eq, plain_em;
            rh__bucket_match(keys, b, want, narrow, &eq, &em);
            rh__bucket_match_plain(keys, b, want, narrow, &plain_eq, &plain_em);
            cr_assert_eq(eq, plain_eq, "round %d: equal %x, plainly %x", round, eq, plain_eq);
            cr_assert_eq(em, plain_em, "round %d: empty %x, plainly %x", round, em, plain_em);
        }
    }
}

/* Key number x of the universe as kw words: distinct for distinct x, bit 63 of word 0 clear,
 * below 2^31 when narrow. */
static void key_of(uint32_t x, uint64_t *key, int kw, bool narrow)
{
    if (narrow) {
        key[0] = (x * UINT64_C(0x9E3779B1)) & 0x7FFFFFFF; /* odd: a bijection mod 2^31 */
        return;
    }
    key[0] = (x * UINT64_C(0x9E3779B97F4A7C15)) & (RH_OCCUPIED - 1); /* odd: a bijection */
    for (int w = 1; w < kw; w++) key[w] = (uint64_t)x * (uint64_t)(w + 7) ^ (uint64_t)w << 50;
}

static void check_against_a_set(int kw, bool narrow, size_t inserts)
{
    rh__budget budget;
    rh__budget_init(&budget, NULL);
    rh__table t;
    cr_assert_eq(rh__table_init(&t, &budget, kw, narrow, true, false), RH_OK);
    uint8_t *in = calloc(UNIVERSE, 1);
    cr_assert_not_null(in);
    uint64_t seed = (uint64_t)kw * 2 + narrow, key[RH_KEY_WORDS_MAX];
    size_t distinct = 0;
    for (size_t i = 0; i < inserts; i++) {
        const uint32_t x = (uint32_t)(next(&seed) % UNIVERSE);
        key_of(x, key, kw, narrow);
        bool added;
        const size_t slot = rh__table_insert(&t, key, &added);
        cr_assert_neq(slot, RH_SLOT_NONE);
        cr_assert_eq(added, !in[x], "key %u: added %d, in the set %d", x, added, in[x]);
        if (added) t.via[slot] = (uint16_t)(x & 0x7FFF);
        distinct += added;
        in[x] = 1;
    }
    cr_assert_eq(t.count, distinct);
    cr_assert_gt(t.bits, 12, "the table grew");
    for (uint32_t x = 0; x < UNIVERSE; x += 7) {
        key_of(x, key, kw, narrow);
        const size_t slot = rh__table_find(&t, key);
        cr_assert_eq(slot != RH_SLOT_NONE, in[x], "key %u: found %d, in the set %d", x,
                     slot != RH_SLOT_NONE, in[x]);
        if (in[x]) cr_assert_eq(t.via[slot], x & 0x7FFF, "key %u kept its via through growth", x);
    }
    free(in);
    rh__table_free(&t);
}

Test(state_table, narrow_keys_match_a_set)
{
    check_against_a_set(1, true, 400000);
}

Test(state_table, one_word_keys_match_a_set)
{
    check_against_a_set(1, false, 400000);
}

Test(state_table, three_word_keys_match_a_set)
{
    check_against_a_set(3, false, 200000);
}
