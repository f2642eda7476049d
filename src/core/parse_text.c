/* Text boards: grids of characters (rows as users paste them) and the database notation. Each
 * public parser starts its caller's diagnostics afresh, then reads through the static ones
 * below, which add to them. */
#include <stdio.h>
#include <string.h>

#include "rushhour/error.h"
#include "rushhour/parse.h"

typedef struct {
    int count, min_r, min_c, max_r, max_c;
} cells;

/* Boards are ASCII. A character beyond it is reported as one character at its place counted in
 * characters (UTF-8), not as the bytes that encode it: "é" is one character, not two. */
static size_t first_non_ascii(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && (unsigned char)s[i] < 0x80) i++;
    return i;
}

/* Characters (UTF-8 code points: bytes other than continuation bytes) in s[0..len). */
static size_t characters(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* Turns the collected cells of each character into vehicles; false on a bad shape. */
static bool add_vehicle(rh_puzzle *out, rh_diags *d, const char *field, unsigned char ch,
                        const cells *c)
{
    const bool row = c->min_r == c->max_r, col = c->min_c == c->max_c;
    const int span = row ? c->max_c - c->min_c + 1 : c->max_r - c->min_r + 1;
    if (c->count < 2) {
        rh_diags_add(d, field, "vehicle '%c' has a single cell; a vehicle covers 2 or more", ch);
        return false;
    }
    if ((!row && !col) || span != c->count) {
        rh_diags_add(d, field, "vehicle '%c' is not one straight run of cells", ch);
        return false;
    }
    if (out->vehicle_count == RH_VEHICLES_MAX) {
        rh_diags_add(d, field, "too many vehicles: at most %d", RH_VEHICLES_MAX);
        return false;
    }
    rh_vehicle *v = &out->vehicles[out->vehicle_count++];
    v->id[0] = (char)ch;
    v->id[1] = '\0';
    v->row = c->min_r;
    v->col = c->min_c;
    v->length = c->count;
    v->orientation = row ? RH_HORIZONTAL : RH_VERTICAL;
    return true;
}

static int read_grid(rh_puzzle *out, rh_diags *d, const char *const *rows, const size_t *lens,
                     int nrows, const char *target, const char *field)
{
    const int before = d->count + d->dropped;
    char f[RH_DIAG_FIELD_MAX];
    memset(out, 0, sizeof *out);
    out->board_size = nrows;
    if (nrows < RH_BOARD_MIN || nrows > RH_BOARD_MAX) {
        rh_diags_add(d, field, "the grid has %d rows; boards have %d to %d", nrows, RH_BOARD_MIN,
                     RH_BOARD_MAX);
        return RH_EINVALID;
    }
    static const cells none = {0, RH_BOARD_MAX, RH_BOARD_MAX, -1, -1};
    cells seen[256];
    for (int i = 0; i < 256; i++) seen[i] = none;
    unsigned char first_seen[256]; /* the ids in order of first appearance */
    int order = 0;
    for (int r = 0; r < nrows; r++) {
        const size_t wide = first_non_ascii(rows[r], lens[r]);
        if (wide < lens[r]) {
            snprintf(f, sizeof f, "%s[%d]", field, r);
            rh_diags_add(
                d, f,
                "the character at column %zu is not ASCII (its first byte is 0x%02x); rows "
                "hold '.', 'o', '#', letters and digits",
                characters(rows[r], wide), (unsigned char)rows[r][wide]);
            continue;
        }
        if (lens[r] != (size_t)nrows) {
            snprintf(f, sizeof f, "%s[%d]", field, r);
            rh_diags_add(d, f, "row %d has %zu characters; a %d-row grid needs %d in every row", r,
                         lens[r], nrows, nrows);
            continue;
        }
        for (int c = 0; c < nrows; c++) {
            const unsigned char ch = (unsigned char)rows[r][c];
            if (ch == '.' || ch == 'o') continue;
            if (ch == '#') {
                out->walls[out->wall_count++] = (rh_cell){r, c};
                continue;
            }
            if (!rh_id_char(ch)) {
                snprintf(f, sizeof f, "%s[%d]", field, r);
                rh_diags_add(d, f,
                             "character 0x%02x at column %d is not '.', 'o', '#', a letter "
                             "or a digit",
                             ch, c);
                continue;
            }
            cells *s = &seen[ch];
            if (!s->count) first_seen[order++] = ch;
            s->count++;
            if (r < s->min_r) s->min_r = r;
            if (r > s->max_r) s->max_r = r;
            if (c < s->min_c) s->min_c = c;
            if (c > s->max_c) s->max_c = c;
        }
    }
    /* Vehicles in order of first appearance, so ids and indices are stable. */
    for (int k = 0; k < order; k++) add_vehicle(out, d, field, first_seen[k], &seen[first_seen[k]]);
    if (d->count + d->dropped != before) return RH_EINVALID;

    const char *tid = target ? target : rh_puzzle_find(out, "X") >= 0 ? "X" : "x";
    out->target = *tid ? rh_puzzle_find(out, tid) : RH_TARGET_UNCHECKED;
    out->exit_row = out->target >= 0 ? out->vehicles[out->target].row : 0;
    return rh_puzzle_check(d, out, field, tid);
}

static int read_board(rh_puzzle *out, rh_diags *d, const char *board, size_t len, const char *field)
{
    const size_t wide = first_non_ascii(board, len);
    if (wide < len) {
        rh_diags_add(d, field,
                     "the character at position %zu is not ASCII (its first byte is 0x%02x); the "
                     "board holds '.', 'o', 'x', letters and digits",
                     characters(board, wide), (unsigned char)board[wide]);
        memset(out, 0, sizeof *out);
        return RH_EINVALID;
    }
    int n = 0;
    while ((size_t)(n + 1) * (size_t)(n + 1) <= len) n++;
    if ((size_t)n * (size_t)n != len || n < RH_BOARD_MIN || n > RH_BOARD_MAX) {
        rh_diags_add(d, field,
                     "the board has %zu characters; it must be N*N for N from %d to %d "
                     "(36 for 6x6)",
                     len, RH_BOARD_MIN, RH_BOARD_MAX);
        memset(out, 0, sizeof *out);
        return RH_EINVALID;
    }
    /* The notation's 'x' is a wall and 'A' the target; translate to the grid's alphabet. */
    char cellsbuf[RH_BOARD_MAX * RH_BOARD_MAX];
    const char *rows[RH_BOARD_MAX];
    size_t lens[RH_BOARD_MAX];
    for (size_t i = 0; i < len; i++) cellsbuf[i] = (char)(board[i] == 'x' ? '#' : board[i]);
    for (int r = 0; r < n; r++) {
        rows[r] = cellsbuf + (size_t)r * (size_t)n;
        lens[r] = (size_t)n;
    }
    return read_grid(out, d, rows, lens, n, "A", field);
}

/* Splits `text` into trimmed, non-empty rows, at newlines and at '/'. Fills at most `max` rows
 * and returns their count, or max + 1 when there are more. The rows point into `text`. */
static int text_rows(const char *text, size_t len, const char **rows, size_t *lens, int max)
{
    int count = 0;
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && text[j] != '\n' && text[j] != '/') j++;
        size_t a = i, b = j;
        while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r')) a++;
        while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\r')) b--;
        if (b > a) {
            if (count == max) return max + 1;
            rows[count] = text + a;
            lens[count++] = b - a;
        }
        i = j + 1;
    }
    return count;
}

