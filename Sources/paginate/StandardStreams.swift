// Glibc declares `stdout` and `stderr` as mutable globals, which Swift 6 will not read from
// nonisolated code. Nothing in the program reassigns them, so this file alone imports Glibc with
// its concurrency diagnostics relaxed, to read them once.
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// The C library's standard output and error: the same streams as `print` and every other writer
// of the process. The pointers never change, and stdio locks a stream on every call, so every
// thread may write through them.
nonisolated(unsafe) let standardOutput: UnsafeMutablePointer<FILE> = stdout
nonisolated(unsafe) let standardError: UnsafeMutablePointer<FILE> = stderr
