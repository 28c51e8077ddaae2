#ifndef PAGINATE_CHARFBUZZ_SHIM_H
#define PAGINATE_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
