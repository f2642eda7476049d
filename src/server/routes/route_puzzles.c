/* GET /v1/puzzles, /v1/puzzles/daily, /v1/puzzles/stats and /v1/puzzles/{id}: the puzzle
 * bank's puzzles by length, the puzzle of the day, the bank's counts (of every puzzle or of
 * those within a walls range) and one puzzle by its id (rushhour/puzzle_id.h). Answered on the
 * HTTP thread: a pick reads a few pages of the bank (microseconds), never a search. Every
 * query parameter is checked and each bad or unknown one named in the 400's errors. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "rushhour/clock.h"
#include "request_body.h"
#include "request.h"
#include "routes/route_puzzles.h"
#include "routes/route_table.h"
#include "table_prefetch.h"

#define COUNT_MAX 100                       /* puzzles in one answer */
#define SEED_MAX UINT64_C(9007199254740991) /* the largest integer a JSON number holds exactly */

/* The query parameters a route accepts: names, and the values given (NULL: absent). */
enum { P_MIN, P_MAX, P_WALLS, P_METRIC, P_COUNT, P_SEED, P_DATE, P_COUNT_OF };
static const char *const param_names[P_COUNT_OF] = {"min_moves", "max_moves", "walls", "metric",
                                                    "count",     "seed",      "date"};

/* The filter's parameters (read_filter). */
#define P_FILTER (1u << P_MIN | 1u << P_MAX | 1u << P_WALLS | 1u << P_METRIC)

typedef struct {
    unsigned accepted; /* bit per P_* */
    const char *value[P_COUNT_OF];
    rh_diags *d;
} params;

static enum MHD_Result take_param(void *cls, enum MHD_ValueKind kind, const char *key,
                                  const char *value)
{
    (void)kind;
    params *p = cls;
    for (int k = 0; k < P_COUNT_OF; k++)
        if ((p->accepted >> k & 1) && strcmp(key, param_names[k]) == 0) {
            if (p->value[k])
                rh_diags_add(p->d, key, "is given more than once");
            else
                p->value[k] = value ? value : "";
            return MHD_YES;
        }
    rh_diags_add(p->d, key, "is not a parameter of this endpoint");
    return MHD_YES;
}

/* The filter of min_moves, max_moves, walls ("N" or "MIN-MAX") and metric. */
static void read_filter(const params *p, rh_bank_filter *f)
{
    uint64_t v;
    if (p->value[P_METRIC] && rh_bank_metric_parse(&f->metric, p->value[P_METRIC]) != RH_OK)
        rh_diags_add(p->d, "metric", "must be moves or slides");
    if (p->value[P_MIN]) {
        if (rh_decimal_parse(p->value[P_MIN], 0, RH_BANK_LENGTH_MAX - 1, &v) == RH_OK)
            f->min_length = (int)v;
        else
            rh_diags_add(p->d, "min_moves", "must be an integer from 0 to %d",
                         RH_BANK_LENGTH_MAX - 1);
    }
    if (p->value[P_MAX]) {
        if (rh_decimal_parse(p->value[P_MAX], 0, RH_BANK_LENGTH_MAX - 1, &v) == RH_OK)
            f->max_length = (int)v;
        else
            rh_diags_add(p->d, "max_moves", "must be an integer from 0 to %d",
                         RH_BANK_LENGTH_MAX - 1);
    }
    if (p->value[P_MIN] && p->value[P_MAX] && f->min_length > f->max_length)
        rh_diags_add(p->d, "max_moves", "must not be less than min_moves");
    if (p->value[P_WALLS] &&
        rh_bank_walls_parse(p->value[P_WALLS], &f->min_walls, &f->max_walls) != RH_OK)
        rh_diags_add(p->d, "walls", "must be N or MIN-MAX, integers from 0 to %d",
                     RH_ENUM_CELLS_MAX);
}

