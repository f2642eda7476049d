/* The process's own figures that every Prometheus exporter publishes (process_cpu_seconds_total
 * and the rest), read from Linux's /proc at scrape time. */
#ifndef RHD_PROCESS_STATS_H
#define RHD_PROCESS_STATS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    double cpu_seconds;        /* user + system time */
    uint64_t resident_bytes;   /* resident set size */
    uint64_t virtual_bytes;    /* virtual memory size */
    double start_time_seconds; /* since the Unix epoch */
    long open_fds, max_fds;    /* descriptors open now; the soft limit */
} rhd_process_stats;

/* Reads the figures of the calling process; false when /proc cannot be read (not Linux, or
 * not mounted), leaving `out` unspecified. */
bool rhd_process_stats_read(rhd_process_stats *out);

#endif
