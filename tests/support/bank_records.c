/* The bank tests' records: true boards and move counts, see bank_records.h. */
#include "bank_records.h"

#include <string.h>

const bank_record bank_records[BANK_RECORDS] = {
    {"BB...CD..E.CDAAE.CD..E..F...GGF.HHH.", 8, 16, 1247, 8, 0, 1},   /* jam01 */
    {".............AAB...CCB.D.E.B.D.EFF.D", 14, 33, 934, 6, 0, 1},   /* jam03 */
    {"B..C..B..C..BAAC....DEEE..D..F..GGGF", 9, 22, 806, 7, 0, 1},    /* jam04 */
    {".BCCDE.B.FDE.AAF.G..HH.G...I.....I..", 13, 21, 8122, 9, 0, 1},  /* jam07 */
    {"...BBC..DDECAAFGECHHFGIIJJKLLLMMKNNN", 12, 22, 952, 14, 0, 1},  /* jam08 */
    {"BBC.DDEEC..FGAA..FGHHH.FG..IJJKK.ILL", 17, 32, 4846, 12, 0, 1}, /* jam10 */
    {"BCCD..B..D..BAAD....EFFF..E..G..HHHG", 25, 56, 1553, 8, 0, 1},  /* jam11 */
    {"BCC..DB.E..DAAE..D..EFFF....G.HHH.G.", 17, 33, 1330, 8, 0, 1},  /* jam12 */
    {"B..CCCBDDE..AAFE.G..F..G..HIIG..HJJJ", 10, 18, 5444, 10, 0, 1}, /* jam20 */
    {"BBCD..E.CD..EAAD..EFFF...........GGG", 21, 49, 656, 7, 0, 1},   /* jam21 */
    {"B..CCCBDDE..AAFE.G..FHHG..IJJG..IKKK", 48, 77, 5082, 11, 0, 1}, /* jam38 */
    {"..BCCC..BD..AAED.FGGEHHFIJKK.FIJLL..", 50, 82, 4643, 12, 0, 1}, /* jam39 */
    {"BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.", 51, 81, 4780, 13, 0, 1}, /* jam40 */
    {"BB.x.CD..E.CDAAE.CD..E..F...GGF.HHH.", 8, -1, 299, 8, 1, 1},
    {"BB..xCD..E.CDAAE.CD..E..F...GGF.HHH.", 8, -1, 731, 8, 1, 1},
    {"............xAAB...CCB.D.E.B.D.EFF.D", 14, -1, 582, 6, 1, 1},
    {"BCCD..B..D..BAAD....EFFF.xE..G..HHHG", 25, -1, 1553, 8, 1, 1},
    {"BBC.DDEEC..FGAA..FGHHH.FGx.IJJKK.ILL", 17, -1, 4215, 12, 1, 1},
    {"..x.x........AAB...CCB.D.E.B.D.EFF.D", 14, -1, 934, 6, 2, 1},
    {"BB.xxCD..E.CDAAE.CD..E..F...GGF.HHH.", 8, -1, 299, 8, 2, 1},
    {"", -1, -1, 4, 6, 1, 0},                                         /* blocked-by-wall */
    {"B..CCCB..D.EAA.DFEGGG.FE..H.IIJJHKK.", 8, 14, 22139, 11, 0, 0}, /* jam02, not minimal */
};

void bank_record_cluster(rh_cluster *c, int i)
{
    const bank_record *r = &bank_records[i];
    memset(c, 0, sizeof *c);
    c->board_size = 6;
    c->canonical_h = (uint64_t)i;
    c->states = r->states;
    c->moves = r->moves;
    c->slides = r->slides;
    c->minimal = r->moves >= 0 && r->kept;
    c->vehicles = r->vehicles;
    c->walls = r->walls;
    strcpy(c->hardest, r->board);
    uint64_t sum = 0;
    for (int d = 0; d < r->moves; d++) sum += c->hist[d] = (uint64_t)(d + 1 + i % 3);
    if (r->moves >= 0) c->hist[r->moves] = r->states - sum;
    c->goal_states = r->moves >= 0 ? c->hist[0] : 0;
}

int bank_build(const char *path, const int *which, int count)
{
    rh_bank *b;
    int err = rh_bank_open(&b, path, RH_BANK_WRITE, NULL);
    rh_cluster c;
    for (int i = 0; i < count && !err; i++) {
        bank_record_cluster(&c, which[i]);
        err = rh_bank_add(b, &c);
    }
    if (!err) err = rh_bank_finish(b);
    const int closed = b ? rh_bank_close(b) : RH_OK;
    return err ? err : closed;
}

int bank_build_all(const char *path)
{
    int all[BANK_RECORDS];
    for (int i = 0; i < BANK_RECORDS; i++) all[i] = i;
    return bank_build(path, all, BANK_RECORDS);
}
