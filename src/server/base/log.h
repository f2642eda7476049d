/* JSON logs: one object per line on stdout, nothing else on stdout. Thread-safe: lines from
 * different threads never interleave. */
#ifndef RHD_LOG_H
#define RHD_LOG_H

#include <stdbool.h>

#include "config.h"

/* Sets the least level written (default info). Call before threads start. */
void rhd_log_set_level(rhd_log_level level);

/* Whether lines of `level` are written: for callers whose fields cost work to gather. */
bool rhd_log_enabled(rhd_log_level level);

/* Writes {"time":"<RFC 3339 UTC, ms>","level":"...","event":"<event>", ...fields} where `fields`
 * is NULL or a string of already-encoded JSON members without braces, e.g.
 * "\"status\":200,\"path\":\"/v1/solve\"". Lines longer than 8 KiB are truncated to a valid
 * object. */
void rhd_log(rhd_log_level level, const char *event, const char *fields);

/* Writes `s` into `out` as a JSON string body (no quotes): escapes quotes, backslashes and
 * control characters, replaces invalid UTF-8 with U+FFFD. Writes at most `len` bytes including
 * the NUL and returns the length written (truncating on a character boundary). */
size_t rhd_json_escape(char *out, size_t len, const char *s);

#endif
