/* Puzzles a test writes as text, parsed or the test fails (asserts: on a test's main thread). */
#ifndef RH_PUZZLE_TEXT_H
#define RH_PUZZLE_TEXT_H

#include "rushhour/rushhour.h"

/* A grid's rows joined by '/' ("bb...g/a..c.g/..."), its target the default (rh_parse_grid_text).
 */
rh_puzzle grid_puzzle(const char *rows);

/* A board in the bank's notation ("BCDDE.BCF...", rh_parse_board). */
rh_puzzle board_puzzle(const char *board);

#endif
