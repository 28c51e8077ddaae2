import XCTest
@testable import PaginateKit

/// `TextStorage.headings(settings:)`: the headings layout sees, with their offsets and words.
final class HeadingListTests: XCTestCase {
    private func settings(mode: ParagraphMode = .auto, pattern: String? = nil) -> LayoutSettings {
        var settings = LayoutSettings.bookDefaults
        settings.paragraphMode = mode
        settings.typography.headingPattern = pattern
        return settings
    }

    func testHeadingsComeWithTheirOffsetsAndTrimmedText() throws {
        let text = "Preface.\n\n   CHAPTER I.   \n\nIt was dark.\n\nChapter 2: Light\r\n\r\nCHAPTER 3 in a paragraph\nthat goes on.\n"
        let headings = try TextStorage(text).headings(settings: settings())
        XCTAssertEqual(headings.map(\.text), ["CHAPTER I.", "Chapter 2: Light"])
        let bytes = Array(text.utf8)
        for heading in headings {
            XCTAssertEqual(
                String(decoding: bytes[heading.offset..<(heading.offset + heading.text.utf8.count)], as: UTF8.self), heading.text)
        }
    }

    func testHeadingsAgreeWithTheParagraphsLayoutMarks() throws {
        let text = "CHAPTER I.\n\nOne.\n\nBOOK TWO\n\nTwo.\n\nPart of it.\n"
        let marked = TextStorage(text).paragraphs(mode: .auto).paragraphs.filter(\.isHeading).map(\.startOffset)
        XCTAssertEqual(try TextStorage(text).headings(settings: settings()).map(\.offset), marked)
    }

    func testACustomPatternAndLinesMode() throws {
        let text = "* One\n\nBody.\n\n* Two\n"
        XCTAssertEqual(try TextStorage(text).headings(settings: settings(pattern: "^\\* ")).map(\.text), ["* One", "* Two"])
        XCTAssertEqual(try TextStorage("CHAPTER I.\n\nBody.\n").headings(settings: settings(mode: .lines)), [])
        XCTAssertThrowsError(try TextStorage(text).headings(settings: settings(pattern: "(")))
    }
}
