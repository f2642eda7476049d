/* Printing a solution for a person: the board before and after every move. */
#ifndef RH_CLI_SHOW_H
#define RH_CLI_SHOW_H

#include <stdio.h>

#include "rushhour/rushhour.h"

void cli_show_solution(FILE *out, const rh_puzzle *p, const rh_result *r);

#endif
