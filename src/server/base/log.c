/* JSON log lines on stdout, each built on the stack and written with one write(2), and the
 * JSON string escaping the service uses for anything a client sent. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "rushhour/utf8.h"

#define LOG_LINE_BYTES 8192

/* Atomic although set before threads start: a relaxed load costs nothing and keeps race
 * detectors quiet if a later change sets it at run time. */
static atomic_int min_level = RHD_LOG_INFO;

void rhd_log_set_level(rhd_log_level level)
{
    atomic_store_explicit(&min_level, (int)level, memory_order_relaxed);
}

/* rhd_json_escape, also telling whether all of `s` fitted. Units (a character, an escape, a
 * replacement) are written whole or not at all, and the output stays a prefix of the full one. */
static size_t escape(char *out, size_t len, const char *s, int *complete)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    size_t used = 0;
    while (*p && len) {
        char unit[8];
        size_t n, step;
        const int seq = rh_utf8_sequence((const char *)p);
        if (seq < 0) {
            /* NOLINTNEXTLINE(bugprone-not-null-terminated-result): a unit of n bytes, no string */
            memcpy(unit, "\xEF\xBF\xBD", 3);
            n = 3;
            step = (size_t)-seq;
        } else if (*p == '"' || *p == '\\') {
            unit[0] = '\\';
            unit[1] = (char)*p;
            n = 2;
            step = 1;
        } else if (*p < 0x20) {
            static const char short_form[] = "btn\0fr"; /* \b \t \n, no \v, \f \r */
            step = 1;
            if (*p >= '\b' && *p <= '\r' && short_form[*p - '\b']) {
                unit[0] = '\\';
                unit[1] = short_form[*p - '\b'];
                n = 2;
            } else {
                snprintf(unit, sizeof unit, "\\u%04x", *p);
                n = 6;
            }
        } else {
            memcpy(unit, p, (size_t)seq);
            n = step = (size_t)seq;
        }
        if (used + n >= len) break;
        memcpy(out + used, unit, n);
        used += n;
        p += step;
    }
    if (len) out[used] = '\0';
    if (complete) *complete = !*p;
    return used;
}

size_t rhd_json_escape(char *out, size_t len, const char *s)
{
    return escape(out, len, s, NULL);
}

/* Writers take turns: one write(2) of up to 8 KiB is atomic on a file but not on a pipe
 * (PIPE_BUF is 4 KiB), and a partial write (a full pipe, a signal) must be finished before
 * another thread's line starts. */
static pthread_mutex_t write_lock = PTHREAD_MUTEX_INITIALIZER;

static void write_all(const char *buf, size_t n)
{
    pthread_mutex_lock(&write_lock);
    while (n) {
        const ssize_t w = write(STDOUT_FILENO, buf, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            break; /* nowhere left to report it */
        }
        buf += w;
        n -= (size_t)w;
    }
    pthread_mutex_unlock(&write_lock);
}

bool rhd_log_enabled(rhd_log_level level)
{
    return (int)level >= atomic_load_explicit(&min_level, memory_order_relaxed);
}

void rhd_log(rhd_log_level level, const char *event, const char *fields)
{
    if (!rhd_log_enabled(level)) return;

    static const char truncated[] = ",\"truncated\":true}\n";
    char line[LOG_LINE_BYTES];
    struct timespec now;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &now);
    gmtime_r(&now.tv_sec, &tm);
    size_t used = (size_t)snprintf(
        line, sizeof line,
        "{\"time\":\"%04d-%02d-%02dT%02d:%02d:%02d.%03dZ\",\"level\":\"%s\",\"event\":\"",
        tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
        (int)(now.tv_nsec / 1000000), rhd_log_level_name(level));

    /* The event leaves room for its closing quote and the truncated ending, so even a huge
     * event gives a valid object. */
    int whole;
    used += escape(line + used, sizeof line - used - sizeof truncated, event, &whole);
    line[used++] = '"';
    const size_t flen = fields ? strlen(fields) : 0;
    if (whole && (!flen || flen + 3 <= sizeof line - used)) {
        if (flen) {
            line[used++] = ',';
            /* NOLINTNEXTLINE(bugprone-not-null-terminated-result): `used` counts; ended below */
            memcpy(line + used, fields, flen);
            used += flen;
        }
        line[used++] = '}';
        line[used++] = '\n';
    } else {
        memcpy(line + used, truncated, sizeof truncated - 1);
        used += sizeof truncated - 1;
    }
    write_all(line, used);
}
