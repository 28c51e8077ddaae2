#ifndef C_FUZZ_DRIVER_H
#define C_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, LLVM 11 and later): parses the fuzzer's command line and runs
/// `callback` on each input. SwiftPM links an executable's entry point under a renamed symbol, so
/// the fuzz targets call this from that entry point instead of relying on libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
