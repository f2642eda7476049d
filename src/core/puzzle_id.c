/* A puzzle's id and back (rushhour/puzzle_id.h says the encoding): the board's free cells in
 * reading order, one 3-bit symbol each, two to a base64url character after the size digit. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "id_symbols.h"
#include "rushhour/error.h"
#include "rushhour/puzzle.h"
#include "rushhour/puzzle_id.h"

enum {
    EMPTY = RH__ID_EMPTY,
    WALL = RH__ID_WALL,
    CAR_H = RH__ID_CAR_H,
    CAR_V = RH__ID_CAR_V,
    TRUCK_V = RH__ID_TRUCK_V,
    PRIMARY_CAR = RH__ID_PRIMARY_CAR,
    PRIMARY_TRUCK = RH__ID_PRIMARY_TRUCK
};

static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* The names of the normal form after 'A', as the enumerator's notation gives them. */
static const char names[] = "BCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnpqrstuvwyz";

static int digit_value(unsigned char c)
{
    const char *p = c ? strchr(digits, c) : NULL;
    return p ? (int)(p - digits) : -1;
}

static bool is_vehicle(unsigned char c)
{
    return ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) && c != 'o' && c != 'x';
}

/* The side of a board of `len` cells, or 0 when it is no square of an id's size. */
static int side_of(size_t len)
{
    for (int n = RH_PUZZLE_ID_SIZE_MIN; n <= RH_PUZZLE_ID_SIZE_MAX; n++)
        if ((size_t)n * (size_t)n == len) return n;
    return 0;
}

/* The symbol of the uncovered cell i of `board` (side n), marking what it covers; -1 when the
 * cell starts no valid vehicle. */
static int symbol_at(const char *board, int n, int i, bool *covered, bool *seen)
{
    const unsigned char c = (unsigned char)board[i];
    if (c == '.' || c == 'o') return EMPTY;
    if (c == 'x') return WALL;
    if (!is_vehicle(c) || seen[c]) return -1;
    seen[c] = true;
    const int row = i / n, col = i % n;
    const bool horizontal = col + 1 < n && board[i + 1] == (char)c;
    const int step = horizontal ? 1 : n, room = horizontal ? n - col : n - row;
    int length = 1;
    while (length < room && length < 4 && board[i + length * step] == (char)c) length++;
    if (length < 2 || length > 3 || (c == 'A' && !horizontal)) return -1;
    for (int j = 0; j < length; j++) covered[i + j * step] = true;
    if (c == 'A') return length == 2 ? PRIMARY_CAR : PRIMARY_TRUCK;
    return (horizontal ? CAR_H : CAR_V) + (length - 2);
}

int rh_puzzle_id_encode(char *out, const char *board, size_t len)
{
    const int n = board ? side_of(len) : 0;
    if (!out || !n) return RH_EARG;
    bool covered[RH_PUZZLE_ID_CELLS_MAX] = {false}, seen[256] = {false};
    int symbols[RH_PUZZLE_ID_CELLS_MAX];
    int count = 0;
    for (int i = 0; i < n * n; i++) {
        if (covered[i]) continue;
        const int s = symbol_at(board, n, i, covered, seen);
        if (s < 0) return RH_EARG;
        symbols[count++] = s;
    }
    if (!seen['A']) return RH_EARG;
    rh__id_pack(out, n, symbols, count);
    return RH_OK;
}

void rh__id_pack(char *out, int n, const int *symbols, int count)
{
    while (count > 0 && symbols[count - 1] == EMPTY) count--;
    out[0] = (char)('0' + n);
    int o = 1;
    for (int k = 0; k < count; k += 2)
        out[o++] = digits[symbols[k] << 3 | (k + 1 < count ? symbols[k + 1] : EMPTY)];
    out[o] = '\0';
}

int rh__id_unpack(int *symbols, const char *id, size_t len)
{
    int count = 0;
    for (size_t k = 1; k < len; k++) {
        const int v = digit_value((unsigned char)id[k]);
        symbols[count++] = v >> 3;
        symbols[count++] = v & 7;
    }
    return count;
}

