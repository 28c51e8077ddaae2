#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a path exists, and whether it is a directory, without Foundation.
func fileExists(_ path: String, isDirectory: inout Bool) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
    return true
}

/// Whether a path names a regular file (following links).
func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
}
