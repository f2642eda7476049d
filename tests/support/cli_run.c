/* Running the `rushhour` binary from a test; see cli_run.h. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_run.h"

#ifndef RH_CLI
#error "RH_CLI must name the rushhour binary"
#endif

extern char **environ;

char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    cr_assert_not_null(buf);
    size_t n;
    while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len - 1 == 0) {
            cap *= 2;
            buf = realloc(buf, cap);
            cr_assert_not_null(buf);
        }
    }
    fclose(f);
    buf[len] = '\0';
    return buf;
}

void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "cannot create %s", path);
    cr_assert_eq(fwrite(text, 1, strlen(text), f), strlen(text));
    cr_assert_eq(fclose(f), 0);
}

run_result run_cli_to(const char *const *args, const char *input, const char *out_file,
                      const char *err_file)
{
    char dir[] = "/tmp/rh_cli_test_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char in_path[64], out_path[64], err_path[64];
    snprintf(in_path, sizeof in_path, "%s/in", dir);
    snprintf(out_path, sizeof out_path, "%s/out", dir);
    snprintf(err_path, sizeof err_path, "%s/err", dir);
    write_file(in_path, input ? input : "");

    const char *argv[32];
    int argc = 0;
    argv[argc++] = RH_CLI;
    for (int i = 0; args[i]; i++) {
        cr_assert_lt(argc, 31);
        argv[argc++] = args[i];
    }
    argv[argc] = NULL;

    posix_spawn_file_actions_t fa;
    cr_assert_eq(posix_spawn_file_actions_init(&fa), 0);
    posix_spawn_file_actions_addopen(&fa, 0, in_path, O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out_file ? out_file : out_path,
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, err_file ? err_file : err_path,
                                     O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY, 0600);
    pid_t pid;
    const int err = posix_spawn(&pid, RH_CLI, &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    cr_assert_eq(err, 0, "cannot run %s: %s", RH_CLI, strerror(err));
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);

    run_result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = out_file ? strdup("") : slurp(out_path);
    r.err = err_file ? strdup("") : slurp(err_path);
    unlink(in_path);
    unlink(out_path);
    unlink(err_path);
    rmdir(dir);
    return r;
}

run_result run_cli(const char *const *args, const char *input)
{
    return run_cli_to(args, input, NULL, NULL);
}

void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

void expect_usage_error(const char *const *args, const char *input, const char *needle)
{
    run_result r = run_cli(args, input);
    cr_expect_eq(r.code, 2, "%s: exit %d", needle, r.code);
    cr_expect_str_eq(r.out, "", "%s: stdout \"%s\"", needle, r.out);
    cr_expect_not_null(strstr(r.err, needle), "stderr lacks \"%s\": \"%s\"", needle, r.err);
    run_free(&r);
}
