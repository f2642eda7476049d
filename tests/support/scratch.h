/* A scratch folder for a test: made by the suite's or the test's .init, removed with all it
 * holds by its .fini, and paths of files in it. */
#ifndef RH_TEST_SCRATCH_H
#define RH_TEST_SCRATCH_H

/* Makes a new folder under /tmp; the test fails if it cannot. */
void scratch_make(void);

/* Removes the folder and everything in it. */
void scratch_remove(void);

/* The path of `name` in the folder; valid until four more calls. */
const char *scratch_path(const char *name);

/* The folder's own path, for commands that name several files in it. */
const char *scratch_dir(void);

#endif
