/* Banks of the formats before this one, as earlier releases left them on disk, written from a
 * bank of this format: the upgrade's tests start from them. */
#ifndef RH_BANK_OLD_FORMAT_H
#define RH_BANK_OLD_FORMAT_H

/* Writes at `to` the puzzles, meta and tasks of the finished bank at `from` in format 2 (ranks
 * named id, no board index, the first board with its vehicles named apart from normal form) or
 * 3 (boards as text, normal form, under a unique index). The histograms those formats stored
 * are written as a zero; by_slides and counts are left empty (an upgrade reads neither).
 * Returns 0, or -1 on any failure. */
int bank_write_old_format(const char *from, const char *to, int format);

#endif
