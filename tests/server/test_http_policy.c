/* The HTTP policy on its own (src/server/base/http_policy.c): plain values in, a decision out. */
#include <criterion/criterion.h>
#include <string.h>

#include "http_policy.h"

#define FIELD(n, v)                                                                                \
    {                                                                                              \
        n, sizeof n - 1, v, sizeof v - 1                                                           \
    }

/* A request with a body limit of 1000 bytes. */
static rhd_http_request request(const char *target, size_t target_len, const char *version,
                                const rhd_http_field *fields, size_t count, bool takes_body,
                                bool takes_text_board)
{
    return (rhd_http_request){.target = target,
                              .target_len = target_len,
                              .version = version,
                              .fields = fields,
                              .field_count = count,
                              .takes_body = takes_body,
                              .takes_text_board = takes_text_board,
                              .max_body_bytes = 1000};
}

/* A POST to a body route that takes a text board, with `fields`. */
static rhd_http_decision check(const rhd_http_field *fields, size_t count)
{
    const rhd_http_request q = request("/v1/solve", 9, "HTTP/1.1", fields, count, true, true);
    return rhd_http_check(&q);
}

#define CHECK(...)                                                                                 \
    check((const rhd_http_field[]){__VA_ARGS__},                                                   \
          sizeof((const rhd_http_field[]){__VA_ARGS__}) / sizeof(rhd_http_field))

static void expect(rhd_http_decision d, int status, bool framing)
{
    cr_expect_eq(d.status, status, "status %d, expected %d (%s)", d.status, status,
                 d.detail ? d.detail : "");
    cr_expect_eq(d.framing, framing, "framing %d for %d", d.framing, status);
    if (status) cr_expect(d.slug && d.title && d.detail, "a refusal without its problem text");
}

Test(http_policy, honest_requests_pass)
{
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "12"),
                 FIELD("Content-Type", "application/json")),
           0, false);
    expect(CHECK(FIELD("host", "a"), FIELD("transfer-encoding", "Chunked"),
                 FIELD("content-type", "text/plain")),
           0, false);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "1000  "),
                 FIELD("Content-Type", "application/json")),
           0, false);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Type", "application/json; charset=utf-8")), 0,
           false);
    const rhd_http_request http10 = request("/healthz", 8, "HTTP/1.0", NULL, 0, false, false);
    expect(rhd_http_check(&http10), 0, false);
}

Test(http_policy, content_length_framing)
{
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "0"), FIELD("Content-Length", "54")),
           400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "5"), FIELD("Content-Length", "5")),
           400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "5, 5")), 400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "+5")), 400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "")), 400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "1234567890123456789")), 400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "5"),
                 FIELD("Transfer-Encoding", "chunked")),
           400, true);
}

Test(http_policy, transfer_codings)
{
    expect(CHECK(FIELD("Host", "a"), FIELD("Transfer-Encoding", "identity")), 501, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("Transfer-Encoding", "gzip, chunked")), 501, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("Transfer-Encoding", "xchunked")), 501, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("Transfer-Encoding", "chunked"),
                 FIELD("Transfer-Encoding", "chunked")),
           501, true);
    const rhd_http_field te[] = {FIELD("Transfer-Encoding", "chunked")};
    const rhd_http_request http10 = request("/v1/solve", 9, "HTTP/1.0", te, 1, true, true);
    expect(rhd_http_check(&http10), 400, true);
}

Test(http_policy, nul_and_whitespace)
{
    expect(CHECK(FIELD("Host", "a"), FIELD("Transfer-Encoding", "chunked\0x")), 400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("X-A", "b\rc")), 400, true);
    expect(CHECK(FIELD("Host ", "a")), 400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("", "b")), 400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("X\0A", "b")), 400, true);
    const rhd_http_field host[] = {FIELD("Host", "a")};
    const rhd_http_request nul = request("/v1/solve\0.png", 14, "HTTP/1.1", host, 1, true, true);
    expect(rhd_http_check(&nul), 400, true);
    const rhd_http_request space = request("/x y", 4, "HTTP/1.1", host, 1, false, false);
    expect(rhd_http_check(&space), 400, true);
}

