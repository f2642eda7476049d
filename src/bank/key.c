/* A stored puzzle's key: the first key of its wall count plus its rank among the boards of that
 * many walls (rushhour/puzzle_rank.h), so that keys grow with walls, fit a 6-byte integer for
 * 6x6 boards with up to two walls, and sorted keys differ by little. Pure: no SQLite. */
#include <stdlib.h>
#include <string.h>

#include "key.h"
#include "rushhour/error.h"

int rh__bank_keys_cover(rh__bank_keys *k, int size, int walls)
{
    if (k->ranks && k->size == size && k->walls >= walls) return RH_OK;
    if (walls < 0 || walls > RH_ENUM_CELLS_MAX || size < RH_RANK_SIZE_MIN ||
        size > RH_RANK_SIZE_MAX)
        return RH_EARG;
    rh_rank_table *t;
    const int err = rh_rank_table_new(&t, size, RH__BANK_EXIT_ROW(size), walls);
    if (err) return err;
    int64_t base[RH_ENUM_CELLS_MAX + 2] = {0};
    for (int w = 0; w <= walls; w++) {
        const uint64_t boards = rh_rank_boards(t, w);
        if (boards > INT64_MAX || __builtin_add_overflow(base[w], (int64_t)boards, &base[w + 1])) {
            rh_rank_table_free(t);
            return RH_EARG;
        }
    }
    rh__bank_keys_free(k);
    k->ranks = t;
    k->size = size;
    k->walls = walls;
    memcpy(k->base, base, sizeof base);
    return RH_OK;
}

void rh__bank_keys_free(rh__bank_keys *k)
{
    rh_rank_table_free(k->ranks);
    memset(k, 0, sizeof *k);
}

int rh__bank_key_of(const rh__bank_keys *k, const char *id, size_t len, int64_t *key, int *walls)
{
    uint64_t rank;
    int w;
    if (!k->ranks || rh_puzzle_rank(k->ranks, id, len, &rank, &w) != RH_OK) return RH_EARG;
    *key = k->base[w] + (int64_t)rank;
    *walls = w;
    return RH_OK;
}

int rh__bank_walls_of(const rh__bank_keys *k, int64_t key)
{
    if (!k->ranks || key < 0) return -1;
    for (int w = 0; w <= k->walls; w++)
        if (key < k->base[w + 1]) return w;
    return -1;
}

int rh__bank_id_of(const rh__bank_keys *k, int64_t key, char *id)
{
    const int w = rh__bank_walls_of(k, key);
    return w < 0 ? RH_EARG : rh_puzzle_unrank(k->ranks, w, (uint64_t)(key - k->base[w]), id);
}
