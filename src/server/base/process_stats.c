/* /proc/self/stat and /proc/stat read into the standard process figures. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "process_stats.h"

/* The kernel's boot time in seconds since the epoch: process start times count from it. */
static bool boot_time(double *out)
{
    FILE *f = fopen("/proc/stat", "r");
    if (!f) return false;
    static const char key[] = "btime ";
    char line[256];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        if (strncmp(line, key, sizeof key - 1) != 0) continue;
        char *end;
        *out = (double)strtoull(line + sizeof key - 1, &end, 10);
        found = end != line + sizeof key - 1;
    }
    fclose(f);
    return found;
}

static long count_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    if (!d) return -1;
    long n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') n++;
    closedir(d);
    return n - 1; /* the directory's own descriptor */
}

/* The numeric fields of /proc/self/stat from field 4 on (field[k] is field k; the state, field
 * 3, is a letter): false when fewer than `count` of them are there. Negative fields (priority,
 * nice) wrap, which is harmless: none of them is used. */
static bool stat_fields(unsigned long long *field, int count)
{
    FILE *f = fopen("/proc/self/stat", "r");
    if (!f) return false;
    char buf[1024];
    const size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    /* The command name, field 2, may hold spaces and parentheses: the fields resume after its
     * last ')', with the state. */
    const char *p = strrchr(buf, ')');
    if (!p || !p[1] || !p[2]) return false;
    p += 3;
    for (int k = 4; k < count; k++) {
        char *end;
        field[k] = strtoull(p, &end, 10);
        if (end == p) return false;
        p = end;
    }
    return true;
}

bool rhd_process_stats_read(rhd_process_stats *out)
{
    /* utime (14), stime (15), starttime (22), vsize (23), rss in pages (24). */
    unsigned long long field[25];
    const double ticks = (double)sysconf(_SC_CLK_TCK);
    double boot;
    if (!stat_fields(field, 25) || ticks <= 0 || !boot_time(&boot)) return false;
    out->cpu_seconds = (double)(field[14] + field[15]) / ticks;
    out->start_time_seconds = boot + (double)field[22] / ticks;
    out->virtual_bytes = field[23];
    out->resident_bytes = field[24] * (uint64_t)sysconf(_SC_PAGESIZE);
    out->open_fds = count_fds();
    struct rlimit lim;
    out->max_fds = getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY
                       ? (long)lim.rlim_cur
                       : -1;
    return true;
}
