/* A harness for the rushhourd integration tests: starts the real binary on a free loopback
 * port, captures its stdout (the JSON log) and stderr on a background thread, stops it with
 * SIGTERM, and sends HTTP requests to it with libcurl (127.0.0.1 only).
 *
 * Nothing here calls Criterion: every function reports failure through its return value and a
 * message, so it may run on any thread. */
#ifndef RH_SERVER_HARNESS_H
#define RH_SERVER_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include <curl/curl.h>

typedef struct rhs_server rhs_server;

/* Starts `binary` with "--bind 127.0.0.1 --port 0 --admin-port 0 --bank off", searches of
 * 600 s ("--timeout-ms 600000 --timeout-max-ms 600000", left out when `args` set either flag),
 * then `args` (NULL-terminated, may be NULL), waits up to `timeout_ms` for its "start" log line
 * and reads the port from it. Returns the server, or NULL with the reason (and whatever the
 * process printed) in `err`. */
rhs_server *rhs_start(const char *binary, const char *const *args, int timeout_ms, char *err,
                      size_t err_len);

int rhs_port(const rhs_server *s);
/* The admin listener's port, or -1 when the server has none (--admin-port off). */
int rhs_admin_port(const rhs_server *s);
pid_t rhs_pid(const rhs_server *s);

/* Sends `sig` to the server process. */
int rhs_signal(rhs_server *s, int sig);

/* Waits up to `timeout_ms` for the process to exit (after a signal the caller sent). Returns
 * its wait status in *status and 0, or -1 when it is still running (nothing is killed). */
int rhs_wait_exit(rhs_server *s, int timeout_ms, int *status);

/* SIGTERM, then waits up to `timeout_ms`; past that SIGKILL. Returns the exit code (0..255),
 * 128 + signal when it died of a signal, or -1 when it had to be killed. Joins the reader
 * thread. The captured output stays readable until rhs_free. Idempotent. */
int rhs_stop(rhs_server *s, int timeout_ms);

/* Frees the server; kills it first (SIGKILL) if it is still running. NULL is fine. */
void rhs_free(rhs_server *s);

/* Kills and frees every server still registered (for a test's teardown after a failure). */
void rhs_cleanup_all(void);

/* A malloc'd copy of everything the server wrote to stdout (or stderr) so far. */
char *rhs_stdout(rhs_server *s);
char *rhs_stderr(rhs_server *s);

/* Waits up to `timeout_ms` until stdout contains `needle`. */
bool rhs_wait_stdout(rhs_server *s, const char *needle, int timeout_ms);

/* ---- HTTP client ---- */

typedef struct {
    const char *method;         /* "GET", "POST", "HEAD", "OPTIONS", "DELETE", ... */
    const char *path;           /* "/v1/solve" */
    const char *const *headers; /* NULL-terminated "Name: value" lines, or NULL */
    const char *body;           /* NULL: no body */
    size_t body_len;            /* bytes of body */
    bool chunked;               /* send the body with Transfer-Encoding: chunked */
    long timeout_ms;            /* whole request; 0 means 120000 (a hang guard) */
    CURL *handle;               /* reused when given (keep-alive), else one per call */
} rhs_request;

typedef struct {
    long status;   /* HTTP status, 0 when no response came */
    CURLcode code; /* libcurl's result */
    char *headers; /* the final response's header block, NUL-terminated */
    char *body;    /* NUL-terminated */
    size_t body_len;
    char error[CURL_ERROR_SIZE];
} rhs_response;

/* Must be called once from the main thread before any client thread starts. */
void rhs_http_init(void);

/* Sends `req` to 127.0.0.1:`port`. POST bodies get "Content-Type: application/json" unless
 * the caller gives one. Returns 0 when an HTTP response arrived, else -1 (see out->code). */
int rhs_http(int port, const rhs_request *req, rhs_response *out);

/* Shorthands: GET `path`; POST `body` (a string) with `content_type`. */
int rhs_get(int port, const char *path, rhs_response *out);
int rhs_post(int port, const char *path, const char *content_type, const char *body,
             rhs_response *out);

void rhs_response_free(rhs_response *r);

/* Copies the value of the first header `name` (case-insensitive) into `out`; false when
 * absent. */
bool rhs_header(const rhs_response *r, const char *name, char *out, size_t len);

/* How many times header `name` appears. */
int rhs_header_count(const rhs_response *r, const char *name);

/* ---- other processes ---- */

/* Runs `argv` (argv[0] the program path) to completion within `timeout_ms`, capturing stdout
 * and stderr (malloc'd, either pointer may be NULL). Returns the exit code, 128 + signal, or
 * -1 on a spawn failure or a timeout (the process is then killed). */
int rhs_run(const char *const *argv, int timeout_ms, char **out, char **err);

/* ---- Prometheus text ---- */

/* The value of the sample whose name and labels are exactly `series` (e.g.
 * `rushhourd_build_info{version="0.1.0"}`), or -1 when absent. */
double rhs_metric_value(const char *text, const char *series);

/* Microseconds on the monotonic clock. */
long long rhs_now_us(void);

/* Sleeps `ms` milliseconds. */
void rhs_sleep_ms(int ms);

#endif
