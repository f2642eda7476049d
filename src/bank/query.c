/* Reading puzzles: a pick draws distinct positions among the matching ranges and reads each
 * by rank (or slide position), so its cost does not grow with the bank; the daily puzzle walks
 * a permutation of the same positions, one step per day (a date's day parsed here too); an id
 * is ranked to its key and found through the key index. A row becomes a puzzle here, its board
 * unranked from its key, for export.c as well. */
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "chunk.h"
#include "query.h"
#include "rushhour/random.h"

int rh__bank_read_row(rh_bank *b, sqlite3_stmt *st, rh_bank_puzzle *p)
{
    memset(p, 0, sizeof *p); /* every byte defined: copies compare equal */
    p->rank = sqlite3_column_int64(st, 0);
    const int64_t key = sqlite3_column_int64(st, 1);
    p->board_size = b->board_size;
    p->moves = sqlite3_column_int(st, 2);
    p->slides = sqlite3_column_type(st, 3) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 3);
    p->cluster_size = (uint64_t)sqlite3_column_int64(st, 4);
    p->walls = rh__bank_walls_of(&b->keys, key);
    /* A move is one slide or more; a cluster holds its puzzle. */
    if (p->moves < 0 || (p->slides >= 0 && p->slides < p->moves) || p->cluster_size == 0 ||
        rh__bank_id_of(&b->keys, key, p->id) != RH_OK ||
        rh_puzzle_id_decode(p->board, p->id, strlen(p->id)) != RH_OK)
        return rh__bank_fail(b, RH_ECORRUPT, "puzzle %lld is damaged", (long long)p->rank);
    /* Normal form names vehicles in reading order: count the names. */
    unsigned char seen[128] = {0};
    for (const char *c = p->board; *c; c++)
        if (*c != '.' && *c != 'x' && !seen[(unsigned char)*c]++) p->vehicles++;
    return RH_OK;
}

/* The rank at slide position `pos` (1-based) into *rank. */
static int slide_rank(rh_bank *b, int64_t pos, int64_t *rank)
{
    int err = rh__bank_prepare(b, &b->by_position, "SELECT ranks FROM by_slides WHERE chunk = ?1");
    if (err) return err;
    sqlite3_bind_int64(b->by_position, 1, (pos - 1) / RH__BANK_CHUNK);
    const int rc = sqlite3_step(b->by_position);
    *rank = rc == SQLITE_ROW ? rh__bank_chunk_rank(sqlite3_column_blob(b->by_position, 0),
                                                   sqlite3_column_bytes(b->by_position, 0),
                                                   (int)((pos - 1) % RH__BANK_CHUNK))
                             : -1;
    err = rc == SQLITE_ROW || rc == SQLITE_DONE ? RH_OK : rh__bank_sql(b, rc);
    sqlite3_reset(b->by_position);
    return err;
}

/* Reads the puzzle at `pos` (a rank for moves, a position in the slide order for slides). */
static int fetch(rh_bank *b, rh_bank_metric metric, int64_t pos, rh_bank_puzzle *p)
{
    int64_t rank = pos;
    int err = metric == RH_BANK_SLIDES ? slide_rank(b, pos, &rank) : RH_OK;
    if (!err)
        err = rh__bank_prepare(b, &b->by_rank,
                               "SELECT " RH__BANK_COLUMNS " FROM puzzles WHERE rank = ?1");
    if (err) return err;
    sqlite3_bind_int64(b->by_rank, 1, rank);
    const int rc = sqlite3_step(b->by_rank);
    err = rc == SQLITE_ROW ? rh__bank_read_row(b, b->by_rank, p)
          : rc == SQLITE_DONE
              ? rh__bank_fail(b, RH_ECORRUPT, "puzzle %lld is missing", (long long)pos)
              : rh__bank_sql(b, rc);
    sqlite3_reset(b->by_rank);
    return err;
}

static int matches(const rh__bank_range *r, const rh_bank_filter *f)
{
    return r->metric == f->metric && r->length >= f->min_length && r->length <= f->max_length &&
           r->walls >= f->min_walls && r->walls <= f->max_walls;
}

static uint64_t count_matching(const rh_bank *b, const rh_bank_filter *f)
{
    uint64_t n = 0;
    for (int i = 0; i < b->range_count; i++)
        if (matches(&b->ranges[i], f)) n += b->ranges[i].n;
    return n;
}

/* The rank (or slide position) of the i-th matching puzzle, i < count_matching. */
static int64_t nth_matching(const rh_bank *b, const rh_bank_filter *f, uint64_t i)
{
    for (int r = 0; r < b->range_count; r++) {
        if (!matches(&b->ranges[r], f)) continue;
        if (i < b->ranges[r].n) return b->ranges[r].first + (int64_t)i;
        i -= b->ranges[r].n;
    }
    return -1;
}

/* Uniform in [0, n), n > 0, without modulo bias. */
static uint64_t random_below(uint64_t *s, uint64_t n)
{
    const uint64_t floor = -n % n;
    for (;;) {
        const uint64_t x = rh_random_next(s);
        if (x >= floor) return x % n;
    }
}

