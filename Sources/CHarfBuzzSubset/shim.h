#ifndef PAGINATE_CHARFBUZZSUBSET_SHIM_H
#define PAGINATE_CHARFBUZZSUBSET_SHIM_H
#include <hb.h>
#include <hb-subset.h>
#endif
