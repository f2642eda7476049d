/* rushhourd's HTTP policy (http_policy.h): RFC 9112 framing (§6.3 message body length, §3.2
 * Host, §5 field syntax) and the service's own header rules, as one pure function. */
#include <string.h>
#include <strings.h>

#include "http_policy.h"

/* tchar of RFC 9110 §5.6.2: the bytes a field name may hold. */
static bool token_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c && strchr("!#$%&'*+-.^_`|~", c));
}

static bool is_name(const rhd_http_field *f, const char *name)
{
    return f->name_len == strlen(name) && strncasecmp(f->name, name, f->name_len) == 0;
}

/* A value without its trailing blanks (RFC 9110 §5.5: they are not part of it). */
static size_t trimmed_len(const rhd_http_field *f)
{
    size_t n = f->value_len;
    while (n && (f->value[n - 1] == ' ' || f->value[n - 1] == '\t')) n--;
    return n;
}

rhd_http_media rhd_http_media_type(const char *type, size_t len)
{
    const char *semi = memchr(type, ';', len);
    size_t n = semi ? (size_t)(semi - type) : len;
    while (n && (type[n - 1] == ' ' || type[n - 1] == '\t')) n--;
    if ((n == 16 && strncasecmp(type, "application/json", n) == 0) ||
        (n > 5 && strncasecmp(type + n - 5, "+json", 5) == 0))
        return RHD_MEDIA_JSON;
    if (n == 10 && strncasecmp(type, "text/plain", n) == 0) return RHD_MEDIA_TEXT;
    return RHD_MEDIA_OTHER;
}

bool rhd_http_request_id_ok(const char *id, size_t len)
{
    bool ok = len >= 1 && len <= RHD_REQUEST_ID_MAX;
    for (size_t i = 0; ok && i < len; i++) {
        const char c = id[i];
        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '-' || c == '_' || c == '.' || c == ':';
    }
    return ok;
}

static rhd_http_decision refuse(rhd_http_decision d, int status, const char *detail)
{
    d.status = status;
    d.framing = status != 413 && status != 415;
    d.detail = detail;
    switch (status) {
    case 501: d.slug = "not-implemented", d.title = "Not Implemented"; break;
    case 413: d.slug = "body-too-large", d.title = "Content Too Large"; break;
    case 415: d.slug = "unsupported-media-type", d.title = "Unsupported Media Type"; break;
    default: d.slug = "bad-request", d.title = "Bad Request"; break;
    }
    return d;
}

rhd_http_decision rhd_http_check(const rhd_http_request *q)
{
    rhd_http_decision d = {0};
    /* The client's id first: refusals echo it too. */
    for (size_t i = 0; i < q->field_count; i++) {
        const rhd_http_field *f = &q->fields[i];
        if (!is_name(f, "X-Request-Id")) continue;
        if (rhd_http_request_id_ok(f->value, f->value_len))
            d.request_id = f->value, d.request_id_len = f->value_len;
        break;
    }
    for (size_t i = 0; i < q->target_len; i++) {
        const unsigned char c = (unsigned char)q->target[i];
        if (c <= ' ' || c == 0x7f)
            return refuse(d, 400, "the request target holds whitespace or a control byte");
    }
    const rhd_http_field *length = NULL, *coding = NULL, *type = NULL;
    size_t hosts = 0, lengths = 0, codings = 0;
    for (size_t i = 0; i < q->field_count; i++) {
        const rhd_http_field *f = &q->fields[i];
        bool name_ok = f->name_len > 0;
        for (size_t k = 0; name_ok && k < f->name_len; k++)
            name_ok = token_char((unsigned char)f->name[k]);
        if (!name_ok)
            return refuse(d, 400, "a header name holds whitespace or a byte not allowed there");
        for (size_t k = 0; k < f->value_len; k++)
            if (f->value[k] == '\0' || f->value[k] == '\r' || f->value[k] == '\n')
                return refuse(d, 400, "a header value holds a NUL, CR or LF byte");
        if (is_name(f, "Host")) hosts++;
        if (is_name(f, "Content-Length")) length = f, lengths++;
        if (is_name(f, "Transfer-Encoding")) coding = f, codings++;
        if (is_name(f, "Content-Type") && !type) type = f;
    }
    const bool http10 = q->version && strcmp(q->version, "HTTP/1.0") == 0;
    if (hosts > 1) return refuse(d, 400, "more than one Host header");
    if (!hosts && !http10) return refuse(d, 400, "an HTTP/1.1 request needs a Host header");
    if (lengths > 1) return refuse(d, 400, "more than one Content-Length header");
    const size_t length_len = length ? trimmed_len(length) : 0;
    unsigned long long bytes = 0; /* at most 18 digits: no overflow */
    for (size_t k = 0; k < length_len; k++) {
        const char c = length->value[k];
        if (c < '0' || c > '9' || k == 18)
            return refuse(d, 400, "Content-Length is not a decimal number of bytes");
        bytes = bytes * 10 + (unsigned)(c - '0');
    }
    if (length && !length_len) return refuse(d, 400, "Content-Length is empty");
    if (codings && (length || http10))
        return refuse(d, 400,
                      length ? "Content-Length and Transfer-Encoding together"
                             : "Transfer-Encoding in an HTTP/1.0 request");
    if (codings &&
        (codings > 1 || trimmed_len(coding) != 7 || strncasecmp(coding->value, "chunked", 7) != 0))
        return refuse(d, 501, "the only transfer coding served is exactly \"chunked\"");
    if (!q->takes_body) return d;
    if (length && bytes > q->max_body_bytes)
        return refuse(d, 413, "the body is larger than the server accepts");
    const rhd_http_media media =
        type ? rhd_http_media_type(type->value, type->value_len) : RHD_MEDIA_OTHER;
    if (media == RHD_MEDIA_OTHER || (media == RHD_MEDIA_TEXT && !q->takes_text_board))
        return refuse(d, 415,
                      q->takes_text_board
                          ? "send the body as application/json, or text/plain for a text board"
                          : "send the body as application/json");
    d.body_is_text = media == RHD_MEDIA_TEXT;
    return d;
}
