import Foundation
import TestSupport
import XCTest

/// `--kerning` through the built binary: every subcommand agrees on the kerned pages, and the PDF
/// reads back line for line as the engine laid it out.
final class KerningEndToEndTests: XCTestCase {
    private static let options = Corpus.options + ["--kerning"]

    private func pages(_ arguments: [String]) throws -> Int {
        let count = try PaginateBinary.run(["count"] + arguments)
        guard count.status == 0, let pages = Int(count.output.trimmingCharacters(in: .newlines)) else {
            throw ProcessFailure(description: "count failed: \(count.summary)")
        }
        return pages
    }

    /// Lines without their spacing: pdftotext's physical layout pads with spaces where the engine
    /// has one space or a tab.
    private func normalizedLines(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\u{0C}" }).map { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        }.filter { !$0.isEmpty }
    }

    func testKernedBookIsTheSameEverywhere() throws {
        let corpus = Corpus.prideAndPrejudice
        let source = try corpus.bytes()
        let folder = try TemporaryDirectory.make(prefix: "kerning")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("book.pdf")
        let render = try PaginateBinary.run([corpus.url.path, "-o", pdf.path] + Self.options + RenderEndToEndTests.noFolios)
        XCTAssertEqual(render.status, 0, render.summary)

        let kerned = try pages([corpus.url.path] + Self.options)
        let plain = try pages([corpus.url.path] + Corpus.options)
        XCTAssertLessThanOrEqual(kerned, plain, "kerning only narrows lines")
        XCTAssertEqual(try PDFTools.pageCount(pdf), kerned, "pdfinfo pages vs count --kerning")
        let map = try PaginateBinary.run(["map", corpus.url.path] + Self.options)
        XCTAssertEqual(try PageMap(json: map.stdout).pageCount, kerned, "map --kerning")
        XCTAssertEqual(try PDFTools.check(pdf).status, 0, "qpdf --check")

        // Every visible character, once, in order.
        let expected = VisibleText.expected(fromSource: String(decoding: source, as: UTF8.self))
        let drawn = VisibleText.of(try PDFTools.text(pdf, order: .contentStream))
        if let difference = VisibleText.firstDifference(expected: expected, actual: drawn) {
            XCTFail("the kerned PDF's text differs from the source: \(difference)")
        }

        // Line for line, the words the PDF shows are the engine's: a kerned pair neither splits a
        // word nor joins two. (`-raw` would put the second glyph of a pair kerned by more than
        // 0.2 em, such as DejaVu Serif's "P.", on a line of its own: poppler's raw order starts a
        // new line at such an overlap; the physical layout reads it as written.)
        let page = try PaginateBinary.run(["page", corpus.url.path, "1-\(kerned)"] + Self.options)
        XCTAssertEqual(page.status, 0, page.summary)
        let engine = normalizedLines(page.output)
        let reader = normalizedLines(try PDFTools.text(pdf, order: .physical))
        XCTAssertEqual(engine.count, reader.count)
        if let index = zip(engine, reader).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            XCTFail("line \(index + 1): the engine drew '\(engine[index])', pdftotext reads '\(reader[index])'")
        }
    }
}
