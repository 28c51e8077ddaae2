import FuzzSupport
import PaginateExport
import PaginateKit

/// libFuzzer entry point for the whole export path on small inputs: layout, then the PDF, the
/// text spreads and the JSON page map. The PDF must be a complete file with one page object per
/// page; nothing may crash, whatever the text, settings or title.
///
/// Built with `-parse-as-library` (see `Scripts/fuzz.sh`): libFuzzer supplies `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDF(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let fuzzCase = FuzzCase(UnsafeRawBufferPointer(start: start, count: count))
    let fonts = FuzzFonts.chain(for: fuzzCase)
    guard let layout = try? fuzzCase.manager(fonts: fonts).layout(TextStorage(bytes: fuzzCase.text)) else { return 0 }
    Invariants.checkPartition(layout, length: fuzzCase.text.count)

    let pdf: [UInt8]
    do {
        pdf = try PDFRenderer(fonts: fonts, title: fuzzCase.title).render(layout)
    } catch {
        // Only a page size outside what PDF allows may stop a valid layout from becoming a PDF.
        let size = layout.settings.page.size
        let limits = PDFLimits.minimumPageSide...PDFLimits.maximumPageSide
        if case PDFError.invalidPageSize = error, !(limits.contains(size.width) && limits.contains(size.height)) { return 0 }
        fatalError("invariant violated: a valid layout could not be rendered as PDF: \(error)")
    }
    PDFShape.check(pdf, pages: layout.pageCount)

    let spreads = TextSpreadRenderer(pagesPerSpread: 1 + Int(count % 2)).render(layout)
    if !spreads.isEmpty && !spreads.hasSuffix("\n") { fatalError("invariant violated: text spreads do not end with a newline") }
    let json = PageMapJSON.render(layout, source: fuzzCase.title)
    if !json.hasPrefix("{") { fatalError("invariant violated: the page map is not a JSON object") }
    return 0
}

/// Cheap structural checks of a PDF file's bytes (a full parse is what the tests do with qpdf).
enum PDFShape {
    static func check(_ pdf: [UInt8], pages: Int) {
        guard pdf.starts(with: Array("%PDF-1.".utf8)) else { fatalError("invariant violated: no %PDF-1. header") }
        let tail = String(decoding: pdf.suffix(32), as: UTF8.self)
        guard tail.contains("%%EOF") else { fatalError("invariant violated: no %%EOF at the end") }
        guard tail.contains("startxref") else { fatalError("invariant violated: no startxref before %%EOF") }
        let found = count(of: Array("/Type /Page".utf8), notFollowedBy: UInt8(ascii: "s"), in: pdf)
        guard found == pages else { fatalError("invariant violated: \(found) page objects for \(pages) pages") }
    }

    /// Occurrences of `needle` not followed by `excluded` (so `/Type /Page` but not `/Type /Pages`).
    static func count(of needle: [UInt8], notFollowedBy excluded: UInt8, in bytes: [UInt8]) -> Int {
        guard bytes.count >= needle.count else { return 0 }
        var found = 0
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
                let after = index + needle.count
                if after >= bytes.count || bytes[after] != excluded { found += 1 }
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}

/// The executable's entry point (see `runFuzzer`).
@_cdecl("FuzzPDF_main")
public func fuzzPDFMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzPDF($0, $1) }
}
