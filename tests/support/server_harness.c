/* The rushhourd integration-test harness: process control, log capture and a libcurl client.
 * See server_harness.h. */
#define _GNU_SOURCE /* pipe2 */
#include "server_harness.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

extern char **environ;

#define CAPTURE_MAX (64u << 20) /* bytes kept of each stream; the rest is read and dropped */
#define SERVERS_MAX 16

typedef struct {
    char *data;
    size_t len, cap;
    bool eof;
} capture;

struct rhs_server {
    pid_t pid;
    int port, admin_port;
    bool exited;
    int wait_status;
    int out_fd, err_fd;
    pthread_t reader;
    bool reader_running;
    pthread_mutex_t lock;
    pthread_cond_t grew; /* output arrived, or a stream ended */
    capture out, err;
};

static rhs_server *registry[SERVERS_MAX];

long long rhs_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

void rhs_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) continue;
}

static void set_err(char *err, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t len, const char *fmt, ...)
{
    if (!err || !len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

static void capture_add(capture *c, const char *data, size_t n)
{
    if (c->len + n + 1 > CAPTURE_MAX) return;
    if (c->len + n + 1 > c->cap) {
        size_t cap = c->cap ? c->cap : 4096;
        while (cap < c->len + n + 1) cap *= 2;
        char *p = realloc(c->data, cap);
        if (!p) return;
        c->data = p;
        c->cap = cap;
    }
    memcpy(c->data + c->len, data, n);
    c->len += n;
    c->data[c->len] = '\0';
}

/* Reads both streams until both end, so the server never blocks on a full pipe. */
static void *reader_main(void *arg)
{
    rhs_server *s = arg;
    char buf[65536];
    for (;;) {
        struct pollfd fds[2];
        int n = 0, which[2];
        pthread_mutex_lock(&s->lock);
        if (!s->out.eof) {
            fds[n] = (struct pollfd){s->out_fd, POLLIN, 0};
            which[n++] = 0;
        }
        if (!s->err.eof) {
            fds[n] = (struct pollfd){s->err_fd, POLLIN, 0};
            which[n++] = 1;
        }
        pthread_mutex_unlock(&s->lock);
        if (n == 0) break;
        if (poll(fds, (nfds_t)n, 200) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < n; i++) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t got = read(fds[i].fd, buf, sizeof buf);
            if (got < 0 && errno == EINTR) continue;
            pthread_mutex_lock(&s->lock);
            capture *c = which[i] == 0 ? &s->out : &s->err;
            if (got <= 0)
                c->eof = true;
            else
                capture_add(c, buf, (size_t)got);
            pthread_cond_broadcast(&s->grew);
            pthread_mutex_unlock(&s->lock);
        }
    }
    return NULL;
}

static void deadline_in(struct timespec *ts, int ms)
{
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

/* The port named `key` in the first complete stdout line with "event":"start", 0 when there
 * is none yet, -1 when that line does not hold one. Called with the lock held. */
static int start_port(const rhs_server *s, const char *key)
{
    const char *data = s->out.data;
    if (!data) return 0;
    for (const char *line = data; *line;) {
        const char *end = strchr(line, '\n');
        if (!end) return 0; /* an incomplete last line */
        const size_t n = (size_t)(end - line);
        if (memmem(line, n, "\"event\":\"start\"", 15)) {
            cJSON *doc = cJSON_ParseWithLength(line, n);
            const cJSON *port = cJSON_GetObjectItemCaseSensitive(doc, key);
            const int p = cJSON_IsNumber(port) ? (int)port->valuedouble : -1;
            cJSON_Delete(doc);
            return p > 0 && p < 65536 ? p : -1;
        }
        line = end + 1;
    }
    return 0;
}

/* The environment less RUSHHOURD_* settings, so the caller's shell cannot change the test;
 * a test's own RHS_ENV_<NAME>=value goes to the server as <NAME>=value. */
static char **clean_environment(void)
{
    static const char pass[] = "RHS_ENV_";
    size_t n = 0;
    while (environ && environ[n]) n++;
    char **env = calloc(n + 1, sizeof *env);
    if (!env) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], pass, sizeof pass - 1) == 0)
            env[k++] = environ[i] + sizeof pass - 1;
        else if (strncmp(environ[i], "RUSHHOURD_", 10) != 0)
            env[k++] = environ[i];
    env[k] = NULL;
    return env;
}

/* Spawns argv with stdin from /dev/null and stdout/stderr into new pipes (read ends returned,
 * close-on-exec). */