static int read_grid_text(rh_puzzle *out, rh_diags *d, const char *text, size_t len,
                          const char *target, const char *field)
{
    const char *rows[RH_BOARD_MAX];
    size_t lens[RH_BOARD_MAX];
    const int n = text_rows(text, len, rows, lens, RH_BOARD_MAX);
    if (n > RH_BOARD_MAX) {
        memset(out, 0, sizeof *out);
        rh_diags_add(d, field, "the grid has more than %d rows", RH_BOARD_MAX);
        return RH_EINVALID;
    }
    return read_grid(out, d, rows, lens, n, target, field);
}

int rh_parse_grid(rh_puzzle *out, rh_diags *d, const char *const *rows, const size_t *lens,
                  int nrows, const char *target, const char *field)
{
    rh_diags_init(d);
    return read_grid(out, d, rows, lens, nrows, target, field);
}

int rh_parse_board(rh_puzzle *out, rh_diags *d, const char *board, size_t len, const char *field)
{
    rh_diags_init(d);
    return read_board(out, d, board, len, field);
}

int rh_parse_grid_text(rh_puzzle *out, rh_diags *d, const char *text, size_t len,
                       const char *target, const char *field)
{
    rh_diags_init(d);
    return read_grid_text(out, d, text, len, target, field);
}

int rh_parse_text_board(rh_puzzle *out, rh_diags *d, const char *text, size_t len)
{
    rh_diags_init(d);
    const char *rows[1];
    size_t lens[1];
    const int n = text_rows(text, len, rows, lens, 1);
    if (n == 0) {
        memset(out, 0, sizeof *out);
        rh_diags_add(d, "", "the body is empty: send a JSON puzzle, a grid or a board");
        return RH_EINVALID;
    }
    if (n == 1) return read_board(out, d, rows[0], lens[0], "board");
    return read_grid_text(out, d, text, len, NULL, "grid");
}
