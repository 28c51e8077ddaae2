#if canImport(Glibc)
import Glibc
#endif

/// Writes output so that a failed run never leaves a half-written file or harms an existing one.
///
/// The bytes go to a temporary file in the target's folder, are synced, and only then renamed over
/// the target. If the process is interrupted meanwhile, the temporary file is removed.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String, inputPath: String) throws {
        if path == "-" {
            let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stdout) }
            guard written == bytes.count, fflush(stdout) == 0 else {
                throw CLIError(message: "cannot write to standard output: \(String(cString: strerror(errno)))", code: .outputUnwritable)
            }
            return
        }
        try refuseOverwritingInput(path, inputPath: inputPath)
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var template = Array((directory.isEmpty ? "/" : directory) .utf8CString.dropLast()) + Array("/.paginate-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else {
            throw CLIError(message: "cannot write '\(path)': \(String(cString: strerror(errno))) (check that the folder exists and is writable)", code: .outputUnwritable)
        }
        let temporary = String(cString: template)
        TemporaryFileGuard.arm(temporary)
        func fail(_ what: String) -> CLIError {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            TemporaryFileGuard.disarm()
            return CLIError(message: "cannot write '\(path)': \(what): \(reason)", code: .outputUnwritable)
        }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw fail("writing failed") }
            offset += count
        }
        let mask = umask(0)
        umask(mask)
        guard fchmod(fd, 0o666 & ~mask) == 0, fsync(fd) == 0 else { throw fail("syncing failed") }
        guard close(fd) == 0 else { unlink(temporary); TemporaryFileGuard.disarm(); throw CLIError(message: "cannot write '\(path)': closing failed", code: .outputUnwritable) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            TemporaryFileGuard.disarm()
            throw CLIError(message: "cannot write '\(path)': \(reason)", code: .outputUnwritable)
        }
        TemporaryFileGuard.disarm()
    }

    /// Refuses an output path that names the input file itself (directly or through a link).
    private static func refuseOverwritingInput(_ path: String, inputPath: String) throws {
        guard inputPath != "-" else { return }
        var input = stat(), output = stat()
        guard stat(inputPath, &input) == 0, stat(path, &output) == 0 else { return }
        if input.st_dev == output.st_dev && input.st_ino == output.st_ino {
            throw CLIError(message: "refusing to write '\(path)': it is the input file; choose another output path with -o", code: .usage)
        }
    }
}

/// Removes the temporary output file when SIGINT or SIGTERM arrives mid-write.
enum TemporaryFileGuard {
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

    static func install() {
        signal(SIGINT) { signalNumber in
            if let path = TemporaryFileGuard.path { unlink(path) }
            _exit(128 + signalNumber)
        }
        signal(SIGTERM) { signalNumber in
            if let path = TemporaryFileGuard.path { unlink(path) }
            _exit(128 + signalNumber)
        }
    }

    static func arm(_ temporary: String) {
        let copy = strdup(temporary)
        path = copy
    }

    static func disarm() {
        let old = path
        path = nil
        free(old)
    }
}
