/* `rushhour enumerate`: every cluster of a board space (see include/rushhour/enumerate.h). */
#ifndef RH_CLI_CMD_ENUMERATE_H
#define RH_CLI_CMD_ENUMERATE_H

/* Runs the command; argv[0] is "enumerate". Returns the process's exit code. */
int cli_enumerate(int argc, char **argv);

#endif
