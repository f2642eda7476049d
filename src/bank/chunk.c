/* A by_slides row's blob: up to 64 consecutive ranks of the slide order as LEB128 varints of
 * their zigzagged differences (the first from 0). Neighbours in the slide order are mostly near
 * in rank: a row costs about a byte a rank where a row a position cost twelve. Pure. */
#include "chunk.h"

int rh__bank_chunk_encode(unsigned char *buf, const int64_t *ranks, int n)
{
    int len = 0;
    int64_t prev = 0;
    for (int i = 0; i < n; i++) {
        const uint64_t d = (uint64_t)ranks[i] - (uint64_t)prev;
        uint64_t z = d << 1 ^ (uint64_t) - (int64_t)(d >> 63);
        prev = ranks[i];
        do {
            buf[len++] = (unsigned char)(z & 0x7f) | (z > 0x7f ? 0x80 : 0);
            z >>= 7;
        } while (z);
    }
    return len;
}

int64_t rh__bank_chunk_rank(const unsigned char *blob, int len, int i)
{
    uint64_t prev = 0;
    for (int at = 0, k = 0; at < len && k <= i; k++) {
        uint64_t z = 0;
        int shift = 0;
        for (;; shift += 7) {
            if (at == len || shift > 63) return -1;
            const unsigned char byte = blob[at++];
            z |= (uint64_t)(byte & 0x7f) << shift;
            if (!(byte & 0x80)) break;
        }
        prev += z >> 1 ^ (uint64_t) - (int64_t)(z & 1);
        if (k == i) return (int64_t)prev;
    }
    return -1;
}
