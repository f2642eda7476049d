/* What one job of a searching route (solve, hint, analyze, each puzzle of a batch, generate)
 * ends with, and the one function that turns an outcome into the request's reply. A job
 * writes its outcome on a worker (or, for an answer from the cache, on the MHD thread); the
 * document is kept as text, so a batch joins its items' documents without parsing them again. */
#ifndef RHD_ROUTE_OUTCOME_H
#define RHD_ROUTE_OUTCOME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "request.h"

/* Where a job's time went, in microseconds: waiting for a worker, reading the body, working.
 * timing_us adds "total", from the request's start until the document is made. */
typedef struct {
    uint64_t queue_us, parse_us, solve_us;
} rhd_timing;

typedef struct {
    /* 200, 400 or 422 with `text`; 0 when the cancel flag stopped the work; 500 when out of
     * memory (no text). */
    int status;
    bool gone;  /* status 0: the client went away (else the drain deadline passed) */
    char *text; /* the document, owned */
    size_t len;
    const char *source; /* a solve answer's ("search", "cache", "table"), for the log line */
    uint64_t nodes;
} rhd_outcome;

/* Writes the timing_us object, {"queue":..,"parse":..,"solve":..,"total":..}. Returns its
 * length. */
int rhd_outcome_timing(char *out, size_t len, const rhd_request *r, const rhd_timing *t);
#define RHD_TIMING_MAX 128

/* 200: `doc`, the text of an object without its closing brace (as the answer cache keeps it),
 * followed by `members` (more members, each after a comma, or "") and timing_us. */
void rhd_outcome_answer(rhd_outcome *o, const rhd_request *r, const char *doc, size_t len,
                        const char *members, const rhd_timing *t);

/* 200: `doc` (consumed; NULL when out of memory) completed by timing_us. */
void rhd_outcome_document(rhd_outcome *o, const rhd_request *r, cJSON *doc, const rhd_timing *t);

/* 422 search-limit for `limit`, with the members of `doc` (consumed; its "status" member
 * dropped, since a problem's status is the HTTP code) and timing_us. */
void rhd_outcome_limit(rhd_outcome *o, const rhd_request *r, rh_limit limit, cJSON *doc,
                       const rhd_timing *t);

/* 422 queue-timeout: the deadline passed while the work waited for a worker, so no search was
 * made (told apart from a search that ran out of time). */
void rhd_outcome_queue_timeout(rhd_outcome *o, const rhd_request *r, const rhd_timing *t);

/* `status` with the problem document `problem` (consumed; NULL when out of memory). */
void rhd_outcome_problem(rhd_outcome *o, int status, cJSON *problem);

/* Stopped by the cancel flag of `job`. */
void rhd_outcome_cancelled(rhd_outcome *o, const rhd_job *job);

/* 500: out of memory. */
void rhd_outcome_no_memory(rhd_outcome *o);

/* The request's reply from `o`, whose text it takes: the document; a hang-up when the client
 * went away (499 in the log and metrics, nothing on the wire); 503 shutting-down when the drain
 * deadline stopped the work; 500 when out of memory. */
void rhd_outcome_reply(rhd_request *r, rhd_outcome *o);

void rhd_outcome_free(rhd_outcome *o);

#endif
