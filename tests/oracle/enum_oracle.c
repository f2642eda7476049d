/* enum-oracle: a deliberately simple brute-force enumerator of Rush Hour spaces, the reference
 * `rushhour enumerate` is checked against (issue #15, definitions in the enumeration spec).
 *
 * What it does, for --size N --walls MIN-MAX --vehicles MIN-MAX:
 *   1. for every set of wall cells, and every vehicle count, lists EVERY valid configuration
 *      (not only the canonical, blocked ones) by plain recursion over the cells, each piece
 *      placed at its top-left cell, and stores them all in a hash set;
 *   2. splits them into clusters by breadth-first search over one-cell moves, each
 *      configuration visited once, so each cluster is one whole connected component;
 *   3. per cluster: the canonical state (the smallest key over ALL members), goal states,
 *      the distance of every member to the nearest goal in moves (multi-source BFS where any
 *      slide is one edge) and in slides (multi-source BFS over one-cell edges), the hardest
 *      state (smallest key at the largest move distance), the histogram, and minimality by
 *      solving the hardest state again with each non-primary piece removed (a plain BFS);
 *   4. prints one "cluster line" per cluster (format of the spec) on stdout and a summary on
 *      stderr.
 * Wall sets and vehicle counts never change by a move, so each (wall set, vehicle count) is
 * enumerated and solved on its own: that bounds memory and changes nothing else.
 *
 * Why it is independent: it links nothing of the project (not the library, not its headers)
 * and shares none of the enumerator's ideas: a state is a plain N*N grid of cell codes (not
 * offsets or bitboards), configurations come from an exhaustive recursion (not from the
 * blocked-left/up shortcut), clusters from global visited marks (not from abandoning a search
 * at a smaller key), and the canonical state is found by comparing every member. It checks
 * itself as it goes and aborts on a broken invariant: every neighbour of a configuration is a
 * configuration, keys are distinct within a cluster, the canonical state has every vehicle
 * blocked on its left/up side, every member of a solvable cluster has a distance.
 * It is slow on purpose; speed is not its job. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CELLS_MAX 64
#define PIECES_MAX 64
#define SUCC_MAX 512

/* Cell codes: '.' empty, 'x' wall, 'A' the primary car, "<>" and "<->" other horizontal
 * vehicles, "^v" and "^|v" vertical ones. A grid of codes is a configuration, unambiguously. */
static const char codes[] = ".xA<->^|v";

typedef struct {
    int n;   /* board side */
    int row; /* primary row */
} space;

typedef struct {
    int r, c, len;
    bool horiz, primary, wall;
} piece;

static void die(const char *what)
{
    fprintf(stderr, "enum-oracle: %s\n", what);
    exit(3);
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) die("out of memory");
    return p;
}

/* ---- pieces of a grid ---- */

static bool is_hcode(char ch)
{
    return ch == 'x' || ch == 'A' || ch == '<' || ch == '-' || ch == '>';
}

static bool is_vcode(char ch)
{
    return ch == '^' || ch == '|' || ch == 'v';
}

/* Every piece, in row-major order of its top-left cell. */
static int find_pieces(const space *s, const char *g, piece *out)
{
    int count = 0;
    for (int i = 0; i < s->n * s->n; i++) {
        int r = i / s->n, c = i % s->n;
        piece p = {r, c, 1, true, false, false};
        if (g[i] == 'x') {
            p.wall = true;
        } else if (g[i] == 'A' && (c == 0 || g[i - 1] != 'A')) {
            p.len = 2;
            p.primary = true;
        } else if (g[i] == '<') {
            while (g[i + p.len] != '>') p.len++;
            p.len++;
        } else if (g[i] == '^') {
            p.horiz = false;
            while (g[i + p.len * s->n] != 'v') p.len++;
            p.len++;
        } else {
            continue;
        }
        out[count++] = p;
    }
    return count;
}

/* Writes (or with erase, clears) a vehicle's cells. */
static void put_vehicle(const space *s, char *g, const piece *p, bool erase)
{
    for (int k = 0; k < p->len; k++) {
        int i = p->horiz ? p->r * s->n + p->c + k : (p->r + k) * s->n + p->c;
        char ch = p->primary        ? 'A'
                  : k == 0          ? (p->horiz ? '<' : '^')
                  : k == p->len - 1 ? (p->horiz ? '>' : 'v')
                                    : (p->horiz ? '-' : '|');
        g[i] = erase ? '.' : ch;
    }
}

