/* The symbols of a puzzle id (rushhour/puzzle_id.h), shared by the id's encoding and the rank
 * (puzzle_rank.c): one per free cell in reading order, two to a base64url character. */
#ifndef RH_ID_SYMBOLS_H
#define RH_ID_SYMBOLS_H

#include <stddef.h>

enum {
    RH__ID_EMPTY,
    RH__ID_WALL,
    RH__ID_CAR_H,
    RH__ID_TRUCK_H,
    RH__ID_CAR_V,
    RH__ID_TRUCK_V,
    RH__ID_PRIMARY_CAR,
    RH__ID_PRIMARY_TRUCK,
    RH__ID_SYMBOLS
};

/* Writes the id of a board of side n whose free cells hold `symbols` (count of them) to `out`
 * (RH_PUZZLE_ID_MAX + 1 bytes): the empties after the last other symbol left out. */
void rh__id_pack(char *out, int n, const int *symbols, int count);

/* The symbols of a well-formed id (rh_puzzle_id_decode accepts it) into `symbols`
 * (RH_PUZZLE_ID_CELLS_MAX + 1); returns their count, the padding included. */
int rh__id_unpack(int *symbols, const char *id, size_t len);

#endif
