/* Puzzle ids (rushhour/puzzle_id.h): golden ids pinned so the function never drifts, round
 * trips over every reference puzzle and every puzzle of the shipped sample, vehicle names that
 * do not matter, and malformed ids and boards rejected. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "reference.h"
#include "rushhour/error.h"
#include "rushhour/parse.h"
#include "rushhour/puzzle_id.h"

static void expect_id(const char *board, const char *id)
{
    char got[RH_PUZZLE_ID_MAX + 1], back[RH_PUZZLE_ID_CELLS_MAX + 1];
    cr_assert_eq(rh_puzzle_id_encode(got, board, strlen(board)), RH_OK, "%s", board);
    cr_assert_str_eq(got, id, "%s", board);
    cr_assert_eq(rh_puzzle_id_decode(back, id, strlen(id)), RH_OK, "%s", id);
    cr_assert_str_eq(back, board, "%s", id);
}

/* Changing any of these breaks every stored link: never edit them to make a test pass. */
Test(puzzle_id, golden)
{
    expect_id("BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.", "6sUEFGcAESQ");    /* 51 moves */
    expect_id("BB...CD..E.CDAAE.CD..E..F...GGF.HHH.", "6QAtAowAAgAQY");  /* Jam 1 */
    expect_id("..xBCC..xBDD.AAE...FFE.xG..HHIGJJJxI", "6AMQBQ0ACBgCjI"); /* with walls */
    expect_id("BBCCC.D.E.FFGGD.EHHHIJAAK.LLIJMNKOOOPPMNQQRSTTUUVVRSWW.xXXYYZZZ.",
              "8TEECQcmgUjSkSSBSY"); /* 8x8 */
    expect_id("AA.......", "3w");
    expect_id("AAA.....x", "34AAI"); /* the last character padded with an empty */
}

Test(puzzle_id, names_do_not_matter)
{
    char a[RH_PUZZLE_ID_MAX + 1], b[RH_PUZZLE_ID_MAX + 1];
    const char *normal = "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.";
    const char *renamed = "zqwwk.zqr.kpz.rAApsssm.p..tmuuggtjj.";
    cr_assert_eq(rh_puzzle_id_encode(a, normal, strlen(normal)), RH_OK);
    cr_assert_eq(rh_puzzle_id_encode(b, renamed, strlen(renamed)), RH_OK);
    cr_assert_str_eq(a, b);
    /* 'o' is an empty cell as '.' is. */
    cr_assert_eq(rh_puzzle_id_encode(b, "BCDDEoBCFoEGBoFAAGHHHIoGooJIKKLLJMMo", 36), RH_OK);
    cr_assert_str_eq(a, b);
}

/* Every puzzle of a reference set: its id decodes to a board that parses to the same puzzle
 * up to names (the same id again), and ids are distinct across the set's distinct boards. */
static void round_trip_set(const char *file)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, file), 0);
    int encoded = 0;
    for (int i = 0; i < set.count; i++) {
        char id[RH_PUZZLE_ID_MAX + 1], again[RH_PUZZLE_ID_MAX + 1];
        char board[RH_PUZZLE_ID_CELLS_MAX + 1];
        if (rh_puzzle_id(id, &set.items[i].puzzle) != RH_OK) continue;
        encoded++;
        cr_assert_lt(strlen(id), sizeof id);
        cr_assert(id[0] >= '3' && id[0] <= '8', "%s", id);
        cr_assert_eq(strspn(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                "0123456789-_"),
                     strlen(id), "%s", id);
        cr_assert_eq(rh_puzzle_id_decode(board, id, strlen(id)), RH_OK, "%s", id);
        rh_puzzle p;
        rh_diags d;
        rh_diags_init(&d);
        cr_assert_eq(rh_parse_board(&p, &d, board, strlen(board), "board"), RH_OK, "%s", board);
        cr_assert_eq(p.wall_count, set.items[i].puzzle.wall_count, "%s", set.items[i].name);
        cr_assert_eq(p.vehicle_count, set.items[i].puzzle.vehicle_count);
        cr_assert_eq(rh_puzzle_id(again, &p), RH_OK);
        cr_assert_str_eq(again, id, "%s", set.items[i].name);
    }
    /* Each set holds boards of 6x6 to 8x8 with cars and trucks only. */
    cr_assert_eq(encoded, set.count, "%s: %d of %d encoded", file, encoded, set.count);
    rh_ref_free(&set);
}

