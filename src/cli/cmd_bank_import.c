/* `rushhour bank import TEXT OUT`: builds a bank from export lines, re-deriving every puzzle
 * with the library so that no stated figure is taken on trust. Each line is
 * `moves board cluster_size [id]` (`rushhour bank export`'s form; an id given must be the
 * board's); `meta KEY VALUE` lines set meta
 * entries; blank lines and lines starting with '#' are skipped. A puzzle's whole cluster is
 * analysed in moves and in slides: its size, goal states, histogram and lengths come from
 * there (bank_derive.c), and a line is refused (exit 2, naming the line) when its moves or cluster
 * size disagree or its board is not a hardest state of its cluster. Minimality is taken as stated
 * (the enumerator checked it). Nothing is written unless every line passes. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "bank_derive.h"
#include "cmd_bank.h"
#include "each_line.h"
#include "number.h"
#include "rushhour/bank.h"

/* One puzzle line: checked against its derivation, then added. */
static int import_line(rh_bank *b, char *line, char *why, size_t len)
{
    char *save = NULL;
    const char *t_moves = strtok_r(line, " \t", &save), *board = strtok_r(NULL, " \t", &save),
               *t_size = strtok_r(NULL, " \t", &save), *id = strtok_r(NULL, " \t", &save);
    uint64_t moves, size;
    char board_id[RH_PUZZLE_ID_MAX + 1];
    if (!cli_number(t_moves, RH_ENUM_DEPTH_MAX, &moves) || !board ||
        strlen(board) > RH_ENUM_CELLS_MAX || !cli_number(t_size, UINT64_MAX, &size) ||
        strtok_r(NULL, " \t", &save)) {
        snprintf(why, len, "not `moves board cluster_size [id]`");
        return CLI_EXIT_INVALID;
    }
    if (id && (rh_puzzle_id_encode(board_id, board, strlen(board)) || strcmp(id, board_id) != 0)) {
        snprintf(why, len, "id %.40s is not the board's", id);
        return CLI_EXIT_INVALID;
    }
    static rh_cluster c; /* 2 KiB of histogram */
    const int rc = cli_derive(&c, board, why, len);
    if (rc) return rc;
    if ((uint64_t)c.moves != moves || c.states != size) {
        snprintf(why, len,
                 "states %" PRIu64 " moves and %" PRIu64
                 " states; the library finds %d and %" PRIu64,
                 moves, size, c.moves, c.states);
        return CLI_EXIT_INVALID;
    }
    if (rh_bank_add(b, &c) != RH_OK) {
        rh_bank_why(b, why, len);
        return CLI_EXIT_INVALID;
    }
    return 0;
}

/* A `meta KEY VALUE` line. */
static int meta_line(rh_bank *b, char *line, char *why, size_t len)
{
    char *key = line + 5, *value = strchr(key, ' ');
    if (!value || value == key) {
        snprintf(why, len, "not `meta KEY VALUE`");
        return CLI_EXIT_INVALID;
    }
    *value++ = '\0';
    if (rh_bank_set_meta(b, key, value) != RH_OK) {
        rh_bank_why(b, why, len);
        return CLI_EXIT_INVALID;
    }
    return 0;
}

/* Any line: blank and '#' lines skipped, meta lines and puzzle lines taken. */
static int import_each(void *ctx, char *line, char *why, size_t len)
{
    rh_bank *b = ctx;
    if (!line[0] || line[0] == '#') return 0;
    return strncmp(line, "meta ", 5) == 0 ? meta_line(b, line, why, len)
                                          : import_line(b, line, why, len);
}

int cli_bank_import(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: rushhour bank import TEXT OUT\n");
        return CLI_EXIT_INVALID;
    }
    const bool own = strcmp(argv[2], "-") != 0; /* stdin is not ours to close */
    FILE *in = own ? fopen(argv[2], "r") : stdin;
    if (!in) {
        perror(argv[2]);
        return CLI_EXIT_IO;
    }
    const char *out = argv[3];
    unlink(out); /* a fresh file: import never extends a bank */
    rh_bank *b;
    char why[RH_BANK_WHY_MAX];
    if (rh_bank_open(&b, out, RH_BANK_WRITE, why) != RH_OK) {
        fprintf(stderr, "rushhour bank import: %s: %s\n", out, why);
        if (own) fclose(in);
        return CLI_EXIT_IO;
    }
    int rc = cli_each_line(in, "rushhour bank import", argv[2], import_each, b);
    if (own) fclose(in);
    if (!rc && rh_bank_finish(b) != RH_OK) {
        rh_bank_why(b, why, sizeof why);
        fprintf(stderr, "rushhour bank import: %s: %s\n", out, why);
        rc = CLI_EXIT_IO;
    }
    if (rh_bank_close(b) != RH_OK && !rc) rc = CLI_EXIT_IO;
    if (rc) unlink(out);
    return rc;
}
