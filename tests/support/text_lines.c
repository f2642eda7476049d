/* Lines of a text; see text_lines.h. */
#include <stdio.h>
#include <string.h>

#include "text_lines.h"

int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* True when `text` has `line` as a whole line. */
bool has_line(const char *text, const char *line)
{
    const size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)) != NULL; p++)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0')) return true;
    return false;
}

/* The line of `text` containing `needle`, copied to `out`, or "" when none does. */
void line_with(char *out, size_t len, const char *text, const char *needle)
{
    out[0] = '\0';
    const char *p = strstr(text, needle);
    if (!p) return;
    while (p > text && p[-1] != '\n') p--;
    const char *end = strchr(p, '\n');
    const size_t n = end ? (size_t)(end - p) : strlen(p);
    snprintf(out, len, "%.*s", (int)n, p);
}
