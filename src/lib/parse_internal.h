/* Text helpers shared by the JSON and text parsers. */
#ifndef RH_PARSE_INTERNAL_H
#define RH_PARSE_INTERNAL_H

#include <stddef.h>

/* Splits `text` into trimmed, non-empty rows, at newlines and at '/' (the one-line grid
 * form "bb...g/a..c.g/..."). Fills at most `max` rows and returns their count, or max + 1
 * when there are more. The rows point into `text`. */
int rh_text_rows(const char *text, size_t len, const char **rows, size_t *lens, int max);

#endif
