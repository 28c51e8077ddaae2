// The declaration in CFuzzDriver.h is all this module provides; libFuzzer defines the function.
#include "CFuzzDriver.h"
