/* What the rushhour-json readers share (parse_json.c defines it): a value's kind named for a
 * message, and an object's members read one by one with every problem reported. */
#ifndef RH_PARSE_JSON_H
#define RH_PARSE_JSON_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "rushhour/diag.h"

/* What `item` is, for a message ("must be ..., not a string"): "a string", "a number",
 * "a boolean", "null", "an array" or "an object". */
const char *rh__json_kind(const cJSON *item);

/* Reads `item`, the member known[k] of an object, into `into`; `field` names it
 * ("<path>.<key>"). True when it is well formed; else its problem is added to `d`. */
typedef bool rh__json_member_reader(rh_diags *d, const cJSON *item, const char *field, int k,
                                    void *into);

/* Reads the object `obj` at `path` whose members are `known` (NULL-terminated): each unknown or
 * repeated key is reported (rh_json_check_keys), then, in the order of `known`, an absent
 * member "is missing" and a present one goes to `read`. True when every member was present and
 * read well. */
bool rh__json_read_members(rh_diags *d, const cJSON *obj, const char *path,
                           const char *const *known, rh__json_member_reader *read, void *into);

#endif
