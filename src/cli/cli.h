/* The exit codes of `rushhour` and its subcommands, in one list so that every command takes
 * its codes from the same numbers (docs/cli.md and docs/bank.md give each command's). */
#ifndef RH_CLI_CLI_H
#define RH_CLI_CLI_H

#define CLI_EXIT_DONE 0       /* an answer (solved, unsolvable, generated), or the work done */
#define CLI_EXIT_IO 1         /* reading, writing, a file or memory failed */
#define CLI_EXIT_INVALID 2    /* invalid input, options or usage; a refused line or puzzle */
#define CLI_EXIT_LIMIT 3      /* a search limit reached */
#define CLI_EXIT_NOT_FOUND 3  /* `bank show`: no such puzzle */
#define CLI_EXIT_DISAGREE 3   /* `bank verify`: a stored puzzle disagrees with its derivation */
#define CLI_EXIT_NOT_SOLVED 4 /* `verify`: the moves are illegal or leave the puzzle unsolved */

#endif
