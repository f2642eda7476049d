/* What every public header shares: C linkage for C++ callers, and the mark that exports a
 * function from the shared library (everything unmarked stays internal to it). */
#ifndef RUSHHOUR_EXPORT_H
#define RUSHHOUR_EXPORT_H

#ifdef __cplusplus
#define RH_BEGIN_DECLS extern "C" {
#define RH_END_DECLS }
#else
#define RH_BEGIN_DECLS
#define RH_END_DECLS
#endif

#if defined(__GNUC__)
#define RH_API __attribute__((visibility("default")))
#else
#define RH_API
#endif

#endif
