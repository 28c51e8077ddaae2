#if canImport(Glibc)
import Glibc
#endif

/// Writes output so that a failed run never leaves a half-written file or harms an existing one.
///
/// The bytes go to a temporary file in the target's folder, are synced, and only then renamed over
/// the target (and the folder is synced, so the rename itself is durable). On any failure the
/// temporary file is removed and an existing target is left as it was; if SIGINT, SIGTERM or SIGHUP
/// arrives meanwhile, the temporary file is removed before the process exits with 128 + the signal.
///
/// Targets that are not regular files cannot be replaced atomically and are written in place: an
/// existing FIFO, device or socket, and anything under `/dev/` or `/proc/` (`/dev/stdout`), which
/// is never created or replaced. A symbolic link to a file is followed: the file is replaced and
/// the link kept. An existing target keeps its permission bits.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String, inputPath: String) throws {
        TemporaryFileGuard.install()
        if path == "-" {
            let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, standardOutput) }
            guard written == bytes.count, fflush(standardOutput) == 0 else {
                throw CLIError(message: "cannot write to standard output: \(String(cString: strerror(errno)))", code: .outputUnwritable)
            }
            return
        }
        try refuseOverwritingInput(path, inputPath: inputPath)

        var info = stat()
        let exists = stat(path, &info) == 0
        let kind = info.st_mode & S_IFMT
        if exists && kind == S_IFDIR {
            throw CLIError(message: "cannot write '\(path)': it is a directory; give a file name with -o", code: .outputUnwritable)
        }
        if (exists && kind != S_IFREG) || path.hasPrefix("/dev/") || path.hasPrefix("/proc/") {
            try writeInPlace(bytes, to: path)
            return
        }
        // Replace the file a symbolic link names, not the link.
        var target = path
        if exists, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let mode = exists ? info.st_mode & 0o7777 : 0o666 & ~currentUmask()
        try replace(target, with: bytes, mode: mode, shownAs: path)
    }

    /// Writes `bytes` to a temporary file beside `target`, syncs it and renames it over `target`.
    private static func replace(_ target: String, with bytes: [UInt8], mode: mode_t, shownAs path: String) throws {
        let directory = target.contains("/") ? String(target[..<target.lastIndex(of: "/")!]) : "."
        let folder = directory.isEmpty ? "/" : directory
        var template = Array(folder.utf8CString.dropLast()) + Array("/.paginate-XXXXXX".utf8CString)
        // Creating the file and arming the guard happen with the signals blocked, so an interruption
        // can never fall between them and leave an unknown file behind.
        let (fd, creationError): (Int32, Int32) = TemporaryFileGuard.withSignalsBlocked {
            let fd = mkstemp(&template)
            let error = errno
            if fd >= 0 { TemporaryFileGuard.arm(String(cString: template)) }
            return (fd, error)
        }
        guard fd >= 0 else {
            throw CLIError(
                message:
                    "cannot write '\(path)': \(String(cString: strerror(creationError))) (check that the folder exists and is writable)",
                code: .outputUnwritable)
        }
        let temporary = String(cString: template)
        func fail(_ what: String, _ error: Int32) -> CLIError {
            close(fd)
            TemporaryFileGuard.withSignalsBlocked {
                unlink(temporary)
                TemporaryFileGuard.disarm()
            }
            return CLIError(message: "cannot write '\(path)': \(what): \(String(cString: strerror(error)))", code: .outputUnwritable)
        }
        if let error = writeAll(bytes, to: fd) { throw fail("writing failed", error) }
        guard fchmod(fd, mode) == 0 else { throw fail("setting permissions failed", errno) }
        guard fsync(fd) == 0 else { throw fail("syncing failed", errno) }
        guard close(fd) == 0 else {
            let error = errno
            TemporaryFileGuard.withSignalsBlocked {
                unlink(temporary)
                TemporaryFileGuard.disarm()
            }
            throw CLIError(message: "cannot write '\(path)': closing failed: \(String(cString: strerror(error)))", code: .outputUnwritable)
        }
        let renameError: Int32 = TemporaryFileGuard.withSignalsBlocked {
            let status = rename(temporary, target)
            let error = errno
            if status != 0 { unlink(temporary) }
            TemporaryFileGuard.disarm()
            return status == 0 ? 0 : error
        }
        guard renameError == 0 else {
            throw CLIError(message: "cannot write '\(path)': \(String(cString: strerror(renameError)))", code: .outputUnwritable)
        }
        // Make the rename durable too; a folder that cannot be synced is not an error.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Writes to a FIFO, device or other special file as it is, without creating or replacing anything.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else {
            throw CLIError(message: "cannot write '\(path)': \(String(cString: strerror(errno)))", code: .outputUnwritable)
        }
        if let error = writeAll(bytes, to: fd) {
            close(fd)
            throw CLIError(message: "cannot write '\(path)': writing failed: \(String(cString: strerror(error)))", code: .outputUnwritable)
        }
        guard close(fd) == 0 else {
            throw CLIError(message: "cannot write '\(path)': closing failed: \(String(cString: strerror(errno)))", code: .outputUnwritable)
        }
    }

    /// Writes every byte, retrying after interruptions; the `errno` of a failure, or `nil`.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            errno = 0
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return errno }
            if count == 0 { return EIO }
            offset += count
        }
        return nil
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return mask
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

/// Removes the temporary output file when SIGINT, SIGTERM or SIGHUP arrives mid-write.
///
/// Also ignores SIGXFSZ, so that a file size limit (`ulimit -f`) makes `write` fail with EFBIG —
/// reported, and the temporary file removed — instead of killing the process.
enum TemporaryFileGuard {
    // Unsafe because a signal handler reads `path`, and a C handler can take no context: the
    // main thread alone calls `install`, `arm` and `disarm`, before and after each write, and the
    // handler only reads the pointer (a single word) and unlinks the file it names.
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false
    private static let cleanedUpSignals = [SIGINT, SIGTERM, SIGHUP]

    static func install() {
        guard !installed else { return }
        installed = true
        signal(SIGXFSZ, SIG_IGN)
        for signalNumber in cleanedUpSignals {
            signal(signalNumber) { signalNumber in
                if let path = TemporaryFileGuard.path { unlink(path) }
                _exit(128 + signalNumber)
            }
        }
    }

    /// Runs `body` with the guarded signals held back, so they cannot arrive in the middle of it.
    static func withSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in cleanedUpSignals { sigaddset(&blocked, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
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
