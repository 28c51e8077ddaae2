#ifndef PAGINATE_CFRIBIDI_SHIM_H
#define PAGINATE_CFRIBIDI_SHIM_H
#include <fribidi/fribidi.h>

/* FriBidi's paragraph types are macros built from bit masks, which Swift cannot import. */
static inline FriBidiParType paginate_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType paginate_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType paginate_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
#endif
