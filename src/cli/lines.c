/* The ordered parallel map over lines; see lines.h. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/rushhour.h"
#include "read_input.h"
#include "lines.h"

#define PROGRESS_EVERY_US 100000u

typedef enum { SLOT_FREE, SLOT_READ, SLOT_DONE } slot_state;

typedef struct {
    slot_state state;
    long line;
    char *text; /* the line, or NULL when too long */
    size_t len;
    char *answer;
    cli_line_outcome outcome;
} slot;

typedef enum { FAIL_NONE, FAIL_READ, FAIL_WRITE, FAIL_MEMORY, FAIL_THREAD } failure;

/* Lines are numbered in reading order by `seq` (blank lines take none); line seq lives in
 * ring[seq % window]. read - written <= window always: the reader waits for the writer to free
 * the oldest slot. Workers take slots in order at `taken` (written <= taken <= read). */
typedef struct {
    const cli_lines_run_options *o;
    pthread_mutex_t lock;
    pthread_cond_t readable; /* a slot was read, or the input ended, or the run failed */
    pthread_cond_t done;     /* a slot was answered, or the input ended, or the run failed */
    pthread_cond_t freed;    /* a slot was written and freed, or the run failed */
    slot *ring;
    uint64_t read, taken, written;
    bool eof;
    failure failed;
    int failed_errno;
    cli_lines_counts counts; /* the writer's alone until the threads are joined */
} run;

/* Locking rule: every field of `run` past `o` is read and changed under `lock`, except a
 * slot's text and answer, which belong to one thread at a time: the reader's while it fills a
 * free slot, the worker's between taking it and marking it done, the writer's from done until
 * it frees the slot. Answering and writing happen outside the lock. */

static void fail(run *r, failure why, int err)
{
    if (!r->failed) {
        r->failed = why;
        r->failed_errno = err;
    }
    pthread_cond_broadcast(&r->readable);
    pthread_cond_broadcast(&r->done);
    pthread_cond_broadcast(&r->freed);
}

static void *worker(void *arg)
{
    run *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (r->taken == r->read && !r->eof && !r->failed)
            pthread_cond_wait(&r->readable, &r->lock);
        if (r->failed || r->taken == r->read) break;
        slot *s = &r->ring[r->taken++ % r->o->window];
        pthread_mutex_unlock(&r->lock);
        s->answer = r->o->answer(r->o->ctx, s->text, s->len, s->line, &s->outcome);
        pthread_mutex_lock(&r->lock);
        if (!s->answer) {
            fail(r, FAIL_MEMORY, ENOMEM);
            break;
        }
        s->state = SLOT_DONE;
        pthread_cond_broadcast(&r->done);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

static bool head_ready(const run *r)
{
    return r->written < r->read && r->ring[r->written % r->o->window].state == SLOT_DONE;
}

static void count(cli_lines_counts *c, const slot *s)
{
    c->lines++;
    if (s->outcome == CLI_LINE_LIMIT) c->limited++;
    if (s->outcome != CLI_LINE_INVALID) return;
    if (!c->invalid++) c->first_invalid = s->line;
}

static void show_progress(const run *r, bool last)
{
    const cli_lines_counts *c = &r->counts;
    fprintf(r->o->progress, "\rrushhour: %ld answered, %ld invalid, %ld at a limit%s", c->lines,
            c->invalid, c->limited, last ? "\n" : "");
    fflush(r->o->progress);
}

/* Writes the answers in order; flushes whenever it would wait, so an answer is never held back
 * behind input that has not come yet. */
static void *writer(void *arg)
{
    run *r = arg;
    FILE *out = r->o->out;
    uint64_t shown_at = 0;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        if (!head_ready(r) && !r->failed) {
            pthread_mutex_unlock(&r->lock);
            const int err = fflush(out) ? errno : 0;
            pthread_mutex_lock(&r->lock);
            if (err) fail(r, FAIL_WRITE, err);
        }
        while (!head_ready(r) && !r->failed && !(r->eof && r->written == r->read))
            pthread_cond_wait(&r->done, &r->lock);
        if (r->failed || !head_ready(r)) break;
        slot *s = &r->ring[r->written % r->o->window];
        pthread_mutex_unlock(&r->lock);
        errno = 0;
        const bool ok = fputs(s->answer, out) >= 0 && putc('\n', out) != EOF;
        const int err = errno;
        count(&r->counts, s);
        free(s->answer);
        free(s->text);
        s->answer = s->text = NULL;
        if (r->o->progress && rh_clock_us() - shown_at >= PROGRESS_EVERY_US) {
            show_progress(r, false);
            shown_at = rh_clock_us();
        }
        pthread_mutex_lock(&r->lock);
        if (!ok) fail(r, FAIL_WRITE, err);
        s->state = SLOT_FREE;
        r->written++;
        pthread_cond_signal(&r->freed);
    }
    pthread_mutex_unlock(&r->lock);
    if (r->o->progress) show_progress(r, true);
    return NULL;
}

