/* The JSON puzzle document: field types, unknown and duplicate keys, an object's members read
 * one by one (parse_json.h: verify_json.c reads a move's so), and the choice between the
 * vehicles, grid and board forms. Every problem is reported, each on its JSON path. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "parse_json.h"
#include "rushhour/error.h"
#include "rushhour/json.h"
#include "rushhour/parse.h"

/* Integers come as JSON numbers (doubles in cJSON): reject fractions, 1e400, "3" and values
 * far outside any board, which the rule checks then need not fear overflowing. */
#define COORD_LIMIT 1000000

const char *rh__json_kind(const cJSON *item)
{
    return cJSON_IsString(item)   ? "a string"
           : cJSON_IsNumber(item) ? "a number"
           : cJSON_IsBool(item)   ? "a boolean"
           : cJSON_IsNull(item)   ? "null"
           : cJSON_IsArray(item)  ? "an array"
                                  : "an object";
}

static bool read_int(rh_diags *d, const cJSON *item, const char *field, int *out)
{
    if (!cJSON_IsNumber(item)) {
        rh_diags_add(d, field, "must be an integer, not %s", rh__json_kind(item));
        return false;
    }
    const double v = item->valuedouble;
    if (!isfinite(v) || v != trunc(v)) {
        rh_diags_add(d, field, "must be an integer, not %g", v);
        return false;
    }
    if (v < -COORD_LIMIT || v > COORD_LIMIT) {
        rh_diags_add(d, field, "%g is out of range", v);
        return false;
    }
    *out = (int)v;
    return true;
}

/* The index of `key` in the NULL-terminated `list` (NULL: empty), or -1. */
static int key_index(const char *key, const char *const *list)
{
    for (int i = 0; list && list[i]; i++)
        if (strcmp(key, list[i]) == 0) return i;
    return -1;
}

void rh_json_check_keys(rh_diags *d, const cJSON *obj, const char *path, const char *const *known,
                        const char *const *extra)
{
    char f[RH_DIAG_FIELD_MAX];
    uint64_t seen_known = 0, seen_extra = 0;
    for (const cJSON *a = obj->child; a; a = a->next) {
        snprintf(f, sizeof f, "%s%s%s", path, *path ? "." : "", a->string);
        const int k = key_index(a->string, known), e = k < 0 ? key_index(a->string, extra) : -1;
        if (k < 0 && e < 0) {
            rh_diags_add(d, f, "unknown field");
            continue;
        }
        uint64_t *seen = k >= 0 ? &seen_known : &seen_extra;
        const uint64_t bit = UINT64_C(1) << ((k >= 0 ? k : e) & 63);
        if (*seen & bit) rh_diags_add(d, f, "appears more than once");
        *seen |= bit;
    }
}

bool rh__json_read_members(rh_diags *d, const cJSON *obj, const char *path,
                           const char *const *known, rh__json_member_reader *read, void *into)
{
    char f[RH_DIAG_FIELD_MAX];
    rh_json_check_keys(d, obj, path, known, NULL);
    bool ok = true;
    for (int k = 0; known[k]; k++) {
        const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, known[k]);
        snprintf(f, sizeof f, "%s.%s", path, known[k]);
        if (!item) {
            rh_diags_add(d, f, "is missing");
            ok = false;
        } else {
            ok &= read(d, item, f, k, into);
        }
    }
    return ok;
}

static bool read_orientation(rh_diags *d, const cJSON *item, const char *field, rh_orientation *out)
{
    const char *s = cJSON_GetStringValue(item);
    if (s && (strcasecmp(s, "H") == 0 || strcasecmp(s, "horizontal") == 0)) {
        *out = RH_HORIZONTAL;
        return true;
    }
    if (s && (strcasecmp(s, "V") == 0 || strcasecmp(s, "vertical") == 0)) {
        *out = RH_VERTICAL;
        return true;
    }
    rh_diags_add(d, field, "must be \"H\" or \"V\" (or \"horizontal\"/\"vertical\")");
    return false;
}

