/* Reading request bodies: strict JSON, a puzzle and its options; see request_body.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/clock.h"
#include "request_body.h"

cJSON *rhd_body_json(rhd_request *r)
{
    size_t at = 0;
    cJSON *doc = rh_json_parse(r->body ? r->body : "", r->body_len, &at);
    if (!doc) {
        char detail[96];
        snprintf(detail, sizeof detail, "the body is not valid JSON (error at byte %zu)", at);
        rhd_metrics_rejected(RHD_REJECT_INVALID);
        rhd_reply_problem(r, 400, "invalid-json", "Bad Request", detail, NULL);
    }
    return doc;
}

int rhd_body_puzzle(rh_puzzle *out, rhd_options *opt, rh_diags *d, const cJSON *doc,
                    unsigned accepted, const rhd_config *cfg)
{
    return rhd_body_puzzle_with(out, opt, d, doc, accepted, cfg, NULL, NULL);
}

bool rhd_body_id_board(char *board, rh_diags *d, const char *id)
{
    if (rh_puzzle_id_decode(board, id, strlen(id)) == RH_OK) return true;
    rh_diags_add(d, "id", "is not a puzzle id (a board size digit, then base64url)");
    return false;
}

/* The puzzle of the object `doc` named by its "id" (the id's board, in normal form) and the id
 * into `id`; `doc` holds no board form and only the members `extra` names beside it. `d` is the
 * request's fresh list: the board is parsed first, as rh_parse_board starts the list afresh,
 * and the members are checked after it. */
static int read_id(rh_puzzle *out, rh_diags *d, const cJSON *doc, const char *const *extra,
                   char *id)
{
    static const char *const id_keys[] = {"id", NULL};
    const cJSON *given = cJSON_GetObjectItemCaseSensitive(doc, "id");
    char board[RH_PUZZLE_ID_CELLS_MAX + 1];
    memset(out, 0, sizeof *out);
    if (!cJSON_IsString(given))
        rh_diags_add(d, "id", "must be a puzzle id, a string such as \"6qEEgucAESQ\"");
    else if (rhd_body_id_board(board, d, given->valuestring) &&
             rh_parse_board(out, d, board, strlen(board), "id") == RH_OK)
        snprintf(id, RH_PUZZLE_ID_MAX + 1, "%s", given->valuestring); /* decoded: it fits */
    rh_json_check_keys(d, doc, "", id_keys, extra);
    return d->count || d->dropped ? RH_EINVALID : RH_OK;
}

/* Reads the puzzle of `doc` by its id or its board: exactly one of "id", "vehicles", "grid" and
 * "board" when `id` is not NULL, else one of the board forms (rh_parse_cjson). */
static int read_puzzle(rh_puzzle *out, rh_diags *d, const cJSON *doc, const char *const *extra,
                       char *id)
{
    if (id) id[0] = '\0';
    if (!id || !cJSON_IsObject(doc)) return rh_parse_cjson(out, d, doc, extra);
    const bool by_id = cJSON_GetObjectItemCaseSensitive(doc, "id") != NULL;
    static const char *const boards[] = {"vehicles", "grid", "board"};
    bool by_board = false;
    for (size_t k = 0; k < sizeof boards / sizeof *boards; k++)
        by_board = by_board || cJSON_GetObjectItemCaseSensitive(doc, boards[k]) != NULL;
    if (by_id && by_board) {
        rh_diags_add(d, "id", "give either id or a board (vehicles, grid or board), not both");
        return RH_EINVALID;
    }
    if (!by_id && !by_board) {
        rh_diags_add(d, "id", "is missing: give id, or a board as vehicles, grid or board");
        return RH_EINVALID;
    }
    return by_id ? read_id(out, d, doc, extra, id) : rh_parse_cjson(out, d, doc, extra);
}

int rhd_body_puzzle_with(rh_puzzle *out, rhd_options *opt, rh_diags *d, const cJSON *doc,
                         unsigned accepted, const rhd_config *cfg, const char *const *more,
                         char *id)
{
    const char *extra[RHD_BODY_MORE_MAX + 2] = {"options"};
    for (int i = 0; more && more[i] && i < RHD_BODY_MORE_MAX; i++) extra[i + 1] = more[i];
    int err = read_puzzle(out, d, doc, extra, id);
    if (cJSON_IsObject(doc))
        rhd_options_read(opt, d, cJSON_GetObjectItemCaseSensitive(doc, "options"), "options",
                         accepted, cfg);
    return d->count || d->dropped ? RH_EINVALID : err;
}

cJSON *rhd_body_problem(const rhd_request *r, const rh_diags *d, const char *what)
{
    cJSON *extra = cJSON_CreateObject();
    cJSON *errors = rh_report_diags(d);
    if (extra && errors)
        cJSON_AddItemToObject(extra, "errors", errors);
    else
        cJSON_Delete(errors);
    char detail[64];
    const int n = d->count + d->dropped;
    snprintf(detail, sizeof detail, "the %s has %d problem%s", what, n, n == 1 ? "" : "s");
    const bool puzzle = strcmp(what, "puzzle") == 0;
    return rhd_problem(r, 400, puzzle ? "invalid-puzzle" : "invalid-request",
                       puzzle ? "Invalid Puzzle" : "Invalid Request", detail, extra);
}

rh_diags *rhd_body_diags(rhd_request *r)
{
    rh_diags *d = malloc(sizeof *d);
    if (d)
        rh_diags_init(d);
    else
        rhd_reply_no_memory(r);
    return d;
}

bool rhd_body_read(rhd_request *r, rh_puzzle *out, rhd_options *opt, unsigned accepted,
                   uint64_t *parse_us)
{
    return rhd_body_read_id(r, out, opt, accepted, NULL, parse_us);
}

bool rhd_body_read_id(rhd_request *r, rh_puzzle *out, rhd_options *opt, unsigned accepted, char *id,
                      uint64_t *parse_us)
{
    if (id) id[0] = '\0'; /* "" until an id is read */
    rh_diags *d = rhd_body_diags(r);
    if (!d) return false;
    const uint64_t t0 = rh_clock_us();
    int err;
    if (r->body_is_text) {
        err = rh_parse_text_board(out, d, r->body ? r->body : "", r->body_len);
    } else {
        cJSON *doc = rhd_body_json(r);
        if (!doc) {
            free(d);
            return false;
        }
        if (cJSON_IsObject(doc)) {
            err = rhd_body_puzzle_with(out, opt, d, doc, accepted, r->cfg, NULL, id);
        } else {
            rh_diags_add(d, "", "the puzzle must be a JSON object");
            err = RH_EINVALID;
        }
        cJSON_Delete(doc);
    }
    *parse_us = rh_clock_us() - t0;
    if (err != RH_OK) {
        rhd_metrics_rejected(RHD_REJECT_INVALID);
        rhd_reply_json(r, 400, rhd_body_problem(r, d, "puzzle"));
    }
    free(d);
    return err == RH_OK;
}