static bool is_goal(const space *s, const char *g)
{
    return g[s->row * s->n + s->n - 1] == 'A' && g[s->row * s->n + s->n - 2] == 'A';
}

/* The key of the spec: H = cells under horizontal pieces and walls, V = under vertical ones. */
typedef struct {
    uint64_t h, v;
} key;

static key key_of(const space *s, const char *g)
{
    key k = {0, 0};
    for (int i = 0; i < s->n * s->n; i++) {
        if (is_hcode(g[i])) k.h |= (uint64_t)1 << i;
        if (is_vcode(g[i])) k.v |= (uint64_t)1 << i;
    }
    return k;
}

static int key_cmp(key a, key b)
{
    if (a.h != b.h) return a.h < b.h ? -1 : 1;
    if (a.v != b.v) return a.v < b.v ? -1 : 1;
    return 0;
}

static int key_qsort(const void *a, const void *b)
{
    return key_cmp(*(const key *)a, *(const key *)b);
}

/* The database notation: 'A' the primary, 'B', 'C', ... by top-left cell, 'x' walls. */
static void notation(const space *s, const char *g, char *out)
{
    piece ps[PIECES_MAX];
    int np = find_pieces(s, g, ps);
    memset(out, '.', (size_t)(s->n * s->n));
    out[s->n * s->n] = '\0';
    char next = 'B';
    for (int k = 0; k < np; k++) {
        char id = ps[k].wall ? 'x' : ps[k].primary ? 'A' : next++;
        if (next > 'Z' + 1) die("more vehicles than letters for the board notation");
        for (int j = 0; j < ps[k].len; j++)
            out[ps[k].horiz ? ps[k].r * s->n + ps[k].c + j : (ps[k].r + j) * s->n + ps[k].c] = id;
    }
}

/* Every configuration one move away: each vehicle slid by 1 cell only (unit) or by any
 * number of cells, both ways. Returns how many grids were written to out. */
static int successors(const space *s, const char *g, bool unit, char (*out)[CELLS_MAX])
{
    piece ps[PIECES_MAX];
    int np = find_pieces(s, g, ps), count = 0, cells = s->n * s->n;
    for (int k = 0; k < np; k++) {
        if (ps[k].wall) continue;
        for (int dir = -1; dir <= 1; dir += 2) {
            for (int d = 1;; d++) {
                piece p = ps[k];
                /* the cell the vehicle's leading end enters */
                int lead =
                    dir < 0 ? (p.horiz ? p.c : p.r) - d : (p.horiz ? p.c : p.r) + p.len - 1 + d;
                if (lead < 0 || lead >= s->n) break;
                int cell = p.horiz ? p.r * s->n + lead : lead * s->n + p.c;
                if (g[cell] != '.') break;
                if (count == SUCC_MAX) die("too many successors");
                memcpy(out[count], g, (size_t)cells);
                put_vehicle(s, out[count], &p, true);
                if (p.horiz)
                    p.c += dir * d;
                else
                    p.r += dir * d;
                put_vehicle(s, out[count], &p, false);
                count++;
                if (unit) break;
            }
        }
    }
    return count;
}

/* ---- a set of configurations: packed grids (4 bits a cell) with an open-addressing index ---- */

typedef struct {
    int cells, bytes;
    unsigned char code_of[256]; /* cell code -> nibble */
    size_t count, cap;
    unsigned char *data;
    uint32_t *slots; /* 0 empty, else index + 1 */
    size_t nslots;
} stateset;

static void pack(const stateset *set, const char *g, unsigned char *out)
{
    for (int i = 0; i < set->bytes; i++) out[i] = 0;
    for (int i = 0; i < set->cells; i++)
        out[i / 2] |= (unsigned char)(set->code_of[(unsigned char)g[i]] << (4 * (i % 2)));
}

static void unpack(const stateset *set, size_t index, char *g)
{
    const unsigned char *in = set->data + index * (size_t)set->bytes;
    for (int i = 0; i < set->cells; i++) g[i] = codes[(in[i / 2] >> (4 * (i % 2))) & 15];
}