static bool read_id(rh_diags *d, const cJSON *item, const char *field, char *out)
{
    const char *s = cJSON_GetStringValue(item);
    size_t n = s ? strlen(s) : 0;
    bool ok = s && n >= 1 && n <= RH_ID_MAX;
    for (size_t i = 0; ok && i < n; i++) ok = rh_id_char((unsigned char)s[i]);
    if (!ok) {
        rh_diags_add(d, field, "must be a string of 1 to %d letters or digits", RH_ID_MAX);
        return false;
    }
    memcpy(out, s, n + 1);
    return true;
}

/* Member k of a vehicle object ({id, row, col, length, orientation}) into the vehicle `into`. */
static bool read_vehicle_member(rh_diags *d, const cJSON *item, const char *field, int k,
                                void *into)
{
    rh_vehicle *v = into;
    switch (k) {
    case 0: return read_id(d, item, field, v->id);
    case 1: return read_int(d, item, field, &v->row);
    case 2: return read_int(d, item, field, &v->col);
    case 3: return read_int(d, item, field, &v->length);
    default: return read_orientation(d, item, field, &v->orientation);
    }
}

/* One vehicle object; true when every member was present and well-typed. */
static bool read_vehicle(rh_diags *d, const cJSON *obj, int i, rh_vehicle *v)
{
    static const char *const known[] = {"id", "row", "col", "length", "orientation", NULL};
    char path[RH_DIAG_FIELD_MAX];
    snprintf(path, sizeof path, "vehicles[%d]", i);
    if (!cJSON_IsObject(obj)) {
        rh_diags_add(d, path, "must be an object {id, row, col, length, orientation}");
        return false;
    }
    return rh__json_read_members(d, obj, path, known, read_vehicle_member, v);
}

/* Reads the well-formed walls into `out`; wsrc[k] is the input index of stored wall k. */
static void read_walls(rh_diags *d, const cJSON *walls, rh_puzzle *out, int *wsrc)
{
    char f[RH_DIAG_FIELD_MAX];
    if (!cJSON_IsArray(walls)) {
        rh_diags_add(d, "walls", "must be an array of [row, col] pairs");
        return;
    }
    if (cJSON_GetArraySize(walls) > RH_WALLS_MAX) {
        rh_diags_add(d, "walls", "too many walls: at most %d", RH_WALLS_MAX);
        return;
    }
    int k = 0;
    for (const cJSON *w = walls->child; w; w = w->next, k++) {
        snprintf(f, sizeof f, "walls[%d]", k);
        rh_cell c;
        if (!cJSON_IsArray(w) || cJSON_GetArraySize(w) != 2) {
            rh_diags_add(d, f, "must be a [row, col] pair");
            continue;
        }
        bool ok = read_int(d, w->child, f, &c.row);
        ok &= read_int(d, w->child->next, f, &c.col);
        if (ok) {
            wsrc[out->wall_count] = k;
            out->walls[out->wall_count++] = c;
        }
    }
}

