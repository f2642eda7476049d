/* The solve document shared by the CLI and the service. Counters go out through snprintf so
 * values above 2^53 keep every digit (cJSON would print them as doubles). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "rushhour/report.h"

static bool add_u64(cJSON *obj, const char *name, uint64_t v)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, v);
    return cJSON_AddRawToObject(obj, name, buf) != NULL;
}

void rh_report_move_notation(char *out, const rh_puzzle *p, rh_move m)
{
    const char *dir = rh_move_direction(p, m);
    snprintf(out, RH_ID_MAX + 8, "%s%c%d", p->vehicles[m.vehicle].id, dir[0] - 'a' + 'A',
             abs(m.delta));
}

/* The moves, their notation and, when asked, the board after each move. */
static bool add_solution(cJSON *doc, const rh_puzzle *p, const rh_result *r, bool boards)
{
    cJSON *sol = cJSON_AddObjectToObject(doc, "solution");
    cJSON *moves = sol ? cJSON_AddArrayToObject(sol, "moves") : NULL;
    cJSON *rows = boards && sol ? cJSON_AddArrayToObject(sol, "boards") : NULL;
    if (!moves || (boards && !rows)) return false;
    rh_puzzle cur = *p;
    char *notation = malloc((size_t)r->move_count * (RH_ID_MAX + 8) + 1);
    if (!notation) return false;
    size_t used = 0;
    notation[0] = '\0';
    bool ok = true;
    for (int k = 0; ok && k < r->move_count; k++) {
        const rh_move m = r->moves[k];
        cJSON *mv = cJSON_CreateObject();
        ok = mv && cJSON_AddItemToArray(moves, mv) &&
             cJSON_AddStringToObject(mv, "vehicle", p->vehicles[m.vehicle].id) &&
             cJSON_AddStringToObject(mv, "direction", rh_move_direction(p, m)) &&
             cJSON_AddNumberToObject(mv, "distance", abs(m.delta));
        char one[RH_ID_MAX + 8];
        rh_report_move_notation(one, p, m);
        used += (size_t)snprintf(notation + used, RH_ID_MAX + 9, "%s%s", k ? " " : "", one);
        if (ok && rows) {
            char board[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
            rh_puzzle_apply(&cur, m);
            rh_puzzle_render(board, &cur);
            cJSON *b = cJSON_CreateArray();
            ok = b && cJSON_AddItemToArray(rows, b);
            for (int row = 0; ok && row < cur.board_size; row++)
                ok =
                    cJSON_AddItemToArray(b, cJSON_CreateString(board + row * (cur.board_size + 1)));
        }
    }
    ok = ok && cJSON_AddNumberToObject(sol, "move_count", r->move_count) &&
         cJSON_AddNumberToObject(sol, "slide_count", r->slide_count) &&
         cJSON_AddStringToObject(sol, "notation", notation);
    free(notation);
    return ok;
}

cJSON *rh_report_result(const rh_puzzle *p, const rh_result *r, bool boards)
{
    cJSON *doc = cJSON_CreateObject();
    if (!doc) return NULL;
    bool ok = cJSON_AddStringToObject(doc, "status", rh_status_name(r->status)) &&
              cJSON_AddBoolToObject(doc, "optimal", r->optimal) &&
              cJSON_AddStringToObject(doc, "algorithm", rh_algorithm_name(r->algorithm)) &&
              cJSON_AddStringToObject(doc, "metric", rh_metric_name(r->metric));
    if (ok && r->status == RH_LIMIT_REACHED)
        ok = cJSON_AddStringToObject(doc, "limit", rh_limit_name(r->limit)) != NULL;
    if (ok && r->status == RH_SOLVED) ok = add_solution(doc, p, r, boards);
    cJSON *stats = ok ? cJSON_AddObjectToObject(doc, "stats") : NULL;
    ok = stats && add_u64(stats, "nodes_expanded", r->stats.nodes_expanded) &&
         add_u64(stats, "nodes_generated", r->stats.nodes_generated) &&
         add_u64(stats, "states_stored", r->stats.states_stored) &&
         add_u64(stats, "peak_memory_bytes", r->stats.peak_memory) &&
         add_u64(stats, "elapsed_us", r->stats.elapsed_us);
    if (!ok) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

cJSON *rh_report_diags(const rh_diags *d)
{
    cJSON *list = cJSON_CreateArray();
    for (int i = 0; list && i < d->count; i++) {
        cJSON *e = cJSON_CreateObject();
        if (!e || !cJSON_AddItemToArray(list, e) ||
            !cJSON_AddStringToObject(e, "field", d->items[i].field) ||
            !cJSON_AddStringToObject(e, "message", d->items[i].message)) {
            cJSON_Delete(list);
            return NULL;
        }
    }
    if (list && d->dropped) {
        char msg[64];
        snprintf(msg, sizeof msg, "%d more problems not listed", d->dropped);
        cJSON *e = cJSON_CreateObject();
        if (!e || !cJSON_AddItemToArray(list, e) || !cJSON_AddStringToObject(e, "field", "") ||
            !cJSON_AddStringToObject(e, "message", msg)) {
            cJSON_Delete(list);
            return NULL;
        }
    }
    return list;
}
