import PaginateKit
#if canImport(Glibc)
import Glibc
#endif

/// The input text, read whole from a file or standard input.
struct InputFile {
    /// The path as given (`-` for standard input).
    let path: String
    let storage: TextStorage

    /// A name for messages and the PDF title.
    var displayName: String { path == "-" ? "standard input" : path }

    /// The file name of a path, without folders.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The file name without folders and extension, for the default output name.
    static func stemOf(_ path: String) -> String {
        let name = fileName(path)
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return name }
        return String(name[..<dot])
    }

    static func read(_ path: String) throws -> InputFile {
        if path == "-" {
            return InputFile(path: path, storage: TextStorage(bytes: try readAll(fd: STDIN_FILENO, name: "standard input")))
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CLIError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))", code: .inputUnreadable)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw CLIError(message: "cannot read '\(path)': it is a directory; give a text file", code: .inputUnreadable)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw CLIError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))", code: .inputUnreadable)
        }
        defer { close(fd) }
        let sizeHint = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        return InputFile(path: path, storage: TextStorage(bytes: try readAll(fd: fd, name: path, sizeHint: sizeHint)))
    }

    private static func readAll(fd: Int32, name: String, sizeHint: Int = 0) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sizeHint + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CLIError(message: "cannot read '\(name)': \(String(cString: strerror(errno)))", code: .inputUnreadable)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}
