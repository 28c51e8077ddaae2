#ifndef PAGINATE_CTHAI_SHIM_H
#define PAGINATE_CTHAI_SHIM_H
#include <thai/thbrk.h>
#include <thai/thwbrk.h>
#endif
