/// Line breaks of paragraphs kept on disk, so that laying out an edited text breaks only the
/// paragraphs that changed (Typst memoizes paragraph layout the same way).
///
/// There is one file per program version, settings and font files (their sizes and modification
/// times), named by a hash of them. It maps a hash of each paragraph's bytes and kind (see
/// `ParagraphKey`) to what placement needs of its lines: each line's first byte and height, and
/// the characters its decoding replaced. Placement itself always runs over the whole text, so
/// the rules that look across paragraphs (headings kept with what follows, widows and orphans,
/// chapter breaks) see exactly what a layout from scratch sees.
///
/// The file keeps only the distinct paragraphs of the latest layout with these settings (about a
/// tenth of the text's size) and is not written above `maximumFileSize`. It is written to a
/// temporary file and renamed into place, starts with a format tag and its key, and ends with a
/// checksum: a damaged, truncated or foreign file is ignored and replaced, never trusted.
package struct ParagraphMemo: Sendable {
    /// The folder holding the memo files.
    package let directory: String
    /// Distinguishes memo files of different program versions.
    package let version: String

    /// Files larger than this are not written: a text of millions of tiny paragraphs is laid out
    /// from scratch faster than its memo is read.
    package static let maximumFileSize = 256 << 20

    /// A memo in `directory`.
    /// - Parameters:
    ///   - directory: The folder for the memo files (created when first written).
    ///   - version: The program version; files of other versions are never read.
    package init(directory: String, version: String) {
        self.directory = directory
        self.version = version
    }

    /// The key of the memo file for layouts with `settings` and `fontFiles`, with fallback to
    /// installed fonts or without (see `PageMapCache.describe`).
    func fileKey(settings: LayoutSettings, fontFiles: [FontFile], fallback: Bool = true) -> ContentHash {
        ContentHash(
            PageMapCache.describe(
                version: version, content: "paragraph-lines", settings: settings, fontFiles: fontFiles,
                fallback: fallback))
    }

    /// The path of the memo file for layouts with given settings and fonts.
    /// - Parameters:
    ///   - settings: The layout settings.
    ///   - fontFiles: The font chain's files, primary first.
    package func path(settings: LayoutSettings, fontFiles: [FontFile]) -> String {
        path(for: fileKey(settings: settings, fontFiles: fontFiles))
    }

    func path(for fileKey: ContentHash) -> String { directory + "/paragraphs-\(fileKey).bin" }

    /// The stored table for `fileKey`, or `nil` when there is none or it cannot be trusted.
    func load(_ fileKey: ContentHash) -> ParagraphLineTable? {
        guard let data = PageMapCache.read(path(for: fileKey)) else { return nil }
        return ParagraphLineTable(decoding: data, fileKey: fileKey)
    }

    /// Replaces the stored table for `fileKey`; returns whether it was written. Failures are
    /// ignored: a memo is an optimisation.
    @discardableResult
    func store(_ table: ParagraphLineTable, for fileKey: ContentHash) -> Bool {
        guard let data = table.encoded(fileKey: fileKey), data.count <= ParagraphMemo.maximumFileSize else { return false }
        PageMapCache.write(data, to: path(for: fileKey), in: directory)
        return true
    }
}
