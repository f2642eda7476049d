/* Every answer's headers (headers.c): If-None-Match lists by the weak comparison; which
 * answers may be stored, under which policy, and when a 200 becomes a 304; the CORS decision;
 * the whole list an answer carries, and the head of one written straight to a socket. */
#include <criterion/criterion.h>
#include <string.h>

#include "headers.h"
#include "config_load.h"
#include "routes/route_table.h"

Test(cache_headers, if_none_match_lists_by_weak_comparison)
{
    const char tag[] = "\"0.1.0-abc\"";
    cr_expect(rhd_etag_listed("\"0.1.0-abc\"", tag));
    cr_expect(rhd_etag_listed("W/\"0.1.0-abc\"", tag), "a weak tag of the same opaque tag");
    cr_expect(rhd_etag_listed("\"0.1.0-abc\"", "W/\"0.1.0-abc\""));
    cr_expect(rhd_etag_listed("\"x\", \"y\",W/\"0.1.0-abc\" ", tag), "a list, spaces and all");
    cr_expect(rhd_etag_listed(" , ,\"0.1.0-abc\"", tag), "empty members are skipped");
    cr_expect(rhd_etag_listed("*", tag));
    cr_expect(rhd_etag_listed(" * ", tag));
    cr_expect_not(rhd_etag_listed("\"0.1.0-ab\"", tag));
    cr_expect_not(rhd_etag_listed("\"0.1.0-abcd\"", tag));
    cr_expect_not(rhd_etag_listed("0.1.0-abc", tag), "an unquoted tag is another tag");
    cr_expect_not(rhd_etag_listed("\"x\", \"y\"", tag));
    cr_expect_not(rhd_etag_listed("", tag));
    cr_expect_not(rhd_etag_listed("**", tag));
    cr_expect_not(rhd_etag_listed("w/\"0.1.0-abc\"", tag), "the prefix is case-sensitive");
}

static bool listed_yes(void *ctx, const char *etag)
{
    (void)etag;
    ++*(int *)ctx;
    return true;
}

/* A reply as the routes leave it. */
static rhd_request reply(const char *method, int route, int status, const char *etag,
                         const rhd_config *cfg)
{
    static char body[] = "{}";
    return (rhd_request){.cfg = cfg,
                         .method = method,
                         .route = route,
                         .status = status,
                         .etag = etag,
                         .reply = body,
                         .reply_len = 2,
                         .reply_static = true,
                         .content_type = "application/json"};
}

