/* A scratch folder for a test; see scratch.h. Criterion runs each test in a process of its
 * own, so one folder per process is one folder per test. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "scratch.h"

static char dir[64];

void scratch_make(void)
{
    snprintf(dir, sizeof dir, "/tmp/rh-test-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

void scratch_remove(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
}

const char *scratch_dir(void)
{
    return dir;
}

const char *scratch_path(const char *name)
{
    static char buf[4][128];
    static int next;
    char *p = buf[next++ % 4];
    snprintf(p, sizeof buf[0], "%s/%s", dir, name);
    return p;
}
