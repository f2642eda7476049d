/* The fuzz targets' invariant check: on a violated invariant, say which and where, then abort
 * so libFuzzer records the input as a crash. Define FUZZ_NAME before including. */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, FUZZ_NAME ": invariant violated at line %d: %s\n  ", __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#endif
