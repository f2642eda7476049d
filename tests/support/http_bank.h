/* The HTTP suites served by a bank of every record of bank_records.h: the suite's .init builds
 * it in a scratch folder (and starts the HTTP client), its .fini removes both. */
#ifndef RH_HTTP_BANK_H
#define RH_HTTP_BANK_H

void http_bank_suite_setup(void);
void http_bank_suite_teardown(void);

/* The bank's file, for `--bank` and for tests that open it. */
const char *http_bank_path(void);

#endif
