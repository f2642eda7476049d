/* The database notation of an enumerated state: row-major, '.' empty, 'x' wall, 'A' the
 * primary, then 'B', 'C', ... in the row-major order of the vehicles' first cells. */
#include "notation.h"
#include "state.h"

/* Vehicle names after 'Z' (boards of 7 and 8 can hold more than 26 vehicles): lowercase
 * letters, skipping the two that mean empty ('o') and wall ('x'). */
static char vehicle_name(int k)
{
    static const char names[] = "BCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnpqrstuvwyz";
    if (k >= (int)sizeof names - 1) return '?';
    return names[k];
}

void rh__enotation_write(const rh__egeom *g, uint64_t walls, const rh__estate *s, char *out)
{
    const int n = g->n;
    for (int i = 0; i < g->cells; i++) out[i] = (char)(walls >> i & 1 ? 'x' : '.');
    out[g->cells] = '\0';
    int named = 0;
    for (int i = 0; i < g->cells; i++)
        for (int k = 0; k < 4; k++) {
            if (!(s->m[k] >> i & 1)) continue;
            const bool primary = k == RH_ES_HCAR && i / n == g->row;
            const char name = (char)(primary ? 'A' : vehicle_name(named++));
            const int len = k & 1 ? 3 : 2, step = k < 2 ? 1 : n;
            for (int j = 0; j < len; j++) out[i + j * step] = name;
        }
}
