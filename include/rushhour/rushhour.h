/* The rushhour solver library: include this one header to get all of it. */
#ifndef RUSHHOUR_H
#define RUSHHOUR_H

#include "rushhour/error.h"
#include "rushhour/diag.h"
#include "rushhour/puzzle.h"
#include "rushhour/parse.h"
#include "rushhour/search.h"
#include "rushhour/report.h"
#include "rushhour/analyze.h"
#include "rushhour/generate.h"

#define RH_VERSION "0.1.0"

#endif