static int parse_vehicles_form(rh_puzzle *out, rh_diags *d, const cJSON *doc)
{
    const int before = d->count + d->dropped;
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(doc, "board_size");
    const cJSON *exit = cJSON_GetObjectItemCaseSensitive(doc, "exit_row");
    const cJSON *vehicles = cJSON_GetObjectItemCaseSensitive(doc, "vehicles");
    const cJSON *walls = cJSON_GetObjectItemCaseSensitive(doc, "walls");
    const cJSON *target = cJSON_GetObjectItemCaseSensitive(doc, "target");
    bool size_ok = true;
    out->board_size = RH_BOARD_DEFAULT;
    if (size) {
        size_ok = read_int(d, size, "board_size", &out->board_size);
        if (size_ok && (out->board_size < RH_BOARD_MIN || out->board_size > RH_BOARD_MAX)) {
            rh_diags_add(d, "board_size", "%d is out of range (%d to %d)", out->board_size,
                         RH_BOARD_MIN, RH_BOARD_MAX);
            size_ok = false;
        }
    }
    bool exit_given = false;
    if (exit) exit_given = read_int(d, exit, "exit_row", &out->exit_row);
    char target_id[RH_ID_MAX + 1] = "X";
    const bool target_ok = !target || read_id(d, target, "target", target_id);
    int wsrc[RH_WALLS_MAX];
    if (walls) read_walls(d, walls, out, wsrc);

    /* src[k]: the input index of the k-th well-formed vehicle. */
    int src[RH_VEHICLES_MAX];
    bool target_dropped = false;
    if (!cJSON_IsArray(vehicles)) {
        rh_diags_add(d, "vehicles", "must be an array of vehicles");
    } else if (cJSON_GetArraySize(vehicles) > RH_VEHICLES_MAX) {
        rh_diags_add(d, "vehicles", "too many vehicles: %d, at most %d",
                     cJSON_GetArraySize(vehicles), RH_VEHICLES_MAX);
    } else {
        int i = 0;
        for (const cJSON *v = vehicles->child; v; v = v->next, i++) {
            rh_vehicle *slot = &out->vehicles[out->vehicle_count];
            memset(slot, 0, sizeof *slot);
            if (read_vehicle(d, v, i, slot)) {
                src[out->vehicle_count++] = i;
            } else {
                const char *id =
                    cJSON_IsObject(v)
                        ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v, "id"))
                        : NULL;
                if (id && strcmp(id, target_id) == 0) target_dropped = true;
            }
        }
    }
    if (!size_ok || !cJSON_IsArray(vehicles) || cJSON_GetArraySize(vehicles) > RH_VEHICLES_MAX)
        return RH_EINVALID; /* the rule checks need a size and the vehicles */
    out->target = target_ok ? rh_puzzle_find(out, target_id) : RH_TARGET_UNCHECKED;
    if (out->target == -1 && target_dropped) out->target = RH_TARGET_UNCHECKED;
    if (!exit_given) out->exit_row = out->target >= 0 ? out->vehicles[out->target].row : 0;
    int err = rh_puzzle_check_indexed(d, out, NULL, target_id, src, wsrc);
    return err == RH_OK && d->count + d->dropped == before ? RH_OK : RH_EINVALID;
}

/* What the grid and board forms hand the core's text parsers: one string (a board, or a grid's
 * rows joined) or a grid's rows, and a grid's target id (NULL: the default). */
typedef struct {
    bool board;
    const char *text; /* NULL: the rows */
    size_t len;
    const char *const *rows;
    const size_t *lens;
    int nrows;
    const char *target;
} text_form;

static int parse_text_form_into(rh_puzzle *out, rh_diags *d, const text_form *t)
{
    if (t->board) return rh_parse_board(out, d, t->text, t->len, "board");
    if (t->text) return rh_parse_grid_text(out, d, t->text, t->len, t->target, "grid");
    return rh_parse_grid(out, d, t->rows, t->lens, t->nrows, t->target, "grid");
}

/* The core's parsers start their diagnostics afresh. Once the document has problems of its own
 * (unknown keys, an unreadable target) the core's go to a list of their own, then after them. */
static int parse_text_form(rh_puzzle *out, rh_diags *d, const text_form *t)
{
    if (!d->count && !d->dropped) return parse_text_form_into(out, d, t);
    rh_diags more;
    parse_text_form_into(out, &more, t);
    for (int i = 0; i < more.count; i++)
        rh_diags_add(d, more.items[i].field, "%s", more.items[i].message);
    d->dropped += more.dropped;
    return RH_EINVALID;
}

