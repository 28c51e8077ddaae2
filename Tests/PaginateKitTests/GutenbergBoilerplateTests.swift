import XCTest
@testable import PaginateKit

/// Finding the book between a Project Gutenberg header and footer, and cutting the text to it.
final class GutenbergBoilerplateTests: XCTestCase {
    private let header = "The Project Gutenberg eBook of A Book\n\nThis eBook is for the use of anyone anywhere.\n\n"
    private let book = "Chapter 1\n\nIt was a *very* dark night.\n*** not a marker\n"
    private let footer = "\nEnd of the book.\n\nSection 1. General Terms of Use\n"

    private func range(_ text: String) -> Range<Int>? {
        GutenbergBoilerplate.bookRange(in: Array(text.utf8))
    }

    /// The expected book range when `text` is `before + book + after`.
    private func bookRange(before: String) -> Range<Int> {
        before.utf8.count..<(before.utf8.count + book.utf8.count)
    }

    func testModernMarkers() {
        let start = "*** START OF THE PROJECT GUTENBERG EBOOK A BOOK ***\n"
        let text = header + start + book + "*** END OF THE PROJECT GUTENBERG EBOOK A BOOK ***" + footer
        XCTAssertEqual(range(text), bookRange(before: header + start))
    }

    func testOlderAndLooserVariants() {
        let variants: [(start: String, end: String)] = [
            ("*** START OF THIS PROJECT GUTENBERG EBOOK A BOOK ***\n", "*** END OF THIS PROJECT GUTENBERG EBOOK A BOOK ***\n"),
            ("***START OF THE PROJECT GUTENBERG EBOOK A BOOK***\n", "***END OF THE PROJECT GUTENBERG EBOOK A BOOK***\n"),
            ("*** Start of the Project Gutenberg EBook of A Book ***\n", "*** End of the Project Gutenberg EBook of A Book ***\n"),
            ("  *** START  OF\tTHE PROJECT GUTENBERG E-BOOK A BOOK ***  \n", "*END OF THE PROJECT GUTENBERG ETEXT A BOOK*\n"),
            ("*** START OF THE PROJECT GUTENBERG EBOOK, A BOOK ***\r\n", "*** END OF THE PROJECT GUTENBERG EBOOK, A BOOK ***\r\n"),
            ("*** START OF THE PROJECT GUTENBERG EBOOK ***\r", "*** END OF THE PROJECT GUTENBERG EBOOK ***\r"),
        ]
        for variant in variants {
            let text = header + variant.start + book + variant.end + footer
            XCTAssertEqual(range(text), bookRange(before: header + variant.start), variant.start)
        }
    }

    func testWrappedTitleEndsOnTheNextLine() {
        let start = "*** START OF THIS PROJECT GUTENBERG EBOOK THE COMPLETE WORKS OF\nA VERY LONG TITLE ***\n"
        let text = header + start + book + "*** END OF THIS PROJECT GUTENBERG EBOOK THE COMPLETE WORKS ***\n" + footer
        XCTAssertEqual(range(text), bookRange(before: header + start))
    }

    func testBothMarkersAreNeeded() {
        let start = "*** START OF THE PROJECT GUTENBERG EBOOK A BOOK ***\n"
        let end = "*** END OF THE PROJECT GUTENBERG EBOOK A BOOK ***\n"
        XCTAssertNil(range(header + start + book + footer), "no end marker")
        XCTAssertNil(range(header + book + end + footer), "no start marker")
        XCTAssertNil(range(header + end + book + start + footer), "end before start")
        XCTAssertNil(range(""))
        XCTAssertNil(range(book))
    }

    func testMarkersMustStartTheirLine() {
        let text =
            "See *** START OF THE PROJECT GUTENBERG EBOOK X ***\n" + book
            + "and *** END OF THE PROJECT GUTENBERG EBOOK X ***\n"
        XCTAssertNil(range(text))
        XCTAssertNil(range("*** START OF THE PROJECT GUTENBERGS ***\nx\n*** END OF THE PROJECT GUTENBERGS ***\n"))
    }