/* Reads the parameters `accepted` allows into `p`, and the filter's into `f` when not NULL;
 * problems collect in p->d (13 KiB: kept off the MHD thread's stack) until params_ok. Returns
 * false after a 500 reply when out of memory. */
static bool read_params(rhd_request *r, params *p, unsigned accepted, rh_bank_filter *f)
{
    if (!(p->d = malloc(sizeof *p->d))) {
        rhd_reply_no_memory(r);
        return false;
    }
    rh_diags_init(p->d);
    p->accepted = accepted;
    MHD_get_connection_values(r->conn, MHD_GET_ARGUMENT_KIND, take_param, p);
    if (f) read_filter(p, f);
    return true;
}

/* Ends the parameters' reading: a 400 listing every problem, or true to go on. */
static bool params_ok(rhd_request *r, params *p)
{
    const bool ok = !p->d->count && !p->d->dropped;
    if (!ok) {
        rhd_metrics_rejected(RHD_REJECT_INVALID);
        rhd_reply_json(r, 400, rhd_body_problem(r, p->d, "request"));
    }
    free(p->d);
    p->d = NULL;
    return ok;
}

/* The bank, or NULL after a 503 no-bank reply. */
static rh_bank *bank_or_503(rhd_request *r)
{
    rh_bank *b = r->services->bank;
    if (!b)
        rhd_reply_problem(r, 503, "no-bank", "Service Unavailable",
                          "this instance serves no puzzle bank (see --bank)", NULL);
    return b;
}

/* Ends the parameters' reading and readies a query of the bank: NULL after a 400 (params_ok),
 * a 503 (bank_or_503) or a 500 out of memory; else `size` bytes for the query's answer, off
 * the MHD thread's stack and the caller's to free, with the bank in `*b`. */
static void *start_query(rhd_request *r, params *p, size_t size, rh_bank **b)
{
    if (!params_ok(r, p) || !(*b = bank_or_503(r))) return NULL;
    void *answer = malloc(size);
    if (!answer) rhd_reply_no_memory(r);
    return answer;
}

/* A stored puzzle as the answers give it: `board` is the database notation /v1/solve reads,
 * `id` the board's id, the same in every bank. */
