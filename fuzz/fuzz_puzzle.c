/* libFuzzer target: arbitrary bytes through the puzzle id decoder and the puzzle parsers (JSON,
 * text grid, database notation: rh_parse_text picks the form), then, for a valid puzzle, through
 * the solver, the replay of its answer, the solve document and the exhaustive exploration, all
 * under small budgets. Every documented contract is checked; a violation aborts, which libFuzzer
 * records as a crash.
 *
 * The last byte of the input also chooses the search: algorithm = byte % 3 (bfs, astar, fast),
 * metric = byte / 3 % 2 (moves, slides), boards in the report = byte / 6 % 2. The whole input,
 * that byte included, is the text parsed. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sanitizer/asan_interface.h>

#include "json_strict.h"
#include "rushhour/json.h"
#include "rushhour/rushhour.h"

#define MAX_NODES 2000
#define MAX_MEMORY ((size_t)1 << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_NAME "fuzz_puzzle"
#include "fuzz_check.h"

/* A copy of the input that ends exactly where a PROT_NONE page starts, and whose head is
 * poisoned for ASan: cJSON is not instrumented, so only the guard page catches it reading past
 * the length it was given. */
static char *guarded_copy(const uint8_t *data, size_t size)
{
    static char *region;
    static size_t cap; /* usable bytes before the guard page */
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (!region || size > cap) {
        if (region) {
            ASAN_UNPOISON_MEMORY_REGION(region, cap);
            munmap(region, cap + page);
        }
        cap = size ? (size + page - 1) / page * page : page;
        region = mmap(NULL, cap + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        CHECK(region != MAP_FAILED, "mmap of %zu bytes failed", cap + page);
        CHECK(mprotect(region + cap, page, PROT_NONE) == 0, "mprotect failed");
    }
    char *at = region + cap - size;
    ASAN_UNPOISON_MEMORY_REGION(region, cap);
    if (size) memcpy(at, data, size);
    ASAN_POISON_MEMORY_REGION(region, cap - size);
    return at;
}

static void check_diags(const rh_diags *d)
{
    CHECK(d->count >= 0 && d->count <= RH_DIAGS_MAX, "diags count %d", d->count);
    CHECK(d->dropped >= 0, "dropped %d", d->dropped);
    CHECK(d->dropped == 0 || d->count == RH_DIAGS_MAX, "dropped %d with count %d", d->dropped,
          d->count);
    for (int i = 0; i < d->count; i++) {
        CHECK(memchr(d->items[i].field, '\0', RH_DIAG_FIELD_MAX), "field %d unterminated", i);
        CHECK(memchr(d->items[i].message, '\0', RH_DIAG_MESSAGE_MAX), "message %d unterminated", i);
        CHECK(d->items[i].message[0], "diagnostic %d has an empty message", i);
        CHECK(json_strict_utf8(d->items[i].field, strlen(d->items[i].field)) &&
                  json_strict_utf8(d->items[i].message, strlen(d->items[i].message)),
              "diagnostic %d is not UTF-8: %s: %s", i, d->items[i].field, d->items[i].message);
    }
    /* The error list the service sends must always build and print. */
    cJSON *list = rh_report_diags(d);
    CHECK(list, "rh_report_diags failed");
    CHECK(cJSON_GetArraySize(list) == d->count + (d->dropped ? 1 : 0), "%d items for %d + %d",
          cJSON_GetArraySize(list), d->count, d->dropped);
    char *text = cJSON_PrintUnformatted(list);
    CHECK(text, "cannot print the diagnostics");
    CHECK(json_strict_valid(text, strlen(text)), "the printed diagnostics are not JSON: %s", text);
    cJSON_free(text);
    cJSON_Delete(list);
}

static bool same_vehicle(const rh_vehicle *a, const rh_vehicle *b)
{
    return strcmp(a->id, b->id) == 0 && a->row == b->row && a->col == b->col &&
           a->length == b->length && a->orientation == b->orientation;
}

static bool has_wall(const rh_puzzle *p, rh_cell c)
{
    for (int k = 0; k < p->wall_count; k++)
        if (p->walls[k].row == c.row && p->walls[k].col == c.col) return true;
    return false;
}

/* The same board, vehicles compared by id whatever their order. */
static void check_same_puzzle(const rh_puzzle *a, const rh_puzzle *b, const char *how)
{
    CHECK(a->board_size == b->board_size, "%s: size %d vs %d", how, a->board_size, b->board_size);
    CHECK(a->exit_row == b->exit_row, "%s: exit row %d vs %d", how, a->exit_row, b->exit_row);
    CHECK(a->vehicle_count == b->vehicle_count, "%s: %d vs %d vehicles", how, a->vehicle_count,
          b->vehicle_count);
    CHECK(a->wall_count == b->wall_count, "%s: %d vs %d walls", how, a->wall_count, b->wall_count);
    CHECK(strcmp(a->vehicles[a->target].id, b->vehicles[b->target].id) == 0, "%s: target %s vs %s",
          how, a->vehicles[a->target].id, b->vehicles[b->target].id);
    for (int i = 0; i < a->vehicle_count; i++) {
        const int j = rh_puzzle_find(b, a->vehicles[i].id);
        CHECK(j >= 0 && same_vehicle(&a->vehicles[i], &b->vehicles[j]), "%s: vehicle %s differs",
              how, a->vehicles[i].id);
    }
    for (int k = 0; k < a->wall_count; k++)
        CHECK(has_wall(b, a->walls[k]), "%s: wall (%d, %d) lost", how, a->walls[k].row,
              a->walls[k].col);
}

/* A valid puzzle drawn as a grid parses back to itself, when the drawing is unambiguous:
 * one-character ids, none of them 'o' (an empty cell in grids). */
static void check_grid_roundtrip(const rh_puzzle *p)
{
    for (int i = 0; i < p->vehicle_count; i++)
        if (p->vehicles[i].id[1] || p->vehicles[i].id[0] == 'o') return;
    const int n = p->board_size;
    char board[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
    const char *rows[RH_BOARD_MAX];
    size_t lens[RH_BOARD_MAX];
    rh_puzzle_render(board, p);
    for (int r = 0; r < n; r++) {
        rows[r] = board + r * (n + 1);
        lens[r] = strlen(rows[r]);
        CHECK(lens[r] == (size_t)n, "rendered row %d has %zu characters", r, lens[r]);
    }
    static rh_puzzle q;
    static rh_diags d;
    rh_diags_init(&d);
    const int err = rh_parse_grid(&q, &d, rows, lens, n, p->vehicles[p->target].id, "grid");
    CHECK(err == RH_OK, "the rendered grid does not parse (%d): %s: %s", d.count,
          d.count ? d.items[0].field : "", d.count ? d.items[0].message : "");
    check_same_puzzle(p, &q, "grid roundtrip");
}

/* A valid puzzle written as the JSON vehicles form parses back to itself. */
static void check_json_roundtrip(const rh_puzzle *p)
{
    cJSON *doc = cJSON_CreateObject();
    CHECK(doc, "out of memory");
    cJSON_AddNumberToObject(doc, "board_size", p->board_size);
    cJSON_AddNumberToObject(doc, "exit_row", p->exit_row);
    cJSON_AddStringToObject(doc, "target", p->vehicles[p->target].id);
    cJSON *vs = cJSON_AddArrayToObject(doc, "vehicles");
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToArray(vs, o);
        cJSON_AddStringToObject(o, "id", v->id);
        cJSON_AddNumberToObject(o, "row", v->row);
        cJSON_AddNumberToObject(o, "col", v->col);
        cJSON_AddNumberToObject(o, "length", v->length);
        cJSON_AddStringToObject(o, "orientation", v->orientation == RH_HORIZONTAL ? "H" : "V");
    }
    cJSON *ws = cJSON_AddArrayToObject(doc, "walls");
    for (int k = 0; k < p->wall_count; k++) {
        const int cell[2] = {p->walls[k].row, p->walls[k].col};
        cJSON_AddItemToArray(ws, cJSON_CreateIntArray(cell, 2));
    }
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    CHECK(text, "out of memory");
    static rh_puzzle q;
    static rh_diags d;
    rh_diags_init(&d);
    const int err = rh_parse_text(&q, &d, text, strlen(text));
    CHECK(err == RH_OK, "the JSON form of a valid puzzle does not parse: %s: %s: %s", text,
          d.count ? d.items[0].field : "", d.count ? d.items[0].message : "");
    check_same_puzzle(p, &q, "JSON roundtrip");
    cJSON_free(text);
}

/* An id of 3x3 to 6x6: ranked when its primary is in the middle row and it has at most two
 * walls (the tables built here), and then unranked to exactly it. */
static void check_id_rank(const char *board, const char *text, size_t size)
{
    static rh_rank_table *tables[RH_RANK_SIZE_MAX + 1];
    const int n = text[0] - '0', row = (n - 1) / 2;
    if (n > RH_RANK_SIZE_MAX) return;
    if (!tables[n])
        CHECK(rh_rank_table_new(&tables[n], n, row, 2) == RH_OK, "no rank table for %dx%d", n, n);
    int walls = 0;
    for (int i = 0; i < n * n; i++) walls += board[i] == 'x';
    const bool ranked = walls <= 2 && memchr(board + row * n, 'A', (size_t)n);
    uint64_t rank;
    int got_walls = -1;
    char id[RH_PUZZLE_ID_MAX + 1];
    const int err = rh_puzzle_rank(tables[n], text, size, &rank, &got_walls);
    CHECK(err == (ranked ? RH_OK : RH_EARG), "id %.*s (%s) ranked %d", (int)size, text, board, err);
    if (!ranked) return;
    CHECK(got_walls == walls && rank < rh_rank_boards(tables[n], walls), "id %.*s: rank %llu",
          (int)size, text, (unsigned long long)rank);
    CHECK(rh_puzzle_unrank(tables[n], walls, rank, id) == RH_OK && strlen(id) == size &&
              memcmp(id, text, size) == 0,
          "id %.*s: rank %llu unranks to %s", (int)size, text, (unsigned long long)rank, id);
}

/* The bytes as a puzzle id: when they decode, the board encodes back to exactly them, and its
 * rank gives them back. */
static void check_id_decode(const char *text, size_t size)
{
    char board[RH_PUZZLE_ID_CELLS_MAX + 1], id[RH_PUZZLE_ID_MAX + 1];
    if (rh_puzzle_id_decode(board, text, size) != RH_OK) return;
    CHECK(rh_puzzle_id_encode(id, board, strlen(board)) == RH_OK, "decoded board %s has no id",
          board);
    CHECK(strlen(id) == size && memcmp(id, text, size) == 0,
          "id %.*s decodes to %s, whose id is %s", (int)size, text, board, id);
    check_id_rank(board, text, size);
}

/* A valid puzzle's id, when it has one, decodes to a board with the same id, and its rank
 * gives it back. */
static void check_id_of(const rh_puzzle *p)
{
    char id[RH_PUZZLE_ID_MAX + 1], again[RH_PUZZLE_ID_MAX + 1];
    char board[RH_PUZZLE_ID_CELLS_MAX + 1];
    if (rh_puzzle_id(id, p) != RH_OK) return;
    CHECK(rh_puzzle_id_decode(board, id, strlen(id)) == RH_OK, "id %s does not decode", id);
    CHECK(rh_puzzle_id_encode(again, board, strlen(board)) == RH_OK && strcmp(again, id) == 0,
          "id %s decodes to %s, whose id is %s", id, board, again);
    check_id_rank(board, id, strlen(id));
}

static long cost(const rh_result *r)
{
    return r->metric == RH_METRIC_MOVES ? r->move_count : r->slide_count;
}

static void check_result(const rh_puzzle *p, const rh_result *r, const rh_search_options *o,
                         bool boards)
{
    const char *algo = rh_algorithm_name(o->algorithm);
    CHECK(r->algorithm == o->algorithm && r->metric == o->metric, "%s: options not echoed", algo);
    CHECK(r->stats.peak_memory <= o->limits.max_memory, "%s: peak memory %zu over the budget %zu",
          algo, r->stats.peak_memory, o->limits.max_memory);
    CHECK(r->stats.nodes_expanded <= o->limits.max_nodes, "%s: %llu nodes expanded, budget %llu",
          algo, (unsigned long long)r->stats.nodes_expanded,
          (unsigned long long)o->limits.max_nodes);
    CHECK(r->stats.states_stored >= 1 || r->status == RH_LIMIT_REACHED, "%s: no state stored",
          algo);
    switch (r->status) {
    case RH_SOLVED: CHECK(r->limit == RH_LIMIT_NONE, "%s: solved with a limit", algo); break;
    case RH_UNSOLVABLE:
        CHECK(r->limit == RH_LIMIT_NONE && r->optimal == 1, "%s: unsolvable, limit %d optimal %d",
              algo, r->limit, r->optimal);
        break;
    case RH_LIMIT_REACHED:
        CHECK(r->limit == RH_LIMIT_NODES || r->limit == RH_LIMIT_MEMORY, "%s: limit %d", algo,
              r->limit);
        CHECK(r->optimal == 0, "%s: a limit claimed optimal", algo);
        break;
    default: CHECK(0, "%s: status %d", algo, r->status);
    }
    if (r->status != RH_SOLVED) {
        CHECK(r->move_count == 0, "%s: %d moves without a solution", algo, r->move_count);
    } else {
        CHECK(r->optimal == (o->algorithm != RH_ALGO_FAST), "%s: optimal %d", algo, r->optimal);
        CHECK(r->move_count >= 0 && (r->move_count == 0 || r->moves), "%s: %d moves, list %p", algo,
              r->move_count, (void *)r->moves);
        /* Replay: every move legal, the target at the exit at the end. */
        static rh_puzzle cur;
        cur = *p;
        long slides = 0;
        for (int k = 0; k < r->move_count; k++) {
            const rh_move m = r->moves[k];
            CHECK(m.vehicle >= 0 && m.vehicle < p->vehicle_count && m.delta != 0,
                  "%s: move %d is (%d, %d)", algo, k, m.vehicle, m.delta);
            CHECK(k == 0 || r->moves[k - 1].vehicle != m.vehicle,
                  "%s: moves %d and %d share vehicle %d", algo, k - 1, k, m.vehicle);
            CHECK(rh_puzzle_apply(&cur, m) == RH_OK, "%s: move %d (%s by %d) is illegal", algo, k,
                  p->vehicles[m.vehicle].id, m.delta);
            slides += m.delta < 0 ? -m.delta : m.delta;
        }
        CHECK(rh_puzzle_is_solved(&cur), "%s: the target is not at the exit after %d moves", algo,
              r->move_count);
        CHECK(slides <= r->slide_count, "%s: %ld slides moved, %d counted", algo, slides,
              r->slide_count);
        if (r->optimal && r->metric == RH_METRIC_SLIDES)
            CHECK(slides == r->slide_count, "%s: %ld slides moved, %d counted", algo, slides,
                  r->slide_count);
        CHECK(r->move_count <= r->slide_count, "%s: %d moves, %d slides", algo, r->move_count,
              r->slide_count);
    }
    /* The solve document builds, prints and says the same. */
    cJSON *doc = rh_report_result(p, r, boards);
    CHECK(doc, "%s: rh_report_result failed", algo);
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    CHECK(text, "%s: cannot print the report", algo);
    CHECK(json_strict_valid(text, strlen(text)), "%s: the report is not JSON: %s", algo, text);
    cJSON *back = cJSON_Parse(text);
    CHECK(back, "%s: the report does not parse: %s", algo, text);
    const char *status = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(back, "status"));
    CHECK(status && strcmp(status, rh_status_name(r->status)) == 0, "%s: report status %s", algo,
          status ? status : "(none)");
    if (r->status == RH_SOLVED) {
        const cJSON *sol = cJSON_GetObjectItemCaseSensitive(back, "solution");
        const cJSON *moves = cJSON_GetObjectItemCaseSensitive(sol, "moves");
        CHECK(cJSON_GetArraySize(moves) == r->move_count, "%s: report lists %d moves of %d", algo,
              cJSON_GetArraySize(moves), r->move_count);
        const cJSON *rows = cJSON_GetObjectItemCaseSensitive(sol, "boards");
        CHECK(!boards || cJSON_GetArraySize(rows) == r->move_count, "%s: %d boards for %d moves",
              algo, cJSON_GetArraySize(rows), r->move_count);
    }
    cJSON_Delete(back);
    cJSON_free(text);
}

