/* A recency list; see lru.h. */
#include <stddef.h>

#include "lru.h"

void rhd_lru_push(rhd_lru *list, rhd_lru_link *l)
{
    l->newer = NULL;
    l->older = list->newest;
    if (list->newest) list->newest->newer = l;
    list->newest = l;
    if (!list->oldest) list->oldest = l;
}

void rhd_lru_remove(rhd_lru *list, rhd_lru_link *l)
{
    if (l->newer)
        l->newer->older = l->older;
    else
        list->newest = l->older;
    if (l->older)
        l->older->newer = l->newer;
    else
        list->oldest = l->newer;
}