static uint64_t hash_bytes(const unsigned char *b, int len)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < len; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

static void set_init(stateset *set, const space *s)
{
    memset(set, 0, sizeof *set);
    set->cells = s->n * s->n;
    set->bytes = (set->cells + 1) / 2;
    for (int k = 0; codes[k]; k++) set->code_of[(unsigned char)codes[k]] = (unsigned char)k;
}

static void set_free(stateset *set)
{
    free(set->data);
    free(set->slots);
}

/* The slot holding packed, or the empty slot where it belongs. */
static size_t set_slot(const stateset *set, const unsigned char *packed)
{
    size_t i = hash_bytes(packed, set->bytes) & (set->nslots - 1);
    while (set->slots[i] && memcmp(set->data + (set->slots[i] - 1) * (size_t)set->bytes, packed,
                                   (size_t)set->bytes) != 0)
        i = (i + 1) & (set->nslots - 1);
    return i;
}

/* Index of grid g, or -1 when absent. */
static long set_find(const stateset *set, const char *g)
{
    unsigned char packed[CELLS_MAX / 2];
    if (!set->nslots) return -1;
    pack(set, g, packed);
    size_t i = set_slot(set, packed);
    return set->slots[i] ? (long)set->slots[i] - 1 : -1;
}

/* Adds grid g; returns its index and whether it was new. */
static size_t set_add(stateset *set, const char *g, bool *added)
{
    if (2 * (set->count + 1) > set->nslots) {
        size_t n = set->nslots ? 2 * set->nslots : 1024;
        if (n > ((size_t)1 << 33)) die("too many states");
        free(set->slots);
        set->slots = xcalloc(n, sizeof *set->slots);
        set->nslots = n;
        for (size_t k = 0; k < set->count; k++)
            set->slots[set_slot(set, set->data + k * (size_t)set->bytes)] = (uint32_t)k + 1;
    }
    unsigned char packed[CELLS_MAX / 2];
    pack(set, g, packed);
    size_t i = set_slot(set, packed);
    *added = !set->slots[i];
    if (!*added) return set->slots[i] - 1;
    if (set->count == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 1024;
        set->data = realloc(set->data, set->cap * (size_t)set->bytes);
        if (!set->data) die("out of memory");
    }
    memcpy(set->data + set->count * (size_t)set->bytes, packed, (size_t)set->bytes);
    set->slots[i] = (uint32_t)set->count + 1;
    return set->count++;
}

/* ---- enumeration of every configuration ---- */

typedef struct {
    space s;
    int wmin, wmax, vmin, vmax;
    stateset set;            /* configurations of the current group */
    uint64_t configurations; /* over the whole space */
    uint64_t blocked;        /* of which every vehicle is blocked left/up */
    uint64_t clusters, solvable, kept;
    int max_moves, max_slides;
    bool show_canonical; /* append " canonical=<board>" to each line (for the self-checks) */
} oracle;

/* The lane rule: at most N-1 cells of horizontal pieces (walls too) in a row, of vertical
 * pieces in a column. */
static bool lanes_ok(const space *s, const char *g)
{
    for (int a = 0; a < s->n; a++) {
        int h = 0, v = 0;
        for (int b = 0; b < s->n; b++) {
            h += is_hcode(g[a * s->n + b]);
            v += is_vcode(g[b * s->n + a]);
        }
        if (h > s->n - 1 || v > s->n - 1) return false;
    }
    return true;
}

/* Can piece p (not placed yet) go on g: inside, on empty cells? */
static bool fits(const space *s, const char *g, const piece *p)
{
    if ((p->horiz ? p->c : p->r) + p->len > s->n) return false;
    for (int k = 0; k < p->len; k++)
        if (g[p->horiz ? p->r * s->n + p->c + k : (p->r + k) * s->n + p->c] != '.') return false;
    return true;
}

/* No vehicle can move left (horizontal) or up (vertical). */
static bool blocked_left_up(const space *s, const char *g)
{
    piece ps[PIECES_MAX];
    int np = find_pieces(s, g, ps);
    for (int k = 0; k < np; k++) {
        if (ps[k].wall) continue;
        if (ps[k].horiz && ps[k].c > 0 && g[ps[k].r * s->n + ps[k].c - 1] == '.') return false;
        if (!ps[k].horiz && ps[k].r > 0 && g[(ps[k].r - 1) * s->n + ps[k].c] == '.') return false;
    }
    return true;
}

