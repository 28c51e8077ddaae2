#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Page maps kept on disk so a repeat question (`count`, `map`, `locate`) about the same text with
/// the same settings and fonts is answered without laying the text out again.
///
/// An entry is keyed by a hash of the text laid out (the input bytes, converted and cut as asked),
/// the settings, the font files and the program version, and ends with a checksum of its own bytes:
/// an entry that is damaged, truncated, from another version or for other settings is ignored (and
/// overwritten), never trusted. A second,
/// tiny entry maps a file's identity (device, inode, size, modification and change times) and the
/// way it is read to the hash of its bytes, so a repeat question about an unchanged file need not
/// even read it. Callers record that only for a file whose bytes are laid out as they are: a file
/// that is converted or cut must be read to rebuild its offset mapping anyway, and its page map is
/// keyed by the hash of the text that is laid out.
///
/// Entries are written to a temporary file and renamed into place, so concurrent runs never see
/// half an entry. The folder is `$XDG_CACHE_HOME/paginate`, else `~/.cache/paginate`.
package struct PageMapCache: Sendable {
    /// The folder holding the entries.
    package let directory: String
    /// Distinguishes entries of different program versions.
    package let version: String

    private static let magic: [UInt8] = Array("PGMAP01\n".utf8)

    /// A cache in `directory`.
    package init(directory: String, version: String) {
        self.directory = directory
        self.version = version
    }

    /// The user's cache folder for paginate, or `nil` when neither `XDG_CACHE_HOME` nor `HOME` is set.
    package static func defaultDirectory() -> String? {
        if let xdg = getenv("XDG_CACHE_HOME"), xdg.pointee != 0 { return String(cString: xdg) + "/paginate" }
        if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) + "/.cache/paginate" }
        return nil
    }

    /// The key for a text with given settings and fonts (the files the chain was made with, and
    /// whether it has fallback).
    package func key(content: ContentHash, settings: LayoutSettings, fonts: FontChain) -> ContentHash {
        key(content: content, settings: settings, fontFiles: fonts.configuredFiles, fallback: fonts.fallback != nil)
    }

    /// The key for a text with given settings and font files (which need not be opened), laid out
    /// with fallback to installed fonts (`FontChain.fallback`) or without.
    package func key(content: ContentHash, settings: LayoutSettings, fontFiles: [FontFile], fallback: Bool = true) -> ContentHash {
        ContentHash(
            PageMapCache.describe(
                version: version, content: "\(content)", settings: settings, fontFiles: fontFiles,
                fallback: fallback))
    }

    /// What a cache key stands for: the version, the text, every setting, each font file's
    /// identity (size and modification time, so a replaced font file changes the key) and, with
    /// `fallback`, the installed fonts' fingerprint (`InstalledFontsStamp`), so that a layout
    /// whose characters were drawn with installed fonts is not reused once other fonts are installed.
    static func describe(
        version: String, content: String, settings: LayoutSettings, fontFiles: [FontFile],
        fallback: Bool = true
    ) -> String {
        var description = "\(version)|\(content)|\(settings)"
        if fallback { description += "|fallback:\(InstalledFontsStamp.current())" }
        for font in fontFiles {
            var info = stat()
            let identity = stat(font.path, &info) == 0 ? "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "?"
            description += "|\(font.path)#\(font.faceIndex)@\(identity)"
        }
        return description
    }

    /// The cached page map for `key`, or `nil` when there is none or it cannot be trusted. The map
    /// may be incomplete (see `PageMap.isComplete`) when only a location was asked about.
    package func pageMap(for key: ContentHash, settings: LayoutSettings) -> PageMap? {
        guard let data = PageMapCache.read(path(for: key)), data.count > PageMapCache.magic.count + 16 else { return nil }
        let body = data.count - 16
        let checksum = data.withUnsafeBytes { ContentHash(UnsafeRawBufferPointer(rebasing: $0[..<body])) }
        var trailer = ByteReader(data, start: body, end: data.count)
        var reader = ByteReader(data, end: body)
        guard Array(data[..<PageMapCache.magic.count]) == PageMapCache.magic,
            reader.skip(PageMapCache.magic.count),
            trailer.u64() == checksum.high, trailer.u64() == checksum.low,
            let storedKeyHigh = reader.u64(), let storedKeyLow = reader.u64(),
            storedKeyHigh == key.high, storedKeyLow == key.low,
            let length = reader.u64(), let count = reader.u64(),
            let invalid = reader.u64(), let hidden = reader.u64(), let uncovered = reader.u64(), let clusterBroken = reader.u64()
        else { return nil }
        var entries: [PageMapEntry] = []
        entries.reserveCapacity(Int(min(count, 1 << 24)))
        var start = 0
        for page in 0..<Int(count) {
            guard let end = reader.u64(), let lines = reader.u64(), Int(end) >= start else { return nil }
            entries.append(PageMapEntry(page: page + 1, range: start..<Int(end), lineCount: Int(lines)))
            start = Int(end)
        }
        guard start <= Int(length), !entries.isEmpty else { return nil }
        var diagnostics = TextDiagnostics()
        diagnostics.invalidSequences = Int(invalid)
        diagnostics.hiddenControls = Int(hidden)
        diagnostics.uncoveredCharacters = Int(uncovered)
        diagnostics.clusterBrokenCharacters = Int(clusterBroken)
        return PageMap(entries: entries, sourceLength: Int(length), settings: settings, diagnostics: diagnostics)
    }

    /// Stores a page map under `key`. Failures are ignored: a cache is an optimisation.
    package func store(_ map: PageMap, for key: ContentHash) {
        var data = PageMapCache.magic
        func put(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        put(key.high); put(key.low)
        put(UInt64(map.sourceLength)); put(UInt64(map.entries.count))
        let d = map.diagnostics
        put(UInt64(d.invalidSequences)); put(UInt64(d.hiddenControls)); put(UInt64(d.uncoveredCharacters));
        put(UInt64(d.clusterBrokenCharacters))
        for entry in map.entries { put(UInt64(entry.range.upperBound)); put(UInt64(entry.lineCount)) }
        let checksum = ContentHash(data)
        put(checksum.high); put(checksum.low)
        write(data, to: path(for: key))
    }

    /// The content hash recorded for a file whose identity has not changed since, if any.
    /// - Parameters:
    ///   - path: The file.
    ///   - variant: How the file is read (its encoding and boilerplate options); a hash recorded
    ///     under another variant is not found.
    package func contentHash(ofFileAt path: String, variant: String = "") -> ContentHash? {
        guard let identity = PageMapCache.identity(of: path, variant: variant),
            let data = PageMapCache.read(identityPath(identity)), data.count == 48
        else { return nil }
        var reader = ByteReader(data, end: data.count)
        guard let h1 = reader.u64(), let h2 = reader.u64(), let high = reader.u64(), let low = reader.u64(),
            let c1 = reader.u64(), let c2 = reader.u64(),
            h1 == identity.high, h2 == identity.low, c1 == high ^ 0x5A5A_5A5A_5A5A_5A5A, c2 == low ^ 0xA5A5_A5A5_A5A5_A5A5
        else { return nil }
        return ContentHash(high: high, low: low)
    }

    /// Records the content hash of a file, keyed by its identity and `variant` (how it is read).
    package func remember(_ content: ContentHash, ofFileAt path: String, variant: String = "") {
        guard let identity = PageMapCache.identity(of: path, variant: variant) else { return }
        var data: [UInt8] = []
        for value in [
            identity.high, identity.low, content.high, content.low,
            content.high ^ 0x5A5A_5A5A_5A5A_5A5A, content.low ^ 0xA5A5_A5A5_A5A5_A5A5,
        ] {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        write(data, to: identityPath(identity))
    }

    private func path(for key: ContentHash) -> String { directory + "/map-\(key).bin" }
    private func identityPath(_ identity: ContentHash) -> String { directory + "/file-\(identity).bin" }

    /// A hash of what identifies a file's current contents without reading them.
    private static func identity(of path: String, variant: String) -> ContentHash? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let file =
            "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        return ContentHash(variant.isEmpty ? file : file + "|" + variant)
    }

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size < 1 << 31 else { return nil }
        var data = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < data.count {
            let count = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            guard count > 0 else { return nil }
            done += count
        }
        return data
    }

    private func write(_ data: [UInt8], to path: String) {
        PageMapCache.write(data, to: path, in: directory)
    }

    /// Writes `data` to a temporary file in `directory` and renames it to `path`, so readers see
    /// the old file or the whole new one. Failures are ignored.
    static func write(_ data: [UInt8], to path: String, in directory: String) {
        guard makeDirectories(directory) else { return }
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return }
        let temporary = String(cString: template)
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written != data.count || rename(temporary, path) != 0 { unlink(temporary) }
    }

    private static func makeDirectories(_ path: String) -> Bool {
        var isDirectory = false
        if fileExists(path, isDirectory: &isDirectory) { return isDirectory }
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            guard makeDirectories(String(path[..<slash])) else { return false }
        }
        return mkdir(path, 0o755) == 0 || errno == EEXIST
    }
}

extension ContentHash {
    /// Creates a hash from its two halves.
    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

/// Reads little-endian integers from a byte array, failing softly at the end.
private struct ByteReader {
    let data: [UInt8]
    var position: Int
    let end: Int

    init(_ data: [UInt8], start: Int = 0, end: Int) {
        self.data = data
        self.position = start
        self.end = end
    }

    mutating func skip(_ count: Int) -> Bool {
        guard position + count <= end else { return false }
        position += count
        return true
    }

    mutating func u64() -> UInt64? {
        guard position + 8 <= end else { return nil }
        var value: UInt64 = 0
        for k in 0..<8 { value |= UInt64(data[position + k]) << (8 * UInt64(k)) }
        position += 8
        return value
    }
}
