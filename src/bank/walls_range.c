/* A range of wall counts, "N" or "MIN-MAX", by text (pure: the CLI's options and the server's
 * `walls` parameter). */
#include <stdbool.h>
#include <string.h>

#include "rushhour/bank.h"

/* A wall count from all of s[0..n): digits only, at most RH_ENUM_CELLS_MAX. */
static bool wall_count(const char *s, size_t n, int *out)
{
    int v = 0;
    if (n == 0) return false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
        if (v > RH_ENUM_CELLS_MAX) return false; /* before it could overflow */
    }
    *out = v;
    return true;
}

int rh_bank_walls_parse(const char *text, int *min_walls, int *max_walls)
{
    if (!text || !min_walls || !max_walls) return RH_EARG;
    const char *dash = strchr(text, '-');
    const size_t n = dash ? (size_t)(dash - text) : strlen(text);
    int lo, hi;
    if (!wall_count(text, n, &lo)) return RH_EARG;
    if (!dash)
        hi = lo;
    else if (!wall_count(dash + 1, strlen(dash + 1), &hi) || hi < lo)
        return RH_EARG;
    *min_walls = lo;
    *max_walls = hi;
    return RH_OK;
}
