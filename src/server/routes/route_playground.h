/* The playground's embedded files (web/, generated at build time by cmake/embed.cmake): the
 * page, and one table of its other files (scripts, style sheet, manifest, icon, service
 * worker, and the solver in the page under engine/), served under /web/{file}. */
#ifndef RHD_ROUTE_PLAYGROUND_H
#define RHD_ROUTE_PLAYGROUND_H

#include <stdbool.h>
#include <stddef.h>

extern const char rhd_web_index_html[];
extern const size_t rhd_web_index_html_len;
extern const char rhd_web_index_html_etag[];

typedef struct {
    const char *name; /* "app.js", "engine/solver.js": its path in web/, and in /web/{file} */
    const char *content_type;
    const char *bytes;
    size_t len;
    const char *etag; /* its entity tag, from its bytes' hash */
} rhd_web_file;
extern const rhd_web_file rhd_web_files[];
extern const size_t rhd_web_files_count;

/* The page's file of that exact name, or NULL: no path, no "..", nothing decoded here. */
const rhd_web_file *rhd_web_file_find(const char *name);

/* Whether a page's file has that exact name: the test of the /web/{file} route's rest. */
bool rhd_web_file_known(const char *name);

#endif
