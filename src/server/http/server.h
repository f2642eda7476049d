/* The rushhourd HTTP server: a libmicrohttpd daemon (epoll thread pool, suspend/resume) in
 * front of the solver worker pool. Start, report the bound port, drain, stop. */
#ifndef RHD_SERVER_H
#define RHD_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/clock.h"
#include "cache.h"
#include "config.h"
#include "pool.h"
#include "rushhour/bank.h"

typedef struct rhd_server rhd_server;

/* Starts the workers and the HTTP daemon, not yet ready (/readyz answers 503 until
 * rhd_server_set_ready). Returns 0, or -1 with a message in `err`. `cfg` is copied. */
int rhd_server_start(rhd_server **out, const rhd_config *cfg, char *err, size_t err_len);

/* The TCP port the daemon listens on (useful when the configured port was 0). */
int rhd_server_port(const rhd_server *s);

/* The admin listener's TCP port, or -1 when --admin-port is off. */
int rhd_server_admin_port(const rhd_server *s);

void rhd_server_set_ready(rhd_server *s, bool ready);

/* What the server does by the clock, called by the main thread at start and then after the
 * returned number of seconds: it pins the table of the day's puzzle (built in the background
 * when missing), so a new day's puzzle is pinned within a second of the UTC day's turn. */
unsigned rhd_server_tick(rhd_server *s);

/* Starts the graceful drain and returns at once: readiness off, no new searches (503), every
 * reply closing its connection. Call before announcing the drain, so that clients told of it
 * already see it. */
void rhd_server_begin_drain(rhd_server *s);

/* Completes the drain (beginning it if needed): every queued and running search finished
 * (cancelled at `deadline_us`, rh_clock_us time), every suspended connection answered, then
 * waits for replies in flight until the deadline. */
void rhd_server_drain(rhd_server *s, uint64_t deadline_us);

/* Stops the daemon and the workers and frees everything; call after rhd_server_drain. */
void rhd_server_stop(rhd_server *s);

#endif
