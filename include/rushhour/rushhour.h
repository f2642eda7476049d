/* The rushhour solver library: include this one header to get all of the core (libc only).
 * JSON in and out is rushhour/json.h, in the rushhour-json library. */
#ifndef RUSHHOUR_H
#define RUSHHOUR_H

#include "rushhour/error.h"
#include "rushhour/clock.h"
#include "rushhour/diag.h"
#include "rushhour/utf8.h"
#include "rushhour/names.h"
#include "rushhour/puzzle.h"
#include "rushhour/parse.h"
#include "rushhour/puzzle_id.h"
#include "rushhour/puzzle_rank.h"
#include "rushhour/verify.h"
#include "rushhour/search.h"
#include "rushhour/analyze.h"
#include "rushhour/table.h"
#include "rushhour/generate.h"
#include "rushhour/random.h"
#include "rushhour/version.h"
#include "rushhour/enumerate.h"

#endif
