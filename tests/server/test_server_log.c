/* JSON log lines (log.c): one object per line with time, level and event, the level filter,
 * escaping, and truncation to a valid object at 8 KiB. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "text_lines.h"

/* Runs rhd_log with stdout sent to a temporary file and returns what it wrote (malloc'd). */
static char *logged(rhd_log_level level, const char *event, const char *fields)
{
    FILE *tmp = tmpfile();
    cr_assert_not_null(tmp);
    fflush(stdout);
    const int saved = dup(STDOUT_FILENO);
    cr_assert_geq(saved, 0);
    cr_assert_geq(dup2(fileno(tmp), STDOUT_FILENO), 0);
    rhd_log(level, event, fields);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    struct stat st;
    cr_assert_eq(fstat(fileno(tmp), &st), 0);
    char *text = malloc((size_t)st.st_size + 1);
    cr_assert_not_null(text);
    cr_assert_eq(pread(fileno(tmp), text, (size_t)st.st_size, 0), st.st_size);
    text[st.st_size] = '\0';
    fclose(tmp);
    return text;
}

/* Parses one log line, which must be a single JSON object ending in its newline. */
static cJSON *parse_line(const char *line)
{
    const size_t n = strlen(line);
    cr_assert_gt(n, 0, "nothing was logged");
    cr_assert_eq(line[n - 1], '\n', "the line does not end in a newline");
    cr_assert_eq(count_lines(line), 1, "more than one line: %s", line);
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithLengthOpts(line, n, &end, 0);
    cr_assert_not_null(doc, "not JSON: %s", line);
    cr_assert_eq(end, line + n - 1, "trailing bytes after the object: %s", line);
    cr_assert(cJSON_IsObject(doc));
    return doc;
}

static const char *string_member(const cJSON *doc, const char *name)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(doc, name);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static void utc_now(char *out, size_t len)
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    strftime(out, len, "%Y-%m-%dT%H:%M:%S", &tm);
}

Test(log, one_json_line_with_fields)
{
    char before[32], after[32];
    utc_now(before, sizeof before);
    char *line = logged(RHD_LOG_INFO, "request", "\"status\":200,\"path\":\"/v1/solve\"");
    utc_now(after, sizeof after);
    cJSON *doc = parse_line(line);
    cr_expect_eq(cJSON_GetArraySize(doc), 5);
    cr_expect_str_eq(string_member(doc, "level"), "info");
    cr_expect_str_eq(string_member(doc, "event"), "request");
    cr_expect_str_eq(string_member(doc, "path"), "/v1/solve");
    const cJSON *status = cJSON_GetObjectItemCaseSensitive(doc, "status");
    cr_expect(cJSON_IsNumber(status) && status->valuedouble == 200);
    cr_expect(strncmp(line, "{\"time\":\"", 9) == 0, "time is not first: %s", line);

    const char *time = string_member(doc, "time");
    cr_assert_not_null(time);
    regex_t re;
    cr_assert_eq(regcomp(&re,
                         "^[0-9]{4}-(0[1-9]|1[0-2])-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]"
                         "\\.[0-9]{3}Z$",
                         REG_EXTENDED | REG_NOSUB),
                 0);
    cr_expect_eq(regexec(&re, time, 0, NULL, 0), 0, "bad time %s", time);
    regfree(&re);
    char second[32];
    snprintf(second, sizeof second, "%.19s", time);
    cr_expect(strcmp(before, second) <= 0 && strcmp(second, after) <= 0,
              "time %s is not between %s and %s", time, before, after);
    cJSON_Delete(doc);
    free(line);
}

Test(log, without_fields)
{
    char *line = logged(RHD_LOG_ERROR, "stopped", NULL);
    cJSON *doc = parse_line(line);
    cr_expect_eq(cJSON_GetArraySize(doc), 3);
    cr_expect_str_eq(string_member(doc, "level"), "error");
    cJSON_Delete(doc);
    free(line);
    line = logged(RHD_LOG_WARN, "started", "");
    doc = parse_line(line);
    cr_expect_eq(cJSON_GetArraySize(doc), 3);
    cr_expect_str_eq(string_member(doc, "level"), "warn");
    cJSON_Delete(doc);
    free(line);
}

