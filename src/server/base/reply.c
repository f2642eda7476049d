/* Setting a request's reply: JSON documents, RFC 9457 problems, and fixed texts. The reply is
 * only recorded here; server.c turns it into an MHD response on the MHD thread. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "request.h"

/* Problem types are URNs: stable identifiers that do not pretend to be web pages. */
#define PROBLEM_BASE "urn:rushhourd:problem:"

static void set_reply(rhd_request *r, int status, const char *type, char *text, size_t len,
                      bool is_static)
{
    if (r->reply && !r->reply_static) free(r->reply);
    r->status = status;
    r->content_type = type;
    r->reply = text;
    r->reply_len = len;
    r->reply_static = is_static;
}

void rhd_reply_static(rhd_request *r, int status, const char *content_type, const char *text,
                      size_t len)
{
    set_reply(r, status, content_type, (char *)text, len, true);
}

void rhd_reply_owned(rhd_request *r, int status, const char *content_type, char *text, size_t len)
{
    set_reply(r, status, content_type, text, len, false);
}

void rhd_reply_hang_up(rhd_request *r)
{
    set_reply(r, RHD_STATUS_CLIENT_CLOSED, NULL, NULL, 0, true);
}

/* A 500 tells the client nothing of its cause (a path, an SQLite message): the cause goes to
 * the log, under the request id the reply carries. */
#define INTERNAL_DETAIL "the server failed to answer; its log holds the cause under the request id"

/* The 500 when not even the problem document can be built: the one rhd_reply_internal gives,
 * less the request_id (openapi.yaml's InternalProblem). */
static const char out_of_memory[] =
    "{\"type\":\"" PROBLEM_BASE "internal\",\"title\":\"Internal Server Error\",\"status\":500,"
    "\"detail\":\"" INTERNAL_DETAIL "\"}";

static void log_cause(const rhd_request *r, const char *cause)
{
    char id[2 * RHD_REQUEST_ID_MAX + 1], why[1024], fields[sizeof id + sizeof why + 40];
    rhd_json_escape(id, sizeof id, r->request_id);
    rhd_json_escape(why, sizeof why, cause);
    snprintf(fields, sizeof fields, "\"request_id\":\"%s\",\"cause\":\"%s\"", id, why);
    rhd_log(RHD_LOG_ERROR, "internal_error", fields);
}

void rhd_reply_json(rhd_request *r, int status, cJSON *doc)
{
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    if (!text) {
        log_cause(r, "out of memory");
        rhd_reply_static(r, 500, "application/problem+json", out_of_memory,
                         sizeof out_of_memory - 1);
        return;
    }
    rhd_reply_owned(r, status, status >= 400 ? "application/problem+json" : "application/json",
                    text, strlen(text));
}

void rhd_reply_internal(rhd_request *r, const char *cause)
{
    log_cause(r, cause);
    rhd_reply_problem(r, 500, "internal", "Internal Server Error", INTERNAL_DETAIL, NULL);
}

void rhd_reply_no_memory(rhd_request *r)
{
    rhd_reply_internal(r, "out of memory");
}

cJSON *rhd_problem(const rhd_request *r, int status, const char *slug, const char *title,
                   const char *detail, cJSON *extra)
{
    char type[128];
    snprintf(type, sizeof type, PROBLEM_BASE "%s", slug);
    cJSON *doc = cJSON_CreateObject();
    if (doc && cJSON_AddStringToObject(doc, "type", type) &&
        cJSON_AddStringToObject(doc, "title", title) &&
        cJSON_AddNumberToObject(doc, "status", status) &&
        (!detail || cJSON_AddStringToObject(doc, "detail", detail)) &&
        cJSON_AddStringToObject(doc, "request_id", r->request_id)) {
        while (extra && extra->child) {
            cJSON *item = cJSON_DetachItemViaPointer(extra, extra->child);
            cJSON_AddItemToObject(doc, item->string, item);
        }
    } else {
        cJSON_Delete(doc);
        doc = NULL;
    }
    cJSON_Delete(extra);
    return doc;
}

void rhd_reply_problem(rhd_request *r, int status, const char *slug, const char *title,
                       const char *detail, cJSON *extra)
{
    rhd_reply_json(r, status, rhd_problem(r, status, slug, title, detail, extra));
}