/* Reads every line into the ring, in the calling thread, until the input ends or the run
 * fails. */
static void read_lines(run *r)
{
    const cli_lines_run_options *o = r->o;
    char *buf = NULL;
    size_t cap = 0, len = 0;
    bool too_long = false;
    for (long line = 1;; line++) {
        const int got = cli_input_line(o->in, &buf, &cap, o->line_max, &len, &too_long);
        const int err = errno;
        if (got == 0) break;
        char *text = NULL;
        if (got > 0 && !too_long && cli_input_blank(buf, len)) continue;
        if (got > 0 && !too_long && !(text = malloc(len + 1))) {
            pthread_mutex_lock(&r->lock);
            fail(r, FAIL_MEMORY, ENOMEM);
            pthread_mutex_unlock(&r->lock);
            break;
        }
        if (text) memcpy(text, buf, len + 1);
        pthread_mutex_lock(&r->lock);
        if (got < 0) fail(r, err == ENOMEM ? FAIL_MEMORY : FAIL_READ, err);
        while (!r->failed && r->read - r->written >= o->window)
            pthread_cond_wait(&r->freed, &r->lock);
        if (r->failed) {
            pthread_mutex_unlock(&r->lock);
            free(text);
            break;
        }
        slot *s = &r->ring[r->read++ % o->window];
        /* The writer freed this slot's text before it counted it written (see above), which
         * gcc's analyzer cannot follow through the window's arithmetic. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wanalyzer-malloc-leak"
#endif
        *s = (slot){.state = SLOT_READ, .line = line, .text = text, .len = text ? len : 0};
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
        pthread_cond_signal(&r->readable);
        pthread_mutex_unlock(&r->lock);
    }
    free(buf);
    pthread_mutex_lock(&r->lock);
    r->eof = true;
    pthread_cond_broadcast(&r->readable);
    pthread_cond_broadcast(&r->done);
    pthread_mutex_unlock(&r->lock);
}

static void say_failure(const run *r)
{
    switch (r->failed) {
    case FAIL_READ: cli_input_fail(r->o->in_path, r->failed_errno); break;
    case FAIL_WRITE:
        fprintf(stderr, "rushhour: cannot write the answers: %s\n",
                strerror(r->failed_errno ? r->failed_errno : EIO));
        break;
    case FAIL_MEMORY: fprintf(stderr, "rushhour: out of memory\n"); break;
    case FAIL_THREAD:
        fprintf(stderr, "rushhour: cannot start a thread: %s\n", strerror(r->failed_errno));
        break;
    case FAIL_NONE: break;
    }
}

int cli_lines_run(const cli_lines_run_options *o, cli_lines_counts *counts)
{
    run r = {.o = o};
    pthread_t *threads = malloc(sizeof *threads * ((size_t)o->jobs + 1));
    r.ring = calloc(o->window, sizeof *r.ring);
    if (!threads || !r.ring) {
        free(threads);
        free(r.ring);
        fprintf(stderr, "rushhour: out of memory\n");
        return -1;
    }
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.readable, NULL);
    pthread_cond_init(&r.done, NULL);
    pthread_cond_init(&r.freed, NULL);
    int started = 0, err = 0;
    while (!err && started <= o->jobs) {
        err = pthread_create(&threads[started], NULL, started ? worker : writer, &r);
        if (!err) started++;
    }
    if (err) {
        pthread_mutex_lock(&r.lock);
        fail(&r, FAIL_THREAD, err);
        pthread_mutex_unlock(&r.lock);
    } else {
        read_lines(&r);
    }
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    for (size_t i = 0; i < o->window; i++) {
        free(r.ring[i].text);
        free(r.ring[i].answer);
    }
    if (r.failed) say_failure(&r);
    *counts = r.counts;
    pthread_cond_destroy(&r.freed);
    pthread_cond_destroy(&r.done);
    pthread_cond_destroy(&r.readable);
    pthread_mutex_destroy(&r.lock);
    free(threads);
    free(r.ring);
    return r.failed ? -1 : 0;
}