int rh_puzzle_id(char *out, const rh_puzzle *p)
{
    if (!out || !p || p->board_size < RH_PUZZLE_ID_SIZE_MIN ||
        p->board_size > RH_PUZZLE_ID_SIZE_MAX || p->target < 0 || p->target >= p->vehicle_count ||
        p->vehicle_count > (int)sizeof names)
        return RH_EARG;
    const int n = p->board_size;
    char board[RH_PUZZLE_ID_CELLS_MAX];
    memset(board, '.', sizeof board);
    for (int w = 0; w < p->wall_count; w++) {
        const rh_cell c = p->walls[w];
        if (c.row < 0 || c.row >= n || c.col < 0 || c.col >= n) return RH_EARG;
        board[c.row * n + c.col] = 'x';
    }
    for (int v = 0, named = 0; v < p->vehicle_count; v++) {
        const rh_vehicle *h = &p->vehicles[v];
        const char name = (char)(v == p->target ? 'A' : names[named++]);
        const int dr = h->orientation == RH_VERTICAL, dc = !dr;
        for (int j = 0; j < h->length; j++) {
            const int r = h->row + j * dr, c = h->col + j * dc;
            if (r < 0 || r >= n || c < 0 || c >= n || board[r * n + c] != '.') return RH_EARG;
            board[r * n + c] = name;
        }
    }
    if (p->vehicles[p->target].row != p->exit_row) return RH_EARG;
    return rh_puzzle_id_encode(out, board, (size_t)n * (size_t)n);
}

/* Cells of a symbol's vehicle (1 for an empty cell or a wall). */
static int length_of(int s)
{
    return s < CAR_H ? 1 : s & 1 ? 3 : 2;
}

/* Places symbol s at the first free cell i of the normal form being built; false when it
 * does not fit (off the board, or across a cell already placed). */
static bool place(char *grid, bool *placed, int n, int i, int s, int *named)
{
    const int length = length_of(s);
    const int step = s == CAR_V || s == TRUCK_V ? n : 1;
    if (length > (step == n ? n - i / n : n - i % n)) return false;
    for (int j = 0; j < length; j++)
        if (placed[i + j * step]) return false;
    const char name = (char)(s == EMPTY         ? '.'
                             : s == WALL        ? 'x'
                             : s >= PRIMARY_CAR ? 'A'
                                                : names[(*named)++]);
    for (int j = 0; j < length; j++) {
        grid[i + j * step] = name;
        placed[i + j * step] = true;
    }
    return true;
}

int rh_puzzle_id_decode(char *board, const char *id, size_t len)
{
    if (!board || !id || len < 2 || len > RH_PUZZLE_ID_MAX) return RH_EARG;
    const int n = id[0] - '0';
    if (n < RH_PUZZLE_ID_SIZE_MIN || n > RH_PUZZLE_ID_SIZE_MAX) return RH_EARG;
    /* The last character holds the last non-empty symbol: never two empties. */
    if (digit_value((unsigned char)id[len - 1]) <= 0) return RH_EARG;
    const int cells = n * n;
    char grid[RH_PUZZLE_ID_CELLS_MAX + 1];
    bool placed[RH_PUZZLE_ID_CELLS_MAX] = {false};
    memset(grid, '.', (size_t)cells);
    grid[cells] = '\0';
    int cell = 0, named = 0, primaries = 0;
    for (size_t k = 1; k < len; k++) {
        const int v = digit_value((unsigned char)id[k]);
        if (v < 0) return RH_EARG;
        for (int half = 0; half < 2; half++) {
            const int s = half ? v & 7 : v >> 3;
            while (cell < cells && placed[cell]) cell++;
            /* Past the board only the padding of the last character may remain. */
            if (cell == cells) {
                if (s != EMPTY || !half || k + 1 != len) return RH_EARG;
                continue;
            }
            if (!place(grid, placed, n, cell, s, &named)) return RH_EARG;
            primaries += s >= PRIMARY_CAR;
        }
    }
    if (primaries != 1) return RH_EARG;
    memcpy(board, grid, (size_t)cells + 1);
    return RH_OK;
}
