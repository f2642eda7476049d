/* UTF-8 well-formedness, one code point at a time (Unicode's Table 3-7): what diagnostics and
 * log lines use to keep every text they quote valid UTF-8, as JSON requires. */
#ifndef RUSHHOUR_UTF8_H
#define RUSHHOUR_UTF8_H

#include "rushhour/export.h"

RH_BEGIN_DECLS

/* The length (1 to 4) of the well-formed UTF-8 sequence at `p`, or, when it is ill-formed,
 * minus the length of its longest well-formed prefix (at least 1), so that each maximal
 * ill-formed subpart can become one U+FFFD, as Unicode recommends. `p` points into a
 * NUL-terminated string: the NUL is never a continuation byte, so nothing past it is read. */
RH_API int rh_utf8_sequence(const char *p);

RH_END_DECLS

#endif
