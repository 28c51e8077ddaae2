import Foundation

/// The command-line tools a reader of the output would use: qpdf and poppler.
///
/// Nothing poppler prints on stderr is treated as noise: the PDF writer's tests require it to be
/// silent.
public enum PDFTools {
    /// Runs `tool` (`qpdf`, or one of poppler's: `pdfinfo`, `pdffonts`, `pdftotext`) found on `PATH`.
    public static func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        let package = tool == "qpdf" ? "qpdf" : "poppler-utils"
        return try ChildProcess.run([try ChildProcess.path(of: tool, package: package)] + arguments)
    }

    /// The stderr lines of a tool's run, joined by newlines.
    public static func complaints(of result: ProcessResult) -> String {
        result.errorLines.joined(separator: "\n")
    }

    /// `qpdf --check`; exit status 0 means no errors and no warnings.
    public static func check(_ pdf: URL) throws -> ProcessResult {
        try run("qpdf", ["--check", pdf.path])
    }

    /// The page count `pdfinfo` reports.
    public static func pageCount(_ pdf: URL) throws -> Int {
        let info = try run("pdfinfo", [pdf.path])
        guard info.status == 0 else { throw ProcessFailure(description: "pdfinfo failed on \(pdf.lastPathComponent): \(info.summary)") }
        for line in info.output.split(separator: "\n") where line.hasPrefix("Pages:") {
            if let count = Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) { return count }
        }
        throw ProcessFailure(description: "pdfinfo printed no page count:\n\(info.output)")
    }

    /// Each page's size as `pdfinfo -f 1 -l N` prints it (e.g. `400 x 600 pts`), by page number.
    public static func pageSizes(_ pdf: URL, pages: Int) throws -> [Int: String] {
        let info = try run("pdfinfo", ["-f", "1", "-l", String(pages), pdf.path])
        guard info.status == 0 else { throw ProcessFailure(description: "pdfinfo failed on \(pdf.lastPathComponent): \(info.summary)") }
        var sizes: [Int: String] = [:]
        for line in info.output.split(separator: "\n") where line.hasPrefix("Page ") {
            // "Page    1 size: 400 x 600 pts" (other per-page lines, e.g. "rot", are skipped)
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 3, words[2] == "size:", let number = Int(words[1]) else { continue }
            sizes[number] = words[3...].joined(separator: " ")
        }
        return sizes
    }

    /// One row of `pdffonts`.
    public struct FontInfo {
        /// The font name as listed, e.g. `ABCDEF+DejaVuSerif`.
        public let name: String
        /// The name without subset tag and style, e.g. `DejaVuSerif`.
        public var family: String {
            var base = Substring(name)
            if let plus = base.firstIndex(of: "+") { base = base[base.index(after: plus)...] }
            if let comma = base.firstIndex(of: ",") { base = base[..<comma] }
            return String(base)
        }
        /// The font type, e.g. `CID TrueType`.
        public let type: String
        /// Whether the font program is embedded.
        public let embedded: Bool
    }

    /// The fonts `pdffonts` lists.
    public static func fonts(_ pdf: URL) throws -> [FontInfo] {
        let listing = try run("pdffonts", [pdf.path])
        guard listing.status == 0 else {
            throw ProcessFailure(description: "pdffonts failed on \(pdf.lastPathComponent): \(listing.summary)")
        }
        let lines = listing.output.split(separator: "\n").map(String.init)
        guard let rule = lines.firstIndex(where: { $0.hasPrefix("-----") }) else {
            throw ProcessFailure(description: "unexpected pdffonts output:\n\(listing.output)")
        }
        return try lines[(rule + 1)...].map { line in
            // name type… encoding emb sub uni object-number generation: read from the right.
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 8 else { throw ProcessFailure(description: "unexpected pdffonts row: \(line)") }
            let embedded = words[words.count - 5]
            return FontInfo(
                name: words[0], type: words[1..<(words.count - 6)].joined(separator: " "),
                embedded: embedded == "yes")
        }
    }

    /// How `pdftotext` orders the text it extracts.
    public enum TextOrder {
        /// Poppler's reading order (no flag): blocks and columns are guessed, and a hyphen at the
        /// end of a line joined to the next one is dropped.
        case reading
        /// `-raw`: the order the content stream draws the text in, without any guessing.
        case contentStream
        /// `-layout`: the physical layout, line by line.
        case physical

        /// The `pdftotext` options that select this order.
        public var flags: [String] {
            switch self {
            case .reading: return []
            case .contentStream: return ["-raw"]
            case .physical: return ["-layout"]
            }
        }
    }

    /// The text `pdftotext -enc UTF-8` extracts; pages end with a form feed.
    public static func text(_ pdf: URL, order: TextOrder, pages: ClosedRange<Int>? = nil) throws -> String {
        var arguments = ["-enc", "UTF-8"] + order.flags
        if let pages { arguments += ["-f", String(pages.lowerBound), "-l", String(pages.upperBound)] }
        let extracted = try run("pdftotext", arguments + [pdf.path, "-"])
        guard extracted.status == 0 else {
            throw ProcessFailure(description: "pdftotext failed on \(pdf.lastPathComponent): \(extracted.summary)")
        }
        return extracted.output
    }

    /// The extracted text split into pages (at form feeds).
    public static func pageTexts(_ pdf: URL, order: TextOrder) throws -> [String] {
        var pages = try text(pdf, order: order).components(separatedBy: "\u{0C}")
        if pages.last?.isEmpty == true { pages.removeLast() }
        return pages
    }
}
