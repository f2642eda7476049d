/* libFuzzer target: rushhourd's HTTP policy (src/server/base/http_policy.c) fed raw request heads.
 *
 * Byte 0: bit 0 whether the route takes a body, bits 1-2 the body limit (1 KiB << n). The
 * rest is a request head as bytes: a request line "METHOD TARGET VERSION", then "name:value"
 * lines, split at "\n" (a trailing "\r" dropped) and at the first ':' (blanks after it
 * skipped, as libmicrohttpd does). NULs stay inside names, values and the target. Each piece
 * is copied into a buffer of its exact size, so that a read past a length is an ASan report.
 * The decision is checked against the rules stated in http_policy.h. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http_policy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_NAME "fuzz_http_policy"
#include "fuzz_check.h"

#define FIELDS_MAX 64

static char *exact_copy(const char *p, size_t n)
{
    char *c = malloc(n ? n : 1);
    CHECK(c, "out of memory");
    if (n) memcpy(c, p, n);
    return c;
}

static bool token(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const unsigned char c = (unsigned char)p[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              (c && strchr("!#$%&'*+-.^_`|~", c))))
            return false;
    }
    return n > 0;
}

static bool named(const rhd_http_field *f, const char *name)
{
    return f->name_len == strlen(name) && strncasecmp(f->name, name, f->name_len) == 0;
}

static size_t without_blanks(const char *p, size_t n)
{
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t')) n--;
    return n;
}

/* What an accepted request must satisfy; *length gets its Content-Length (or -1). */
static void check_accepted(const rhd_http_request *q, long long *length)
{
    for (size_t i = 0; i < q->target_len; i++)
        CHECK((unsigned char)q->target[i] > ' ' && q->target[i] != 0x7f, "target byte %zu", i);
    int hosts = 0, lengths = 0, codings = 0;
    const rhd_http_field *cl = NULL, *te = NULL;
    for (size_t i = 0; i < q->field_count; i++) {
        const rhd_http_field *f = &q->fields[i];
        CHECK(token(f->name, f->name_len), "field %zu: a name that is not a token", i);
        CHECK(!memchr(f->value, '\0', f->value_len) && !memchr(f->value, '\r', f->value_len) &&
                  !memchr(f->value, '\n', f->value_len),
              "field %zu: a NUL, CR or LF accepted", i);
        hosts += named(f, "Host");
        if (named(f, "Content-Length")) lengths++, cl = f;
        if (named(f, "Transfer-Encoding")) codings++, te = f;
    }
    const bool http10 = strcmp(q->version, "HTTP/1.0") == 0;
    CHECK(http10 ? hosts <= 1 : hosts == 1, "%d Host fields accepted", hosts);
    CHECK(lengths <= 1 && codings <= 1 && !(lengths && codings), "%d lengths, %d codings", lengths,
          codings);
    CHECK(!codings || !http10, "Transfer-Encoding accepted in HTTP/1.0");
    if (te)
        CHECK(without_blanks(te->value, te->value_len) == 7 &&
                  strncasecmp(te->value, "chunked", 7) == 0,
              "a coding other than chunked accepted");
    *length = -1;
    if (cl) {
        const size_t n = without_blanks(cl->value, cl->value_len);
        CHECK(n >= 1 && n <= 18, "a Content-Length of %zu digits", n);
        *length = 0;
        for (size_t k = 0; k < n; k++) {
            CHECK(cl->value[k] >= '0' && cl->value[k] <= '9', "a Content-Length not digits");
            *length = *length * 10 + (cl->value[k] - '0');
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const bool takes_body = data[0] & 1;
    const size_t max_body = (size_t)1024 << (data[0] >> 1 & 3);
    const bool takes_text_board = takes_body && (data[0] & 8);
    const char *p = (const char *)data + 1, *end = (const char *)data + size;

    /* The request line: method SP target SP version. */
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    const char *line_end = eol ? eol : end;
    if (line_end > p && line_end[-1] == '\r') line_end--;
    const char *sp1 = memchr(p, ' ', (size_t)(line_end - p));
    if (!sp1) return 0;
    const char *target_start = sp1 + 1, *sp2 = line_end;
    while (sp2 > target_start && sp2[-1] != ' ') sp2--;
    if (sp2 == target_start) return 0;
    char *target = exact_copy(target_start, (size_t)(sp2 - 1 - target_start));
    const size_t target_len = (size_t)(sp2 - 1 - target_start);
    const char *version =
        (size_t)(line_end - sp2) == 8 && memcmp(sp2, "HTTP/1.0", 8) == 0 ? "HTTP/1.0" : "HTTP/1.1";

    rhd_http_field fields[FIELDS_MAX];
    size_t count = 0;
    for (p = eol ? eol + 1 : end; p < end && count < FIELDS_MAX;) {
        eol = memchr(p, '\n', (size_t)(end - p));
        line_end = eol ? eol : end;
        const char *next = eol ? eol + 1 : end;
        if (line_end > p && line_end[-1] == '\r') line_end--;
        const char *colon = memchr(p, ':', (size_t)(line_end - p));
        if (colon) {
            const char *v = colon + 1;
            while (v < line_end && (*v == ' ' || *v == '\t')) v++;
            fields[count++] =
                (rhd_http_field){exact_copy(p, (size_t)(colon - p)), (size_t)(colon - p),
                                 exact_copy(v, (size_t)(line_end - v)), (size_t)(line_end - v)};
        }
        p = next;
    }

    const rhd_http_request q = {.target = target,
                                .target_len = target_len,
                                .version = version,
                                .fields = fields,
                                .field_count = count,
                                .takes_body = takes_body,
                                .takes_text_board = takes_text_board,
                                .max_body_bytes = max_body};
    const rhd_http_decision d = rhd_http_check(&q);
    const int s = d.status;
    CHECK(s == 0 || s == 400 || s == 413 || s == 415 || s == 501, "status %d", s);
    CHECK(d.framing == (s == 400 || s == 501), "framing %d with status %d", d.framing, s);
    CHECK(!s || (d.slug && d.title && d.detail), "a refusal without its problem text");
    CHECK(takes_body || (s != 413 && s != 415), "a body rule applied to a route without body");
    CHECK(!d.body_is_text || (takes_text_board && !s), "a text board where none is read");
    if (!d.framing) {
        long long length;
        check_accepted(&q, &length);
        if (takes_body && length > (long long)max_body)
            CHECK(s == 413, "%lld bytes: %d", length, s);
        if (s == 413) CHECK(length > (long long)max_body, "413 for %lld bytes", length);
    }
    /* The first X-Request-Id is echoed exactly when it is plain, refused or not. */
    const rhd_http_field *id = NULL;
    for (size_t i = 0; i < count && !id; i++)
        if (named(&fields[i], "X-Request-Id")) id = &fields[i];
    const bool plain = id && rhd_http_request_id_ok(id->value, id->value_len);
    CHECK(plain ? d.request_id == id->value && d.request_id_len == id->value_len : !d.request_id,
          "request id echoed wrongly");
    if (plain) {
        CHECK(id->value_len <= RHD_REQUEST_ID_MAX, "an id of %zu bytes", id->value_len);
        for (size_t k = 0; k < id->value_len; k++) {
            const char c = id->value[k];
            CHECK((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      (c && strchr("-_.:", c)),
                  "a request id byte 0x%02x", (unsigned char)c);
        }
    }
    /* The same request decides the same way. */
    const rhd_http_decision again = rhd_http_check(&q);
    CHECK(again.status == s && again.request_id == d.request_id, "not deterministic");

    free(target);
    for (size_t i = 0; i < count; i++) {
        free((void *)fields[i].name);
        free((void *)fields[i].value);
    }
    return 0;
}