Test(log, level_filter)
{
    rhd_log_set_level(RHD_LOG_INFO);
    char *line = logged(RHD_LOG_DEBUG, "noise", NULL);
    cr_expect_str_empty(line, "debug written at info: %s", line);
    free(line);
    line = logged(RHD_LOG_INFO, "kept", NULL);
    cr_expect_str_not_empty(line);
    free(line);
    rhd_log_set_level(RHD_LOG_ERROR);
    line = logged(RHD_LOG_WARN, "noise", NULL);
    cr_expect_str_empty(line);
    free(line);
    rhd_log_set_level(RHD_LOG_DEBUG);
    line = logged(RHD_LOG_DEBUG, "kept", NULL);
    cJSON *doc = parse_line(line);
    cr_expect_str_eq(string_member(doc, "level"), "debug");
    cJSON_Delete(doc);
    free(line);
    rhd_log_set_level(RHD_LOG_INFO);
}

Test(log, event_is_escaped)
{
    char *line = logged(RHD_LOG_INFO, "a \"quoted\"\nevent\\", NULL);
    cJSON *doc = parse_line(line);
    cr_expect_str_eq(string_member(doc, "event"), "a \"quoted\"\nevent\\");
    cJSON_Delete(doc);
    free(line);
}

/* A field string of `n` bytes: "f":"xxx...". */
static char *field_of(size_t n)
{
    char *f = malloc(n + 1);
    cr_assert_not_null(f);
    memset(f, 'x', n);
    memcpy(f, "\"f\":\"", 5);
    f[n - 1] = '"';
    f[n] = '\0';
    return f;
}

Test(log, long_line_is_truncated_to_a_valid_object)
{
    char *big = field_of(9000);
    char *line = logged(RHD_LOG_WARN, "too_long", big);
    cr_expect_leq(strlen(line), 8192);
    cJSON *doc = parse_line(line);
    cr_expect_eq(cJSON_GetArraySize(doc), 4, "%s", line);
    cr_expect_str_eq(string_member(doc, "event"), "too_long");
    cr_expect_str_eq(string_member(doc, "level"), "warn");
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "truncated")));
    cr_expect_null(cJSON_GetObjectItemCaseSensitive(doc, "f"));
    cJSON_Delete(doc);
    free(line);
    free(big);
}

Test(log, the_limit_is_exactly_8_KiB)
{
    char *bare = logged(RHD_LOG_INFO, "edge", NULL);
    const size_t base = strlen(bare); /* the time is fixed-width, so this never changes */
    free(bare);
    const size_t fits = 8192 - base - 1; /* the comma */
    char *f = field_of(fits);
    char *line = logged(RHD_LOG_INFO, "edge", f);
    cr_expect_eq(strlen(line), 8192);
    cJSON *doc = parse_line(line);
    cr_expect_null(cJSON_GetObjectItemCaseSensitive(doc, "truncated"));
    cr_expect_not_null(cJSON_GetObjectItemCaseSensitive(doc, "f"));
    cJSON_Delete(doc);
    free(line);
    free(f);

    f = field_of(fits + 1);
    line = logged(RHD_LOG_INFO, "edge", f);
    doc = parse_line(line);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "truncated")));
    cJSON_Delete(doc);
    free(line);
    free(f);
}

Test(log, huge_event_still_gives_a_valid_line)
{
    char event[20000];
    for (size_t k = 0; k < sizeof event - 1; k++) event[k] = k % 3 ? 'e' : '"';
    event[sizeof event - 1] = '\0';
    char *line = logged(RHD_LOG_ERROR, event, "\"a\":1");
    cr_expect_leq(strlen(line), 8192);
    cJSON *doc = parse_line(line);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "truncated")));
    const char *got = string_member(doc, "event");
    cr_assert_not_null(got);
    cr_expect_gt(strlen(got), 1000);
    cr_expect(strncmp(got, event, strlen(got)) == 0, "the event kept is not a prefix");
    cJSON_Delete(doc);
    free(line);
}
