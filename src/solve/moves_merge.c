/* Merging a path's consecutive moves of one vehicle, as every solution is listed. */
#include <stdlib.h>

#include "moves_merge.h"

int rh__moves_merge(rh_move *moves, size_t steps, int *slides)
{
    int count = 0;
    *slides = 0;
    for (size_t k = 0; k < steps; k++) {
        *slides += abs(moves[k].delta);
        if (count && moves[count - 1].vehicle == moves[k].vehicle) {
            moves[count - 1].delta += moves[k].delta;
            if (moves[count - 1].delta == 0) count--;
        } else {
            moves[count++] = moves[k];
        }
    }
    return count;
}
