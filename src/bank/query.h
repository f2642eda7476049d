/* What query.c gives the files above it (export.c). Every function here expects the handle's
 * lock to be held by its caller. */
#ifndef RH_BANK_QUERY_H
#define RH_BANK_QUERY_H

#include "db.h"

/* Fills p from the current row of a statement selecting RH__BANK_COLUMNS. */
int rh__bank_read_row(rh_bank *b, sqlite3_stmt *st, rh_bank_puzzle *p);

#endif