/* Places `left` more vehicles at cells >= cell (walls are already on g). Each configuration
 * is reached once: a piece is chosen at its top-left cell, cells are visited in order. */
static void place_vehicles(oracle *o, char *g, int cell, int left, bool primary)
{
    const space *s = &o->s;
    int cells = s->n * s->n;
    if (cell == cells) {
        if (left || !primary || !lanes_ok(s, g)) return;
        bool added;
        set_add(&o->set, g, &added);
        if (!added) die("a configuration was generated twice");
        o->configurations++;
        o->blocked += blocked_left_up(s, g);
        return;
    }
    int r = cell / s->n, c = cell % s->n;
    if (!primary && r > s->row) return; /* the primary row is behind us */
    place_vehicles(o, g, cell + 1, left, primary);
    if (!left || g[cell] != '.') return;
    for (int len = 2; len <= 3; len++) {
        for (int horiz = 0; horiz <= 1; horiz++) {
            piece p = {r, c, len, horiz, false, false};
            if (horiz && r == s->row) {
                /* only the primary car lies along the primary row, right of its walls */
                if (primary || len != 2) continue;
                bool wall_right = false;
                for (int k = c; k < s->n; k++) wall_right |= g[r * s->n + k] == 'x';
                if (wall_right) continue;
                p.primary = true;
            }
            if (!fits(s, g, &p)) continue;
            put_vehicle(s, g, &p, false);
            place_vehicles(o, g, cell + 1, left - 1, primary || p.primary);
            put_vehicle(s, g, &p, true);
        }
    }
}

/* ---- one cluster ---- */

/* Fewest moves from g to a goal if fewer than `limit`, else `limit` (plain BFS, levels). */
static int solve_below(const space *s, const char *g, int limit)
{
    stateset seen;
    set_init(&seen, s);
    bool added;
    set_add(&seen, g, &added);
    size_t level_start = 0, level_end = 1;
    char cur[CELLS_MAX], succ[SUCC_MAX][CELLS_MAX];
    int depth = 0, found = limit;
    if (is_goal(s, g)) found = 0;
    while (found == limit && depth + 1 < limit && level_start < level_end) {
        for (size_t i = level_start; i < level_end && found == limit; i++) {
            unpack(&seen, i, cur);
            int ns = successors(s, cur, false, succ);
            for (int j = 0; j < ns; j++) {
                set_add(&seen, succ[j], &added);
                if (added && is_goal(s, succ[j])) found = depth + 1;
            }
        }
        level_start = level_end;
        level_end = seen.count;
        depth++;
    }
    set_free(&seen);
    return found;
}

/* Multi-source BFS from the goals over the cluster's members; dist[] indexed by set index,
 * -1 beforehand. Returns the largest distance, or -1 when there is no goal. */
static int distances(oracle *o, const uint32_t *members, size_t m, bool unit, int32_t *dist,
                     uint32_t *queue)
{
    char g[CELLS_MAX], succ[SUCC_MAX][CELLS_MAX];
    size_t head = 0, tail = 0;
    for (size_t k = 0; k < m; k++) {
        unpack(&o->set, members[k], g);
        if (is_goal(&o->s, g)) {
            dist[members[k]] = 0;
            queue[tail++] = members[k];
        }
    }
    if (!tail) return -1;
    int max = 0;
    while (head < tail) {
        uint32_t at = queue[head++];
        unpack(&o->set, at, g);
        int ns = successors(&o->s, g, unit, succ);
        for (int j = 0; j < ns; j++) {
            long to = set_find(&o->set, succ[j]);
            if (to < 0) die("a neighbour is not a configuration");
            if (dist[to] >= 0) continue;
            dist[to] = dist[at] + 1;
            if (dist[to] > max) max = dist[to];
            queue[tail++] = (uint32_t)to;
        }
    }
    if (tail != m) die("a member of a solvable cluster has no distance");
    return max;
}

