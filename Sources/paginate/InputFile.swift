import PaginateKit
#if canImport(Glibc)
import Glibc
#endif

/// The input text, read whole from a file or standard input, converted and cut as the options ask.
struct InputFile {
    /// The path as given (`-` for standard input).
    let path: String
    /// The text as laid out, with the mapping of its offsets to the file's.
    let source: SourceText
    /// Whether `--strip-boilerplate` was given (rather than left to its default).
    let stripAsked: Bool

    /// The text that is laid out.
    var storage: TextStorage { source.storage }
    /// The encoding and the offset mapping to the file.
    var origin: SourceOrigin { source.origin }
    /// The file's length in bytes.
    var fileLength: Int { source.origin.mapping.originalLength }

    /// A name for messages and the PDF title.
    var displayName: String { path == "-" ? "standard input" : path }

    /// The warning lines for this input after layout reported `layoutDiagnostics`: what was left
    /// out, then what was replaced (in decoding or layout).
    func warnings(_ layoutDiagnostics: TextDiagnostics) -> [String] {
        var lines: [String] = []
        if let kept = origin.keptRange {
            lines.append(
                "\(displayName): Project Gutenberg header and footer left out: laying out bytes \(kept.lowerBound)-\(kept.upperBound) "
                    + "of \(fileLength) (--no-strip-boilerplate lays out the whole file)")
        } else if stripAsked {
            lines.append("\(displayName): no Project Gutenberg start and end markers found; laying out the whole file")
        }
        if let summary = source.diagnostics.adding(layoutDiagnostics).summary {
            lines.append("\(displayName): \(summary)")
        }
        return lines
    }

    /// The layout offset of a byte offset into the file, or a usage error when that byte is not
    /// laid out (beyond the end, or in a Project Gutenberg header or footer left out).
    func layoutOffset(ofFileOffset offset: Int) throws -> Int {
        if let layout = source.textOffset(ofOriginalOffset: offset) { return layout }
        throw CLIError(message: notLaidOut("offset \(offset)", beyondEnd: offset > fileLength), code: .usage)
    }

    /// The layout offset of an offset into the whole decoded file (as `--line` and `--char`
    /// count), or a usage error when it falls in a header or footer left out.
    func layoutOffset(ofDecodedOffset offset: Int, naming place: String) throws -> Int {
        if let layout = source.textOffset(ofDecodedOffset: offset) { return layout }
        throw CLIError(message: notLaidOut(place, beyondEnd: false), code: .usage)
    }

    private func notLaidOut(_ place: String, beyondEnd: Bool) -> String {
        guard let kept = origin.keptRange, !beyondEnd else {
            return "\(place) is beyond the end of the input (\(fileLength) bytes)"
        }
        return "\(place) is in the Project Gutenberg header or footer, which is not laid out (the book is bytes "
            + "\(kept.lowerBound)-\(kept.upperBound)); --no-strip-boilerplate lays out the whole file"
    }

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

    static func read(_ path: String, options: SourceOptions) throws -> InputFile {
        let bytes = try readBytes(path)
        return InputFile(path: path, source: options.text(from: bytes), stripAsked: options.stripBoilerplate == true)
    }

    /// The bytes of a file, or of standard input for `-`.
    static func readBytes(_ path: String) throws -> [UInt8] {
        if path == "-" {
            return try readAll(fd: STDIN_FILENO, name: "standard input")
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
        return try readAll(fd: fd, name: path, sizeHint: sizeHint)
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
