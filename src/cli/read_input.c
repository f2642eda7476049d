/* Reading the CLI's input; see read_input.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "read_input.h"

const char *cli_input_name(const char *path)
{
    return path && strcmp(path, "-") != 0 ? path : "stdin";
}

void cli_input_fail(const char *path, int err)
{
    fprintf(stderr, "rushhour: cannot read %s: %s\n", cli_input_name(path),
            err == EISDIR ? "it is a directory, not a puzzle file" : strerror(err ? err : EIO));
}

FILE *cli_input_open(const char *path)
{
    const bool named = path && strcmp(path, "-") != 0;
    FILE *f = named ? fopen(path, "rb") : stdin;
    struct stat st;
    int err = f ? 0 : errno;
    if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) err = EISDIR;
    if (!err) return f;
    if (f && named) fclose(f);
    cli_input_fail(path, err);
    return NULL;
}

void cli_input_close(FILE *f)
{
    if (f != stdin) fclose(f);
}

char *cli_input_read_all(FILE *f, const char *path, size_t max, size_t *len)
{
    char *buf = malloc(max + 1);
    if (!buf) {
        fprintf(stderr, "rushhour: out of memory\n");
        return NULL;
    }
    const size_t n = fread(buf, 1, max + 1, f);
    if (ferror(f) || n > max) {
        if (n > max)
            fprintf(stderr, "rushhour: %s is larger than %zu bytes\n", cli_input_name(path), max);
        else
            cli_input_fail(path, errno);
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

int cli_input_line(FILE *f, char **buf, size_t *cap, size_t max, size_t *len, bool *too_long)
{
    size_t n = 0;
    bool any = false;
    *too_long = false;
    for (int c; (c = getc(f)) != EOF;) {
        any = true;
        if (c == '\n') break;
        if (n >= max) {
            *too_long = true;
            continue;
        }
        if (n + 1 >= *cap) {
            const size_t grown = *cap ? *cap * 2 : 256;
            char *more = realloc(*buf, grown);
            if (!more) return -1;
            *buf = more;
            *cap = grown;
        }
        (*buf)[n++] = (char)c;
    }
    if (ferror(f)) return -1;
    if (!any) return 0;
    if (*too_long) n = 0;
    if (*cap == 0) {
        *buf = malloc(1);
        if (!*buf) return -1;
        *cap = 1;
    }
    (*buf)[n] = '\0';
    *len = n;
    return 1;
}

bool cli_input_blank(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!strchr(" \t\r\n", text[i]) || !text[i]) return false;
    return true;
}
