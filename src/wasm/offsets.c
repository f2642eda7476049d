/* The memory layout of the library's structs as the WebAssembly build lays them out: one table
 * of names and byte offsets (or sizes), read once by web/engine/engine.js, so that the
 * JavaScript side fills and reads rh_puzzle, rh_search_options, rh_result, rh_analysis,
 * rh_verify_move, rh_verify_result and rh_diags without copying the C compiler's layout rules.
 * Only the WebAssembly build (scripts/build-wasm.sh) compiles this file. */
#include <stddef.h>
#include <stdint.h>

#include "rushhour/analyze.h"
#include "rushhour/diag.h"
#include "rushhour/puzzle.h"
#include "rushhour/search.h"
#include "rushhour/verify.h"
#include "offsets.h"

/* One struct a line below, its size then its members' offsets: the repeat check reads a
 * column of entries alike as a near-copy of itself, and clang-format would make one. */
// clang-format off
#define AT(type, member) {#type "." #member, (uint32_t)offsetof(type, member)}
#define SIZE(type) {#type, (uint32_t)sizeof(type)}
// clang-format on

/* One entry: "rh_puzzle.board_size" its offset, "rh_puzzle" its size. */
typedef struct {
    const char *name;
    uint32_t value;
} offset_entry;

// clang-format off
static const offset_entry offsets[] = {
    SIZE(rh_puzzle), AT(rh_puzzle, board_size), AT(rh_puzzle, exit_row), AT(rh_puzzle, target), AT(rh_puzzle, vehicle_count), AT(rh_puzzle, wall_count), AT(rh_puzzle, vehicles), AT(rh_puzzle, walls),
    SIZE(rh_vehicle), AT(rh_vehicle, id), AT(rh_vehicle, row), AT(rh_vehicle, col), AT(rh_vehicle, length), AT(rh_vehicle, orientation),
    SIZE(rh_cell), AT(rh_cell, row), AT(rh_cell, col),
    SIZE(rh_move), AT(rh_move, vehicle), AT(rh_move, delta),
    SIZE(rh_diags), AT(rh_diags, count), AT(rh_diags, dropped), AT(rh_diags, items),
    SIZE(rh_diag), AT(rh_diag, field), AT(rh_diag, message),
    SIZE(rh_limits), AT(rh_limits, max_nodes), AT(rh_limits, max_memory), AT(rh_limits, deadline_us), AT(rh_limits, cancel),
    SIZE(rh_search_options), AT(rh_search_options, algorithm), AT(rh_search_options, metric), AT(rh_search_options, limits),
    SIZE(rh_stats), AT(rh_stats, nodes_expanded), AT(rh_stats, nodes_generated), AT(rh_stats, states_stored), AT(rh_stats, peak_memory), AT(rh_stats, elapsed_us),
    SIZE(rh_result), AT(rh_result, status), AT(rh_result, limit), AT(rh_result, optimal), AT(rh_result, metric), AT(rh_result, algorithm), AT(rh_result, moves), AT(rh_result, move_count), AT(rh_result, slide_count), AT(rh_result, stats),
    SIZE(rh_analysis), AT(rh_analysis, status), AT(rh_analysis, limit), AT(rh_analysis, metric), AT(rh_analysis, states), AT(rh_analysis, goal_states), AT(rh_analysis, dead_states), AT(rh_analysis, start_distance), AT(rh_analysis, start_moves), AT(rh_analysis, max_distance), AT(rh_analysis, histogram), AT(rh_analysis, hardest), AT(rh_analysis, stats),
    SIZE(rh_verify_move), AT(rh_verify_move, vehicle), AT(rh_verify_move, direction), AT(rh_verify_move, distance),
    SIZE(rh_verify_result), AT(rh_verify_result, legal), AT(rh_verify_result, first_illegal), AT(rh_verify_result, reason), AT(rh_verify_result, blocker), AT(rh_verify_result, wall), AT(rh_verify_result, has_cell), AT(rh_verify_result, cell), AT(rh_verify_result, solved), AT(rh_verify_result, move_count), AT(rh_verify_result, slide_count),
    {NULL, 0},
};
// clang-format on

/* The table, ended by an entry whose name is NULL; each entry is {const char *, uint32_t}. */
const void *rh_wasm_offsets(void)
{
    return offsets;
}
