/* Loading settings from lists; see config_load.h. */
#include "config_load.h"

int load_config(rhd_config *cfg, char **env, char **flags, int cores, char *err)
{
    char *argv[32] = {"rushhourd"};
    int argc = 1;
    for (char **f = flags; f && *f; f++) argv[argc++] = *f;
    char *empty[] = {NULL};
    return rhd_config_load(cfg, env ? env : empty, argc, argv, cores, err, ERR_LEN);
}
