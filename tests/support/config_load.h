/* Loading the service's settings as rushhourd would, from an environment and flags given as
 * lists (tests of config.c and its CORS matching). */
#ifndef RH_TEST_CONFIG_LOAD_H
#define RH_TEST_CONFIG_LOAD_H

#include "config.h"

#define KIB ((size_t)1024)
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)

/* The size of the error buffer load_config writes to. */
#define ERR_LEN 4096

/* Loads `cfg` from `env` and `flags` (both NULL-terminated, either NULL for none) with `cores`
 * cores; returns rhd_config_load's result, its message in `err` (ERR_LEN bytes). */
int load_config(rhd_config *cfg, char **env, char **flags, int cores, char *err);

#endif
