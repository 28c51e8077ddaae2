import Foundation
import TestSupport
import XCTest

/// Justified, hyphenated and kerned books from the built binary, read back with qpdf and poppler:
/// a valid PDF of the counted pages whose text is the source's, in order, plus the added hyphens.
final class TypographyEndToEndTests: XCTestCase {
    private static let book = Corpus.options + ["--align", "justify", "--hyphenate", "--kerning"]

    private func render(_ corpus: Corpus, _ options: [String], in folder: URL) throws -> (pdf: URL, pages: Int) {
        let pdf = folder.appendingPathComponent("\(corpus.rawValue).pdf")
        let render = try PaginateBinary.run([corpus.url.path, "-o", pdf.path] + options + RenderEndToEndTests.noFolios)
        XCTAssertEqual(render.status, 0, render.summary)
        let count = try PaginateBinary.run(["count", corpus.url.path] + options)
        let pages = try XCTUnwrap(Int(count.output.trimmingCharacters(in: .newlines)), count.summary)
        XCTAssertEqual(render.output, "wrote \(pdf.path): \(pages) page\(pages == 1 ? "" : "s")\n")
        return (pdf, pages)
    }

    /// Walks the extracted characters against the source's: equal except for hyphens the layout
    /// added at line ends. Returns how many were added, or fails at the first real difference.
    private func addedHyphens(expected: [Unicode.Scalar], actual: [Unicode.Scalar]) -> Int? {
        var added = 0
        var e = 0
        for scalar in actual {
            if e < expected.count && expected[e] == scalar {
                e += 1
            } else if scalar == "-" {
                added += 1
            } else {
                return nil
            }
        }
        return e == expected.count ? added : nil
    }

    func testJustifiedHyphenatedKernedBookReadsBack() throws {
        let folder = try TemporaryDirectory.make(prefix: "typography")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (pdf, pages) = try render(.prideAndPrejudice, Self.book, in: folder)
        let plain = try render(.prideAndPrejudice, Corpus.options, in: folder.appendingPathComponent("plain").creatingDirectory())
        XCTAssertLessThan(pages, plain.pages, "justified, hyphenated text is tighter than ragged first fit")
        XCTAssertEqual(try PDFTools.check(pdf).status, 0)
        XCTAssertEqual(try PDFTools.pageCount(pdf), pages)

        let source = String(decoding: try Corpus.prideAndPrejudice.bytes(), as: UTF8.self)
        let expected = VisibleText.expected(fromSource: source)
        let extracted = VisibleText.of(try PDFTools.text(pdf, order: .physical))
        let hyphens = try XCTUnwrap(
            addedHyphens(expected: expected, actual: extracted),
            VisibleText.firstDifference(expected: expected, actual: extracted) ?? "")
        XCTAssertGreaterThan(hyphens, 100, "a justified book of 400 pages hyphenates words")
        XCTAssertLessThan(hyphens, pages * 10)

        // Justified lines end exactly at the right margin (x = 364 pt) and none goes past it.
        let words = try PDFTools.run("pdftotext", ["-enc", "UTF-8", "-bbox", "-f", "100", "-l", "110", pdf.path, "-"])
        XCTAssertEqual(words.status, 0)
        let rightEdges = words.output.split(separator: "\n").compactMap { line -> Double? in
            guard line.contains("<word"), let range = line.range(of: "xMax=\"") else { return nil }
            return Double(line[range.upperBound...].prefix { $0 != "\"" })
        }
        XCTAssertGreaterThan(rightEdges.filter { abs($0 - 364) < 0.6 }.count, 250, "lines of pages 100–110 at the right margin")
        XCTAssertEqual(rightEdges.filter { $0 > 364.6 }, [], "nothing past the right margin")
    }

    func testCountMapAndRenderAgreeUnderEveryAlignment() throws {
        let folder = try TemporaryDirectory.make(prefix: "alignment")
        defer { try? FileManager.default.removeItem(at: folder) }
        for options in [
            ["--align", "center"], ["--align", "right"], ["--align", "justify", "--breaking", "greedy"],
            ["--breaking", "optimal"], ["--align", "justify", "--hyphenate", "--lang", "en"],
        ] {
            let sub = try folder.appendingPathComponent(options.joined()).creatingDirectory()
            let (pdf, pages) = try render(.prideAndPrejudice, Corpus.options + options, in: sub)
            XCTAssertEqual(try PDFTools.pageCount(pdf), pages, "\(options)")
            let map = try PaginateBinary.run(["map", Corpus.prideAndPrejudice.url.path, "--no-cache"] + Corpus.options + options)
            XCTAssertEqual(try PageMap(json: map.stdout).pageCount, pages, "\(options)")
        }
    }

    func testUnknownHyphenationLanguageIsAOneLineError() throws {
        let folder = try TemporaryDirectory.make(prefix: "hyphen-lang")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("out.pdf")
        let result = try PaginateBinary.run([Corpus.prideAndPrejudice.url.path, "--hyphenate", "--lang", "xx", "-o", pdf.path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.errors.hasPrefix("paginate: error: no hyphenation dictionary for 'xx'"), result.errors)
        XCTAssertEqual(result.errors.filter { $0 == "\n" }.count, 1, result.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf.path))
    }
}

private extension URL {
    func creatingDirectory() throws -> URL {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}
