/* The walk of the enumerator's space: every blocked configuration of vehicles, task by task
 * (space.c); walls come later, from the clusters the walk's configurations start (walls.c). */
#ifndef RH_ENUMERATE_SPACE_H
#define RH_ENUMERATE_SPACE_H

#include <stdbool.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "state.h"

/* A lane (row or column) as the walk fills it. A fixed lane's pieces are chosen by its task:
 * `count` lengths in order, `next` of them placed, left[j] the cells of pieces j
 * onward. A free lane (a column between the first and the last) takes any vertical vehicles
 * within n-1 cells. */
typedef struct {
    bool fixed;
    uint8_t count, next;
    uint8_t cells; /* of its vehicles placed (a column's room; unused for a row) */
    uint8_t shape; /* their lengths in order, in base 3 (length - 1 per digit) */
    uint8_t item[RH_ENUM_SIZE_MAX], left[RH_ENUM_SIZE_MAX + 1];
} rh__elane;

/* The generator of blocked configurations, task by task (space.c says how); a
 * walker runs only the tasks it claims (in increasing order), so that several threads share
 * one walk. */
typedef struct {
    const rh__egeom *g;
    int vehicles_min, vehicles_max;
    /* The next task to claim, UINT64_MAX for none; NULL counts tasks without visiting. */
    uint64_t (*claim)(void *ctx);
    /* Gets each configuration with its columns' shapes, a byte each (rh__elane.shape): its
     * task's configurations of one cluster all have the same. */
    void (*visit)(void *ctx, const rh__estate *s, uint64_t columns);
    void *ctx;
    /* The walk's position. */
    uint64_t task, next;
    rh__estate s;
    uint64_t occ;
    int vehicles;
    rh__elane lane[2 * RH_ENUM_SIZE_MAX]; /* rows, then columns */
} rh__espace;

/* Walks the whole space. Returns the number of tasks. */
uint64_t rh__espace_walk(rh__espace *e);

#endif
