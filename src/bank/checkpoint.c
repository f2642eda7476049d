/* Checkpoints of an enumeration writing a bank (bank.h says the contract): the finished tasks
 * in a table, marked in the transactions of the rows, and the rows of unfinished ones dropped
 * when a run resumes. */
#include "db.h"
#include "rushhour/clock.h"

int rh_bank_resume(rh_bank *b, int (*fn)(void *ctx, uint64_t task), void *ctx)
{
    if (!b || !fn) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    int err = rh__bank_writable(b);
    if (!err) err = rh__bank_commit(b); /* what was added before counts as it was */
    if (!err) err = rh__bank_exec(b, "DELETE FROM pending WHERE NOT " RH__BANK_FINISHED_MAIN);
    if (!err) b->checkpoint = 1;
    sqlite3_stmt *st = NULL;
    if (!err) err = rh__bank_prepare(b, &st, "SELECT task FROM tasks ORDER BY task");
    int rc = SQLITE_DONE;
    while (!err && (rc = sqlite3_step(st)) == SQLITE_ROW)
        err = fn(ctx, (uint64_t)sqlite3_column_int64(st, 0));
    if (!err) err = rh__bank_sql(b, rc);
    sqlite3_finalize(st);
    pthread_mutex_unlock(&b->lock);
    return err;
}

int rh_bank_task_done(rh_bank *b, const rh_enum_task *t)
{
    if (!b || !t) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    int err = b->checkpoint ? RH_OK : rh__bank_fail(b, RH_EARG, "not in checkpoint mode");
    if (!err) err = rh__bank_begin(b);
    if (!err) err = rh__bank_prepare(b, &b->task, "INSERT INTO tasks VALUES(?1, ?2, ?3)");
    if (!err) {
        sqlite3_bind_int64(b->task, 1, (sqlite3_int64)t->task);
        sqlite3_bind_int64(b->task, 2, (sqlite3_int64)t->configurations);
        sqlite3_bind_int64(b->task, 3, (sqlite3_int64)t->clusters);
        err = rh__bank_sql(b, sqlite3_step(b->task));
        sqlite3_reset(b->task);
    }
    /* The totals go in with the commit that holds the task. */
    if (!err) {
        b->clusters_unsaved += t->clusters;
        b->solvable_unsaved += t->solvable;
        b->configurations_unsaved += t->configurations;
    }
    if (!err && rh_clock_us() - b->txn_began_us >= RH_BANK_CHECKPOINT_US) err = rh__bank_commit(b);
    pthread_mutex_unlock(&b->lock);
    return err;
}
