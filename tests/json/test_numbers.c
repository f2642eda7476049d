/* The numbers the CLI and the service read as text (rushhour/json.h): rh_decimal_parse for
 * counts, rh_size_parse for byte sizes with their binary suffixes. */
#include <criterion/criterion.h>
#include <stdint.h>

#include "rushhour/error.h"
#include "rushhour/json.h"

#define KIB UINT64_C(1024)
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)
#define TIB (1024 * GIB)

/* Texts neither reader takes: no digit first, blanks, signs, bases, exponents, fractions. */
static const char *const not_numbers[] = {"",     "abc", "-5",  "+5",  " 5",  "5 ",
                                          "0x10", "1e3", "1.5", "5\n", "KiB", "\xff"};

Test(decimal, whole_decimal_numbers_in_range)
{
    uint64_t v = 7;
    cr_expect_eq(rh_decimal_parse("0", 0, 10, &v), RH_OK);
    cr_expect_eq(v, 0);
    cr_expect_eq(rh_decimal_parse("18446744073709551615", 0, UINT64_MAX, &v), RH_OK);
    cr_expect_eq(v, UINT64_MAX);
    cr_expect_eq(rh_decimal_parse("007", 0, 10, &v), RH_OK, "leading zeros are digits");
    cr_expect_eq(v, 7);
    v = 42;
    cr_expect_eq(rh_decimal_parse("18446744073709551616", 0, UINT64_MAX, &v), RH_EARG, "overflow");
    cr_expect_eq(rh_decimal_parse("11", 0, 10, &v), RH_EARG);
    cr_expect_eq(rh_decimal_parse("0", 1, 10, &v), RH_EARG);
    cr_expect_eq(rh_decimal_parse("64KiB", 0, UINT64_MAX, &v), RH_EARG, "a count takes no suffix");
    cr_expect_eq(rh_decimal_parse(NULL, 0, 10, &v), RH_EARG);
    cr_expect_eq(rh_decimal_parse("1", 0, 10, NULL), RH_EARG);
    for (size_t k = 0; k < sizeof not_numbers / sizeof not_numbers[0]; k++)
        cr_expect_eq(rh_decimal_parse(not_numbers[k], 0, UINT64_MAX, &v), RH_EARG, "'%s'",
                     not_numbers[k]);
    cr_expect_eq(v, 42, "nothing is stored on an error");
}

Test(size, bytes_and_every_binary_suffix)
{
    static const struct {
        const char *text;
        uint64_t bytes;
    } sizes[] = {{"0", 0},
                 {"512", 512},
                 {"64KiB", 64 * KIB},
                 {"256MiB", 256 * MIB},
                 {"1GiB", GIB},
                 {"3TiB", 3 * TIB},
                 {"0MiB", 0},
                 {"18446744073709551615", UINT64_MAX},
                 {"16777215TiB", 16777215 * TIB}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint64_t v = 1;
        cr_expect_eq(rh_size_parse(sizes[k].text, 0, UINT64_MAX, &v), RH_OK, "'%s'", sizes[k].text);
        cr_expect_eq(v, sizes[k].bytes, "'%s' is %llu bytes, not %llu", sizes[k].text,
                     (unsigned long long)sizes[k].bytes, (unsigned long long)v);
    }
}

Test(size, other_suffixes_overflow_and_range_are_refused)
{
    static const char *const bad[] = {"64KB",  "64kib", "64K",      "64 KiB", "64KiB ",
                                      "KiB64", "1PiB",  "64KiBKiB", "1.5GiB", "-1KiB"};
    uint64_t v = 42;
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        cr_expect_eq(rh_size_parse(bad[k], 0, UINT64_MAX, &v), RH_EARG, "'%s'", bad[k]);
    for (size_t k = 0; k < sizeof not_numbers / sizeof not_numbers[0]; k++)
        cr_expect_eq(rh_size_parse(not_numbers[k], 0, UINT64_MAX, &v), RH_EARG, "'%s'",
                     not_numbers[k]);
    cr_expect_eq(rh_size_parse("16777216TiB", 0, UINT64_MAX, &v), RH_EARG, "2^64 bytes");
    cr_expect_eq(rh_size_parse("18014398509481984TiB", 0, UINT64_MAX, &v), RH_EARG);
    cr_expect_eq(rh_size_parse("18446744073709551616", 0, UINT64_MAX, &v), RH_EARG);
    cr_expect_eq(rh_size_parse("1023", KIB, MIB, &v), RH_EARG, "below the least");
    cr_expect_eq(rh_size_parse("2MiB", KIB, MIB, &v), RH_EARG, "above the most");
    cr_expect_eq(rh_size_parse(NULL, 0, UINT64_MAX, &v), RH_EARG);
    cr_expect_eq(rh_size_parse("1KiB", 0, UINT64_MAX, NULL), RH_EARG);
    cr_expect_eq(v, 42, "nothing is stored on an error");
    cr_expect_eq(rh_size_parse("1KiB", KIB, MIB, &v), RH_OK, "the range's ends are in it");
    cr_expect_eq(v, KIB);
    cr_expect_eq(rh_size_parse("1048576", KIB, MIB, &v), RH_OK);
    cr_expect_eq(v, MIB);
}
