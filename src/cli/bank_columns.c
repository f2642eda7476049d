/* The shipped data's columns (docs/bank.md, "The shipped data"). A part's puzzles sorted by
 * walls, then by rank among the boards of their walls (rushhour/puzzle_rank.h), one field a
 * file, so that each file's values are alike and xz finds them:
 *   groups.txt  `size N`, then `walls W COUNT` a line: the next COUNT puzzles have W walls
 *   ranks.bin   each rank less the one before (the first of a group less 0), LEB128
 *   moves.bin   moves, LEB128
 *   slides.bin  slides - moves + 1, 0 when not computed, LEB128
 *   sizes.bin   cluster size, LEB128
 * Sorted ranks differ by a few thousand, so a board costs about a byte once compressed. */
#include <errno.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bank_columns.h"
#include "cli.h"
#include "number.h"
#include "rushhour/bank.h"
#include "rushhour/error.h"
#include "rushhour/puzzle_id.h"
#include "rushhour/puzzle_rank.h"

enum { RANKS, MOVES, SLIDES, SIZES, FILES };
static const char *const file_name[FILES] = {"ranks.bin", "moves.bin", "slides.bin", "sizes.bin"};
#define GROUPS "groups.txt"

FILE *cli_columns_file(const char *dir, const char *name, const char *mode)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, mode);
    if (!f) fprintf(stderr, "rushhour bank: %s: %s\n", path, strerror(errno));
    return f;
}

int cli_columns_ranks(rh_rank_table **out, int size, int walls)
{
    return rh_rank_table_new(out, size, (size - 1) / 2, walls);
}

int cli_columns_in(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/" GROUPS, dir);
    return access(path, F_OK) == 0;
}

static int put_varint(FILE *f, uint64_t v)
{
    do {
        if (fputc((int)((v & 0x7f) | (v > 0x7f ? 0x80 : 0)), f) == EOF) return -1;
        v >>= 7;
    } while (v);
    return 0;
}

/* The next varint of f into *v: 1, 0 at the end of the file, -1 when cut or too long. */
static int get_varint(FILE *f, uint64_t *v)
{
    *v = 0;
    for (int shift = 0, byte; shift < 64; shift += 7) {
        if ((byte = fgetc(f)) == EOF) return shift ? -1 : 0;
        *v |= (uint64_t)(byte & 0x7f) << shift;
        if (!(byte & 0x80)) return 1;
    }
    return -1;
}

static int by_walls_then_rank(const void *a, const void *b)
{
    const cli_packed *x = a, *y = b;
    return x->walls != y->walls ? x->walls - y->walls : rh_bank_compare_u64(&x->rank, &y->rank);
}

/* The files cli_columns_write fills: the columns, then groups.txt. */
static const char *written(int i)
{
    return i < FILES ? file_name[i] : GROUPS;
}

int cli_columns_write(const char *dir, int size, cli_packed *rows, size_t n)
{
    qsort(rows, n, sizeof *rows, by_walls_then_rank);
    FILE *f[FILES + 1] = {NULL};
    int bad = 0;
    for (int i = 0; i <= FILES && !bad; i++) bad = !(f[i] = cli_columns_file(dir, written(i), "w"));
    if (!bad) bad = fprintf(f[FILES], "size %d\n", size) < 0;
    for (size_t i = 0, start = 0; i < n && !bad; i++) {
        const cli_packed *p = &rows[i];
        const int first = i == start;
        if (first) {
            while (start < n && rows[start].walls == p->walls) start++;
            bad |= fprintf(f[FILES], "walls %d %zu\n", p->walls, start - i) < 0;
        }
        bad |= put_varint(f[RANKS], p->rank - (first ? 0 : rows[i - 1].rank));
        bad |= put_varint(f[MOVES], (uint64_t)p->moves);
        bad |= put_varint(f[SLIDES], p->slides < 0 ? 0 : (uint64_t)(p->slides - p->moves) + 1);
        bad |= put_varint(f[SIZES], p->cluster_size);
    }
    for (int i = 0; i <= FILES; i++)
        if (f[i] && fclose(f[i]) != 0) bad = 1;
    if (bad) fprintf(stderr, "rushhour bank pack: cannot write the columns in %s\n", dir);
    return bad ? CLI_EXIT_IO : 0;
}

/* Groups: one a wall count, in increasing order. */
#define GROUPS_MAX (RH_ENUM_CELLS_MAX + 1)

struct cli_columns_reader {
    FILE *f[FILES];
    rh_rank_table *ranks;
    int size, groups, group; /* group: the current one */
    int walls[GROUPS_MAX];
    uint64_t count[GROUPS_MAX];
    uint64_t left; /* puzzles left in the current group */
    uint64_t rank; /* the last one's rank */
};

