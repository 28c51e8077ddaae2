#ifndef PAGINATE_CFONTCONFIG_SHIM_H
#define PAGINATE_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
