/// The source text as the bytes it came in, the ground truth for every byte offset.
///
/// Storage never changes the bytes: decoding, replacement of invalid sequences and paragraph
/// splitting happen on the way into layout, and every location the engine reports is a byte offset
/// into `bytes`. When the input file was converted from another encoding or cut to a Project
/// Gutenberg book, `bytes` is that converted text and `SourceText` maps its offsets to the file's.
public struct TextStorage: Sendable {
    /// The source bytes, expected to be UTF-8; invalid sequences are tolerated.
    public let bytes: [UInt8]

    /// Creates storage over raw bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Creates storage over a string's UTF-8 bytes.
    public init(_ string: String) {
        self.bytes = Array(string.utf8)
    }

    /// The number of source bytes.
    public var length: Int { bytes.count }

    /// Splits the text into paragraphs according to `mode`, decoding them all; headings are
    /// marked by the built-in rule.
    ///
    /// Layout does not use this (it decodes one paragraph at a time); it shows what layout sees.
    /// - Complexity: O(*n*) in the number of bytes.
    func paragraphs(mode: ParagraphMode) -> (paragraphs: [Paragraph], diagnostics: TextDiagnostics) {
        let headings = mode == .lines ? nil : try? HeadingRule(pattern: nil)
        return bytes.withUnsafeBufferPointer { buffer in
            var builder = ParagraphBuilder()
            let paragraphs = ParagraphSplitter(bytes: buffer, mode: mode, headings: headings).split().map {
                builder.build($0, from: buffer)
            }
            return (paragraphs, builder.diagnostics)
        }
    }
}
