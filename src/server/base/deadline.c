/* The header and body deadlines: a clock per connection, in one list that the reaper thread
 * scans. A clock's phase and deadline share one atomic word, so the MHD threads move it along
 * without the lock and the reaper expires it with one compare-and-swap, which fails whenever
 * the connection moved on in between: a request is answered by its handler or by the reaper,
 * never both.
 *
 * Locking: `lock` guards the list and `stopping`. The MHD threads take it only when a
 * connection opens or closes; the reaper holds it while it scans and writes its 408s, so a
 * socket it writes to cannot be closed (nor its number reused) meanwhile. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "rushhour/clock.h"
#include "deadline.h"
#include "monotonic.h"
#include "request.h"

/* EXPIRED: answered 408 and half-closed, still read from for LINGER_US so that the client can
 * read the answer before a close with unread bytes resets the connection; then CLOSED. */
enum { WAITING, HEADER, BODY, HANDLED, EXPIRED, CLOSED };
#define PHASE_BITS 3
#define PHASE_MASK ((UINT64_C(1) << PHASE_BITS) - 1)

/* The reaper sleeps at least this long between scans, so deadlines are met within it. */
#define MIN_SLEEP_US 20000u
#define LINGER_US 1000000u

typedef struct clock_entry {
    struct clock_entry *prev, *next;
    rhd_deadlines *owner;
    int fd;
    atomic_uint_fast64_t word; /* deadline_us << PHASE_BITS | phase; deadline 0 for none */
    char request_id[RHD_REQUEST_ID_MAX + 1]; /* written before the word turns BODY */
} clock_entry;

struct rhd_deadlines {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* stopping */
    pthread_t reaper;
    bool stopping;
    clock_entry *head;
    uint64_t header_us, body_us, idle_us, shortest_us;
    rhd_expire_fn expire;
    void *arg;
};

static uint64_t pack(uint64_t deadline_us, unsigned phase)
{
    return deadline_us << PHASE_BITS | phase;
}

static unsigned phase_of(uint64_t word)
{
    return (unsigned)(word & PHASE_MASK);
}

/* Expires every clock past its deadline; returns the earliest deadline still pending, or 0. */
static uint64_t reap(rhd_deadlines *d, uint64_t now)
{
    uint64_t earliest = 0;
    for (clock_entry *e = d->head; e; e = e->next) {
        uint64_t word = atomic_load(&e->word);
        const unsigned phase = phase_of(word);
        const uint64_t due = word >> PHASE_BITS;
        if (phase == HANDLED || phase == CLOSED) continue;
        if (due > now) {
            if (!earliest || due < earliest) earliest = due;
            continue;
        }
        if (phase == EXPIRED) {
            /* MHD reads the end of the stream, and closes the connection. */
            if (atomic_compare_exchange_strong(&e->word, &word, pack(0, CLOSED)))
                shutdown(e->fd, SHUT_RD);
            continue;
        }
        if (atomic_compare_exchange_strong(&e->word, &word, pack(now + LINGER_US, EXPIRED))) {
            d->expire(d->arg, e->fd, phase == BODY, phase == BODY ? e->request_id : "");
            shutdown(e->fd, SHUT_WR);
            if (!earliest || now + LINGER_US < earliest) earliest = now + LINGER_US;
        }
    }
    return earliest;
}

/* Sleeps until the earliest deadline, but never longer than the shortest deadline length: a
 * connection opened during the sleep cannot fall due before that. */
static void *reaper(void *arg)
{
    rhd_deadlines *d = arg;
    pthread_mutex_lock(&d->lock);
    while (!d->stopping) {
        const uint64_t now = rh_clock_us();
        const uint64_t earliest = reap(d, now);
        uint64_t until = now + d->shortest_us;
        if (earliest && earliest < until) until = earliest;
        if (until < now + MIN_SLEEP_US) until = now + MIN_SLEEP_US;
        const struct timespec ts = rhd_monotonic_at(until);
        pthread_cond_timedwait(&d->wake, &d->lock, &ts);
    }
    pthread_mutex_unlock(&d->lock);
    return NULL;
}

