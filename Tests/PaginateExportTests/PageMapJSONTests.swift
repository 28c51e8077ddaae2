import Foundation
import XCTest
import PaginateKit
@testable import PaginateExport

final class PageMapJSONTests: XCTestCase {
    private let threePages = SpreadFixture.layout([
        [["It was a bright cold day in", "April, and the clocks were", "", "striking thirteen."]],
        [["Winston Smith, his chin", "nuzzled into his breast,"]],
        [["slipped quickly through", "the glass doors of", "Victory Mansions."]],
    ])

    func testBookDefaultsPageMap() {
        assertMatchesSnapshot(PageMapJSON.render(threePages, source: "book.txt"), extension: "json")
    }

    func testFractionalSettingsFromStandardInput() {
        let settings = LayoutSettings(
            page: PageSetup(
                size: Size(width: 419.53, height: 595.28),
                margins: EdgeInsets(top: 36.5, right: 30, bottom: 42, left: 30),
                columns: 2, gutter: 12.25),
            fontSize: 10.5, lineHeight: 1.25, paragraphMode: .lines, tabWidth: 4)
        let base = SpreadFixture.layout([[["left", "column"], ["right"]], [["next page"], []]], columns: 2)
        let layout = Layout(
            pages: base.pages, sourceLength: base.sourceLength, settings: settings,
            diagnostics: TextDiagnostics())
        assertMatchesSnapshot(PageMapJSON.render(layout, source: nil), extension: "json")
    }

    func testPagesPartitionTheSourceBytes() throws {
        let json = try parse(PageMapJSON.render(threePages, source: "book.txt"))
        XCTAssertEqual(json["version"] as? Int, 1)
        let bytes = try XCTUnwrap(json["bytes"] as? Int)
        let pages = try XCTUnwrap(json["pages"] as? [[String: Any]])
        XCTAssertEqual(json["pageCount"] as? Int, pages.count)
        var expectedStart = 0
        for (index, page) in pages.enumerated() {
            XCTAssertEqual(page["page"] as? Int, index + 1)
            XCTAssertEqual(page["start"] as? Int, expectedStart, "page \(index + 1) does not start where the last ended")
            let end = try XCTUnwrap(page["end"] as? Int)
            XCTAssertGreaterThanOrEqual(end, expectedStart)
            XCTAssertEqual(page["lines"] as? Int, threePages.pages[index].lineCount)
            expectedStart = end
        }
        XCTAssertEqual(expectedStart, bytes, "pages do not reach the end of the source")
    }

    func testSourceNameIsEscaped() throws {
        let name = "dir\\\"odd\"\tname\u{1}\n日本.txt"
        let output = PageMapJSON.render(threePages, source: name)
        XCTAssertTrue(output.contains(#""source": "dir\\\"odd\"\tname\u0001\n日本.txt","#), output)
        XCTAssertEqual(try parse(output)["source"] as? String, name)
    }

    func testStandardInputIsNull() throws {
        let json = try parse(PageMapJSON.render(threePages, source: nil))
        XCTAssertTrue(json["source"] is NSNull)
    }

    func testNumbersAreIntegersWhenIntegral() {
        XCTAssertEqual(JSONText.number(36), "36")
        XCTAssertEqual(JSONText.number(-0.0), "0")
        XCTAssertEqual(JSONText.number(1.2), "1.2")
        XCTAssertEqual(JSONText.number(595.28), "595.28")
        XCTAssertEqual(JSONText.number(1e20), "1e+20")
        XCTAssertEqual(JSONText.number(.nan), "null")
    }

    private func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(object as? [String: Any])
    }
}