int rh_bank_compare_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int check_filter(rh_bank *b, const rh_bank_filter *f)
{
    if (f->metric != RH_BANK_MOVES && f->metric != RH_BANK_SLIDES)
        return rh__bank_fail(b, RH_EARG, "unknown metric");
    return RH_OK;
}

int rh_bank_pick(rh_bank *b, const rh_bank_filter *f, uint64_t seed, rh_bank_puzzle *out, int count,
                 int *found)
{
    if (!b || !f || !found || count < 0 || count > RH_BANK_PICK_MAX || (count && !out))
        return RH_EARG;
    *found = 0;
    pthread_mutex_lock(&b->lock);
    int err = check_filter(b, f);
    const uint64_t total = err ? 0 : count_matching(b, f);
    const int k = total < (uint64_t)count ? (int)total : count;
    /* Floyd's sampling: k distinct positions in k draws. */
    uint64_t chosen[RH_BANK_PICK_MAX];
    uint64_t state = seed;
    int got = 0; /* a local, not *found: gcc's analyzer then sees chosen[0..got) written */
    for (uint64_t j = total - (uint64_t)k; j < total; j++) {
        const uint64_t t = random_below(&state, j + 1);
        int seen = 0;
        for (int i = 0; i < got && !seen; i++) seen = chosen[i] == t;
        chosen[got++] = seen ? j : t;
    }
    *found = got;
    qsort(chosen, (size_t)k, sizeof *chosen, rh_bank_compare_u64);
    for (int i = 0; i < k && !err; i++)
        err = fetch(b, f->metric, nth_matching(b, f, chosen[i]), &out[i]);
    if (err) *found = 0;
    pthread_mutex_unlock(&b->lock);
    return err;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        const uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* x * y mod m without overflow, by doubling (m > 0). */
static uint64_t mul_mod(uint64_t x, uint64_t y, uint64_t m)
{
    uint64_t r = 0;
    for (x %= m; y; y >>= 1) {
        if (y & 1) r = r >= m - x ? r - (m - x) : r + x;
        x = x >= m - x ? x - (m - x) : x + x;
    }
    return r;
}

int rh_bank_daily(rh_bank *b, const rh_bank_filter *f, int64_t day, rh_bank_puzzle *out, int *found)
{
    if (!b || !f || !out || !found) return RH_EARG;
    *found = 0;
    pthread_mutex_lock(&b->lock);
    int err = check_filter(b, f);
    const uint64_t total = err ? 0 : count_matching(b, f);
    if (total) {
        /* day -> (day * step + offset) mod total is a bijection on [0, total) when step is
         * coprime with total: consecutive days differ, and all are shown before a repeat. */
        uint64_t step = 0x9E3779B97F4A7C15u % total;
        while (gcd(step ? step : total, total) != 1) step++;
        const uint64_t day_mod =
            (uint64_t)((day % (int64_t)total + (int64_t)total) % (int64_t)total);
        const uint64_t i = (mul_mod(day_mod, step, total) + 0x2545F4914F6CDD1Du % total) % total;
        err = fetch(b, f->metric, nth_matching(b, f, i), out);
        *found = !err;
    }
    pthread_mutex_unlock(&b->lock);
    return err;
}

int rh_bank_find(rh_bank *b, const char *id, rh_bank_puzzle *out, int *found)
{
    if (!b || !id || !out || !found) return RH_EARG;
    *found = 0;
    char board[RH_PUZZLE_ID_CELLS_MAX + 1];
    const size_t len = strlen(id);
    if (rh_puzzle_id_decode(board, id, len) != RH_OK) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    int64_t key;
    int walls;
    /* An id the keys do not cover (another size, exit row, more walls) is in no row. */
    const int covered = rh__bank_key_of(&b->keys, id, len, &key, &walls) == RH_OK;
    int err = covered ? rh__bank_prepare(b, &b->by_key,
                                         "SELECT " RH__BANK_COLUMNS " FROM puzzles WHERE key = ?1")
                      : RH_OK;
    if (covered && !err) {
        sqlite3_bind_int64(b->by_key, 1, key);
        const int rc = sqlite3_step(b->by_key);
        err = rc == SQLITE_ROW ? rh__bank_read_row(b, b->by_key, out) : rh__bank_sql(b, rc);
        *found = rc == SQLITE_ROW && !err;
        sqlite3_reset(b->by_key);
    }
    pthread_mutex_unlock(&b->lock);
    return err;
}

int rh_bank_day_parse(const char *ymd, int64_t *day)
{
    if (!ymd || !day || strlen(ymd) != 10 || ymd[4] != '-' || ymd[7] != '-') return RH_EARG;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (ymd[i] < '0' || ymd[i] > '9')) return RH_EARG;
    /* Digits checked above: strtol cannot fail, and stops at each '-'. */
    int64_t y = strtol(ymd, NULL, 10);
    const int m = (int)strtol(ymd + 5, NULL, 10), d = (int)strtol(ymd + 8, NULL, 10);
    static const int month_days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (y < 1 || m < 1 || m > 12 || d < 1 || d > month_days[m - 1] + (m == 2 && leap))
        return RH_EARG;
    /* Days from civil (H. Hinnant): years start in March so the leap day comes last. */
    y -= m <= 2;
    const int64_t era = y / 400, yoe = y - era * 400;
    const int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    *day = era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
    return RH_OK;
}
