/// The character encoding an input file is read in. Layout always works on UTF-8; any other
/// encoding is converted first (see `SourceText`).
package enum SourceEncoding: String, Hashable, Sendable, CaseIterable {
    /// UTF-8, laid out as it is (invalid sequences become U+FFFD during layout).
    case utf8 = "utf-8"
    /// ISO 8859-1: every byte is the code point of the same value.
    case latin1
    /// Windows-1252: Latin-1 with printable characters in 0x80–0x9F; its five undefined bytes
    /// become U+FFFD.
    case cp1252
    /// UTF-16, least significant byte first.
    case utf16LE = "utf-16le"
    /// UTF-16, most significant byte first.
    case utf16BE = "utf-16be"

    /// The name used in messages, e.g. `UTF-16LE`.
    package var displayName: String {
        switch self {
        case .utf8: "UTF-8"
        case .latin1: "Latin-1"
        case .cp1252: "CP1252"
        case .utf16LE: "UTF-16LE"
        case .utf16BE: "UTF-16BE"
        }
    }
}

/// The encoding asked for on the command line, which may leave the choice to the file's content.
package enum EncodingRequest: String, Hashable, Sendable, CaseIterable {
    /// UTF-16 when the file starts with a UTF-16 byte order mark, else UTF-8.
    case auto
    /// UTF-8 whatever the file starts with.
    case utf8 = "utf-8"
    /// ISO 8859-1.
    case latin1
    /// Windows-1252.
    case cp1252
    /// UTF-16 in the byte order its byte order mark gives, big-endian without one (RFC 2781).
    case utf16 = "utf-16"
    /// UTF-16 least significant byte first (a byte order mark, if any, stays as U+FEFF).
    case utf16LE = "utf-16le"
    /// UTF-16 most significant byte first (a byte order mark, if any, stays as U+FEFF).
    case utf16BE = "utf-16be"

    /// The encoding to read `bytes` in.
    package func resolve(for bytes: [UInt8]) -> SourceEncoding {
        let bom: SourceEncoding? =
            bytes.count >= 2
            ? (bytes[0] == 0xFF && bytes[1] == 0xFE ? .utf16LE : bytes[0] == 0xFE && bytes[1] == 0xFF ? .utf16BE : nil)
            : nil
        switch self {
        case .auto: return bom ?? .utf8
        case .utf8: return .utf8
        case .latin1: return .latin1
        case .cp1252: return .cp1252
        case .utf16: return bom ?? .utf16BE
        case .utf16LE: return .utf16LE
        case .utf16BE: return .utf16BE
        }
    }
}
