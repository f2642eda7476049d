/* FNV-1a, folded; see hash.h. */
#include "hash.h"

uint64_t rhd_hash_bytes(const void *s, size_t n)
{
    const unsigned char *b = s;
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * UINT64_C(0x100000001B3);
    return h ^ (h >> 29);
}
