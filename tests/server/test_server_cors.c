/* CORS origin matching (headers.c, over config.c's reader of the list): exact origins, "*", lists
 * with blanks, none by default. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "config.h"
#include "config_load.h"
#include "headers.h"

static bool allowed(const char *list, const char *origin)
{
    rhd_config c;
    char err[ERR_LEN], flag[600];
    snprintf(flag, sizeof flag, "--cors-origins=%s", list);
    char *flags[] = {flag, NULL};
    cr_assert_eq(load_config(&c, NULL, flags, 2, err), 0, "%s", err);
    return rhd_cors_allowed(c.cors_origins, origin);
}

Test(cors, exact_match)
{
    cr_expect(allowed("https://a.example", "https://a.example"));
    cr_expect_not(allowed("https://a.example", "https://a.example.evil"));
    cr_expect_not(allowed("https://a.example", "https://a.exampl"));
    cr_expect_not(allowed("https://a.example", "http://a.example"));
    cr_expect_not(allowed("https://a.example", "HTTPS://A.EXAMPLE"));
    cr_expect_not(allowed("https://a.example", ""));
    cr_expect_not(allowed("https://a.example", NULL));
}

Test(cors, star_allows_any_non_empty_origin)
{
    cr_expect(allowed("*", "https://anything.example"));
    cr_expect(allowed("*", "null"));
    cr_expect_not(allowed("*", ""));
    cr_expect_not(allowed("*", NULL));
}

Test(cors, list_with_spaces)
{
    const char *list = " https://a.example , https://b.example:8443,\thttp://c.example ";
    cr_expect(allowed(list, "https://a.example"));
    cr_expect(allowed(list, "https://b.example:8443"));
    cr_expect(allowed(list, "http://c.example"));
    cr_expect_not(allowed(list, "https://b.example"));
    cr_expect_not(allowed(list, " https://a.example"));
    cr_expect_not(allowed(list, "https://a.example , https://b.example:8443"));
    cr_expect(allowed("https://a.example,*", "https://z.example"));
}

Test(cors, empty_list_allows_none)
{
    cr_expect_not(allowed("", "https://a.example"));
    cr_expect_not(allowed(" , ", "https://a.example"));
    rhd_config c;
    char err[ERR_LEN];
    cr_assert_eq(load_config(&c, NULL, NULL, 2, err), 0, "%s", err);
    cr_expect_not(rhd_cors_allowed(c.cors_origins, "http://localhost"), "CORS is off by default");
}