static int spawn_piped(const char *const *argv, pid_t *pid, int *out_fd, int *err_fd)
{
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) return -1;
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(out[0]);
        close(out[1]);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    char **env = clean_environment();
    const int rc = posix_spawn(pid, argv[0], &fa, NULL, (char *const *)argv, env ? env : environ);
    free(env);
    posix_spawn_file_actions_destroy(&fa);
    close(out[1]);
    close(err[1]);
    if (rc != 0) {
        close(out[0]);
        close(err[0]);
        errno = rc;
        return -1;
    }
    *out_fd = out[0];
    *err_fd = err[0];
    return 0;
}

static void registry_add(rhs_server *s)
{
    for (int i = 0; i < SERVERS_MAX; i++)
        if (!registry[i]) {
            registry[i] = s;
            return;
        }
}

static void registry_remove(rhs_server *s)
{
    for (int i = 0; i < SERVERS_MAX; i++)
        if (registry[i] == s) registry[i] = NULL;
}

#define GENEROUS_MS "600000"

/* Whether `args` (NULL-terminated, may be NULL) set `flag`, as "--flag value" or "--flag=value". */
static bool has_flag(const char *const *args, const char *flag)
{
    const size_t n = strlen(flag);
    for (int i = 0; args && args[i]; i++)
        if (strncmp(args[i], flag, n) == 0 && (args[i][n] == '\0' || args[i][n] == '='))
            return true;
    return false;
}

rhs_server *rhs_start(const char *binary, const char *const *args, int timeout_ms, char *err,
                      size_t err_len)
{
    const char *argv[64];
    int argc = 0;
    /* RHS_WRAPPER runs the server under a tool (valgrind): its words, space-separated, come
     * first. The string is kept for the life of the process. */
    static char wrapper[512];
    const char *wrap = getenv("RHS_WRAPPER");
    if (wrap && *wrap) {
        timeout_ms *= 10; /* valgrind starts a program about that much slower */
        snprintf(wrapper, sizeof wrapper, "%s", wrap);
        for (char *save = NULL, *w = strtok_r(wrapper, " ", &save); w && argc < 16;
             w = strtok_r(NULL, " ", &save))
            argv[argc++] = w;
    }
    argv[argc++] = binary;
    argv[argc++] = "--bind";
    argv[argc++] = "127.0.0.1";
    argv[argc++] = "--port";
    argv[argc++] = "0";
    argv[argc++] = "--admin-port"; /* any free port: tests run side by side */
    argv[argc++] = "0";
    argv[argc++] = "--bank"; /* generate searches; the bank's suite passes --bank again */
    argv[argc++] = "off";
    /* Searches get all the time they need: the server's default (--timeout-ms 5000) is near
     * what a generate takes in the sanitizer build or under valgrind, so a verdict would depend
     * on the machine's speed. A test of a time limit sets its own flags (then these are left
     * out) or a request's timeout_ms. */
    if (!has_flag(args, "--timeout-ms") && !has_flag(args, "--timeout-max-ms")) {
        argv[argc++] = "--timeout-ms";
        argv[argc++] = GENEROUS_MS;
        argv[argc++] = "--timeout-max-ms";
        argv[argc++] = GENEROUS_MS;
    }
    for (int i = 0; args && args[i]; i++) {
        if (argc >= 63) {
            set_err(err, err_len, "too many arguments");
            return NULL;
        }
        argv[argc++] = args[i];
    }
    argv[argc] = NULL;

    rhs_server *s = calloc(1, sizeof *s);
    if (!s) {
        set_err(err, err_len, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->grew, NULL);
    if (spawn_piped(argv, &s->pid, &s->out_fd, &s->err_fd) != 0) {
        set_err(err, err_len, "cannot start %s: %s", binary, strerror(errno));
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->grew);
        free(s);
        return NULL;
    }
    registry_add(s);
    if (pthread_create(&s->reader, NULL, reader_main, s) != 0) {
        set_err(err, err_len, "cannot start the reader thread");
        rhs_free(s);
        return NULL;
    }
    s->reader_running = true;

    struct timespec until;
    deadline_in(&until, timeout_ms);
    pthread_mutex_lock(&s->lock);
    int port = 0;
    while ((port = start_port(s, "port")) == 0 && !s->out.eof)
        if (pthread_cond_timedwait(&s->grew, &s->lock, &until) == ETIMEDOUT) break;
    if (port == 0) port = start_port(s, "port");
    s->admin_port = start_port(s, "admin_port");
    pthread_mutex_unlock(&s->lock);
    if (port <= 0) {
        /* Give a dying process a moment to finish its stderr, for the message. */
        int status;
        rhs_wait_exit(s, 200, &status);
        char *o = rhs_stdout(s), *e = rhs_stderr(s);
        set_err(err, err_len, "%s did not log its start (%s); stdout: %.400s; stderr: %.400s",
                binary, port < 0 ? "unreadable start line" : "timeout or exit", o ? o : "",
                e ? e : "");
        free(o);
        free(e);
        rhs_free(s);
        return NULL;
    }
    s->port = port;
    return s;
}