static void cluster_report(oracle *o, const uint32_t *members, size_t m, int32_t *dist_moves,
                           int32_t *dist_slides, uint32_t *queue)
{
    const space *s = &o->s;
    char g[CELLS_MAX], best[CELLS_MAX], canon[CELLS_MAX];
    key *keys = xcalloc(m, sizeof *keys);
    size_t ci = 0;
    uint64_t goals = 0;
    for (size_t k = 0; k < m; k++) {
        unpack(&o->set, members[k], g);
        keys[k] = key_of(s, g);
        goals += is_goal(s, g);
        if (key_cmp(keys[k], keys[ci]) < 0) ci = k;
    }
    key canonical = keys[ci];
    unpack(&o->set, members[ci], canon);
    if (!blocked_left_up(s, canon)) die("a canonical state can move left or up");
    int moves = distances(o, members, m, false, dist_moves, queue);
    int slides = distances(o, members, m, true, dist_slides, queue);
    piece ps[PIECES_MAX];
    int np = find_pieces(s, canon, ps), walls = 0;
    for (int k = 0; k < np; k++) walls += ps[k].wall;
    printf("%llx %llx states=%zu goals=%llu moves=%d slides=%d", (unsigned long long)canonical.h,
           (unsigned long long)canonical.v, m, (unsigned long long)goals, moves, slides);
    o->clusters++;
    if (moves < 0) {
        printf(" hardest=- minimal=0 vehicles=%d walls=%d hist=-", np - walls, walls);
    } else {
        size_t hi = m;
        uint64_t *hist = xcalloc((size_t)moves + 1, sizeof *hist);
        for (size_t k = 0; k < m; k++) {
            hist[dist_moves[members[k]]]++;
            if (dist_moves[members[k]] == moves && (hi == m || key_cmp(keys[k], keys[hi]) < 0))
                hi = k;
        }
        unpack(&o->set, members[hi], g);
        /* minimal: every removal of one non-primary piece makes the hardest state easier */
        bool minimal = true;
        int nh = find_pieces(s, g, ps);
        for (int k = 0; k < nh && minimal; k++) {
            if (ps[k].primary) continue;
            memcpy(best, g, sizeof best);
            if (ps[k].wall)
                best[ps[k].r * s->n + ps[k].c] = '.';
            else
                put_vehicle(s, best, &ps[k], true);
            minimal = solve_below(s, best, moves) < moves;
        }
        char board[CELLS_MAX + 1];
        notation(s, g, board);
        printf(" hardest=%s minimal=%d vehicles=%d walls=%d hist=", board, minimal, np - walls,
               walls);
        for (int d = 0; d <= moves; d++) printf(d ? ",%llu" : "%llu", (unsigned long long)hist[d]);
        free(hist);
        o->solvable++;
        o->kept += minimal;
        if (moves > o->max_moves) o->max_moves = moves;
        if (slides > o->max_slides) o->max_slides = slides;
    }
    if (o->show_canonical) {
        char board[CELLS_MAX + 1];
        notation(s, canon, board);
        printf(" canonical=%s", board);
    }
    printf("\n");
    /* within one cluster the key identifies the state (the spec relies on it) */
    qsort(keys, m, sizeof *keys, key_qsort);
    for (size_t k = 1; k < m; k++)
        if (key_cmp(keys[k - 1], keys[k]) == 0) die("two members of a cluster share a key");
    free(keys);
}

/* Splits the current group into clusters (BFS over one-cell moves) and reports each. */
static void group_clusters(oracle *o)
{
    size_t count = o->set.count;
    uint32_t *members = xcalloc(count, sizeof *members);
    uint32_t *queue = xcalloc(count, sizeof *queue);
    int32_t *dist_moves = xcalloc(count, sizeof *dist_moves);
    int32_t *dist_slides = xcalloc(count, sizeof *dist_slides);
    bool *seen = xcalloc(count, sizeof *seen);
    for (size_t k = 0; k < count; k++) dist_moves[k] = dist_slides[k] = -1;
    char g[CELLS_MAX], succ[SUCC_MAX][CELLS_MAX];
    for (size_t start = 0; start < count; start++) {
        if (seen[start]) continue;
        size_t m = 0;
        members[m++] = (uint32_t)start;
        seen[start] = true;
        for (size_t head = 0; head < m; head++) {
            unpack(&o->set, members[head], g);
            int ns = successors(&o->s, g, true, succ);
            for (int j = 0; j < ns; j++) {
                long to = set_find(&o->set, succ[j]);
                if (to < 0) die("a neighbour is not a configuration");
                if (seen[to]) continue;
                seen[to] = true;
                members[m++] = (uint32_t)to;
            }
        }
        cluster_report(o, members, m, dist_moves, dist_slides, queue);
    }
    free(members);
    free(queue);
    free(dist_moves);
    free(dist_slides);
    free(seen);
}

