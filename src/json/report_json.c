/* The solve document shared by the CLI and the service. Counters go out through snprintf so
 * values above 2^53 keep every digit (cJSON would print them as doubles). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "rushhour/json.h"

bool rh_json_add_u64(cJSON *obj, const char *name, uint64_t v)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, v);
    return cJSON_AddRawToObject(obj, name, buf) != NULL;
}

/* The statistics every search document carries. */
static bool add_stats(cJSON *doc, const rh_stats *st)
{
    cJSON *stats = cJSON_AddObjectToObject(doc, "stats");
    return stats && rh_json_add_u64(stats, "nodes_expanded", st->nodes_expanded) &&
           rh_json_add_u64(stats, "nodes_generated", st->nodes_generated) &&
           rh_json_add_u64(stats, "states_stored", st->states_stored) &&
           rh_json_add_u64(stats, "peak_memory_bytes", st->peak_memory) &&
           rh_json_add_u64(stats, "elapsed_us", st->elapsed_us);
}

/* A board as an array of row strings, or NULL when out of memory. */
static cJSON *board_rows(const rh_puzzle *p)
{
    char board[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
    rh_puzzle_render(board, p);
    cJSON *rows = cJSON_CreateArray();
    for (int row = 0; rows && row < p->board_size; row++)
        if (!cJSON_AddItemToArray(rows, cJSON_CreateString(board + row * (p->board_size + 1)))) {
            cJSON_Delete(rows);
            return NULL;
        }
    return rows;
}

/* The first `shown` moves, their notation and, when asked, the board after each move. */
static bool add_solution(cJSON *doc, const rh_puzzle *p, const rh_result *r, bool boards, int shown)
{
    cJSON *sol = cJSON_AddObjectToObject(doc, "solution");
    cJSON *moves = sol ? cJSON_AddArrayToObject(sol, "moves") : NULL;
    cJSON *rows = boards && sol ? cJSON_AddArrayToObject(sol, "boards") : NULL;
    if (!moves || (boards && !rows)) return false;
    rh_puzzle cur = *p;
    char *notation = malloc((size_t)shown * (RH_MOVE_NOTATION_MAX) + 1);
    if (!notation) return false;
    size_t used = 0;
    notation[0] = '\0';
    bool ok = true;
    for (int k = 0; ok && k < shown; k++) {
        const rh_move m = r->moves[k];
        cJSON *mv = cJSON_CreateObject();
        ok = mv && cJSON_AddItemToArray(moves, mv) &&
             cJSON_AddStringToObject(mv, "vehicle", p->vehicles[m.vehicle].id) &&
             cJSON_AddStringToObject(mv, "direction", rh_move_direction(p, m)) &&
             cJSON_AddNumberToObject(mv, "distance", abs(m.delta));
        char one[RH_MOVE_NOTATION_MAX];
        rh_move_notation(one, p, m);
        used += (size_t)snprintf(notation + used, RH_ID_MAX + 9, "%s%s", k ? " " : "", one);
        if (ok && rows) {
            rh_puzzle_apply(&cur, m);
            cJSON *b = board_rows(&cur);
            ok = b && cJSON_AddItemToArray(rows, b);
            if (!ok) cJSON_Delete(b);
        }
    }
    ok = ok && cJSON_AddNumberToObject(sol, "move_count", r->move_count) &&
         cJSON_AddNumberToObject(sol, "slide_count", r->slide_count) &&
         cJSON_AddStringToObject(sol, "notation", notation);
    free(notation);
    return ok;
}

/* The document, or NULL (and no document) when building any part of it failed. */
static cJSON *built(cJSON *doc, bool ok)
{
    if (ok) return doc;
    cJSON_Delete(doc);
    return NULL;
}

cJSON *rh_report_result(const rh_puzzle *p, const rh_result *r, bool boards)
{
    return rh_report_result_head(p, r, boards, 0);
}

cJSON *rh_report_result_head(const rh_puzzle *p, const rh_result *r, bool boards, int keep)
{
    cJSON *doc = cJSON_CreateObject();
    if (!doc) return NULL;
    bool ok = cJSON_AddStringToObject(doc, "status", rh_status_name(r->status)) &&
              cJSON_AddBoolToObject(doc, "optimal", r->optimal) &&
              cJSON_AddStringToObject(doc, "algorithm", rh_algorithm_name(r->algorithm)) &&
              cJSON_AddStringToObject(doc, "metric", rh_metric_name(r->metric));
    if (ok && r->status == RH_LIMIT_REACHED)
        ok = cJSON_AddStringToObject(doc, "limit", rh_limit_name(r->limit)) != NULL;
    const int shown = keep > 0 && keep < r->move_count ? keep : r->move_count;
    if (ok && r->status == RH_SOLVED) ok = add_solution(doc, p, r, boards, shown);
    ok = ok && add_stats(doc, &r->stats);
    return built(doc, ok);
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

cJSON *rh_report_analysis(const rh_analysis *a)
{
    cJSON *doc = cJSON_CreateObject();
    const bool whole = a->status == RH_SOLVED;
    bool ok = doc && cJSON_AddStringToObject(doc, "status", whole ? "complete" : "limit_reached") &&
              cJSON_AddStringToObject(doc, "metric", rh_metric_name(a->metric));
    if (ok && !whole) ok = cJSON_AddStringToObject(doc, "limit", rh_limit_name(a->limit)) != NULL;
    if (ok && whole) {
        ok = rh_json_add_u64(doc, "states", a->states) &&
             rh_json_add_u64(doc, "goal_states", a->goal_states) &&
             rh_json_add_u64(doc, "dead_states", a->dead_states) &&
             cJSON_AddBoolToObject(doc, "solvable", a->start_distance >= 0) &&
             cJSON_AddNumberToObject(doc, "start_distance", a->start_distance) &&
             cJSON_AddNumberToObject(doc, "start_moves", a->start_moves) &&
             cJSON_AddNumberToObject(doc, "max_distance", a->max_distance);
        cJSON *histogram = ok ? cJSON_AddArrayToObject(doc, "histogram") : NULL;
        for (int d = 0; ok && histogram && d <= a->max_distance; d++) {
            char n[24];
            snprintf(n, sizeof n, "%" PRIu64, a->histogram[d]);
            ok = cJSON_AddItemToArray(histogram, cJSON_CreateRaw(n));
        }
        cJSON *hardest = ok && histogram ? cJSON_AddObjectToObject(doc, "hardest") : NULL;
        cJSON *rows = hardest ? board_rows(&a->hardest) : NULL;
        ok = rows && cJSON_AddItemToObject(hardest, "board", rows) &&
             cJSON_AddNumberToObject(hardest, "distance", a->max_distance);
    }
    ok = ok && add_stats(doc, &a->stats);
    return built(doc, ok);
}

cJSON *rh_report_puzzle(const rh_puzzle *p)
{
    cJSON *doc = cJSON_CreateObject();
    bool ok = doc && cJSON_AddNumberToObject(doc, "board_size", p->board_size) &&
              cJSON_AddNumberToObject(doc, "exit_row", p->exit_row) &&
              cJSON_AddStringToObject(doc, "target", p->vehicles[p->target].id);
    cJSON *vehicles = ok ? cJSON_AddArrayToObject(doc, "vehicles") : NULL;
    for (int i = 0; vehicles && ok && i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        cJSON *o = cJSON_CreateObject();
        ok = o && cJSON_AddItemToArray(vehicles, o) && cJSON_AddStringToObject(o, "id", v->id) &&
             cJSON_AddNumberToObject(o, "row", v->row) &&
             cJSON_AddNumberToObject(o, "col", v->col) &&
             cJSON_AddNumberToObject(o, "length", v->length) &&
             cJSON_AddStringToObject(o, "orientation", v->orientation ? "V" : "H");
    }
    cJSON *walls = ok && vehicles ? cJSON_AddArrayToObject(doc, "walls") : NULL;
    for (int k = 0; walls && ok && k < p->wall_count; k++) {
        const int cell[2] = {p->walls[k].row, p->walls[k].col};
        cJSON *w = cJSON_CreateIntArray(cell, 2);
        ok = w && cJSON_AddItemToArray(walls, w);
    }
    return built(doc, ok && walls != NULL);
}

cJSON *rh_report_generated(const rh_generated *g)
{
    cJSON *doc = cJSON_CreateObject();
    const bool found = g->length > 0;
    bool ok = doc &&
              cJSON_AddStringToObject(doc, "status",
                                      g->status == RH_SOLVED ? "generated" : "limit_reached") &&
              cJSON_AddStringToObject(doc, "metric", rh_metric_name(g->metric));
    if (ok && g->status != RH_SOLVED)
        ok = cJSON_AddStringToObject(doc, "limit", rh_limit_name(g->limit)) != NULL;
    ok = ok && cJSON_AddNumberToObject(doc, "length", g->length);
    cJSON *puzzle = ok && found ? rh_report_puzzle(&g->puzzle) : cJSON_CreateNull();
    cJSON *board = ok && found ? board_rows(&g->puzzle) : cJSON_CreateNull();
    /* Each item belongs to `doc` once added; until then it is freed here. */
    if (ok && puzzle && cJSON_AddItemToObject(doc, "puzzle", puzzle)) puzzle = NULL;
    if (ok && !puzzle && board && cJSON_AddItemToObject(doc, "board", board)) board = NULL;
    ok = ok && !puzzle && !board;
    cJSON_Delete(puzzle);
    cJSON_Delete(board);
    ok = ok && rh_json_add_u64(doc, "candidates", g->candidates) &&
         rh_json_add_u64(doc, "restarts", g->restarts) && add_stats(doc, &g->stats);
    return built(doc, ok);
}
