/* The puzzle bank from C, as an installed package (pkg-config rushhour-bank): opens a bank
 * read-only and prints one wall-free puzzle of the given length in moves, chosen by the seed
 * (0 when none is given), as `moves board cluster_size id` (what `rushhour bank pick` prints).
 *
 *   cc bank.c $(pkg-config --cflags --libs rushhour-bank) -o bank
 *   ./bank PREFIX/share/rushhour/bank.sqlite 20 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <rushhour/bank.h>

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: %s BANK MOVES [SEED]\n", argv[0]);
        return 2;
    }
    const int moves = atoi(argv[2]);
    const uint64_t seed = argc == 4 ? strtoull(argv[3], NULL, 10) : 0;
    char why[RH_BANK_WHY_MAX];
    rh_bank *b;
    int err = rh_bank_open(&b, argv[1], RH_BANK_READ, why);
    if (err) {
        fprintf(stderr, "%s: %s (%s)\n", argv[1], rh_strerror(err), why);
        return 1;
    }
    rh_bank_filter f = RH_BANK_FILTER_WALL_FREE; /* as `rushhour bank pick` picks unless asked */
    f.min_length = f.max_length = moves;
    rh_bank_puzzle p;
    int found = 0;
    err = rh_bank_pick(b, &f, seed, &p, 1, &found);
    if (err) {
        rh_bank_why(b, why, sizeof why);
        fprintf(stderr, "%s: %s (%s)\n", argv[1], rh_strerror(err), why);
    } else if (found) {
        printf("%d %s %" PRIu64 " %s\n", p.moves, p.board, p.cluster_size, p.id);
    } else {
        fprintf(stderr, "%s: no puzzle of %d moves\n", argv[1], moves);
    }
    rh_bank_close(b);
    return err ? 1 : found ? 0 : 3;
}
