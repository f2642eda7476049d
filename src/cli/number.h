/* The CLI's one reading of a decimal number, for options and for the lines of its files: the
 * library's (rh_decimal_parse), which the service reads its query parameters with. */
#ifndef RH_CLI_NUMBER_H
#define RH_CLI_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

/* Whether `s` is a decimal number filling the whole string (digits only: no sign, no space)
 * of at most `max`; if so, it is stored in `out`. NULL is no number. */
bool cli_number(const char *s, uint64_t max, uint64_t *out);

#endif