static void solve(rh_result *r, const rh_puzzle *p, rh_algorithm a, rh_metric m, bool boards)
{
    rh_search_options o = RH_SEARCH_OPTIONS_INIT;
    o.algorithm = a;
    o.metric = m;
    o.limits.max_nodes = MAX_NODES;
    o.limits.max_memory = MAX_MEMORY;
    CHECK(rh_solve(r, p, &o) == RH_OK, "rh_solve failed");
    check_result(p, r, &o, boards);
}

/* Two searches of one puzzle under one metric agree: same answer when both finished, same cost
 * when both are optimal, and a non-optimal cost is never below an optimal one. */
static void check_agree(const rh_result *a, const rh_result *b)
{
    if (a->status == RH_LIMIT_REACHED || b->status == RH_LIMIT_REACHED) return;
    CHECK(a->status == b->status, "%s says %s, %s says %s", rh_algorithm_name(a->algorithm),
          rh_status_name(a->status), rh_algorithm_name(b->algorithm), rh_status_name(b->status));
    if (a->status != RH_SOLVED) return;
    if (a->optimal && b->optimal)
        CHECK(cost(a) == cost(b), "%s costs %ld, %s costs %ld (%s)",
              rh_algorithm_name(a->algorithm), cost(a), rh_algorithm_name(b->algorithm), cost(b),
              rh_metric_name(a->metric));
    else if (a->optimal)
        CHECK(cost(b) >= cost(a), "%s found %ld, below the optimal %ld",
              rh_algorithm_name(b->algorithm), cost(b), cost(a));
    else if (b->optimal)
        CHECK(cost(a) >= cost(b), "%s found %ld, below the optimal %ld",
              rh_algorithm_name(a->algorithm), cost(a), cost(b));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static rh_puzzle p;
    static rh_diags d;
    const char *text = guarded_copy(data, size);
    const unsigned sel = size ? data[size - 1] : 0;
    check_id_decode(text, size);
    rh_diags_init(&d);
    const int err = rh_parse_text(&p, &d, text, size);
    CHECK(err == RH_OK || err == RH_EINVALID, "rh_parse_text returned %d", err);
    check_diags(&d);
    if (err != RH_OK) {
        CHECK(d.count > 0, "RH_EINVALID without a diagnostic");
        return 0;
    }
    CHECK(d.count == 0 && d.dropped == 0, "RH_OK with %d diagnostics: %s: %s", d.count,
          d.items[0].field, d.items[0].message);
    CHECK(p.target >= 0 && p.target < p.vehicle_count, "target %d of %d", p.target,
          p.vehicle_count);
    rh_diags_init(&d);
    CHECK(rh_puzzle_check(&d, &p, NULL, p.vehicles[p.target].id) == RH_OK,
          "an accepted puzzle fails rh_puzzle_check: %s: %s", d.items[0].field, d.items[0].message);
    check_grid_roundtrip(&p);
    check_json_roundtrip(&p);
    check_id_of(&p);

    const rh_algorithm algo = (rh_algorithm)(sel % 3);
    const rh_metric metric = (rh_metric)(sel / 3 % 2);
    const bool boards = sel / 6 % 2;
    rh_result r, other;
    solve(&r, &p, algo, metric, boards);
    if (rh_puzzle_is_solved(&p))
        CHECK(r.status == RH_SOLVED && r.move_count == 0, "a solved start gives %s with %d moves",
              rh_status_name(r.status), r.move_count);
    /* Cross-check against the other optimal algorithm (bfs against astar, the rest against
     * bfs), under the same metric. */
    if (r.status != RH_LIMIT_REACHED) {
        solve(&other, &p, algo == RH_ALGO_BFS ? RH_ALGO_ASTAR : RH_ALGO_BFS, metric, false);
        check_agree(&r, &other);
        rh_result_free(&other);
    }

    rh_limits limits = RH_LIMITS_INIT;
    limits.max_nodes = MAX_NODES;
    limits.max_memory = MAX_MEMORY;
    rh_explore_result e;
    CHECK(rh_explore(&e, &p, &limits) == RH_OK, "rh_explore failed");
    CHECK(e.stats.peak_memory <= limits.max_memory, "explore: peak memory %zu over the budget %zu",
          e.stats.peak_memory, limits.max_memory);
    CHECK(e.stats.nodes_expanded <= limits.max_nodes, "explore: %llu nodes",
          (unsigned long long)e.stats.nodes_expanded);
    if (e.status == RH_SOLVED) {
        CHECK(e.limit == RH_LIMIT_NONE, "explore: complete with a limit");
        CHECK(e.states >= 1 && e.goal_states <= e.states, "explore: %llu goals of %llu states",
              (unsigned long long)e.goal_states, (unsigned long long)e.states);
        CHECK(e.stats.nodes_expanded == e.states, "explore: %llu expanded, %llu states",
              (unsigned long long)e.stats.nodes_expanded, (unsigned long long)e.states);
        if (r.status != RH_LIMIT_REACHED)
            CHECK((r.status == RH_SOLVED) == (e.goal_states > 0),
                  "the solver says %s, exploration found %llu goal states",
                  rh_status_name(r.status), (unsigned long long)e.goal_states);
    } else {
        CHECK(e.status == RH_LIMIT_REACHED &&
                  (e.limit == RH_LIMIT_NODES || e.limit == RH_LIMIT_MEMORY),
              "explore: status %d limit %d", e.status, e.limit);
    }
    rh_result_free(&r);
    return 0;
}