    func testFirstStartAndFirstEndAfterIt() {
        let start = "*** START OF THE PROJECT GUTENBERG EBOOK A ***\n"
        let end = "*** END OF THE PROJECT GUTENBERG EBOOK A ***\n"
        let text = end + header + start + book + end + start + "more\n" + end
        XCTAssertEqual(range(text), bookRange(before: end + header + start))
    }

    func testByteOrderMarkAndAdjacentMarkers() {
        let text = "\u{FEFF}*** START OF THE PROJECT GUTENBERG EBOOK A ***\n*** END OF THE PROJECT GUTENBERG EBOOK A ***\n"
        let afterStart = "\u{FEFF}*** START OF THE PROJECT GUTENBERG EBOOK A ***\n".utf8.count
        XCTAssertEqual(range(text), afterStart..<afterStart, "an empty book")
    }

    func testSourceTextCutsUTF8AndMapsBackToTheFile() {
        let start = "*** START OF THE PROJECT GUTENBERG EBOOK A BOOK ***\n"
        let text = header + start + book + "*** END OF THE PROJECT GUTENBERG EBOOK A BOOK ***\n" + footer
        let bytes = Array(text.utf8)
        let source = SourceText(bytes: bytes, encoding: .auto, stripBoilerplate: true)
        let expected = bookRange(before: header + start)
        XCTAssertEqual(source.storage.bytes, Array(book.utf8))
        XCTAssertEqual(source.origin.keptRange, expected)
        XCTAssertEqual(source.origin.originalOffset(0), expected.lowerBound)
        XCTAssertEqual(source.origin.originalOffset(book.utf8.count), expected.upperBound)
        XCTAssertEqual(source.textOffset(ofOriginalOffset: expected.lowerBound + 5), 5)
        XCTAssertNil(source.textOffset(ofOriginalOffset: 3), "in the header")
        XCTAssertNil(source.textOffset(ofOriginalOffset: bytes.count), "in the footer")
        XCTAssertEqual(source.decoded.bytes, bytes)
        XCTAssertEqual(source.textOffset(ofDecodedOffset: expected.lowerBound + 2), 2)
        XCTAssertNil(source.textOffset(ofDecodedOffset: 0))
        XCTAssertFalse(source.origin.isIdentity)

        let whole = SourceText(bytes: bytes, encoding: .auto, stripBoilerplate: false)
        XCTAssertTrue(whole.origin.isIdentity)
        XCTAssertNil(whole.origin.keptRange)
        XCTAssertEqual(whole.storage.bytes, bytes)
        let plain = SourceText(bytes: Array(book.utf8), encoding: .auto, stripBoilerplate: true)
        XCTAssertTrue(plain.origin.isIdentity, "no markers: the file as it is")
        XCTAssertEqual(plain.origin.originalRange(3..<7), 3..<7)
    }

    func testStrippingComposesWithUTF16() {
        let start = "*** START OF THE PROJECT GUTENBERG EBOOK A BOOK ***\r\n"
        let accented = "Caf\u{E9} \u{2014} na\u{EF}ve\r\n"
        let text = "\u{FEFF}" + header + start + accented + "*** END OF THE PROJECT GUTENBERG EBOOK A BOOK ***\r\n" + footer
        let bytes = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let source = SourceText(bytes: bytes, encoding: .auto, stripBoilerplate: true)
        XCTAssertEqual(source.origin.encoding, .utf16LE)
        XCTAssertEqual(source.storage.bytes, Array(accented.utf8))
        let bookStart = 2 * ("\u{FEFF}" + header + start).utf16.count
        XCTAssertEqual(source.origin.keptRange, bookStart..<(bookStart + 2 * accented.utf16.count))
        let naive = Array(accented.utf8).firstRange(of: Array("na".utf8))!.lowerBound
        XCTAssertEqual(source.origin.originalOffset(naive), bookStart + 2 * 7, "'na' is the eighth unit of the book")
        XCTAssertEqual(source.textOffset(ofOriginalOffset: bookStart + 2 * 7 + 1), naive, "inside a unit: its start")
        XCTAssertTrue(source.diagnostics.isEmpty)
    }
}
