/* Kept-cluster records made from real puzzles (Jam levels of tests/data/jam40.tsv in
 * database notation, and wall variants of them solved by `rushhour solve`), and a helper that
 * writes them into a bank, for the bank's tests. */
#ifndef RH_BANK_RECORDS_H
#define RH_BANK_RECORDS_H

#include "rushhour/bank.h"

#define BANK_RECORDS 22 /* BANK_KEPT kept ones, then an unsolvable and a non-minimal one */
#define BANK_KEPT 20

typedef struct {
    char board[RH_ENUM_CELLS_MAX + 1];
    int moves, slides; /* slides -1: not computed (the wall variants) */
    unsigned states;
    int vehicles, walls;
    int kept;
} bank_record;

extern const bank_record bank_records[BANK_RECORDS];

/* The cluster record of bank_records[i]; its histogram is made up but adds up to `states`. */
void bank_record_cluster(rh_cluster *c, int i);

/* Creates a finished bank at `path` from the records listed in `which` (count of them). */
int bank_build(const char *path, const int *which, int count);

/* Creates a finished bank at `path` from every record, in order. */
int bank_build_all(const char *path);

#endif
