/* A strict JSON check (RFC 8259: exactly one JSON text, well-formed UTF-8, no raw control
 * characters, nesting at most 200 deep) for the fuzzers and their regression test, stricter
 * than cJSON, which takes ill-formed UTF-8 as it comes. */
#ifndef FUZZ_JSON_STRICT_H
#define FUZZ_JSON_STRICT_H

#include <stdbool.h>
#include <stddef.h>

/* Whether s[0..n) is well-formed UTF-8 (rh_utf8_sequence's reading; a NUL byte is a
 * character). Nothing past s[n - 1] is read. */
bool json_strict_utf8(const char *s, size_t n);

/* Whether s[0..n) is exactly one JSON text, whitespace around it allowed. */
bool json_strict_valid(const char *s, size_t n);

#endif
