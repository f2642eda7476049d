/* Puzzle ranks (rushhour/puzzle_rank.h): on 3x3 and 4x4, every board built by brute force
 * (each cell tried as empty, wall or the start of each kind of vehicle, checked by the id's
 * encoder) has a rank, the ranks are exactly 0..count-1 in the order of the ids' symbols, and
 * each unranks to its id; the 6x6 counts equal an independent count; golden ranks pinned;
 * every puzzle of the shipped sample round-trips; what is no board of a table is refused. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/error.h"
#include "rushhour/puzzle_id.h"
#include "rushhour/puzzle_rank.h"

typedef struct {
    int n, row, max_walls;
    char board[RH_PUZZLE_ID_CELLS_MAX + 1];
    char (*ids)[RH_PUZZLE_ID_MAX + 1];
    int *walls;
    int count, allocated;
} brute;

static void keep(brute *b, int walls)
{
    if (b->count == b->allocated) {
        b->allocated = b->allocated ? 2 * b->allocated : 1024;
        b->ids = realloc(b->ids, sizeof *b->ids * (size_t)b->allocated);
        b->walls = realloc(b->walls, sizeof *b->walls * (size_t)b->allocated);
        cr_assert(b->ids && b->walls);
    }
    const size_t cells = (size_t)(b->n * b->n);
    char board[RH_PUZZLE_ID_CELLS_MAX + 1];
    for (size_t i = 0; i <= cells; i++) board[i] = b->board[i] == '#' ? '.' : b->board[i];
    cr_assert_eq(rh_puzzle_id_encode(b->ids[b->count], board, cells), RH_OK, "%s", board);
    b->walls[b->count++] = walls;
}

/* Fills cell i onwards: every way to cover the cells left, vehicles named by `next`. */
static void fill(brute *b, int i, char next, int walls, int primary)
{
    const int n = b->n;
    while (i < n * n && b->board[i] != '.') i++;
    if (i == n * n) {
        if (primary) keep(b, walls);
        return;
    }
    b->board[i] = '#'; /* empty, kept from later vehicles; '.' again on the way back */
    fill(b, i + 1, next, walls, primary);
    if (walls < b->max_walls) {
        b->board[i] = 'x';
        fill(b, i + 1, next, walls + 1, primary);
    }
    for (int length = 2; length <= 3; length++)
        for (int vertical = 0; vertical < 2; vertical++)
            for (int is_primary = 0; is_primary < 2; is_primary++) {
                const int step = vertical ? n : 1;
                const int room = vertical ? n - i / n : n - i % n;
                if (length > room || (is_primary && (primary || vertical || i / n != b->row)))
                    continue;
                int free = 1;
                for (int j = 1; j < length; j++) free &= b->board[i + j * step] == '.';
                if (!free) continue;
                const char name = is_primary ? 'A' : next;
                for (int j = 0; j < length; j++) b->board[i + j * step] = name;
                fill(b, i + 1, (char)(next + !is_primary), walls, primary || is_primary);
                for (int j = 1; j < length; j++) b->board[i + j * step] = '.';
            }
    b->board[i] = '.';
}

/* The id's symbols as one number per cell, for comparing ids in symbol order. */
static void symbols_of(const char *id, int *out, int cells)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    memset(out, 0, sizeof *out * (size_t)(cells + 1));
    for (int k = 1; id[k]; k++) {
        const int v = (int)(strchr(digits, id[k]) - digits);
        out[2 * k - 2] = v >> 3;
        out[2 * k - 1] = v & 7;
    }
}

static int cells_for_order;
static int by_symbols(const void *a, const void *b)
{
    int x[RH_PUZZLE_ID_CELLS_MAX + 2], y[RH_PUZZLE_ID_CELLS_MAX + 2];
    symbols_of(a, x, cells_for_order);
    symbols_of(b, y, cells_for_order);
    for (int k = 0; k <= cells_for_order; k++)
        if (x[k] != y[k]) return x[k] - y[k];
    return 0;
}

