/* Lines of a text (a log, the --help text, a metrics scrape) as tests look at them. */
#ifndef RH_TEST_TEXT_LINES_H
#define RH_TEST_TEXT_LINES_H

#include <stdbool.h>
#include <stddef.h>

/* The number of newlines in `s`. */
int count_lines(const char *s);

/* True when `text` has `line` as a whole line. */
bool has_line(const char *text, const char *line);

/* The line of `text` containing `needle`, copied to `out`, or "" when none does. */
void line_with(char *out, size_t len, const char *text, const char *needle);

#endif
