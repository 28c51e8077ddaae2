import Foundation
import XCTest
import PaginateKit
@testable import PaginateExport

/// A kerned layout drawn as PDF: every glyph where the engine measured it, and the words come
/// back out of the file unchanged.
final class KernedPdfTests: XCTestCase {
    private static let text = """
        AVATAR To LT P. Yo We r. y. “Wave,” said Tom. “Yes—Very well.” Tawny AWAY, VAT, Ty. \
        LAVA TOWARD YOUNG AVENUE. Pray, Father, take To-morrow off.
        """

    private func kernedLayout() throws -> Layout {
        var settings = LayoutSettings.bookDefaults
        settings.typography.kerning = true
        return try LayoutManager(fonts: try PdfFixture.fonts(), settings: settings).layout(TextStorage(KernedPdfTests.text))
    }

    /// A word as `pdftotext -bbox` reports it.
    private struct Word {
        var text: String
        var xMin: Double
        var xMax: Double
    }

    private func words(inBoundingBoxes html: String) -> [Word] {
        html.components(separatedBy: "<word ").dropFirst().compactMap { entry -> Word? in
            func attribute(_ name: String) -> Double? {
                guard let range = entry.range(of: "\(name)=\"") else { return nil }
                return Double(entry[range.upperBound...].prefix { $0 != "\"" })
            }
            guard let xMin = attribute("xMin"), let xMax = attribute("xMax"),
                let open = entry.firstIndex(of: ">"), let close = entry.range(of: "</word>")
            else { return nil }
            let text = String(entry[entry.index(after: open)..<close.lowerBound])
                .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
            return Word(text: text, xMin: xMin, xMax: xMax)
        }
    }

    /// The words of the layout with where they start and end on the page, from its caret stops:
    /// a word runs from the caret before its first character to the caret after its last.
    private func expectedWords(_ layout: Layout) -> [Word] {
        let bytes = Array(KernedPdfTests.text.utf8)
        var result: [Word] = []
        for container in layout.pages.flatMap(\.containers) {
            for line in container.lines {
                let left = container.frame.minX + line.origin.x
                var wordStart: CaretStop?
                for (index, stop) in line.caretStops.enumerated() {
                    let endsWord = index == line.caretStops.count - 1 || bytes[stop.offset] == 0x20
                    if endsWord, let first = wordStart {
                        result.append(
                            Word(
                                text: String(decoding: bytes[first.offset..<stop.offset], as: UTF8.self),
                                xMin: left + first.x, xMax: left + stop.x))
                        wordStart = nil
                    } else if !endsWord && wordStart == nil {
                        wordStart = stop
                    }
                }
            }
        }
        return result
    }

    func testGlyphsAreDrawnAtTheKernedPositions() throws {
        let layout = try kernedLayout()
        let runs = layout.pages.flatMap(\.lines).flatMap(\.runs)
        XCTAssertGreaterThan(runs.count, 30, "the text has many kerned pairs, each starting a run")
        let pdf = try PdfFixture.write(try PdfFixture.renderer().render(layout))

        // Every run is drawn at its own position (a text matrix per run).
        let matrices = PdfFixture.textMatrices(qdf: try PdfFixture.expanded(pdf)).flatMap { $0 }
        let drawn = layout.pages.flatMap(\.containers).flatMap { container in
            container.lines.flatMap { line in
                line.runs.filter { PDFRenderer.isDrawn($0.text) }.map { container.frame.minX + line.origin.x + $0.x }
            }
        }
        XCTAssertEqual(matrices.map { $0[4] }.count, drawn.count)
        for (matrix, x) in zip(matrices, drawn) { XCTAssertEqual(matrix[4], x, accuracy: 1e-4) }

        // A reader places the glyphs by the font's widths: each word starts and ends where the
        // engine put it, kerns inside the word included.
        let boxes = try Tool.run("pdftotext", ["-bbox", "-enc", "UTF-8", pdf, "-"])
        XCTAssertEqual(boxes.status, 0, boxes.errors)
        let read = words(inBoundingBoxes: boxes.output)
        let expected = expectedWords(layout)
        XCTAssertEqual(read.map(\.text), expected.map(\.text), "the words come back whole, without spurious spaces")
        for (word, position) in zip(read, expected) {
            XCTAssertEqual(word.xMin, position.xMin, accuracy: 0.01, "start of '\(word.text)'")
            XCTAssertEqual(word.xMax, position.xMax, accuracy: 0.01, "end of '\(word.text)'")
        }
    }

    func testKernedTextIsExtractedUnchanged() throws {
        let layout = try kernedLayout()
        let pdf = try PdfFixture.write(try PdfFixture.renderer().render(layout))
        let text = try Tool.run("pdftotext", ["-enc", "UTF-8", pdf, "-"])
        XCTAssertEqual(text.status, 0, text.errors)
        let extracted = text.output.split(whereSeparator: { $0 == "\n" || $0 == "\u{0C}" }).map(String.init)
        let lines = layout.pages.flatMap(\.lines).map { PageTextRenderer.drawnText(of: $0) }.filter { !$0.isEmpty }
        XCTAssertGreaterThan(lines.count, 2)
        XCTAssertEqual(extracted, lines, "pdftotext reads each line as laid out: no spurious or missing spaces")
    }
}
