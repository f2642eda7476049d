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
#include "rushhour/error.h"
#include "rushhour/puzzle_id.h"
#include "rushhour/puzzle_rank.h"

enum { RANKS, MOVES, SLIDES, SIZES, FILES };
static const char *const file_name[FILES] = {"ranks.bin", "moves.bin", "slides.bin", "sizes.bin"};
#define GROUPS "groups.txt"

static FILE *open_in(const char *dir, const char *name, const char *mode)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, mode);
    if (!f) fprintf(stderr, "rushhour bank: %s: %s\n", path, strerror(errno));
    return f;
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
    if (x->walls != y->walls) return x->walls < y->walls ? -1 : 1;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

int cli_columns_write(const char *dir, int size, cli_packed *rows, size_t n)
{
    qsort(rows, n, sizeof *rows, by_walls_then_rank);
    FILE *f[FILES] = {NULL}, *groups = open_in(dir, GROUPS, "w");
    int bad = !groups || fprintf(groups, "size %d\n", size) < 0;
    for (int i = 0; i < FILES && !bad; i++) bad = !(f[i] = open_in(dir, file_name[i], "w"));
    for (size_t i = 0, start = 0; i < n && !bad; i++) {
        const cli_packed *p = &rows[i];
        const int first = i == start;
        if (first) {
            while (start < n && rows[start].walls == p->walls) start++;
            bad |= fprintf(groups, "walls %d %zu\n", p->walls, start - i) < 0;
        }
        bad |= put_varint(f[RANKS], p->rank - (first ? 0 : rows[i - 1].rank));
        bad |= put_varint(f[MOVES], (uint64_t)p->moves);
        bad |= put_varint(f[SLIDES], p->slides < 0 ? 0 : (uint64_t)(p->slides - p->moves) + 1);
        bad |= put_varint(f[SIZES], p->cluster_size);
    }
    for (int i = 0; i < FILES; i++)
        if (f[i] && fclose(f[i]) != 0) bad = 1;
    if (groups && fclose(groups) != 0) bad = 1;
    if (bad) fprintf(stderr, "rushhour bank pack: cannot write the columns in %s\n", dir);
    return bad ? CLI_EXIT_IO : 0;
}

struct cli_columns_reader {
    FILE *f[FILES], *groups;
    rh_rank_table *ranks;
    int size, walls; /* the current group's walls */
    uint64_t left;   /* puzzles left in it */
    uint64_t rank;   /* the last one's rank */
};

void cli_columns_close(cli_columns_reader *r)
{
    if (!r) return;
    for (int i = 0; i < FILES; i++)
        if (r->f[i]) fclose(r->f[i]);
    if (r->groups) fclose(r->groups);
    rh_rank_table_free(r->ranks);
    free(r);
}

int cli_columns_open(cli_columns_reader **out, const char *dir)
{
    cli_columns_reader *r = calloc(1, sizeof *r);
    *out = NULL;
    if (!r) return CLI_EXIT_IO;
    int rc = (r->groups = open_in(dir, GROUPS, "r")) ? 0 : CLI_EXIT_IO;
    for (int i = 0; i < FILES && !rc; i++)
        if (!(r->f[i] = open_in(dir, file_name[i], "r"))) rc = CLI_EXIT_IO;
    /* The table must reach the most walls a group names. */
    int most = 0, walls;
    char line[96];
    if (!rc && (fscanf(r->groups, "size %d\n", &r->size) != 1 || r->size < RH_RANK_SIZE_MIN ||
                r->size > RH_RANK_SIZE_MAX))
        rc = CLI_EXIT_INVALID;
    long groups_at = rc ? 0 : ftell(r->groups);
    while (!rc && fgets(line, sizeof line, r->groups))
        if (sscanf(line, "walls %d", &walls) == 1 && walls > most) most = walls;
    if (!rc && (fseek(r->groups, groups_at, SEEK_SET) != 0 ||
                rh_rank_table_new(&r->ranks, r->size, (r->size - 1) / 2, most) != RH_OK))
        rc = CLI_EXIT_INVALID;
    if (rc == CLI_EXIT_INVALID)
        fprintf(stderr, "rushhour bank load: %s/" GROUPS ": not `size N` then `walls W COUNT`\n",
                dir);
    if (rc) {
        cli_columns_close(r);
        return rc;
    }
    *out = r;
    return 0;
}

/* Steps to the next group when this one is done: 1, 0 after the last, -1 on a bad line. */
static int next_group(cli_columns_reader *r)
{
    char line[96];
    while (r->left == 0) {
        if (!fgets(line, sizeof line, r->groups)) return 0;
        if (sscanf(line, "walls %d %" SCNu64, &r->walls, &r->left) != 2 || r->walls < 0 ||
            rh_rank_boards(r->ranks, r->walls) == 0)
            return -1;
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
    if (group != 1 || !all) {
        snprintf(why, len,
                 group < 0 ? GROUPS ": not `walls W COUNT`"
                           : "the columns hold different numbers of puzzles");
        return CLI_EXIT_INVALID;
    }
    r->left--;
    r->rank += v[RANKS];
    char id[RH_PUZZLE_ID_MAX + 1];
    memset(c, 0, sizeof *c);
    if (v[MOVES] >= RH_ENUM_DEPTH_MAX || v[SLIDES] > INT32_MAX ||
        rh_puzzle_unrank(r->ranks, r->walls, r->rank, id) != RH_OK ||
        rh_puzzle_id_decode(c->hardest, id, strlen(id)) != RH_OK) {
        snprintf(why, len, "rank %" PRIu64 " of %d walls: no such board, or impossible lengths",
                 r->rank, r->walls);
        return CLI_EXIT_INVALID;
    }
    c->board_size = r->size;
    c->walls = r->walls;
    unsigned char seen[128] = {0};
    for (const char *ch = c->hardest; *ch; ch++)
        if (*ch != '.' && *ch != 'x' && !seen[(unsigned char)*ch]++) c->vehicles++;
    c->moves = (int)v[MOVES];
    c->slides = v[SLIDES] ? c->moves + (int)v[SLIDES] - 1 : -1;
    c->states = v[SIZES];
    c->minimal = true;
    return 1;
}
