#ifndef PAGINATE_CHYPHEN_SHIM_H
#define PAGINATE_CHYPHEN_SHIM_H
#include <hyphen.h>
#endif
