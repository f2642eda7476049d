/* rushhourd --healthcheck: finds the settings of the running server and asks its /healthz. */
#include "healthcheck.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "config.h"

#define PROC_TEXT_MAX (256 * 1024) /* /proc/PID/cmdline and environ: argv and env are smaller */

/* A /proc file of NUL-separated strings as a NULL-terminated vector into one buffer (*buf,
 * freed by the caller with the vector); `extra` more slots are left free at the end. */
static char **read_strings(int pid, const char *what, char **buf, int *count, int extra)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/%s", pid, what);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *text = malloc(PROC_TEXT_MAX + 1);
    const size_t len = text ? fread(text, 1, PROC_TEXT_MAX, f) : 0;
    fclose(f);
    if (!text || len == 0 || len == PROC_TEXT_MAX) {
        free(text);
        return NULL;
    }
    text[len] = '\0';
    int n = 0;
    for (size_t i = 0; i < len; i++) n += text[i] == '\0' || i + 1 == len;
    char **v = calloc((size_t)n + (size_t)extra + 1, sizeof *v);
    if (!v) {
        free(text);
        return NULL;
    }
    n = 0;
    for (size_t i = 0; i < len; i += strlen(text + i) + 1) v[n++] = text + i;
    *buf = text;
    *count = n;
    return v;
}

/* Whether process `pid` runs rushhourd. */
static bool runs_rushhourd(int pid)
{
    char *buf = NULL;
    int n;
    char **argv = read_strings(pid, "cmdline", &buf, &n, 0);
    const char *slash = argv ? strrchr(argv[0], '/') : NULL;
    const bool is = argv && strcmp(slash ? slash + 1 : argv[0], "rushhourd") == 0;
    free(argv);
    free(buf);
    return is;
}

/* GET /healthz on the loopback address of `cfg`'s family; true when it answers 200. */
static bool healthz(const rhd_config *cfg)
{
    const int port = cfg->admin_port > 0 ? cfg->admin_port : cfg->port;
    struct sockaddr_storage addr = {0};
    socklen_t len;
    if (strchr(cfg->bind, ':')) {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)&addr;
        a->sin6_family = AF_INET6;
        a->sin6_port = htons((uint16_t)port);
        a->sin6_addr = in6addr_loopback;
        len = sizeof *a;
    } else {
        struct sockaddr_in *a = (struct sockaddr_in *)&addr;
        a->sin_family = AF_INET;
        a->sin_port = htons((uint16_t)port);
        a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        len = sizeof *a;
    }
    const int fd = socket(addr.ss_family, SOCK_STREAM, 0);
    if (fd < 0) return false;
    struct timeval tv = {2, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    static const char request[] = "GET /healthz HTTP/1.0\r\n\r\n";
    char reply[64] = {0};
    const bool ok = connect(fd, (struct sockaddr *)&addr, len) == 0 &&
                    write(fd, request, sizeof request - 1) == (ssize_t)(sizeof request - 1) &&
                    read(fd, reply, sizeof reply - 1) > 12 && strncmp(reply, "HTTP/1.", 7) == 0 &&
                    strncmp(reply + 9, "200", 3) == 0;
    close(fd);
    return ok;
}

int rhd_healthcheck(int pid, char **envp, int argc, char **argv, int cores, char *err,
                    size_t err_len)
{
    char *argv_buf = NULL, *env_buf = NULL, **env = NULL;
    int n = 0, env_n;
    char **args = NULL;
    if (runs_rushhourd(pid) && (args = read_strings(pid, "cmdline", &argv_buf, &n, argc)) &&
        (env = read_strings(pid, "environ", &env_buf, &env_n, 0))) {
        /* The server's flags, then ours: a later flag wins. */
        for (int i = 1; i < argc; i++) args[n++] = argv[i];
        envp = env;
        argc = n;
        argv = args;
    }
    rhd_config cfg;
    const int rc = rhd_config_load(&cfg, envp, argc, argv, cores, err, err_len);
    const int code = rc != 0 ? 2 : healthz(&cfg) ? 0 : 1;
    free(args);
    free(argv_buf);
    free(env);
    free(env_buf);
    return code;
}