static void every_board(int n, int max_walls)
{
    brute b = {.n = n, .row = (n - 1) / 2, .max_walls = max_walls};
    memset(b.board, '.', (size_t)(n * n));
    b.board[n * n] = '\0';
    fill(&b, 0, 'B', 0, 0);
    rh_rank_table *t;
    cr_assert_eq(rh_rank_table_new(&t, n, b.row, max_walls), RH_OK);
    for (int w = 0; w <= max_walls; w++) {
        /* This wall count's ids, sorted by symbols: their ranks are 0, 1, 2, ... */
        char(*ids)[RH_PUZZLE_ID_MAX + 1] = malloc(sizeof *ids * (size_t)b.count);
        int count = 0;
        for (int i = 0; i < b.count; i++)
            if (b.walls[i] == w) memcpy(ids[count++], b.ids[i], sizeof *ids);
        cr_assert_eq(rh_rank_boards(t, w), (uint64_t)count, "%dx%d, %d walls", n, n, w);
        cells_for_order = n * n;
        qsort(ids, (size_t)count, sizeof *ids, by_symbols);
        for (int i = 0; i < count; i++) {
            uint64_t rank;
            int walls;
            char back[RH_PUZZLE_ID_MAX + 1];
            cr_assert_eq(rh_puzzle_rank(t, ids[i], strlen(ids[i]), &rank, &walls), RH_OK, "%s",
                         ids[i]);
            cr_assert_eq(rank, (uint64_t)i, "%s", ids[i]);
            cr_assert_eq(walls, w);
            cr_assert_eq(rh_puzzle_unrank(t, w, rank, back), RH_OK);
            cr_assert_str_eq(back, ids[i]);
        }
        free(ids);
    }
    rh_rank_table_free(t);
    free(b.ids);
    free(b.walls);
}

Test(puzzle_rank, every_3x3_board)
{
    every_board(3, 9);
}

Test(puzzle_rank, every_4x4_board_up_to_two_walls)
{
    every_board(4, 2);
}

/* Counted apart by a dynamic program written in Python over the same definition. */
Test(puzzle_rank, counts_6x6)
{
    rh_rank_table *t;
    cr_assert_eq(rh_rank_table_new(&t, 6, 2, 2), RH_OK);
    cr_assert_eq(rh_rank_boards(t, 0), UINT64_C(64697312316));
    cr_assert_eq(rh_rank_boards(t, 1), UINT64_C(721560657008));
    cr_assert_eq(rh_rank_boards(t, 2), UINT64_C(4001195356493));
    cr_assert_eq(rh_rank_boards(t, 3), 0);
    rh_rank_table_free(t);
}

/* Stored banks hold ranks: changing these breaks every one. Never edit them to pass. The
 * values agree with the independent count of counts_6x6. */
Test(puzzle_rank, golden)
{
    static const struct {
        const char *id;
        uint64_t rank;
        int walls;
    } golden[] = {
        {"6qEEgucAESQ", UINT64_C(62300077656), 0},    /* the hardest 6x6 puzzle */
        {"6sUEFGcAESQ", UINT64_C(63937143247), 0},    /* another 51-move puzzle */
        {"6AMQBQ0ACAgCj", UINT64_C(382979309661), 2}, /* with two walls */
    };
    rh_rank_table *t;
    cr_assert_eq(rh_rank_table_new(&t, 6, 2, 2), RH_OK);
    for (size_t i = 0; i < sizeof golden / sizeof golden[0]; i++) {
        uint64_t rank;
        int walls;
        char back[RH_PUZZLE_ID_MAX + 1];
        const char *id = golden[i].id;
        cr_assert_eq(rh_puzzle_rank(t, id, strlen(id), &rank, &walls), RH_OK, "%s", id);
        cr_assert_eq(walls, golden[i].walls, "%s", id);
        cr_assert_eq(rank, golden[i].rank, "%s", id);
        cr_assert_eq(rh_puzzle_unrank(t, walls, rank, back), RH_OK);
        cr_assert_str_eq(back, id);
    }
    rh_rank_table_free(t);
}

