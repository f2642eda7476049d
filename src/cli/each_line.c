/* The lines of a text file one at a time; see each_line.h. */
#include "each_line.h"

#include <stdbool.h>
#include <string.h>

#include "cli.h"
#include "rushhour/bank.h"

int cli_each_line(FILE *f, const char *who, const char *path, cli_each_line_fn *each, void *ctx)
{
    char line[CLI_LINE_BYTES], why[RH_BANK_WHY_MAX];
    int rc = 0;
    for (long n = 1; !rc && fgets(line, sizeof line, f); n++) {
        const size_t end = strcspn(line, "\n");
        /* without its newline, a line is whole only at the end of the file */
        if (line[end] != '\n' && !feof(f) && fgetc(f) != EOF) {
            snprintf(why, sizeof why, "longer than %d bytes", CLI_LINE_BYTES - 2);
            rc = CLI_EXIT_INVALID;
        } else {
            line[end > 0 && line[end - 1] == '\r' ? end - 1 : end] = '\0';
            rc = each(ctx, line, why, sizeof why);
        }
        if (rc) fprintf(stderr, "%s: %s:%ld: %s\n", who, path, n, why);
    }
    if (!rc && ferror(f)) {
        fprintf(stderr, "%s: cannot read %s\n", who, path);
        rc = CLI_EXIT_IO;
    }
    return rc;
}
