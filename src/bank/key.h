/* What key.c gives the files above it (db.c, writer.c, query.c, upgrade.c). */
#ifndef RH_BANK_KEY_H
#define RH_BANK_KEY_H

#include <stddef.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "rushhour/puzzle_rank.h"

/* The boards a bank's keys name: a rank table of its size and exit row, and where each wall
 * count's keys begin. Zeroed: no table yet. */
typedef struct {
    rh_rank_table *ranks;
    int size, walls;                     /* the table's, walls its most */
    int64_t base[RH_ENUM_CELLS_MAX + 2]; /* base[w]: key of the first board with w walls */
} rh__bank_keys;

/* The exit row of a bank's boards: the enumeration's, (N-1)/2. */
#define RH__BANK_EXIT_ROW(size) (((size)-1) / 2)

/* Makes k name the boards of side `size` with up to `walls` walls (a bigger table when it named
 * fewer). RH_EARG for a size the ranks do not cover or keys past INT64_MAX; RH_ENOMEM. */
int rh__bank_keys_cover(rh__bank_keys *k, int size, int walls);
void rh__bank_keys_free(rh__bank_keys *k);

/* The key of the board of id `id` (`len` bytes) and its walls: RH_EARG when it is of another
 * size or exit row, or has more walls than k covers. */
int rh__bank_key_of(const rh__bank_keys *k, const char *id, size_t len, int64_t *key, int *walls);

/* The wall count of `key`, -1 when k names no board of that key. */
int rh__bank_walls_of(const rh__bank_keys *k, int64_t key);

/* The id of `key` into `id` (RH_PUZZLE_ID_MAX + 1 bytes): RH_EARG when k names no such board. */
int rh__bank_id_of(const rh__bank_keys *k, int64_t key, char *id);

#endif