Test(puzzle_id, round_trips_jam40)
{
    round_trip_set("jam40.tsv");
}
Test(puzzle_id, round_trips_classic)
{
    round_trip_set("classic.jsonl");
}
Test(puzzle_id, round_trips_random)
{
    round_trip_set("random.jsonl");
}

/* Every board of the shipped sample is in normal form: its id decodes to it exactly. */
Test(puzzle_id, round_trips_sample)
{
    FILE *f = fopen(RH_SOURCE_DIR "/data/bank/sample.txt", "r");
    cr_assert_not_null(f);
    char line[256];
    int boards = 0;
    while (fgets(line, sizeof line, f)) {
        char board[128], id[RH_PUZZLE_ID_MAX + 1], back[RH_PUZZLE_ID_CELLS_MAX + 1];
        int moves;
        if (line[0] == '#' || !strncmp(line, "meta ", 5)) continue;
        cr_assert_eq(sscanf(line, "%d %127s", &moves, board), 2, "%s", line);
        cr_assert_eq(rh_puzzle_id_encode(id, board, strlen(board)), RH_OK, "%s", board);
        cr_assert_eq(rh_puzzle_id_decode(back, id, strlen(id)), RH_OK, "%s", id);
        cr_assert_str_eq(back, board);
        boards++;
    }
    fclose(f);
    cr_assert_gt(boards, 100);
}

Test(puzzle_id, malformed_ids_rejected)
{
    static const char *const bad[] = {
        "",                                /* empty */
        "6",                               /* no primary */
        "2w",                              /* size below 3 */
        "9w",                              /* size above 8 */
        "daily",                           /* a route word */
        "stats",                           /* a route word */
        "6sUEFGcAES=",                     /* not base64url */
        "6sUEFGcAES/",                     /* not base64url */
        "6sUEFGcAESQA",                    /* ends in two empties (not canonical) */
        "6wA",                             /* the same */
        "6ww",                             /* two primaries */
        "3wAAAB",                          /* a character past the board */
        "3wAAAI",                          /* a wall past the board */
        "34AAJ",                           /* the padding past the board is a wall */
        "3AQw",                            /* a horizontal car across the right edge */
        "3AFw",                            /* a vertical truck across the bottom */
        "30Y",                             /* a truck across a cell already placed */
        "3______________________________", /* too long */
    };
    char board[RH_PUZZLE_ID_CELLS_MAX + 1];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_eq(rh_puzzle_id_decode(board, bad[i], strlen(bad[i])), RH_EARG, "%s", bad[i]);
    /* An embedded NUL is a malformed byte, not an end. */
    cr_assert_eq(rh_puzzle_id_decode(board, "3w\0", 3), RH_EARG);
    cr_assert_eq(rh_puzzle_id_decode(NULL, "3w", 2), RH_EARG);
    cr_assert_eq(rh_puzzle_id_decode(board, NULL, 2), RH_EARG);
}

Test(puzzle_id, malformed_boards_rejected)
{
    static const char *const bad[] = {
        "",                                       /* no cells */
        "AA......",                               /* not a square */
        "........A",                              /* a primary of 1 cell */
        "A..A.....",                              /* a vertical primary */
        "A..A..A..",                              /* the same */
        "AAA.BB...C..C..C",                       /* a vehicle of 1 cell (C at row 2) */
        ".........",                              /* no primary */
        "AABB....BB......",                       /* a letter used twice */
        "AAAA.............................",      /* not a square */
        "AAAA............",                       /* a car of 4 */
        "AA.#............",                       /* not the notation */
        "AA..BB..CC..DD..EE..FF..GG..HH..II..JJ", /* not a square */
    };
    char id[RH_PUZZLE_ID_MAX + 1];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_eq(rh_puzzle_id_encode(id, bad[i], strlen(bad[i])), RH_EARG, "%s", bad[i]);
}
