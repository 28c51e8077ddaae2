import Foundation
@testable import PaginateKit
import TestSupport
import XCTest

/// Shared helpers for the per-concept unit tests: the repository root, the corpus, the bundled
/// fonts, and small conversions between strings and code point arrays.
enum UnitSupport {
    /// Path of a bundled font file.
    static func fontPath(_ name: String) -> String {
        Repository.fontPath(name)
    }

    static var dejaVuPath: String { fontPath("DejaVuSerif.ttf") }
    static var droidPath: String { fontPath("DroidSansFallback-Flat.ttf") }

    /// The bytes of a file of `Corpus/` (e.g. `pride-and-prejudice.txt`); a missing file fails
    /// the test, never skips it: the corpus is part of the repository.
    static func corpusBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Repository.contents(of: Corpus.folder.appendingPathComponent(name)))
    }

    /// The bundled font chain, opened once (tests run serially; the width cache is not shared
    /// across threads).
    // Unsafe because it is a plain static cache: XCTest runs the tests one after another on one
    // thread (`--parallel` uses processes), and only that thread reads and writes it.
    nonisolated(unsafe) private static var cachedChain: FontChain?

    static func fonts() throws -> FontChain {
        if let cachedChain { return cachedChain }
        let chain = try FontChain(paths: [dejaVuPath, droidPath])
        cachedChain = chain
        return chain
    }

    /// A string's code points as the engine stores them.
    static func scalars(_ string: String) -> [UInt32] {
        string.unicodeScalars.map(\.value)
    }

    /// Code points back to a string (invalid values become U+FFFD).
    static func string(_ scalars: [UInt32]) -> String {
        var view = String.UnicodeScalarView()
        for value in scalars { view.append(Unicode.Scalar(value) ?? "\u{FFFD}") }
        return String(view)
    }

    /// A paragraph over a string, with offsets that are the UTF-8 offsets of each code point.
    static func paragraph(_ string: String) -> Paragraph {
        var offsets: [Int] = []
        var offset = 0
        for scalar in string.unicodeScalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        return Paragraph(scalars: scalars(string), offsets: offsets, startOffset: 0)
    }

    /// Text paragraphs only (separators dropped), as strings.
    static func texts(_ paragraphs: [Paragraph]) -> [String] {
        paragraphs.filter { $0.kind == .text }.map { string($0.scalars) }
    }

    /// Settings on a plain page: `width`×`height` pt, `margin` pt all round.
    static func settings(
        width: Double = 400, height: Double = 600, margin: Double = 36, columns: Int = 1,
        gutter: Double = 18, fontSize: Double = 11, lineHeight: Double = 1.2,
        mode: ParagraphMode = .auto
    ) -> LayoutSettings {
        LayoutSettings(
            page: PageSetup(
                size: Size(width: width, height: height), margins: EdgeInsets(all: margin),
                columns: columns, gutter: gutter),
            fontSize: fontSize, lineHeight: lineHeight, paragraphMode: mode)
    }

    /// Lays out a string with the bundled fonts.
    static func layout(_ text: String, _ settings: LayoutSettings, includeRuns: Bool = true) throws -> Layout {
        try LayoutManager(fonts: fonts(), settings: settings).layout(TextStorage(text), includeRuns: includeRuns)
    }

    /// Checks that the pages and all their lines partition `0..<length`.
    static func assertPartition(_ layout: Layout, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let pages = layout.pages
        XCTAssertFalse(pages.isEmpty, "\(context): no pages", file: file, line: line)
        guard let first = pages.first, let last = pages.last else { return }
        XCTAssertEqual(first.range.lowerBound, 0, "\(context): first page must start at 0", file: file, line: line)
        XCTAssertEqual(last.range.upperBound, layout.sourceLength, "\(context): last page must end at the length", file: file, line: line)
        for (index, page) in pages.enumerated() {
            XCTAssertEqual(page.number, index + 1, "\(context): page numbers", file: file, line: line)
            if index > 0 {
                XCTAssertEqual(
                    page.range.lowerBound, pages[index - 1].range.upperBound,
                    "\(context): page \(index + 1) must start where page \(index) ends", file: file, line: line)
            }
        }
        // Lines too: contiguous over the whole document, each inside its page.
        var expected = 0
        for page in pages {
            for fragment in page.lines {
                XCTAssertEqual(
                    fragment.range.lowerBound, expected,
                    "\(context): line on page \(page.number) must start where the previous line ends", file: file, line: line)
                XCTAssertTrue(
                    page.range.lowerBound <= fragment.range.lowerBound && fragment.range.upperBound <= page.range.upperBound,
                    "\(context): line \(fragment.range) outside page \(page.number) \(page.range)", file: file, line: line)
                expected = fragment.range.upperBound
            }
        }
        XCTAssertEqual(expected, layout.sourceLength, "\(context): lines must end at the length", file: file, line: line)
    }
}
