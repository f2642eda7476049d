/* A suite's bank of every bank record, in its scratch folder (http_bank.h). */
#include <criterion/criterion.h>
#include <stdio.h>

#include "bank_records.h"
#include "http_bank.h"
#include "http_test.h"
#include "scratch.h"

static char path[128];

void http_bank_suite_setup(void)
{
    http_suite_setup();
    scratch_make();
    snprintf(path, sizeof path, "%s", scratch_path("bank.sqlite"));
    cr_assert_eq(bank_build_all(path), RH_OK);
}

void http_bank_suite_teardown(void)
{
    scratch_remove();
    http_suite_teardown();
}

const char *http_bank_path(void)
{
    return path;
}
