/* What open.c gives the files above it (upgrade.c). */
#ifndef RH_BANK_OPEN_H
#define RH_BANK_OPEN_H

#include "db.h"

/* rh_bank_open; with `upgrading`, a file of the previous format is accepted too. */
int rh__bank_open(rh_bank **out, const char *path, rh_bank_mode mode, int upgrading, char *why);

#endif
