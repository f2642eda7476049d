/* UTF-8 well-formedness; see rushhour/utf8.h. */
#include "rushhour/utf8.h"

int rh_utf8_sequence(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    const unsigned char c = p[0];
    unsigned char lo = 0x80, hi = 0xBF;
    int n;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0; /* overlong */
        if (c == 0xED) hi = 0x9F; /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90; /* overlong */
        if (c == 0xF4) hi = 0x8F; /* above U+10FFFF */
    } else {
        return -1; /* a stray continuation byte, C0, C1 (always overlong) or F5..FF */
    }
    for (int k = 1; k < n; k++) {
        if (p[k] < lo || p[k] > hi) return -k;
        lo = 0x80;
        hi = 0xBF;
    }
    return n;
}
