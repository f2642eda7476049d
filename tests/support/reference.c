/* Reading the reference puzzle files of tests/data/ into rh_ref records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"

static FILE *open_data(const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", RH_PUZZLES_DIR, file);
    FILE *f = fopen(path, "r");
    if (!f) fprintf(stderr, "reference: cannot open %s\n", path);
    return f;
}

static int parse_tsv_line(rh_ref *r, char *line)
{
    char *fields[5];
    for (int i = 0; i < 5; i++) {
        fields[i] = strsep(&line, "\t\n");
        if (!fields[i]) return -1;
    }
    snprintf(r->name, sizeof r->name, "%s", fields[0]);
    rh_diags d;
    rh_diags_init(&d);
    if (rh_parse_text(&r->puzzle, &d, fields[1], strlen(fields[1])) != RH_OK) return -1;
    r->solvable = true;
    r->min_moves = atoi(fields[2]);
    r->min_slides = atoi(fields[3]);
    r->reachable = strtoull(fields[4], NULL, 10);
    return 0;
}

static int parse_json_line(rh_ref *r, const char *line, int index)
{
    cJSON *doc = cJSON_Parse(line);
    const cJSON *answer = cJSON_GetObjectItemCaseSensitive(doc, "answer");
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "name"));
    rh_diags d;
    rh_diags_init(&d);
    int err = !answer ||
              rh_parse_cjson(&r->puzzle, &d, cJSON_GetObjectItemCaseSensitive(doc, "puzzle"), NULL);
    if (!err) {
        if (name)
            snprintf(r->name, sizeof r->name, "%s", name);
        else
            snprintf(r->name, sizeof r->name, "line%d", index + 1);
        const cJSON *moves = cJSON_GetObjectItemCaseSensitive(answer, "min_moves");
        const cJSON *slides = cJSON_GetObjectItemCaseSensitive(answer, "min_slides");
        r->solvable = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(answer, "solvable"));
        r->min_moves = cJSON_IsNumber(moves) ? moves->valueint : -1;
        r->min_slides = cJSON_IsNumber(slides) ? slides->valueint : -1;
        r->reachable =
            (uint64_t)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(answer, "reachable"));
    }
    cJSON_Delete(doc);
    return err ? -1 : 0;
}

int rh_ref_load(rh_ref_set *out, const char *file)
{
    *out = (rh_ref_set){0};
    FILE *f = open_data(file);
    if (!f) return -1;
    const int tsv = strstr(file, ".tsv") != NULL;
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, err = 0;
    while (!err && getline(&line, &cap, f) > 0) {
        if (tsv && lineno++ == 0) continue; /* header */
        if (line[0] == '\n') continue;
        rh_ref *items = realloc(out->items, (size_t)(out->count + 1) * sizeof *items);
        if (!items) {
            err = -1;
            break;
        }
        out->items = items;
        rh_ref *r = &items[out->count];
        memset(r, 0, sizeof *r);
        err = tsv ? parse_tsv_line(r, line) : parse_json_line(r, line, out->count);
        if (err)
            fprintf(stderr, "reference: bad entry %d in %s\n", out->count + 1, file);
        else
            out->count++;
    }
    free(line);
    fclose(f);
    if (err) rh_ref_free(out);
    return err;
}

void rh_ref_free(rh_ref_set *set)
{
    free(set->items);
    *set = (rh_ref_set){0};
}

const rh_ref *rh_ref_find(const rh_ref_set *set, const char *name)
{
    for (int i = 0; i < set->count; i++)
        if (strcmp(set->items[i].name, name) == 0) return &set->items[i];
    return NULL;
}
