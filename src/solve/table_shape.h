/* The canonical order of a puzzle's vehicles and the shape of its cluster, which key the
 * cluster tables (rushhour/table.h says what both are). */
#ifndef RH_TABLE_SHAPE_H
#define RH_TABLE_SHAPE_H

#include <stddef.h>
#include <stdint.h>

#include "rushhour/puzzle.h"

/* Sets order[c] to the index in `p` of its vehicle c in the canonical order: the target first,
 * then by axis (horizontal first), line and offset. */
void rh__canonical_order(uint8_t *order, const rh_puzzle *p);

/* Writes the shape of `p`, whose canonical order is `order`, to `out` (RH_TABLE_SHAPE_MAX
 * bytes) and returns its length: a format byte, the board's size, the exit row, the vehicle and
 * wall counts (the latter in two bytes), two zero bytes; the walls' cells (row * 16 + column)
 * in increasing order; then each vehicle's axis (bit 7) and length, and its line. */
size_t rh__shape_write(uint8_t *out, const rh_puzzle *p, const uint8_t *order);

#endif
