/* What writer.c gives the files above it (merge.c). Every function here expects the handle's
 * lock to be held by its caller. */
#ifndef RH_BANK_WRITER_H
#define RH_BANK_WRITER_H

#include "db.h"

/* Checks the bank's board size against `size`, or sets it (meta 'board_size') when unset. */
int rh__bank_board_size(rh_bank *b, int size);

#endif
