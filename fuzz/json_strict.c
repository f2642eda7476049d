/* A strict JSON check; see json_strict.h. A recursive descent over the bytes, RFC 8259's
 * grammar rule by rule. */
#include "json_strict.h"

#include <string.h>

#include "rushhour/utf8.h"

typedef struct {
    const unsigned char *p, *end;
    int depth;
} json_cursor;

static bool json_value(json_cursor *c);

static void json_ws(json_cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static bool json_literal(json_cursor *c, const char *word)
{
    const size_t n = strlen(word);
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0) return false;
    c->p += n;
    return true;
}

/* The length of the well-formed UTF-8 sequence at p (before end), or 0. Near the end it is read
 * from a NUL-padded copy, so that rh_utf8_sequence stops there instead of reading on. */
static int sequence(const unsigned char *p, const unsigned char *end)
{
    char tail[5] = {0};
    const char *at = (const char *)p;
    if (end - p < 4) at = memcpy(tail, p, (size_t)(end - p));
    const int k = rh_utf8_sequence(at);
    return k > 0 ? k : 0;
}

bool json_strict_utf8(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        const int k = sequence(p, end);
        if (!k) return false;
        p += k;
    }
    return true;
}

static bool json_string(json_cursor *c)
{
    if (c->p == c->end || *c->p != '"') return false;
    c->p++;
    while (c->p < c->end) {
        const unsigned char b = *c->p;
        if (b == '"') {
            c->p++;
            return true;
        }
        if (b < 0x20) return false;
        if (b == '\\') {
            if (c->end - c->p < 2) return false;
            const unsigned char e = c->p[1];
            if (e == 'u') {
                if (c->end - c->p < 6) return false;
                for (int k = 2; k < 6; k++)
                    if (!strchr("0123456789abcdefABCDEF", c->p[k]) || !c->p[k]) return false;
                c->p += 6;
            } else if (strchr("\"\\/bfnrt", e) && e) {
                c->p += 2;
            } else {
                return false;
            }
            continue;
        }
        const int k = sequence(c->p, c->end);
        if (!k) return false;
        c->p += k;
    }
    return false;
}

static bool json_digits(json_cursor *c)
{
    const unsigned char *start = c->p;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') c->p++;
    return c->p > start;
}

static bool json_number(json_cursor *c)
{
    if (c->p < c->end && *c->p == '-') c->p++;
    if (c->p < c->end && *c->p == '0')
        c->p++;
    else if (!json_digits(c))
        return false;
    if (c->p < c->end && *c->p == '.') {
        c->p++;
        if (!json_digits(c)) return false;
    }
    if (c->p < c->end && (*c->p == 'e' || *c->p == 'E')) {
        c->p++;
        if (c->p < c->end && (*c->p == '+' || *c->p == '-')) c->p++;
        if (!json_digits(c)) return false;
    }
    return true;
}

static bool json_members(json_cursor *c, bool object)
{
    const char close = object ? '}' : ']';
    c->p++;
    json_ws(c);
    if (c->p < c->end && *c->p == close) {
        c->p++;
        return true;
    }
    for (;;) {
        if (object) {
            json_ws(c);
            if (!json_string(c)) return false;
            json_ws(c);
            if (c->p == c->end || *c->p != ':') return false;
            c->p++;
        }
        if (!json_value(c)) return false;
        json_ws(c);
        if (c->p == c->end) return false;
        if (*c->p == close) {
            c->p++;
            return true;
        }
        if (*c->p != ',') return false;
        c->p++;
    }
}

static bool json_value(json_cursor *c)
{
    json_ws(c);
    if (c->p == c->end || ++c->depth > 200) return false;
    bool ok;
    switch (*c->p) {
    case '{': ok = json_members(c, true); break;
    case '[': ok = json_members(c, false); break;
    case '"': ok = json_string(c); break;
    case 't': ok = json_literal(c, "true"); break;
    case 'f': ok = json_literal(c, "false"); break;
    case 'n': ok = json_literal(c, "null"); break;
    default: ok = json_number(c); break;
    }
    c->depth--;
    return ok;
}

bool json_strict_valid(const char *s, size_t n)
{
    json_cursor c = {(const unsigned char *)s, (const unsigned char *)s + n, 0};
    if (!json_value(&c)) return false;
    json_ws(&c);
    return c.p == c.end;
}