/* Every board of the shipped sample: distinct ranks, each unranked to its id. */
Test(puzzle_rank, round_trips_sample)
{
    FILE *f = fopen(RH_SOURCE_DIR "/data/bank/sample.txt", "r");
    cr_assert_not_null(f);
    rh_rank_table *t;
    cr_assert_eq(rh_rank_table_new(&t, 6, 2, 2), RH_OK);
    static uint64_t ranks[3][4096];
    int counts[3] = {0}, boards = 0;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char board[128], id[RH_PUZZLE_ID_MAX + 1], back[RH_PUZZLE_ID_MAX + 1];
        int moves, walls;
        uint64_t rank;
        if (line[0] == '#' || !strncmp(line, "meta ", 5)) continue;
        cr_assert_eq(sscanf(line, "%d %127s", &moves, board), 2, "%s", line);
        cr_assert_eq(rh_puzzle_id_encode(id, board, strlen(board)), RH_OK, "%s", board);
        cr_assert_eq(rh_puzzle_rank(t, id, strlen(id), &rank, &walls), RH_OK, "%s", id);
        cr_assert_lt(rank, rh_rank_boards(t, walls));
        cr_assert_eq(rh_puzzle_unrank(t, walls, rank, back), RH_OK);
        cr_assert_str_eq(back, id);
        cr_assert_lt(counts[walls], 4096);
        ranks[walls][counts[walls]++] = rank;
        boards++;
    }
    fclose(f);
    cr_assert_gt(boards, 100);
    for (int w = 0; w < 3; w++)
        for (int i = 0; i < counts[w]; i++)
            for (int j = 0; j < i; j++) cr_assert_neq(ranks[w][i], ranks[w][j]);
    rh_rank_table_free(t);
}

Test(puzzle_rank, what_is_no_board_of_the_table_is_refused)
{
    rh_rank_table *t;
    cr_assert_eq(rh_rank_table_new(&t, 2, 0, 0), RH_EARG);
    cr_assert_null(t);
    cr_assert_eq(rh_rank_table_new(&t, 7, 3, 0), RH_EARG);
    cr_assert_eq(rh_rank_table_new(&t, 6, 6, 0), RH_EARG);
    cr_assert_eq(rh_rank_table_new(&t, 6, 2, -1), RH_EARG);
    cr_assert_eq(rh_rank_table_new(&t, 6, 2, 2), RH_OK);
    uint64_t rank;
    char id[RH_PUZZLE_ID_MAX + 1];
    static const char *const refused[] = {
        "daily", /* no id */
        "5A",    /* no id: no primary */
        "5w",    /* another size */
        "6w",    /* the primary in row 0, not the exit row */
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        cr_assert_eq(rh_puzzle_rank(t, refused[i], strlen(refused[i]), &rank, NULL), RH_EARG, "%s",
                     refused[i]);
    /* Three walls: one more than the table. */
    const char *three = "xxx.....................AA..........";
    cr_assert_eq(rh_puzzle_id_encode(id, three, strlen(three)), RH_OK);
    cr_assert_eq(rh_puzzle_rank(t, id, strlen(id), &rank, NULL), RH_EARG, "%s", id);
    cr_assert_eq(rh_puzzle_unrank(t, 0, rh_rank_boards(t, 0), id), RH_EARG);
    cr_assert_eq(rh_puzzle_unrank(t, 3, 0, id), RH_EARG);
    cr_assert_eq(rh_puzzle_unrank(t, 0, rh_rank_boards(t, 0) - 1, id), RH_OK);
    rh_rank_table_free(t);
}
