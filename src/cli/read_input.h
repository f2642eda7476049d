/* Reading the CLI's input, a named file or stdin, whole or a line at a time. Every failure is
 * said on stderr in the CLI's words ("rushhour: cannot read NAME: reason"), so the callers
 * only choose the exit code. */
#ifndef RH_CLI_READ_INPUT_H
#define RH_CLI_READ_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* How the input is named in messages: the path, or "stdin" for NULL or "-". */
const char *cli_input_name(const char *path);

/* Opens `path` (stdin for NULL or "-") for reading; a directory is refused here, as reading
 * one fails later with a vague EISDIR. Returns the stream, or NULL after saying why. */
FILE *cli_input_open(const char *path);

/* Closes what cli_input_open gave; stdin stays open. */
void cli_input_close(FILE *f);

/* Says on stderr that reading `path` failed with errno value `err` (0: an unknown reason). */
void cli_input_fail(const char *path, int err);

/* Reads all of `f`, at most `max` bytes, into a new NUL-terminated buffer (the caller frees
 * it). Returns it, or NULL after saying why (a read error, or more than `max` bytes). */
char *cli_input_read_all(FILE *f, const char *path, size_t max, size_t *len);

/* Reads the next line of `f` into `*buf` (grown as needed, the caller frees it), without its
 * newline and NUL-terminated. A line longer than `max` is read to its end but not kept:
 * *len is 0 and *too_long true. Returns 1 for a line, 0 at the end, -1 on a read error (errno
 * says which). */
int cli_input_line(FILE *f, char **buf, size_t *cap, size_t max, size_t *len, bool *too_long);

/* Whether `text` holds nothing but blanks (spaces, tabs, CR, LF). */
bool cli_input_blank(const char *text, size_t len);

#endif
