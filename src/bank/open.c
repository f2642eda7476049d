/* Opening and closing a bank handle, and the detail of its last failure: the public door to
 * db.c's connection. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "open.h"

int rh__bank_open(rh_bank **out, const char *path, rh_bank_mode mode, int upgrading, char *why)
{
    if (!out) return RH_EARG;
    *out = NULL;
    if (!path || (mode != RH_BANK_READ && mode != RH_BANK_WRITE && mode != RH_BANK_LOAD)) {
        if (why) snprintf(why, RH_BANK_WHY_MAX, "no path, or an unknown mode");
        return RH_EARG;
    }
    rh_bank *b = calloc(1, sizeof *b);
    if (!b) return RH_ENOMEM;
    b->mode = mode == RH_BANK_LOAD ? RH_BANK_WRITE : mode;
    b->loading = mode == RH_BANK_LOAD;
    b->upgrading = upgrading;
    rh_enum_stats_init(&b->found);
    pthread_mutex_init(&b->lock, NULL);
    b->path = strdup(path);
    const int err = b->path ? rh__bank_connect(b) : rh__bank_fail(b, RH_ENOMEM, "out of memory");
    if (err) {
        if (why) snprintf(why, RH_BANK_WHY_MAX, "%s", b->why);
        rh_bank_close(b);
        return err;
    }
    *out = b;
    return RH_OK;
}

int rh_bank_open(rh_bank **out, const char *path, rh_bank_mode mode, char *why)
{
    return rh__bank_open(out, path, mode, 0, why);
}

int rh_bank_close(rh_bank *b)
{
    if (!b) return RH_OK;
    pthread_mutex_lock(&b->lock);
    const int err = b->mode == RH_BANK_WRITE && b->db ? rh__bank_commit(b) : RH_OK;
    pthread_mutex_unlock(&b->lock);
    rh__bank_disconnect(b);
    pthread_mutex_destroy(&b->lock);
    free(b->ranges);
    rh__bank_keys_free(&b->keys);
    free(b->path);
    free(b);
    return err;
}

void rh_bank_why(rh_bank *b, char *buf, size_t len)
{
    if (!b || !buf || !len) return;
    pthread_mutex_lock(&b->lock);
    snprintf(buf, len, "%s", b->why);
    pthread_mutex_unlock(&b->lock);
}
