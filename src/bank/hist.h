/* The distance histogram's blob codec (hist.c), pure: LEB128 varints of hist[0..moves]. */
#ifndef RH_BANK_HIST_H
#define RH_BANK_HIST_H

#include <stdint.h>

/* Returns the bytes written (buf holds RH_ENUM_DEPTH_MAX * 10), or the entries read, or -1
 * when the blob is malformed. */
int rh__bank_hist_encode(unsigned char *buf, const uint64_t *hist, int entries);
int rh__bank_hist_decode(uint64_t *hist, int max_entries, const unsigned char *blob, int len);

#endif
