/* The puzzle bank the service serves: which file (--bank), opened read-only once at start and
 * shared by every HTTP thread through the library's handle (rushhour/bank.h serialises calls),
 * and which stored puzzle fits a generate request. */
#ifndef RHD_PUZZLE_BANK_H
#define RHD_PUZZLE_BANK_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "rushhour/bank.h"
#include "rushhour/generate.h"

/* Opens the bank `cfg->bank` names into *out (NULL when off). RHD_BANK_AUTO takes the bank
 * built beside the executable, else the installed one (../share/rushhour/ from the
 * executable's folder); when neither exists *out is NULL and `warn` says so. Returns 0, or -1 with
 * why in `err`: a bank named explicitly, or found, that cannot be opened is an error, never quietly
 * no bank. */
int rhd_bank_load(rh_bank **out, const rhd_config *cfg, char *err, size_t err_len, char *warn,
                  size_t warn_len);

/* The puzzles GET /v1/puzzles/daily chooses from when asked nothing but the date (the
 * wall-free ones), and the day's puzzle among them, which the server pins a table for: one
 * filter for both, so that the pinned table is the served day's. */
extern const rh_bank_filter rhd_bank_daily_filter;

/* The day's puzzle of `day` (days since 1970-01-01, UTC) under rhd_bank_daily_filter, as
 * rh_bank_daily gives it. */
int rhd_bank_daily(rh_bank *b, int64_t day, rh_bank_puzzle *out, int *found);

/* The entity tag of the bank's puzzles as this server answers them, into `out`: the server's
 * version and a hash of the bank's meta (its format, its puzzle count, how it was made), the
 * same for every replica serving the same bank. Returns 0, or -1 when the meta cannot be read
 * or `len` is too short. */
int rhd_bank_etag(rh_bank *b, char *out, size_t len);

/* The bank's board size, or 0 when `b` is NULL or unreadable. */
int rhd_bank_board_size(rh_bank *b);

/* A stored puzzle that meets generate request `g`, chosen by g->seed (the same request gives
 * the same puzzle): the bank's board size, the middle exit row, exactly g->walls walls, its
 * vehicles (the target included) within min..max_vehicles, the moves metric and its length
 * within min..max_moves. Returns true with it in *out; false when none fits or the bank is NULL. */
bool rhd_bank_fit(rh_bank *b, const rh_generate_options *g, rh_bank_puzzle *out);

#endif