Test(http_policy, host_count)
{
    expect(CHECK(FIELD("X-A", "b")), 400, true);
    expect(CHECK(FIELD("Host", "a"), FIELD("HOST", "b")), 400, true);
    const rhd_http_field two[] = {FIELD("Host", "a"), FIELD("Host", "a")};
    const rhd_http_request http10 = request("/", 1, "HTTP/1.0", two, 2, false, false);
    expect(rhd_http_check(&http10), 400, true);
}

/* Framing first, then the route's own rules, which only a body route gets. */
Test(http_policy, body_limit_and_media_type)
{
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "1001")), 413, false);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Type", "image/png")), 415, false);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Type", "")), 415, false);
    expect(CHECK(FIELD("Host", "a"), FIELD("Content-Length", "1001"), FIELD("Content-Length", "1")),
           400, true);
    const rhd_http_field big[] = {FIELD("Host", "a"), FIELD("Content-Length", "99999"),
                                  FIELD("Content-Type", "image/png")};
    const rhd_http_request get = request("/healthz", 8, "HTTP/1.1", big, 3, false, false);
    expect(rhd_http_check(&get), 0, false);
}

Test(http_policy, media_types)
{
    cr_expect_eq(rhd_http_media_type("application/json", 16), RHD_MEDIA_JSON);
    cr_expect_eq(rhd_http_media_type("TEXT/PLAIN ;charset=utf-8", 25), RHD_MEDIA_TEXT);
    cr_expect_eq(rhd_http_media_type("application/problem+json", 24), RHD_MEDIA_JSON);
    cr_expect_eq(rhd_http_media_type("application/json", 15), RHD_MEDIA_OTHER);
    cr_expect_eq(rhd_http_media_type("+json", 5), RHD_MEDIA_OTHER);
    cr_expect_eq(rhd_http_media_type("text/html", 9), RHD_MEDIA_OTHER);
}

/* How a body is read follows its Content-Type alone: none is 415, JSON is JSON, text/plain is
 * a text board where the route takes one and 415 where it takes JSON only. */
Test(http_policy, body_read_as_its_content_type)
{
    const rhd_http_decision none = CHECK(FIELD("Host", "a"), FIELD("Content-Length", "12"));
    expect(none, 415, false);
    cr_expect_str_eq(none.slug, "unsupported-media-type");
    const rhd_http_decision json =
        CHECK(FIELD("Host", "a"), FIELD("Content-Type", "application/vnd.x+json"));
    expect(json, 0, false);
    cr_expect_not(json.body_is_text);
    const rhd_http_decision text =
        CHECK(FIELD("Host", "a"), FIELD("Content-Type", "text/plain; charset=utf-8"));
    expect(text, 0, false);
    cr_expect(text.body_is_text);
    const rhd_http_field plain[] = {FIELD("Host", "a"), FIELD("Content-Type", "text/plain")};
    const rhd_http_request json_only =
        request("/v1/solve/batch", 15, "HTTP/1.1", plain, 2, true, false);
    expect(rhd_http_check(&json_only), 415, false);
}

Test(http_policy, request_ids)
{
    rhd_http_decision d = CHECK(FIELD("Host", "a"), FIELD("X-Request-Id", "abc-1.2:3_"));
    cr_assert_not_null(d.request_id);
    cr_expect_eq(d.request_id_len, 10);
    cr_expect_eq(memcmp(d.request_id, "abc-1.2:3_", 10), 0);
    cr_expect_null(CHECK(FIELD("Host", "a"), FIELD("X-Request-Id", "a b")).request_id);
    cr_expect_null(CHECK(FIELD("Host", "a"), FIELD("X-Request-Id", "")).request_id);
    char long_id[RHD_REQUEST_ID_MAX + 2];
    memset(long_id, 'a', sizeof long_id);
    cr_expect(rhd_http_request_id_ok(long_id, RHD_REQUEST_ID_MAX));
    cr_expect_not(rhd_http_request_id_ok(long_id, RHD_REQUEST_ID_MAX + 1));
    /* Refusals echo it too. */
    d = CHECK(FIELD("X-Request-Id", "r1"), FIELD("Host", "a"), FIELD("Host", "b"));
    cr_expect_eq(d.status, 400);
    cr_expect(d.request_id && d.request_id_len == 2 && !memcmp(d.request_id, "r1", 2));
    /* Only the first one counts. */
    d = CHECK(FIELD("Host", "a"), FIELD("X-Request-Id", "a b"), FIELD("X-Request-Id", "ok"));
    cr_expect_null(d.request_id);
}