int rhs_admin_port(const rhs_server *s)
{
    return s->admin_port;
}

int rhs_port(const rhs_server *s)
{
    return s->port;
}

pid_t rhs_pid(const rhs_server *s)
{
    return s->pid;
}

int rhs_signal(rhs_server *s, int sig)
{
    if (s->exited) return -1;
    return kill(s->pid, sig);
}

int rhs_wait_exit(rhs_server *s, int timeout_ms, int *status)
{
    const long long until = rhs_now_us() + (long long)timeout_ms * 1000;
    while (!s->exited) {
        int st;
        const pid_t got = waitpid(s->pid, &st, WNOHANG);
        if (got == s->pid) {
            s->exited = true;
            s->wait_status = st;
            break;
        }
        if (got < 0 && errno != EINTR) {
            s->exited = true; /* not our child any more: nothing to wait for */
            s->wait_status = -1;
            break;
        }
        if (rhs_now_us() >= until) return -1;
        rhs_sleep_ms(5);
    }
    if (status) *status = s->wait_status;
    return 0;
}

static void join_reader(rhs_server *s)
{
    if (!s->reader_running) return;
    /* The pipes end when the process has exited; the bound keeps a stray holder of the write
     * end (none is expected) from blocking the test for ever. */
    struct timespec until;
    deadline_in(&until, 2000);
    pthread_mutex_lock(&s->lock);
    while (!(s->out.eof && s->err.eof))
        if (pthread_cond_timedwait(&s->grew, &s->lock, &until) == ETIMEDOUT) break;
    s->out.eof = s->err.eof = true; /* makes the reader stop at its next turn */
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->reader, NULL);
    s->reader_running = false;
}

static int exit_code(int status)
{
    if (status == -1) return -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

int rhs_stop(rhs_server *s, int timeout_ms)
{
    int status;
    int code;
    if (!s->exited) kill(s->pid, SIGTERM);
    if (rhs_wait_exit(s, timeout_ms, &status) == 0) {
        code = exit_code(status);
    } else {
        kill(s->pid, SIGKILL);
        rhs_wait_exit(s, 5000, &status);
        code = -1;
    }
    join_reader(s);
    return code;
}

void rhs_free(rhs_server *s)
{
    if (!s) return;
    if (!s->exited) {
        kill(s->pid, SIGKILL);
        int status;
        rhs_wait_exit(s, 5000, &status);
    }
    join_reader(s);
    registry_remove(s);
    close(s->out_fd);
    close(s->err_fd);
    free(s->out.data);
    free(s->err.data);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->grew);
    free(s);
}

void rhs_cleanup_all(void)
{
    for (int i = 0; i < SERVERS_MAX; i++)
        if (registry[i]) rhs_free(registry[i]);
}

static char *copy_capture(rhs_server *s, const capture *c)
{
    pthread_mutex_lock(&s->lock);
    char *copy = malloc(c->len + 1);
    if (copy) {
        if (c->len) memcpy(copy, c->data, c->len);
        copy[c->len] = '\0';
    }
    pthread_mutex_unlock(&s->lock);
    return copy;
}

char *rhs_stdout(rhs_server *s)
{
    return copy_capture(s, &s->out);
}

char *rhs_stderr(rhs_server *s)
{
    return copy_capture(s, &s->err);
}

bool rhs_wait_stdout(rhs_server *s, const char *needle, int timeout_ms)
{
    struct timespec until;
    deadline_in(&until, timeout_ms);
    pthread_mutex_lock(&s->lock);
    bool found;
    while (!(found = s->out.data && strstr(s->out.data, needle)) && !s->out.eof)
        if (pthread_cond_timedwait(&s->grew, &s->lock, &until) == ETIMEDOUT) break;
    found = s->out.data && strstr(s->out.data, needle);
    pthread_mutex_unlock(&s->lock);
    return found;
}

/* ---- HTTP client ---- */

void rhs_http_init(void)
{
    static bool done;
    if (!done) {
        curl_global_init(CURL_GLOBAL_DEFAULT);
        done = true;
    }
}

