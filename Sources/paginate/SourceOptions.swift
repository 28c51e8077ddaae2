import ArgumentParser
import PaginateKit

/// How the input file is read: its encoding, and whether a Project Gutenberg header and footer
/// are left out. Shared by every subcommand, so all of them lay out the same text.
struct SourceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The input's encoding: auto (UTF-16 when the file starts with a UTF-16 byte order mark, else UTF-8), utf-8, latin1, cp1252, utf-16 (byte order from the mark, else big-endian), utf-16le or utf-16be. Text in another encoding is converted before layout; byte offsets still count bytes of the file.",
            valueName: "name"))
    var encoding: EncodingRequest = .auto

    @Flag(
        name: .customLong("strip-boilerplate"), inversion: .prefixedNo,
        help:
            "Lay out only the book of a Project Gutenberg text: from the line after its '*** START OF THE PROJECT GUTENBERG EBOOK' marker to the line before its '*** END OF …' marker. On by default when both markers are found; byte offsets still count bytes of the whole file."
    )
    var stripBoilerplate: Bool?

    /// Names these settings for the page-map cache's record of a file's identity, so a hash
    /// recorded with one way of reading is never used with another.
    var cacheVariant: String {
        "encoding=\(encoding.rawValue);strip=\(stripBoilerplate ?? true)"
    }

    /// The file's bytes made ready for layout.
    func text(from bytes: [UInt8]) -> SourceText {
        SourceText(bytes: bytes, encoding: encoding, stripBoilerplate: stripBoilerplate ?? true)
    }
}

extension EncodingRequest: ExpressibleByArgument {}
