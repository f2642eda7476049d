/* JSON string escaping (rhd_json_escape, log.c): quotes, control characters, UTF-8 kept or
 * replaced, and truncation that never splits a character or an escape. */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

static void expect_escape(const char *in, const char *want)
{
    char out[256];
    memset(out, '#', sizeof out);
    const size_t n = rhd_json_escape(out, sizeof out, in);
    cr_expect_str_eq(out, want, "escaping \"%s\"", in);
    cr_expect_eq(n, strlen(out));
}

Test(escape, quotes_and_backslashes)
{
    expect_escape("a\"b\\c", "a\\\"b\\\\c");
    expect_escape("", "");
    expect_escape("plain /v1/solve", "plain /v1/solve");
}

Test(escape, control_characters)
{
    expect_escape("\n\t\r\b\f", "\\n\\t\\r\\b\\f");
    expect_escape("\x01\x0b\x1f!", "\\u0001\\u000b\\u001f!");
    expect_escape("\x7f", "\x7f");
}

Test(escape, valid_utf8_is_kept)
{
    const char *s = "h\xc3\xa9llo \xe2\x82\xac \xf0\x9d\x84\x9e \xef\xbf\xbf \xf4\x8f\xbf\xbf "
                    "\xed\x9f\xbf \xee\x80\x80";
    expect_escape(s, s);
}

#define FFFD "\xef\xbf\xbd"

Test(escape, invalid_utf8_becomes_replacement_characters)
{
    expect_escape("a\xff"
                  "b",
                  "a" FFFD "b");
    expect_escape("\x80", FFFD);
    expect_escape("a\xc3", "a" FFFD);
    expect_escape("\xc0\xaf", FFFD FFFD);                   /* overlong '/' */
    expect_escape("\xc1\xbf", FFFD FFFD);                   /* overlong */
    expect_escape("\xe0\x80\xaf", FFFD FFFD FFFD);          /* overlong, 3 bytes */
    expect_escape("\xf0\x80\x80\xaf", FFFD FFFD FFFD FFFD); /* overlong, 4 bytes */
    expect_escape("\xed\xa0\x80", FFFD FFFD FFFD);          /* surrogate U+D800 */
    expect_escape("\xf4\x90\x80\x80", FFFD FFFD FFFD FFFD); /* U+110000 */
    expect_escape("\xf5\x80", FFFD FFFD);
    expect_escape("\xe2\x82"
                  "A",
                  FFFD "A");             /* one per maximal subpart */
    expect_escape("\xf0\x9f\x98", FFFD); /* cut at the end */
    expect_escape("\xe2\x82\xac\xe2\x82", "\xe2\x82\xac" FFFD);
}

Test(escape, output_is_a_json_string)
{
    const char *in = "q\"b\\s\x01n\nu\xc3\xa9x\xffz";
    char out[128], doc[140];
    rhd_json_escape(out, sizeof out, in);
    snprintf(doc, sizeof doc, "\"%s\"", out);
    cJSON *s = cJSON_Parse(doc);
    cr_assert(cJSON_IsString(s), "not a JSON string: %s", doc);
    cr_expect_str_eq(s->valuestring, "q\"b\\s\x01n\nu\xc3\xa9x" FFFD "z");
    cJSON_Delete(s);
}

/* Every buffer size gives a prefix of the full output, cut between units, NUL-terminated. */
static void expect_clean_cuts(const char *in, const char *const *units, size_t unit_count)
{
    char full[256];
    const size_t total = rhd_json_escape(full, sizeof full, in);
    for (size_t len = 1; len <= total + 1; len++) {
        char out[256];
        memset(out, '#', sizeof out);
        const size_t n = rhd_json_escape(out, len, in);
        cr_expect_eq(n, strlen(out), "len %zu", len);
        cr_expect_lt(n, len, "len %zu wrote %zu", len, n);
        cr_expect_eq(out[len], '#', "len %zu wrote past the buffer", len);
        cr_expect(strncmp(out, full, n) == 0, "len %zu: not a prefix", len);
        /* The most whole units that fit, never a part of one. */
        size_t at = 0, k = 0;
        while (k < unit_count && at + strlen(units[k]) < len) at += strlen(units[k++]);
        cr_expect_eq(n, at, "len %zu: %zu bytes, whole units give %zu", len, n, at);
    }
    char untouched = '#';
    cr_expect_eq(rhd_json_escape(&untouched, 0, in), 0);
    cr_expect_eq(untouched, '#', "len 0 wrote");
}

Test(escape, truncation_never_splits_a_sequence_or_an_escape)
{
    static const char *const units[] = {
        "a", "\xc3\xa9", "\\\"", "\xf0\x9d\x84\x9e", "\\n", "\\u0001", FFFD, "\xe2\x82\xac", "z"};
    expect_clean_cuts("a\xc3\xa9\"\xf0\x9d\x84\x9e\n\x01\xff\xe2\x82\xacz", units,
                      sizeof units / sizeof units[0]);
    char out[4];
    cr_expect_eq(rhd_json_escape(out, sizeof out, "\xe2\x82\xac"), 3);
    cr_expect_str_eq(out, "\xe2\x82\xac");
    cr_expect_eq(rhd_json_escape(out, 3, "\xe2\x82\xac"), 0);
    cr_expect_str_empty(out);
}
