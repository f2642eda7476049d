/* rushhourd --healthcheck: asks a running rushhourd on this host for /healthz, for container
 * health checks without curl. */
#ifndef RHD_HEALTHCHECK_H
#define RHD_HEALTHCHECK_H

#include <stddef.h>

/* The settings come from the server process `pid` (its arguments and environment, read from
 * /proc) when it runs rushhourd, as PID 1 does in the image; then from `argc`/`argv` (and
 * `envp` when `pid` is not a rushhourd, e.g. an init such as tini), whose flags win. So an image's
 * HEALTHCHECK follows the ports the server was started with, by flag or by variable. Returns the
 * exit code: 0 when /healthz answered 200 (on the admin port when there is one, else the main
 * port), 1 when it did not, 2 for invalid settings (described in `err`). */
int rhd_healthcheck(int pid, char **envp, int argc, char **argv, int cores, char *err,
                    size_t err_len);

#endif