typedef struct {
    char *data;
    size_t len, cap;
} growbuf;

static bool grow_add(growbuf *b, const char *data, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->data, cap);
        if (!p) return false;
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, n);
    b->len += n;
    b->data[b->len] = '\0';
    return true;
}

static size_t on_body(char *data, size_t size, size_t n, void *arg)
{
    return grow_add(arg, data, size * n) ? size * n : 0;
}

/* Keeps the last header block only (a 100 Continue's block is dropped). */
static size_t on_header(char *data, size_t size, size_t n, void *arg)
{
    growbuf *b = arg;
    if (size * n >= 5 && strncmp(data, "HTTP/", 5) == 0) b->len = 0;
    return grow_add(b, data, size * n) ? size * n : 0;
}

typedef struct {
    const char *data;
    size_t left;
} upload;

/* Hands the body over in small pieces, so a chunked upload has several chunks. */
static size_t on_read(char *out, size_t size, size_t n, void *arg)
{
    upload *u = arg;
    size_t k = size * n;
    if (k > u->left) k = u->left;
    if (k > 512) k = 512;
    memcpy(out, u->data, k);
    u->data += k;
    u->left -= k;
    return k;
}

static bool has_header(const char *const *headers, const char *name)
{
    const size_t n = strlen(name);
    for (int i = 0; headers && headers[i]; i++)
        if (strncasecmp(headers[i], name, n) == 0 && headers[i][n] == ':') return true;
    return false;
}

int rhs_http(int port, const rhs_request *req, rhs_response *out)
{
    memset(out, 0, sizeof *out);
    out->code = CURLE_FAILED_INIT;
    CURL *h = req->handle ? req->handle : curl_easy_init();
    if (!h) return -1;
    if (req->handle) curl_easy_reset(h); /* keeps the connection cache */
    char url[512];
    snprintf(url, sizeof url, "http://127.0.0.1:%d%s", port, req->path);
    const long timeout = req->timeout_ms > 0 ? req->timeout_ms : 120000;
    growbuf body = {0}, headers = {0};
    upload up = {req->body, req->body ? req->body_len : 0};
    struct curl_slist *list = NULL;
    for (int i = 0; req->headers && req->headers[i]; i++)
        list = curl_slist_append(list, req->headers[i]);
    list = curl_slist_append(list, "Expect:"); /* no 100-continue round trip */
    if (req->body && !has_header(req->headers, "Content-Type"))
        list = curl_slist_append(list, "Content-Type: application/json");
    if (req->chunked) list = curl_slist_append(list, "Transfer-Encoding: chunked");

    curl_easy_setopt(h, CURLOPT_URL, url);
    curl_easy_setopt(h, CURLOPT_PROXY, "");
    curl_easy_setopt(h, CURLOPT_NOPROXY, "*");
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, timeout);
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, timeout < 5000 ? timeout : 5000L);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, out->error);
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, &headers);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, list);
    const char *method = req->method ? req->method : "GET";
    if (strcmp(method, "HEAD") == 0) {
        curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
    } else if (req->body) {
        curl_easy_setopt(h, CURLOPT_POST, 1L);
        if (req->chunked) {
            curl_easy_setopt(h, CURLOPT_READFUNCTION, on_read);
            curl_easy_setopt(h, CURLOPT_READDATA, &up);
        } else {
            curl_easy_setopt(h, CURLOPT_POSTFIELDS, req->body);
            curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)req->body_len);
        }
        if (strcmp(method, "POST") != 0) curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
    } else if (strcmp(method, "POST") == 0) {
        curl_easy_setopt(h, CURLOPT_POST, 1L);
        curl_easy_setopt(h, CURLOPT_POSTFIELDS, "");
        curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)0);
    } else {
        curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
        if (strcmp(method, "GET") != 0) curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
    }

    out->code = curl_easy_perform(h);
    long status = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    out->status = out->code == CURLE_OK ? status : 0;
    curl_slist_free_all(list);
    if (!req->handle) curl_easy_cleanup(h);
    out->body = body.data ? body.data : calloc(1, 1);
    out->body_len = body.len;
    out->headers = headers.data ? headers.data : calloc(1, 1);
    if (out->code != CURLE_OK && !out->error[0])
        snprintf(out->error, sizeof out->error, "%s", curl_easy_strerror(out->code));
    return out->code == CURLE_OK ? 0 : -1;
}

