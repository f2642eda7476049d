/* Suspending a connection while its jobs run on the pool, and telling the pool when the client
 * is gone; see work.h. */
#define _GNU_SOURCE /* POLLRDHUP */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include "work.h"

rhd_request *rhd_work_request(const rhd_job *job)
{
    return job->owner;
}

/* Whether anybody still waits for a request's answer. A client that hung up and one that only
 * half-closed (shutdown(SHUT_WR), still reading) both send a FIN, and nothing short of writing
 * to the socket tells them apart. So on a FIN the client is asked, once: it is sent an interim
 * "100 Continue", which HTTP/1.1 clients must accept before any final answer (RFC 9110 15.2).
 * A client that only half-closed reads it and later gets its real answer, like HAProxy serves
 * half-closed clients by default; the kernel of one that hung up answers it with a reset, and
 * at the watchdog's next look the work is dropped from the queue (its place free at once, as
 * with HAProxy's `option abortonclose`) or its search cancelled. Without that, clients that
 * give up (most close with a FIN) held queue places that live clients got 503 for, and the
 * workers searched for nobody. An HTTP/1.0 client cannot be sent a 1xx: after its FIN its
 * work goes on, and the answer's write fails if it is gone. Suspended connections are not
 * watched by MHD, so the pool asks here: its watchdog, and a worker about to start a job (each
 * on its own thread, never with the pool's lock held, maybe both at once for one request). */
static bool client_gone(rhd_request *r)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!info) return false;
    const int fd = info->connect_fd;
    struct pollfd p = {.fd = fd, .events = POLLIN | POLLRDHUP};
    if (poll(&p, 1, 0) != 1) return false;
    if (p.revents & (POLLHUP | POLLERR)) return true; /* a reset: certainly gone */
    char c;
    const ssize_t n = recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n < 0) return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
    if (n > 0 || !r->http11) return false; /* a pipelined next request waits */
    /* A FIN. Only into an empty send queue, so that the 1xx cannot split an earlier answer. */
    int unsent = 0;
    if (ioctl(fd, SIOCOUTQ, &unsent) != 0 || unsent != 0) return false;
    if (atomic_exchange(&r->asked, true)) return false; /* asked already, maybe by another thread */
    static const char probe[] = "HTTP/1.1 100 Continue\r\n\r\n";
    return send(fd, probe, sizeof probe - 1, MSG_DONTWAIT | MSG_NOSIGNAL) < 0 && errno != EAGAIN &&
           errno != EWOULDBLOCK;
}

/* Once one of a request's jobs is dropped its answer is lost, so its other jobs stop too. */
static bool gone(rhd_job *job)
{
    rhd_request *r = rhd_work_request(job);
    return atomic_load(&r->abandoned) || client_gone(r);
}

static void done(rhd_job *job, int status)
{
    rhd_request *r = rhd_work_request(job);
    if (atomic_load(&job->cancel) == RHD_CANCEL_GONE) {
        atomic_store(&r->abandoned, true);
        rhd_metrics_abandoned(status == RHD_JOB_RAN);
    }
    if (atomic_fetch_sub(&r->jobs_left, 1) != 1) return;
    if (atomic_load(&r->abandoned))
        rhd_reply_hang_up(r);
    else if (r->finish)
        r->finish(r);
    r->phase = RHD_REPLYING;
    MHD_resume_connection(r->conn);
}

bool rhd_work_submit(rhd_request *r, rhd_job *const *jobs, int n)
{
    for (int i = 0; i < n; i++) {
        jobs[i]->owner = r;
        jobs[i]->gone = gone;
        jobs[i]->done = done;
    }
    atomic_store(&r->jobs_left, n);
    /* Suspend first: a worker may finish and resume before this function returns. */
    r->phase = RHD_QUEUED;
    r->suspended = true;
    MHD_suspend_connection(r->conn);
    const int rc = rhd_pool_submit_all(r->services->pool, jobs, n);
    if (rc == RHD_POOL_OK) return true;
    r->retry_after = 1;
    rhd_metrics_rejected(rc == RHD_POOL_FULL ? RHD_REJECT_QUEUE_FULL : RHD_REJECT_SHUTTING_DOWN);
    rhd_reply_problem(r, 503, rc == RHD_POOL_FULL ? "queue-full" : "shutting-down",
                      "Service Unavailable",
                      rc == RHD_POOL_FULL ? "every solver is busy and the queue is full"
                                          : "the server is shutting down",
                      NULL);
    r->phase = RHD_REPLYING;
    MHD_resume_connection(r->conn);
    return false;
}
