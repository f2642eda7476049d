/* What the HTTP suites (tests/test_http_*.c) share: the test puzzles, starting and stopping the
 * real rushhourd, requests, and checks of JSON answers and problem documents. The functions
 * marked "asserts" call Criterion's cr_assert and belong on a test's main thread; the others
 * report through their return value and are safe on any thread. */
#ifndef RH_HTTP_TEST_H
#define RH_HTTP_TEST_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "rushhour/rushhour.h"
#include "server_harness.h"

#define PROBLEM_PREFIX "urn:rushhourd:problem:"

/* Raw sockets, for bytes libcurl will not send (framing attacks, trickles, hang-ups). */
int raw_connect(int port); /* asserts: a connection to 127.0.0.1:port */
size_t raw_send(int fd, const char *bytes, size_t len); /* bytes sent before the server closed */
bool readable_within(int fd, int ms);
/* Reads into `out` (`len` bytes, NUL-terminated) until the server closes the connection (or
 * resets it), `out` fills up, or `ms` pass; returns whether it closed. */
bool read_until_closed(int fd, char *out, size_t len, int ms);
/* asserts: POST `path` with the JSON `body` (and "Connection: close") on a new connection; the
 * caller reads the answer or hangs up (raw_reset). */
int raw_post(int port, const char *path, const char *body);
/* Closes `fd` with a reset (SO_LINGER 0), as a client that aborts does. */
void raw_reset(int fd);
/* How long a test waits for something that must happen: a guard against a hang, never a
 * verdict (the sanitizer build and valgrind run far slower than release). */
#define PATIENCE_MS 120000

/* Test puzzles as request bodies. */
extern const char hardest51[];           /* 51 moves, {"board": ...} */
extern const char jam01_grid[];          /* Jam 1, 8 moves, {"grid": [...]} */
extern const char unsolvable_walls[];    /* a wall at the exit: unsolvable at once */
extern const char moderate_unsolvable[]; /* unsolvable, ~147k states: ~80 ms of BFS */
extern const char slow_16x16[];          /* never finishes: runs to its 1.5 s deadline, 422 */
/* slow_16x16 with a 600 s deadline: holds a worker for longer than any test takes, however
 * slow the machine; the test ends it by hanging up (raw_post, then raw_reset). */
extern const char busy_16x16[];

/* Every suite's .init and .fini: curl set up; after a failed assertion, servers killed. */
void http_suite_setup(void);
void http_suite_teardown(void);
#define HTTP_SUITE(name) TestSuite(name, .init = http_suite_setup, .fini = http_suite_teardown)

/* ---- asserts ---- */

/* Starts rushhourd with the given flags (START("--workers", "2")); stops it with SIGTERM,
 * expecting exit 0 and no sanitizer report on stderr. */
rhs_server *start_server(const char *const *args);
#define START(...) start_server((const char *const[]){__VA_ARGS__, NULL})
void check_stderr(rhs_server *s);
void stop_server(rhs_server *s);

char *read_file(const char *path);
void get(int port, const char *path, rhs_response *r);
/* `method` (GET or HEAD) `path` with "If-None-Match: `tags`". */
void get_if_none_match(int port, const char *method, const char *path, const char *tags,
                       rhs_response *r);
/* The answer's Cache-Control is `cache_control`; its ETag, a quoted strong tag, is copied into
 * `etag` (`len` bytes), or, when `etag` is NULL, there is none. */
void expect_caching(const rhs_response *r, const char *cache_control, char *etag, size_t len);
void post_to(int port, const char *path, const char *content_type, const char *body,
             rhs_response *r);
void post(int port, const char *content_type, const char *body, rhs_response *r); /* /v1/solve */
void post_json(int port, const char *body, rhs_response *r);

/* The body as a JSON object, and its members of each type. */
cJSON *body_json(const rhs_response *r);
const char *jstr(const cJSON *o, const char *key);
double jnum(const cJSON *o, const char *key);
const cJSON *jobj(const cJSON *o, const char *key);

/* The Content-Type starts with `type`, and browsers are told not to guess another. */
void expect_content_type(const rhs_response *r, const char *type);
/* Checks an RFC 9457 problem reply and returns its document (the caller deletes it). */
cJSON *expect_problem(const rhs_response *r, long status, const char *slug);
/* The reference puzzle `name` of jam40.tsv as a grid body with `options` (or NULL). */
char *jam_body(const char *name, const char *options);
/* Posts `body` to /v1/solve, expects a solved 200 whose solution replays legally in `moves`
 * moves (-1: any count); returns the document. */
cJSON *solve_ok(int port, const char *content_type, const char *body, int moves);
/* The results of a 200 batch answer, checked to hold `n` items (the caller deletes `doc`). */
const cJSON *batch_results(const rhs_response *r, int n, cJSON **doc);
/* Waits until `s`'s /metrics (on its admin listener) shows `series` at `at_least` or more;
 * returns the value. */
double await_metric(rhs_server *s, const char *series, double at_least);

/* ---- safe on any thread ---- */

/* After `s` has exited: forwards its stderr to ours (ctest's FAIL_REGULAR_EXPRESSION sees
 * sanitizer reports there) and returns whether it was read and holds no sanitizer report. */
bool server_stderr_clean(rhs_server *s);
bool valid_request_id(const char *id);
/* Whether `errors` (a problem's errors array) names `field`. */
bool lists_field(const cJSON *errors, const char *field);
/* The puzzle a request body describes, parsed locally as the server should: 0 or -1. */
int parse_local(rh_puzzle *p, const char *body);
/* Checks a solved document's solution against the puzzle and replays it with the independent
 * checker. Returns the move count, or -1 with the reason in `why`. */
int verify_solution(const rh_puzzle *p, const cJSON *doc, char *why, size_t len);
/* `rushhourd ARGS` (with `--healthcheck` among them): the exit code, stderr in `err`. */
int healthcheck(const char *const *args, char **err);
/* The first line of `log` (the server's stdout) holding "key":"value" (a request's
 * "request_id", an "event"), parsed, or NULL. */
cJSON *log_line(const char *log, const char *key, const char *value);
/* A {"grid": [...]} body for `p`, with `options` (a JSON object text) when not NULL. */
char *grid_body(const rh_puzzle *p, const char *options);

#endif