void cli_columns_close(cli_columns_reader *r)
{
    if (!r) return;
    for (int i = 0; i < FILES; i++)
        if (r->f[i]) fclose(r->f[i]);
    rh_rank_table_free(r->ranks);
    free(r);
}

/* A line `WORD N...` of groups.txt with `fields` numbers into v: false when it is not one. */
static bool group_line(char *line, const char *word, uint64_t *v, int fields)
{
    line[strcspn(line, "\n")] = '\0';
    char *save = NULL;
    const char *w = strtok_r(line, " ", &save);
    if (!w || strcmp(w, word) != 0) return false;
    for (int i = 0; i < fields; i++)
        if (!cli_number(strtok_r(NULL, " ", &save), UINT64_MAX, &v[i])) return false;
    return strtok_r(NULL, " ", &save) == NULL;
}

/* groups.txt into r: the size, then each group's walls (increasing) and count. */
static bool read_groups(cli_columns_reader *r, FILE *f)
{
    char line[96];
    uint64_t v[2];
    if (!fgets(line, sizeof line, f) || !group_line(line, "size", v, 1) ||
        v[0] < RH_RANK_SIZE_MIN || v[0] > RH_RANK_SIZE_MAX)
        return false;
    r->size = (int)v[0];
    while (fgets(line, sizeof line, f)) {
        if (r->groups == GROUPS_MAX || !group_line(line, "walls", v, 2) ||
            v[0] > (uint64_t)r->size * (uint64_t)r->size ||
            (r->groups && v[0] <= (uint64_t)r->walls[r->groups - 1]))
            return false;
        r->walls[r->groups] = (int)v[0];
        r->count[r->groups++] = v[1];
    }
    return !ferror(f);
}

int cli_columns_open(cli_columns_reader **out, const char *dir)
{
    cli_columns_reader *r = calloc(1, sizeof *r);
    *out = NULL;
    if (!r) return CLI_EXIT_IO;
    FILE *groups = cli_columns_file(dir, GROUPS, "r");
    int rc = groups ? 0 : CLI_EXIT_IO;
    for (int i = 0; i < FILES && !rc; i++)
        if (!(r->f[i] = cli_columns_file(dir, file_name[i], "r"))) rc = CLI_EXIT_IO;
    /* The table must reach the most walls a group names: the last. */
    if (!rc &&
        (!read_groups(r, groups) ||
         cli_columns_ranks(&r->ranks, r->size, r->groups ? r->walls[r->groups - 1] : 0) != RH_OK)) {
        fprintf(stderr,
                "rushhour bank load: %s/" GROUPS ": not `size N` then `walls W COUNT`"
                " lines, walls increasing\n",
                dir);
        rc = CLI_EXIT_INVALID;
    }
    if (groups) fclose(groups);
    if (rc) {
        cli_columns_close(r);
        return rc;
    }
    r->group = -1;
    *out = r;
    return 0;
}

/* Steps to the next group when this one is done: 1, or 0 after the last. */
static int next_group(cli_columns_reader *r)
{
    while (r->left == 0) {
        if (r->group + 1 == r->groups) return 0;
        r->left = r->count[++r->group];
        r->rank = 0;
    }
    return 1;
}

int cli_columns_next(cli_columns_reader *r, rh_cluster *c, char *why, size_t len)
{
    uint64_t v[FILES];
    int got[FILES], any = 0, all = 1;
    const int group = next_group(r);
    for (int i = 0; i < FILES; i++) {
        got[i] = get_varint(r->f[i], &v[i]);
        any |= got[i] != 0;
        all &= got[i] == 1;
    }
    if (group == 0 && !any) return 0;
    if (!group || !all) {
        snprintf(why, len, "the columns hold different numbers of puzzles");
        return CLI_EXIT_INVALID;
    }
    r->left--;
    r->rank += v[RANKS];
    char id[RH_PUZZLE_ID_MAX + 1];
    memset(c, 0, sizeof *c);
    const int walls = r->walls[r->group];
    if (v[MOVES] >= RH_ENUM_DEPTH_MAX || v[SLIDES] > INT32_MAX ||
        rh_puzzle_unrank(r->ranks, walls, r->rank, id) != RH_OK ||
        rh_puzzle_id_decode(c->hardest, id, strlen(id)) != RH_OK) {
        snprintf(why, len, "rank %" PRIu64 " of %d walls: no such board, or impossible lengths",
                 r->rank, walls);
        return CLI_EXIT_INVALID;
    }
    c->board_size = r->size;
    c->walls = walls;
    c->moves = (int)v[MOVES];
    c->slides = v[SLIDES] ? c->moves + (int)v[SLIDES] - 1 : -1;
    c->states = v[SIZES];
    c->minimal = true;
    return 1;
}