int rhs_get(int port, const char *path, rhs_response *out)
{
    rhs_request req = {.method = "GET", .path = path};
    return rhs_http(port, &req, out);
}

int rhs_post(int port, const char *path, const char *content_type, const char *body,
             rhs_response *out)
{
    char type[128];
    snprintf(type, sizeof type, "Content-Type: %s", content_type);
    const char *headers[] = {type, NULL};
    rhs_request req = {
        .method = "POST", .path = path, .headers = headers, .body = body, .body_len = strlen(body)};
    return rhs_http(port, &req, out);
}

void rhs_response_free(rhs_response *r)
{
    free(r->headers);
    free(r->body);
    r->headers = r->body = NULL;
}

/* Counts the headers named `name`; with `first`, copies the first one's value into `out` and
 * stops there. */
static int scan_headers(const rhs_response *r, const char *name, char *out, size_t len, bool first)
{
    const size_t n = strlen(name);
    int count = 0;
    for (const char *line = r->headers; line && *line;) {
        const char *end = strstr(line, "\r\n");
        if (!end) end = line + strlen(line);
        if ((size_t)(end - line) > n && strncasecmp(line, name, n) == 0 && line[n] == ':') {
            count++;
            if (first) {
                const char *v = line + n + 1;
                while (v < end && (*v == ' ' || *v == '\t')) v++;
                const char *e = end;
                while (e > v && (e[-1] == ' ' || e[-1] == '\t')) e--;
                snprintf(out, len, "%.*s", (int)(e - v), v);
                return 1;
            }
        }
        line = *end ? end + 2 : end;
    }
    return count;
}

bool rhs_header(const rhs_response *r, const char *name, char *out, size_t len)
{
    if (len) out[0] = '\0';
    return scan_headers(r, name, out, len, true) > 0;
}

int rhs_header_count(const rhs_response *r, const char *name)
{
    return scan_headers(r, name, NULL, 0, false);
}

/* ---- other processes ---- */

int rhs_run(const char *const *argv, int timeout_ms, char **out, char **err)
{
    pid_t pid;
    int fds[2];
    if (out) *out = NULL;
    if (err) *err = NULL;
    if (spawn_piped(argv, &pid, &fds[0], &fds[1]) != 0) return -1;
    growbuf bufs[2] = {{0}, {0}};
    bool open[2] = {true, true};
    const long long until = rhs_now_us() + (long long)timeout_ms * 1000;
    bool timed_out = false;
    while (open[0] || open[1]) {
        const long long left_ms = (until - rhs_now_us()) / 1000;
        if (left_ms <= 0) {
            timed_out = true;
            break;
        }
        struct pollfd p[2];
        int map[2], n = 0;
        for (int k = 0; k < 2; k++)
            if (open[k]) {
                p[n] = (struct pollfd){fds[k], POLLIN, 0};
                map[n++] = k;
            }
        if (poll(p, (nfds_t)n, (int)(left_ms < 100 ? left_ms : 100)) < 0 && errno != EINTR) break;
        for (int i = 0; i < n; i++) {
            if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char buf[4096];
            const ssize_t got = read(p[i].fd, buf, sizeof buf);
            if (got > 0)
                grow_add(&bufs[map[i]], buf, (size_t)got);
            else if (got == 0 || errno != EINTR)
                open[map[i]] = false;
        }
    }
    close(fds[0]);
    close(fds[1]);
    int status = -1, code;
    if (timed_out) kill(pid, SIGKILL);
    const long long wait_until = rhs_now_us() + 5000000LL;
    pid_t got;
    while ((got = waitpid(pid, &status, WNOHANG)) == 0 && rhs_now_us() < wait_until) {
        if (rhs_now_us() >= until && !timed_out) {
            timed_out = true;
            kill(pid, SIGKILL);
        }
        rhs_sleep_ms(5);
    }
    code = got == pid && !timed_out ? exit_code(status) : -1;
    if (out)
        *out = bufs[0].data ? bufs[0].data : calloc(1, 1);
    else
        free(bufs[0].data);
    if (err)
        *err = bufs[1].data ? bufs[1].data : calloc(1, 1);
    else
        free(bufs[1].data);
    return code;
}

/* ---- Prometheus text ---- */

double rhs_metric_value(const char *text, const char *series)
{
    const size_t n = strlen(series);
    for (const char *line = text; line && *line;) {
        if (strncmp(line, series, n) == 0 && line[n] == ' ') return strtod(line + n + 1, NULL);
        const char *end = strchr(line, '\n');
        line = end ? end + 1 : NULL;
    }
    return -1;
}
