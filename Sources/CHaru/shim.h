#ifndef PAGINATE_CHARU_SHIM_H
#define PAGINATE_CHARU_SHIM_H
#include <hpdf.h>
#endif
