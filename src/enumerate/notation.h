/* The board notation of an enumerated state (notation.c). */
#ifndef RH_ENUMERATE_NOTATION_H
#define RH_ENUMERATE_NOTATION_H

#include <stdint.h>

#include "state.h"

/* The board notation of `s`: n*n characters and a NUL. */
void rh__enotation_write(const rh__egeom *g, uint64_t walls, const rh__estate *s, char *out);

#endif