/* A grid given as an array of row strings, or as one string with '/' or newlines. */
static int parse_grid_form(rh_puzzle *out, rh_diags *d, const cJSON *doc)
{
    const cJSON *grid = cJSON_GetObjectItemCaseSensitive(doc, "grid");
    const cJSON *target = cJSON_GetObjectItemCaseSensitive(doc, "target");
    /* An unreadable target is reported here; the empty id then skips the target rules. */
    char target_id[RH_ID_MAX + 1];
    if (target && !read_id(d, target, "target", target_id)) target_id[0] = '\0';
    const char *rows[RH_BOARD_MAX];
    size_t lens[RH_BOARD_MAX];
    text_form t = {.target = target ? target_id : NULL};
    if (cJSON_IsString(grid)) {
        t.text = grid->valuestring;
        t.len = strlen(t.text);
        return parse_text_form(out, d, &t);
    }
    if (!cJSON_IsArray(grid)) {
        rh_diags_add(d, "grid", "must be an array of row strings");
        return RH_EINVALID;
    }
    const int n = cJSON_GetArraySize(grid);
    if (n > RH_BOARD_MAX) {
        rh_diags_add(d, "grid", "the grid has %d rows; boards have %d to %d", n, RH_BOARD_MIN,
                     RH_BOARD_MAX);
        return RH_EINVALID;
    }
    int k = 0;
    bool ok = true;
    for (const cJSON *r = grid->child; r; r = r->next, k++) {
        if (!cJSON_IsString(r)) {
            char f[RH_DIAG_FIELD_MAX];
            snprintf(f, sizeof f, "grid[%d]", k);
            rh_diags_add(d, f, "must be a string");
            ok = false;
            continue;
        }
        rows[k] = r->valuestring;
        lens[k] = strlen(r->valuestring);
    }
    if (!ok) return RH_EINVALID;
    t.rows = rows;
    t.lens = lens;
    t.nrows = n;
    return parse_text_form(out, d, &t);
}

int rh_parse_cjson(rh_puzzle *out, rh_diags *d, const cJSON *doc, const char *const *extra)
{
    static const char *const vehicles_keys[] = {"board_size", "exit_row", "vehicles",
                                                "walls",      "target",   NULL};
    static const char *const grid_keys[] = {"grid", "target", NULL};
    static const char *const board_keys[] = {"board", NULL};
    rh_diags_init(d);
    memset(out, 0, sizeof *out);
    if (!cJSON_IsObject(doc)) {
        rh_diags_add(d, "", "the puzzle must be a JSON object");
        return RH_EINVALID;
    }
    const bool has_v = cJSON_GetObjectItemCaseSensitive(doc, "vehicles") != NULL;
    const bool has_g = cJSON_GetObjectItemCaseSensitive(doc, "grid") != NULL;
    const bool has_b = cJSON_GetObjectItemCaseSensitive(doc, "board") != NULL;
    const int forms = has_v + has_g + has_b;
    if (forms != 1) {
        rh_diags_add(d, forms ? "" : "vehicles",
                     forms ? "give only one of vehicles, grid and board"
                           : "is missing: give vehicles, grid or board");
        return RH_EINVALID;
    }
    rh_json_check_keys(d, doc, "", has_v ? vehicles_keys : has_g ? grid_keys : board_keys, extra);
    int err;
    if (has_v) {
        err = parse_vehicles_form(out, d, doc);
    } else if (has_g) {
        err = parse_grid_form(out, d, doc);
    } else {
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(doc, "board");
        if (cJSON_IsString(b)) {
            const text_form t = {
                .board = true, .text = b->valuestring, .len = strlen(b->valuestring)};
            err = parse_text_form(out, d, &t);
        } else {
            rh_diags_add(d, "board", "must be a string such as \"BCDDE.BCF.EGB.FAAG...\"");
            err = RH_EINVALID;
        }
    }
    return err == RH_OK && !d->count && !d->dropped ? RH_OK : RH_EINVALID;
}