int rhd_deadlines_start(rhd_deadlines **out, int header_s, int body_s, int idle_s,
                        rhd_expire_fn expire, void *arg)
{
    rhd_deadlines *d = calloc(1, sizeof *d);
    if (!d) return -1;
    d->header_us = (uint64_t)header_s * 1000000u;
    d->body_us = (uint64_t)body_s * 1000000u;
    d->idle_us = (uint64_t)idle_s * 1000000u;
    d->shortest_us = d->header_us < d->body_us ? d->header_us : d->body_us;
    d->expire = expire;
    d->arg = arg;
    if (rhd_monotonic_cond_init(&d->wake) != 0) {
        free(d);
        return -1;
    }
    pthread_mutex_init(&d->lock, NULL);
    if (pthread_create(&d->reaper, NULL, reaper, d) != 0) {
        pthread_cond_destroy(&d->wake);
        pthread_mutex_destroy(&d->lock);
        free(d);
        return -1;
    }
    *out = d;
    return 0;
}

void rhd_deadlines_stop(rhd_deadlines *d)
{
    if (!d) return;
    pthread_mutex_lock(&d->lock);
    d->stopping = true;
    pthread_cond_signal(&d->wake);
    pthread_mutex_unlock(&d->lock);
    pthread_join(d->reaper, NULL);
    while (d->head) { /* none left once every daemon has stopped; freed all the same */
        clock_entry *e = d->head;
        d->head = e->next;
        free(e);
    }
    pthread_cond_destroy(&d->wake);
    pthread_mutex_destroy(&d->lock);
    free(d);
}

void rhd_deadlines_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
    rhd_deadlines *d = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        clock_entry *e = info ? calloc(1, sizeof *e) : NULL;
        if (!e) return; /* no clock: only the idle timeout applies to this connection */
        e->owner = d;
        e->fd = info->connect_fd;
        atomic_init(&e->word, pack(rh_clock_us() + d->header_us, HEADER));
        pthread_mutex_lock(&d->lock);
        e->next = d->head;
        if (d->head) d->head->prev = e;
        d->head = e;
        pthread_mutex_unlock(&d->lock);
        *socket_context = e;
        return;
    }
    clock_entry *e = *socket_context;
    if (!e) return;
    pthread_mutex_lock(&d->lock);
    if (e->prev)
        e->prev->next = e->next;
    else
        d->head = e->next;
    if (e->next) e->next->prev = e->prev;
    pthread_mutex_unlock(&d->lock);
    *socket_context = NULL;
    free(e);
}

static clock_entry *clock_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* Moves the clock from one of the phases in `from` (a bit mask) to `phase` with a deadline
 * `after_us` from now (0: none). False when it was in none of them. */
static bool move(clock_entry *e, unsigned from, unsigned phase, uint64_t after_us)
{
    uint64_t word = atomic_load(&e->word);
    const uint64_t next = pack(after_us ? rh_clock_us() + after_us : 0, phase);
    while (from & (1u << phase_of(word)))
        if (atomic_compare_exchange_weak(&e->word, &word, next)) return true;
    return false;
}

void *rhd_deadlines_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
    (void)cls;
    (void)uri;
    clock_entry *e = clock_of(c);
    /* A keep-alive connection's next request has begun: its header gets the full time. */
    if (e) move(e, 1u << WAITING, HEADER, e->owner->header_us);
    return NULL;
}

bool rhd_deadline_body(struct MHD_Connection *c, const char *request_id)
{
    clock_entry *e = clock_of(c);
    if (!e) return true;
    if (phase_of(atomic_load(&e->word)) >= EXPIRED) return false;
    /* Only this thread writes the id, and the reaper reads it only after the word turns BODY. */
    strncpy(e->request_id, request_id, sizeof e->request_id - 1);
    return move(e, 1u << WAITING | 1u << HEADER, BODY, e->owner->body_us);
}

bool rhd_deadline_handled(struct MHD_Connection *c)
{
    clock_entry *e = clock_of(c);
    return !e || move(e, 1u << BODY | 1u << HANDLED, HANDLED, 0);
}

void rhd_deadline_idle(struct MHD_Connection *c)
{
    clock_entry *e = clock_of(c);
    /* Past the idle timeout MHD closes a connection that sent nothing; one that trickles its
     * next request line is cut when the header's time has passed too. */
    if (e) move(e, 1u << BODY | 1u << HANDLED, WAITING, e->owner->idle_us + e->owner->header_us);
}

bool rhd_deadline_expired(struct MHD_Connection *c)
{
    clock_entry *e = clock_of(c);
    return e && phase_of(atomic_load(&e->word)) >= EXPIRED;
}
