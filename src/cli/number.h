/* The CLI's one reading of a decimal number, for options and for the lines of its files: the
 * library's (rh_decimal_parse), which the service reads its query parameters with; and of a
 * size, the library's too (rh_size_parse), which the service reads its size settings with. */
#ifndef RH_CLI_NUMBER_H
#define RH_CLI_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

/* Whether `s` is a decimal number filling the whole string (digits only: no sign, no space)
 * of at most `max`; if so, it is stored in `out`. NULL is no number. */
bool cli_number(const char *s, uint64_t max, uint64_t *out);

/* Whether `s` is a number of bytes filling the whole string (digits, then optionally KiB, MiB,
 * GiB or TiB: 256MiB) of at most `max`; if so, it is stored in `out`. NULL is no size. */
bool cli_size(const char *s, uint64_t max, uint64_t *out);

/* The sizes cli_size takes, for usage texts. */
#define CLI_SIZE_FORM "digits, then optionally KiB, MiB, GiB or TiB (powers of 1024: 256MiB)"

#endif
