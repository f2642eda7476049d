/* A puzzle from a whole text: the strict JSON reader, and the dispatch between the JSON forms
 * (parse_json.c) and the core's text boards. */
#include <stdbool.h>
#include <string.h>

#include "rushhour/error.h"
#include "rushhour/json.h"
#include "rushhour/parse.h"

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The offset of the first byte a strict JSON text may not hold, or len: a NUL, raw or escaped
 * as \u0000 in a string, or, between tokens, a control byte other than JSON's whitespace
 * (cJSON skips every byte up to the space there, so "\x0f{}" would read as {}). */
static size_t first_forbidden(const char *s, size_t len)
{
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        const char c = s[i];
        if (c == '\0') return i;
        if (!in_string) {
            if ((unsigned char)c < ' ' && !is_blank(c)) return i;
            in_string = c == '"';
        } else if (c == '"') {
            in_string = false;
        } else if (c == '\\' && i + 1 < len) {
            if (s[i + 1] == 'u' && i + 5 < len && memcmp(s + i + 2, "0000", 4) == 0) return i;
            i++; /* the escaped character cannot end the string */
        }
    }
    return len;
}

cJSON *rh_json_parse(const char *text, size_t len, size_t *error_at)
{
    const size_t bad = first_forbidden(text, len);
    if (bad < len) {
        *error_at = bad;
        return NULL;
    }
    /* cJSON_ParseWithLengthOpts with require_null_terminated fails whenever the length is
     * exact (docs/pitfalls.md): parse without it, then allow only trailing whitespace. */
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    size_t at = end && end >= text ? (size_t)(end - text) : 0;
    while (doc && at < len && is_blank(text[at])) at++;
    if (!doc || at != len) {
        cJSON_Delete(doc);
        *error_at = at;
        return NULL;
    }
    return doc;
}

int rh_parse_text(rh_puzzle *out, rh_diags *d, const char *text, size_t len)
{
    rh_diags_init(d);
    size_t i = 0;
    while (i < len && is_blank(text[i])) i++;
    if (i == len || text[i] != '{') return rh_parse_text_board(out, d, text, len);
    size_t at = 0;
    cJSON *doc = rh_json_parse(text, len, &at);
    if (!doc) {
        rh_diags_add(d, "", "the text is not valid JSON (error at byte %zu)", at);
        memset(out, 0, sizeof *out);
        return RH_EINVALID;
    }
    int err = rh_parse_cjson(out, d, doc, NULL);
    cJSON_Delete(doc);
    return err;
}