static cJSON *puzzle_json(const rh_bank_puzzle *p)
{
    cJSON *o = cJSON_CreateObject();
    const bool ok = o && cJSON_AddStringToObject(o, "id", p->id) &&
                    cJSON_AddStringToObject(o, "board", p->board) &&
                    cJSON_AddNumberToObject(o, "board_size", p->board_size) &&
                    cJSON_AddNumberToObject(o, "moves", p->moves) &&
                    (p->slides < 0 || cJSON_AddNumberToObject(o, "slides", p->slides)) &&
                    rh_json_add_u64(o, "cluster_size", p->cluster_size) &&
                    cJSON_AddNumberToObject(o, "vehicles", p->vehicles) &&
                    cJSON_AddNumberToObject(o, "walls", p->walls);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* The bank hands `p` out: a client will play it, so its cluster's table is built in the
 * background (the policy in docs/operating.md). */
static void handed_out(rhd_request *r, const rh_bank_puzzle *p)
{
    rhd_tables_prefetch_board(r->services->tables, &r->services->prefetch, p->board);
}

static void reply_doc(rhd_request *r, cJSON *doc, bool ok)
{
    if (ok) {
        rhd_reply_json(r, 200, doc);
        return;
    }
    cJSON_Delete(doc);
    rhd_reply_no_memory(r);
}

static void reply_bank_failure(rhd_request *r, rh_bank *b)
{
    char why[RH_BANK_WHY_MAX];
    rh_bank_why(b, why, sizeof why);
    rhd_reply_internal(r, why);
}

static uint64_t random_seed(void)
{
    uint64_t s = 0;
    if (getrandom(&s, sizeof s, GRND_NONBLOCK) != sizeof s)
        s = rh_clock_us() * UINT64_C(0x9E3779B97F4A7C15);
    return s & SEED_MAX;
}

void rhd_route_puzzles(rhd_request *r)
{
    rh_bank_filter f = RH_BANK_FILTER_WALL_FREE;
    params p = {0};
    if (!read_params(r, &p, P_FILTER | 1u << P_COUNT | 1u << P_SEED, &f)) return;
    uint64_t count = 1, seed = 0;
    if (p.value[P_COUNT] && rh_decimal_parse(p.value[P_COUNT], 1, COUNT_MAX, &count) != RH_OK)
        rh_diags_add(p.d, "count", "must be an integer from 1 to %d", COUNT_MAX);
    if (p.value[P_SEED] && rh_decimal_parse(p.value[P_SEED], 0, SEED_MAX, &seed) != RH_OK)
        rh_diags_add(p.d, "seed", "must be an integer from 0 to %" PRIu64, SEED_MAX);
    rh_bank *b;
    rh_bank_puzzle *picked = start_query(r, &p, count * sizeof *picked, &b);
    if (!picked) return;
    if (!p.value[P_SEED]) seed = random_seed();
    int found = 0;
    if (rh_bank_pick(b, &f, seed, picked, (int)count, &found) != RH_OK) {
        reply_bank_failure(r, b);
        free(picked);
        return;
    }
    cJSON *doc = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(doc, "puzzles");
    bool ok = list && rh_json_add_u64(doc, "seed", seed) &&
              cJSON_AddStringToObject(doc, "metric", rh_bank_metric_name(f.metric)) &&
              cJSON_AddNumberToObject(doc, "count", found);
    for (int k = 0; ok && k < found; k++) {
        cJSON *one = puzzle_json(&picked[k]);
        ok = one && cJSON_AddItemToArray(list, one);
        handed_out(r, &picked[k]);
    }
    free(picked);
    reply_doc(r, doc, ok);
}

/* Today's date (UTC) as days since 1970-01-01. */
static int64_t today(void)
{
    return (int64_t)time(NULL) / 86400;
}

void rhd_route_puzzles_daily(rhd_request *r)
{
    rh_bank_filter f = rhd_bank_daily_filter;
    params p = {0};
    if (!read_params(r, &p, P_FILTER | 1u << P_DATE, &f)) return;
    int64_t day = today();
    if (p.value[P_DATE] && rh_bank_day_parse(p.value[P_DATE], &day) != RH_OK)
        rh_diags_add(p.d, "date", "must be a date YYYY-MM-DD");
    rh_bank *b;
    rh_bank_puzzle *one = start_query(r, &p, sizeof *one, &b);
    if (!one) return;
    int found = 0;
    if (rh_bank_daily(b, &f, day, one, &found) != RH_OK) {
        reply_bank_failure(r, b);
        free(one);
        return;
    }
    char date[16];
    const time_t t = (time_t)(day * 86400);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%d", &tm);
    cJSON *doc = cJSON_CreateObject();
    cJSON *puzzle = found ? puzzle_json(one) : cJSON_CreateNull();
    if (found) handed_out(r, one);
    free(one);
    const bool ok = doc && puzzle && cJSON_AddStringToObject(doc, "date", date) &&
                    cJSON_AddStringToObject(doc, "metric", rh_bank_metric_name(f.metric));
    if (ok && cJSON_AddItemToObject(doc, "puzzle", puzzle)) puzzle = NULL;
    cJSON_Delete(puzzle);
    reply_doc(r, doc, ok && !puzzle);
}

/* {"<length>": count, ...} for the lengths that have puzzles. */
static cJSON *counts_json(const uint64_t *by, int n)
{
    cJSON *o = cJSON_CreateObject();
    bool ok = o != NULL;
    for (int k = 0; ok && k < n; k++)
        if (by[k]) {
            char key[12];
            snprintf(key, sizeof key, "%d", k);
            ok = rh_json_add_u64(o, key, by[k]);
        }
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

static int add_meta(void *ctx, const char *key, const char *value)
{
    return cJSON_AddStringToObject(ctx, key, value) ? 0 : -1;
}

/* The counts of the puzzles within `walls` (absent: every puzzle); meta and board_size are
 * the bank's. */
void rhd_route_puzzles_stats(rhd_request *r)
{
    rh_bank_filter f = RH_BANK_FILTER_ALL;
    params p = {0};
    if (!read_params(r, &p, 1u << P_WALLS, &f)) return;
    rh_bank *b;
    rh_bank_summary *sum = start_query(r, &p, sizeof *sum, &b); /* 48 KiB */
    if (!sum) return;
    if (rh_bank_stats_of(b, &f, sum) != RH_OK) {
        reply_bank_failure(r, b);
        free(sum);
        return;
    }
    cJSON *doc = cJSON_CreateObject(), *meta = cJSON_CreateObject();
    cJSON *parts[3] = {counts_json(sum->by_moves, RH_BANK_LENGTH_MAX),
                       counts_json(sum->by_slides, RH_BANK_LENGTH_MAX),
                       counts_json(sum->by_walls, RH_ENUM_CELLS_MAX + 1)};
    static const char *const part_names[3] = {"by_moves", "by_slides", "by_walls"};
    bool ok = doc && meta && cJSON_AddNumberToObject(doc, "board_size", sum->board_size) &&
              rh_json_add_u64(doc, "total", sum->total) &&
              rh_json_add_u64(doc, "with_slides", sum->with_slides) &&
              cJSON_AddNumberToObject(doc, "max_moves", sum->max_moves) &&
              cJSON_AddNumberToObject(doc, "max_slides", sum->max_slides);
    free(sum);
    for (int k = 0; k < 3; k++) {
        ok = ok && parts[k] && cJSON_AddItemToObject(doc, part_names[k], parts[k]);
        if (!ok) cJSON_Delete(parts[k]);
    }
    ok =
        ok && rh_bank_each_meta(b, add_meta, meta) == 0 && cJSON_AddItemToObject(doc, "meta", meta);
    if (!ok) cJSON_Delete(meta);
    reply_doc(r, doc, ok);
}

/* The bank's puzzle of `id` into `one`; false after the reply when the bank holds none (404)
 * or cannot be read (500). */
static bool find_puzzle(rhd_request *r, rh_bank *b, const char *id, rh_bank_puzzle *one)
{
    int found = 0;
    const int err = rh_bank_find(b, id, one, &found);
    if (err != RH_OK)
        reply_bank_failure(r, b);
    else if (!found)
        rhd_reply_problem(r, 404, "unknown-puzzle", "Not Found",
                          "the bank holds no puzzle of this id", NULL);
    return err == RH_OK && found;
}

bool rhd_puzzles_hold(rhd_request *r, const char *id)
{
    rh_bank *b = bank_or_503(r);
    if (!b) return false;
    rh_bank_puzzle *one = malloc(sizeof *one);
    if (!one) {
        rhd_reply_no_memory(r);
        return false;
    }
    const bool held = find_puzzle(r, b, id, one);
    free(one);
    return held;
}

cJSON *rhd_puzzles_with_id(cJSON *doc, const char *id)
{
    if (doc && id[0] && !cJSON_AddStringToObject(doc, "id", id)) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

void rhd_route_puzzle(rhd_request *r)
{
    params p = {0};
    if (!read_params(r, &p, 0, NULL)) return;
    const char *id = rhd_route_segment(r->route, r->path);
    char board[RH_PUZZLE_ID_CELLS_MAX + 1];
    rhd_body_id_board(board, p.d, id);
    rh_bank *b;
    rh_bank_puzzle *one = start_query(r, &p, sizeof *one, &b);
    if (!one) return;
    if (find_puzzle(r, b, id, one)) {
        cJSON *doc = puzzle_json(one);
        handed_out(r, one);
        r->etag = r->services->puzzle_etag;
        reply_doc(r, doc, doc != NULL);
    }
    free(one);
}
