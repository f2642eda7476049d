/* The lines of a text file one at a time, numbered, for the CLI's readers of line formats
 * (`bank import`'s export lines, `bank load`'s tables): one loop, one way of naming a bad line. */
#ifndef RH_CLI_EACH_LINE_H
#define RH_CLI_EACH_LINE_H

#include <stddef.h>
#include <stdio.h>

#define CLI_LINE_BYTES 512 /* the longest line taken, its newline included */

/* One line, NUL-terminated, without its newline (nor a CR before it). Returns 0 to go on, or
 * an exit code after writing why into why[0..len). */
typedef int cli_each_line_fn(void *ctx, char *line, char *why, size_t len);

/* Calls `each` on every line of `f` until one refuses it. Returns 0; or the code `each` returned,
 * a line too long (CLI_EXIT_INVALID) or a failed read (CLI_EXIT_IO), after saying which on
 * stderr as "WHO: PATH:LINE: why" ("WHO: cannot read PATH"). */
int cli_each_line(FILE *f, const char *who, const char *path, cli_each_line_fn *each, void *ctx);

#endif
