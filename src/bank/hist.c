/* The distance histogram's blob: LEB128 varints, 1-3 bytes for most entries, against 8 for
 * fixed integers or 4-8 for decimal text. */
#include "hist.h"

int rh__bank_hist_encode(unsigned char *buf, const uint64_t *hist, int entries)
{
    int len = 0;
    for (int i = 0; i < entries; i++) {
        uint64_t v = hist[i];
        do {
            buf[len++] = (unsigned char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
            v >>= 7;
        } while (v);
    }
    return len;
}

int rh__bank_hist_decode(uint64_t *hist, int max_entries, const unsigned char *blob, int len)
{
    int entries = 0, shift = 0;
    uint64_t v = 0;
    for (int i = 0; i < len; i++) {
        if (shift > 63 || entries == max_entries) return -1;
        v |= (uint64_t)(blob[i] & 0x7f) << shift;
        shift += 7;
        if (blob[i] & 0x80) continue;
        hist[entries++] = v;
        v = 0;
        shift = 0;
    }
    return shift ? -1 : entries;
}
