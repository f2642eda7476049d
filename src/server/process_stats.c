/* /proc/self/stat and /proc/stat read into the standard process figures. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "process_stats.h"

/* The kernel's boot time in seconds since the epoch: process start times count from it. */
static bool boot_time(double *out)
{
    FILE *f = fopen("/proc/stat", "r");
    if (!f) return false;
    char line[256];
    bool found = false;
    unsigned long long btime = 0; /* read below even when no line matched */
    while (!found && fgets(line, sizeof line, f)) found = sscanf(line, "btime %llu", &btime) == 1;
    fclose(f);
    *out = (double)btime;
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

bool rhd_process_stats_read(rhd_process_stats *out)
{
    FILE *f = fopen("/proc/self/stat", "r");
    if (!f) return false;
    char buf[1024];
    const size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    /* The command name, field 2, may hold spaces and parentheses: the fields resume after its
     * last ')'. Then: state (3), ..., utime (14), stime (15), ..., starttime (22), vsize (23),
     * rss in pages (24). */
    const char *p = strrchr(buf, ')');
    unsigned long long utime, stime, start, vsize;
    long long rss;
    if (!p || sscanf(p + 2,
                     "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %*d %*d %*d %*d %*d "
                     "%*d %llu %llu %lld",
                     &utime, &stime, &start, &vsize, &rss) != 5)
        return false;
    const double ticks = (double)sysconf(_SC_CLK_TCK);
    double boot;
    if (ticks <= 0 || !boot_time(&boot)) return false;
    out->cpu_seconds = (double)(utime + stime) / ticks;
    out->start_time_seconds = boot + (double)start / ticks;
    out->virtual_bytes = vsize;
    out->resident_bytes = rss > 0 ? (uint64_t)rss * (uint64_t)sysconf(_SC_PAGESIZE) : 0;
    out->open_fds = count_fds();
    struct rlimit lim;
    out->max_fds = getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY
                       ? (long)lim.rlim_cur
                       : -1;
    return true;
}
