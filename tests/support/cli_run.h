/* Running the `rushhour` binary from a Criterion test: spawned with posix_spawn, stdin from a
 * file, stdout and stderr captured separately. RH_CLI names the binary (set by the test's
 * target). Shared by the CLI's suites (test_cli.c, test_cli_bank.c). */
#ifndef RH_TEST_CLI_RUN_H
#define RH_TEST_CLI_RUN_H

typedef struct {
    int code; /* exit status, or -1 if the process did not exit normally */
    char *out, *err;
} run_result;

/* A whole file as a string (free it); the test fails when it cannot be read. */
char *slurp(const char *path);

/* Writes `text` to `path`; the test fails when it cannot. */
void write_file(const char *path, const char *text);

/* Runs the CLI with `args` (NULL-terminated, the program name excluded) and `input` on stdin
 * (NULL: an empty stdin), stdout to `out_file` (then not read back: "/dev/full") or, for NULL,
 * captured, and stderr to `err_file` (then not read back: a terminal) or captured. */
run_result run_cli_to(const char *const *args, const char *input, const char *out_file,
                      const char *err_file);

/* run_cli_to with both outputs captured. */
run_result run_cli(const char *const *args, const char *input);

void run_free(run_result *r);

/* A usage error: exit 2, nothing on stdout, and `needle` in what stderr says. */
void expect_usage_error(const char *const *args, const char *input, const char *needle);

#endif
