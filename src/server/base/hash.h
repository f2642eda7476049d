/* The hash the service's caches file their entries by: FNV-1a over bytes, its high bits folded
 * down so that a table indexed by the low bits sees all of them. Not for adversaries' keys
 * beyond what a cache's bounds already absorb. */
#ifndef RHD_HASH_H
#define RHD_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t rhd_hash_bytes(const void *s, size_t n);

#endif