/* Chooses `left` more walls at cells >= cell, then for each vehicle count enumerates and
 * solves that group. */
static void place_walls(oracle *o, char *g, int cell, int placed)
{
    int cells = o->s.n * o->s.n;
    if (placed >= o->wmin) {
        for (int k = o->vmin; k <= o->vmax; k++) {
            set_init(&o->set, &o->s);
            place_vehicles(o, g, 0, k, false);
            group_clusters(o);
            set_free(&o->set);
        }
    }
    if (placed == o->wmax) return;
    for (int i = cell; i < cells; i++) {
        g[i] = 'x';
        place_walls(o, g, i + 1, placed + 1);
        g[i] = '.';
    }
}

static bool parse_range(const char *arg, int *lo, int *hi)
{
    char *end;
    long a = strtol(arg, &end, 10), b = a;
    if (end == arg) return false;
    if (*end == '-') {
        const char *rest = end + 1;
        b = strtol(rest, &end, 10);
        if (end == rest) return false;
    }
    if (*end || a < 0 || b < a || b > CELLS_MAX) return false;
    *lo = (int)a;
    *hi = (int)b;
    return true;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: enum-oracle [--size N] [--walls MIN-MAX] [--vehicles MIN-MAX] [--canonical]\n"
            "                   [--primary-row R]\n"
            "  N in 4..8 (6); walls 0-0; vehicles 1-N*N/2; R (N-1)/2; prints cluster lines,\n"
            "  with --canonical each ending with canonical=<board>\n");
    exit(2);
}

int main(int argc, char **argv)
{
    oracle o;
    memset(&o, 0, sizeof o);
    o.s.n = 6;
    o.vmin = 1;
    o.vmax = -1;
    o.s.row = -1;
    o.max_moves = o.max_slides = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--canonical")) {
            o.show_canonical = true;
            continue;
        }
        if (i + 1 >= argc) usage();
        const char *opt = argv[i], *arg = argv[++i];
        int lo, hi;
        if (!parse_range(arg, &lo, &hi)) usage();
        if (!strcmp(opt, "--size") && lo == hi && lo >= 4 && lo <= 8)
            o.s.n = lo;
        else if (!strcmp(opt, "--walls"))
            o.wmin = lo, o.wmax = hi;
        else if (!strcmp(opt, "--vehicles") && lo >= 1)
            o.vmin = lo, o.vmax = hi;
        else if (!strcmp(opt, "--primary-row") && lo == hi)
            o.s.row = lo;
        else
            usage();
    }
    if (o.s.row < 0) o.s.row = (o.s.n - 1) / 2;
    if (o.s.row >= o.s.n) usage();
    if (o.vmax < 0) o.vmax = o.s.n * o.s.n / 2;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    char g[CELLS_MAX];
    memset(g, '.', sizeof g);
    place_walls(&o, g, 0, 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (fflush(stdout) != 0 || ferror(stdout)) die("cannot write the cluster lines");
    fprintf(stderr,
            "enum-oracle: size %d walls %d-%d vehicles %d-%d: configurations=%llu blocked=%llu "
            "clusters=%llu solvable=%llu kept=%llu max_moves=%d max_slides=%d seconds=%.1f "
            "cpu_seconds=%.1f\n",
            o.s.n, o.wmin, o.wmax, o.vmin, o.vmax, (unsigned long long)o.configurations,
            (unsigned long long)o.blocked, (unsigned long long)o.clusters,
            (unsigned long long)o.solvable, (unsigned long long)o.kept, o.max_moves, o.max_slides,
            (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
            (double)clock() / CLOCKS_PER_SEC);
    return 0;
}
