/* What chunk.c gives the files above it (writer.c, query.c). */
#ifndef RH_BANK_CHUNK_H
#define RH_BANK_CHUNK_H

#include <stdint.h>

#define RH__BANK_CHUNK 64                          /* ranks a by_slides row holds */
#define RH__BANK_CHUNK_BYTES (RH__BANK_CHUNK * 10) /* a blob's most bytes */

/* Encodes ranks[0..n) (n <= RH__BANK_CHUNK) into buf; returns the blob's length. */
int rh__bank_chunk_encode(unsigned char *buf, const int64_t *ranks, int n);

/* The i-th rank of the blob of `len` bytes, -1 when it holds fewer or is damaged. */
int64_t rh__bank_chunk_rank(const unsigned char *blob, int len, int i);

#endif
