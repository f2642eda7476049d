/* An ordered parallel map over the lines of a stream, for `rushhour solve --lines`: one thread
 * reads lines, `jobs` threads answer them, one thread writes the answers in input order. At
 * most `window` lines are held at once (read, being answered, or answered and waiting for an
 * earlier one), so memory stays bounded however long the input. */
#ifndef RH_CLI_LINES_H
#define RH_CLI_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum { CLI_LINE_ANSWERED, CLI_LINE_INVALID, CLI_LINE_LIMIT } cli_line_outcome;

/* Answers line number `line` (from 1): `text` is `len` bytes, NUL-terminated, without its
 * newline; NULL when the line was longer than the run's `line_max`. Returns a new malloc'd
 * answer (one line of text, no newline) and sets *outcome; NULL when out of memory, which
 * stops the run. Called from several threads at once. */
typedef char *cli_line_fn(void *ctx, const char *text, size_t len, long line,
                          cli_line_outcome *outcome);

typedef struct {
    FILE *in;
    const char *in_path; /* for messages; NULL or "-" for stdin */
    FILE *out;
    FILE *progress; /* where a "\r"-refreshed count goes, or NULL */
    int jobs;       /* answering threads, at least 1 */
    size_t window;  /* lines held at once, at least jobs */
    size_t line_max;
    cli_line_fn *answer;
    void *ctx;
} cli_lines_run_options;

typedef struct {
    long lines;         /* answered and written; blank lines are skipped, not counted */
    long invalid;       /* of which CLI_LINE_INVALID */
    long limited;       /* of which CLI_LINE_LIMIT */
    long first_invalid; /* the line number of the first invalid one, or 0 */
} cli_lines_counts;

/* Runs the map to the end of the input. Returns 0, or -1 after saying on stderr what failed
 * (reading, writing, memory, threads); the answers written before the failure stay written. */
int cli_lines_run(const cli_lines_run_options *o, cli_lines_counts *counts);

#endif
