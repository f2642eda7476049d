/* Deadlines for a whole request header and a whole request body (nginx's client_header_timeout
 * and client_body_timeout). libmicrohttpd 0.9.75 has only an idle timeout, restarted by every
 * byte, so a client sending one byte a second holds a connection for ever. Each connection gets
 * a clock when it opens; one reaper thread answers the requests whose phase outlives its
 * deadline and shuts their sockets down, and libmicrohttpd then closes them.
 *
 * Phases of a connection: waiting for a request (after one completed), reading the header,
 * reading the body, handled (a reply is being made or sent: no deadline), expired. */
#ifndef RHD_DEADLINE_H
#define RHD_DEADLINE_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct rhd_deadlines rhd_deadlines;

/* Answers an expired request on its socket `fd` (still open: it is called under the registry's
 * lock, and libmicrohttpd closes a socket only after its closed notification, which takes the
 * same lock). `body` tells which deadline passed; `request_id` is the request's id in the body
 * phase, "" in the others. Runs on the reaper thread. */
typedef void (*rhd_expire_fn)(void *arg, int fd, bool body, const char *request_id);

/* Starts the reaper: a header must arrive within `header_s` seconds of the connection opening
 * (or of its request line, after a keep-alive wait of at most `idle_s` + `header_s`), and a
 * body within `body_s` seconds of its header. Returns 0, or -1 when the reaper cannot start. */
int rhd_deadlines_start(rhd_deadlines **out, int header_s, int body_s, int idle_s,
                        rhd_expire_fn expire, void *arg);

/* Stops the reaper and frees everything; call once no daemon uses `d` any more. NULL is fine. */
void rhd_deadlines_stop(rhd_deadlines *d);

/* For MHD_OPTION_NOTIFY_CONNECTION and MHD_OPTION_URI_LOG_CALLBACK, with the rhd_deadlines as
 * `cls`. The
 * URI callback returns NULL: the access handler's first call still sees no request state. */
void rhd_deadlines_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code);
void *rhd_deadlines_uri(void *cls, const char *uri, struct MHD_Connection *c);

/* From the access handler, on the connection's MHD thread. A connection not opened through
 * rhd_deadlines_notify has no clock: these then do nothing (and return true). */

/* The header is complete: the body's clock starts. False when the header deadline had already
 * passed (the request was answered 408: close the connection). `request_id` is copied. */
bool rhd_deadline_body(struct MHD_Connection *c, const char *request_id);

/* The body is complete, or a reply is about to be queued: no deadline until the request
 * completes. False when a deadline had already passed (answered 408: close the connection). */
bool rhd_deadline_handled(struct MHD_Connection *c);

/* The request completed (its completion callback): the connection waits for the next one. */
void rhd_deadline_idle(struct MHD_Connection *c);

/* True when the connection's request was answered 408 by the reaper. */
bool rhd_deadline_expired(struct MHD_Connection *c);

#endif
