/* The `rushhour bank` command family (cmd_bank.c), called by rushhour.c's dispatch. */
#ifndef RH_CLI_CMD_BANK_H
#define RH_CLI_CMD_BANK_H

/* argv[0] is "bank", argv[1] the subcommand; returns the process's exit code. */
int cli_bank(int argc, char **argv);

/* `bank import TEXT OUT` (cmd_bank_import.c): argv as above. */
int cli_bank_import(int argc, char **argv);

/* `bank pack FILE DIR` and `bank load DIR TABLE OUT` (cmd_bank_pack.c): the shipped data. */
int cli_bank_pack(int argc, char **argv);
int cli_bank_load(int argc, char **argv);

/* `bank verify FILE [--sample N] [--seed S] [--all]` (cmd_bank_verify.c). */
int cli_bank_verify(int argc, char **argv);

#endif