Test(cache_headers, only_tagged_200s_to_get_may_be_stored)
{
    rhd_config cfg;
    char err[ERR_LEN];
    cr_assert_eq(load_config(&cfg, NULL, NULL, 2, err), 0, "%s", err);
    const char tag[] = "\"t\"";
    static const struct {
        const char *method;
        int route, status;
        bool tagged;
        const char *want;
    } cases[] = {
        {"GET", RHD_ROUTE_PUZZLE, 200, true, "public, max-age=86400"},
        {"HEAD", RHD_ROUTE_PUZZLE, 200, true, "public, max-age=86400"},
        {"GET", RHD_ROUTE_PAGE, 200, true, "no-cache"},
        {"GET", RHD_ROUTE_WEB_FILE, 200, true, "no-cache"},
        {"GET", RHD_ROUTE_PUZZLE, 404, true, "no-store"},
        {"GET", RHD_ROUTE_PUZZLE, 500, true, "no-store"},
        {"GET", RHD_ROUTE_PUZZLE, 200, false, "no-store"},
        {"POST", RHD_ROUTE_SOLVE, 200, true, "no-store"},
        {"OPTIONS", RHD_ROUTE_PAGE, 204, true, "no-store"},
        {"GET", RHD_ROUTE_PUZZLES, 200, true, "no-store"},
        {"GET", RHD_ROUTE_HEALTHZ, 200, false, "no-store"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        rhd_request r = reply(cases[k].method, cases[k].route, cases[k].status,
                              cases[k].tagged ? tag : NULL, &cfg);
        const rhd_cache_headers h = rhd_cache_decide(&r, NULL, NULL);
        cr_expect_str_eq(h.cache_control, cases[k].want, "case %zu", k);
        const bool stored = strcmp(cases[k].want, "no-store") != 0;
        cr_expect_eq(h.etag != NULL, stored, "case %zu: an ETag only where it may be stored", k);
        cr_expect_not(h.vary_origin, "CORS is off");
        cr_expect_eq(r.status, cases[k].status, "case %zu: nothing listed, no 304", k);
    }
}

Test(cache_headers, a_listed_tag_makes_a_304_without_body)
{
    rhd_config cfg;
    char err[ERR_LEN];
    char *cors[] = {"--cors-origins=https://a.example", NULL};
    cr_assert_eq(load_config(&cfg, NULL, cors, 2, err), 0, "%s", err);
    const char tag[] = "\"t\"";
    int asked = 0;
    rhd_request r = reply("HEAD", RHD_ROUTE_PUZZLE, 200, tag, &cfg);
    rhd_cache_headers h = rhd_cache_decide(&r, listed_yes, &asked);
    cr_expect_eq(r.status, 304);
    cr_expect_eq(r.reply_len, 0);
    cr_expect_null(r.content_type);
    cr_expect_str_eq(h.etag, tag);
    cr_expect_str_eq(h.cache_control, "public, max-age=86400", "the 200's headers");
    cr_expect(h.vary_origin, "a stored copy may serve any origin while CORS is on");
    cr_expect_eq(asked, 1);

    /* A POST or an error never asks: it is neither stored nor revalidated. */
    r = reply("POST", RHD_ROUTE_SOLVE, 200, tag, &cfg);
    h = rhd_cache_decide(&r, listed_yes, &asked);
    r = reply("GET", RHD_ROUTE_PUZZLE, 404, tag, &cfg);
    h = rhd_cache_decide(&r, listed_yes, &asked);
    cr_expect_eq(r.status, 404);
    cr_expect_str_eq(h.cache_control, "no-store");
    cr_expect_eq(asked, 1);
}

/* The value of header `name` in `h`, or NULL. */
static const char *value_of(const rhd_headers *h, const char *name)
{
    for (int k = 0; k < h->count; k++)
        if (strcmp(h->at[k].name, name) == 0) return h->at[k].value;
    return NULL;
}

Test(headers, an_allowed_origin_gets_the_cors_headers_and_no_other_does)
{
    rhd_config cfg;
    char err[ERR_LEN];
    char *flags[] = {"--cors-origins", "https://a.example, https://b.example", NULL};
    cr_assert_eq(load_config(&cfg, NULL, flags, 2, err), 0, "%s", err);
    rhd_request r = reply("OPTIONS", RHD_ROUTE_SOLVE, 204, NULL, &cfg);
    r.allow = "POST, OPTIONS";
    rhd_cors_note(&r, "https://c.example");
    cr_expect_str_eq(r.origin, "", "an origin not listed");
    rhd_cors_note(&r, NULL);
    cr_expect_str_eq(r.origin, "");
    rhd_cors_note(&r, "https://b.example");
    cr_expect_str_eq(r.origin, "https://b.example");
    const rhd_cache_headers cache = rhd_cache_decide(&r, NULL, NULL);
    rhd_headers h;
    rhd_headers_of(&h, &r, &cache, false);
    cr_expect_str_eq(value_of(&h, "Access-Control-Allow-Origin"), "https://b.example");
    cr_expect_str_eq(value_of(&h, "Vary"), "Origin");
    cr_expect_str_eq(value_of(&h, "Access-Control-Allow-Methods"), "POST, OPTIONS");
    cr_expect_str_eq(value_of(&h, "Allow"), "POST, OPTIONS");
    cr_expect_null(value_of(&h, "Connection"), "kept alive");
    cr_expect(rhd_cors_allowed("*", "null"), "* allows any origin");
    cr_expect_not(rhd_cors_allowed("*", ""));
    cr_expect_not(rhd_cors_allowed("", "https://a.example"), "CORS off");
}

Test(headers, a_raw_answer_s_head_lists_every_header_and_its_length)
{
    rhd_config cfg;
    char err[ERR_LEN];
    cr_assert_eq(load_config(&cfg, NULL, NULL, 2, err), 0, "%s", err);
    rhd_request r = reply("POST", RHD_ROUTE_SOLVE, 413, NULL, &cfg);
    r.content_type = "application/problem+json";
    r.retry_after = 7;
    strcpy(r.request_id, "abc");
    const rhd_cache_headers cache = rhd_cache_decide(&r, NULL, NULL);
    rhd_headers h;
    rhd_headers_of(&h, &r, &cache, true);
    char head[512];
    const size_t n = rhd_headers_raw(head, sizeof head, 413, "Content Too Large", &h, 2);
    cr_assert_eq(n, strlen(head));
    cr_expect_str_eq(head, "HTTP/1.1 413 Content Too Large\r\n"
                           "Content-Type: application/problem+json\r\n"
                           "X-Request-Id: abc\r\n"
                           "Cache-Control: no-store\r\n"
                           "X-Content-Type-Options: nosniff\r\n"
                           "Connection: close\r\n"
                           "Retry-After: 7\r\n"
                           "Content-Length: 2\r\n\r\n");
    for (size_t len = 0; len <= n; len++)
        cr_expect_eq(rhd_headers_raw(head, len, 413, "Content Too Large", &h, 2), 0,
                     "a head cut to %zu bytes", len);
}
