/* `rushhour verify`; see cmd_verify.h. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "rushhour/rushhour.h"
#include "cmd_verify.h"
#include "number.h"

/* One word of notation ("AR1", "b2U3"): the digits at its end are the distance, the letter
 * before them the direction, the rest the id. False when the word is not a move. */
static bool read_word(rh_verify_move *m, const char *word, size_t len, const rh_puzzle *p)
{
    size_t digits = 0;
    while (digits < len && word[len - 1 - digits] >= '0' && word[len - 1 - digits] <= '9') digits++;
    if (digits == 0 || digits > 2 || len < digits + 2 || len - digits - 1 > RH_ID_MAX) return false;
    char text[3] = {0}, id[RH_ID_MAX + 1] = {0};
    memcpy(text, word + len - digits, digits);
    uint64_t distance;
    if (!cli_number(text, (uint64_t)p->board_size, &distance) || distance < 1) return false;
    static const char letters[] = "UDLR";
    const char *dir = strchr(letters, word[len - digits - 1]);
    if (!dir || !*dir) return false;
    memcpy(id, word, len - digits - 1);
    *m = (rh_verify_move){rh_puzzle_find(p, id), (rh_direction)(dir - letters), (int)distance};
    return true;
}

int cli_verify_moves(rh_verify_move *out, size_t *count, rh_diags *d, const char *notation,
                     const rh_puzzle *p)
{
    static const char blanks[] = " \t\r\n";
    const int before = d->count + d->dropped;
    *count = 0;
    size_t i = 0;
    for (const char *w = notation + strspn(notation, blanks); *w; i++) {
        const size_t len = strcspn(w, blanks);
        if (i == RH_VERIFY_MOVES_MAX) {
            rh_diags_add(d, "moves", "more than %d moves", RH_VERIFY_MOVES_MAX);
            break;
        }
        char field[RH_DIAG_FIELD_MAX];
        snprintf(field, sizeof field, "moves[%zu]", i);
        if (read_word(&out[*count], w, len, p))
            ++*count;
        else
            rh_diags_add(d, field,
                         "'%.*s' is not a move: a vehicle's id, U, D, L or R, and a distance "
                         "from 1 to %d",
                         (int)(len < 32 ? len : 32), w, p->board_size);
        w += len;
        w += strspn(w, blanks);
    }
    return d->count + d->dropped == before ? RH_OK : RH_EINVALID;
}

cJSON *cli_verify(const rh_puzzle *p, const rh_verify_move *moves, size_t n,
                  const rh_search_options *search, uint64_t *solve_us, int *code)
{
    static rh_move merged[RH_VERIFY_MOVES_MAX];
    rh_puzzle end = *p;
    rh_verify_result v;
    if (n > RH_VERIFY_MOVES_MAX || rh_verify(&v, &end, moves, n, merged) != RH_OK) return NULL;
    rh_search_options opt = *search;
    opt.metric = RH_METRIC_MOVES;
    opt.algorithm = RH_ALGO_ASTAR; /* the same length as BFS, fewer nodes */
    rh_result r;
    if (rh_solve(&r, p, &opt) != RH_OK) return NULL;
    *solve_us = r.stats.elapsed_us;
    *code = !v.legal || !v.solved          ? CLI_EXIT_NOT_SOLVED
            : r.status == RH_LIMIT_REACHED ? CLI_EXIT_LIMIT
                                           : CLI_EXIT_DONE;
    cJSON *doc = rh_report_verify(&end, &v, r.status == RH_SOLVED ? r.move_count : -1);
    rh_result_free(&r);
    return doc;
}
