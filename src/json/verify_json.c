/* The JSON of /v1/verify and `rushhour verify`: a request's list of moves read field by field,
 * and the verdict document. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "parse_json.h"
#include "rushhour/error.h"
#include "rushhour/json.h"
#include "rushhour/puzzle_id.h"

/* What a move's members are read with: the puzzle (NULL: none valid) and the move. */
typedef struct {
    const rh_puzzle *p;
    rh_verify_move *m;
} move_reading;

/* Member k of a move object ({vehicle, direction, distance}) into the move of `into`. */
static bool read_move_member(rh_diags *d, const cJSON *item, const char *field, int k, void *into)
{
    const move_reading *at = into;
    if (k == 0) {
        if (!cJSON_IsString(item)) {
            rh_diags_add(d, field, "must be a string (a vehicle's id), not %s",
                         rh__json_kind(item));
            return false;
        }
        at->m->vehicle = at->p ? rh_puzzle_find(at->p, item->valuestring) : -1; /* -1: not a 400 */
        return true;
    }
    if (k == 1) {
        if (rh_direction_parse(&at->m->direction, cJSON_GetStringValue(item)) == RH_OK) return true;
        rh_diags_add(d, field, "must be one of \"up\", \"down\", \"left\", \"right\"");
        return false;
    }
    const int size = at->p ? at->p->board_size : RH_BOARD_MAX;
    const double v = cJSON_IsNumber(item) ? item->valuedouble : NAN;
    if (!isfinite(v) || v != trunc(v) || v < 1 || v > size) {
        rh_diags_add(d, field, "must be an integer from 1 to %d (the board's size)", size);
        return false;
    }
    at->m->distance = (int)v;
    return true;
}

/* One entry, moves[i]; true when it is well formed. */
static bool read_move(rh_diags *d, const cJSON *obj, int i, const rh_puzzle *p, rh_verify_move *m)
{
    static const char *const known[] = {"vehicle", "direction", "distance", NULL};
    char path[RH_DIAG_FIELD_MAX];
    snprintf(path, sizeof path, "moves[%d]", i);
    if (!cJSON_IsObject(obj)) {
        rh_diags_add(d, path, "must be an object {vehicle, direction, distance}, not %s",
                     rh__json_kind(obj));
        return false;
    }
    move_reading at = {p, m};
    return rh__json_read_members(d, obj, path, known, read_move_member, &at);
}

int rh_parse_verify_moves(rh_verify_move *out, size_t *count, rh_diags *d, const cJSON *moves,
                          const rh_puzzle *p)
{
    const int before = d->count + d->dropped;
    *count = 0;
    if (!moves) {
        rh_diags_add(d, "moves", "is missing");
    } else if (!cJSON_IsArray(moves)) {
        rh_diags_add(d, "moves", "must be an array of {vehicle, direction, distance}, not %s",
                     rh__json_kind(moves));
    } else if (cJSON_GetArraySize(moves) > RH_VERIFY_MOVES_MAX) {
        rh_diags_add(d, "moves", "has %d moves: at most %d", cJSON_GetArraySize(moves),
                     RH_VERIFY_MOVES_MAX);
    } else {
        int i = 0;
        for (const cJSON *m = moves->child; m; m = m->next, i++)
            if (read_move(d, m, i, p, &out[*count])) ++*count;
    }
    return d->count + d->dropped == before ? RH_OK : RH_EINVALID;
}

/* {code, vehicle, wall, cell} of an illegal move. */
static cJSON *reason(const rh_puzzle *p, const rh_verify_result *v)
{
    cJSON *o = cJSON_CreateObject();
    bool ok = o && cJSON_AddStringToObject(o, "code", rh_verify_reason_name(v->reason)) &&
              (v->blocker >= 0 ? cJSON_AddStringToObject(o, "vehicle", p->vehicles[v->blocker].id)
                               : cJSON_AddNullToObject(o, "vehicle")) &&
              cJSON_AddBoolToObject(o, "wall", v->wall);
    cJSON *cell = ok && v->has_cell ? cJSON_AddObjectToObject(o, "cell") : NULL;
    ok = ok && (v->has_cell ? cell && cJSON_AddNumberToObject(cell, "row", v->cell.row) &&
                                  cJSON_AddNumberToObject(cell, "col", v->cell.col)
                            : cJSON_AddNullToObject(o, "cell") != NULL);
    if (ok) return o;
    cJSON_Delete(o);
    return NULL;
}

cJSON *rh_report_verify(const rh_puzzle *end, const rh_verify_result *v, int optimal_moves)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON *why = v->legal ? cJSON_CreateNull() : reason(end, v);
    bool ok = doc && why && cJSON_AddBoolToObject(doc, "legal", v->legal) &&
              (v->legal ? cJSON_AddNullToObject(doc, "first_illegal")
                        : cJSON_AddNumberToObject(doc, "first_illegal", (double)v->first_illegal));
    if (ok) {
        cJSON_AddItemToObject(doc, "reason", why);
        why = NULL;
    }
    /* The bank's notation, in its normal form: null where it cannot say the board. */
    char id[RH_PUZZLE_ID_MAX + 1], board[RH_PUZZLE_ID_CELLS_MAX + 1];
    const bool noted =
        rh_puzzle_id(id, end) == RH_OK && rh_puzzle_id_decode(board, id, strlen(id)) == RH_OK;
    ok = ok && cJSON_AddBoolToObject(doc, "solved", v->solved) &&
         cJSON_AddNumberToObject(doc, "move_count", v->move_count) &&
         cJSON_AddNumberToObject(doc, "slide_count", v->slide_count) &&
         (optimal_moves >= 0 ? cJSON_AddNumberToObject(doc, "optimal_move_count", optimal_moves)
                             : cJSON_AddNullToObject(doc, "optimal_move_count")) &&
         cJSON_AddBoolToObject(doc, "optimal",
                               v->legal && v->solved && v->move_count == optimal_moves) &&
         (noted ? cJSON_AddStringToObject(doc, "board", board)
                : cJSON_AddNullToObject(doc, "board"));
    cJSON_Delete(why);
    if (ok) return doc;
    cJSON_Delete(doc);
    return NULL;
}
