import Foundation
import XCTest
@testable import PaginateKit

/// `BidiParagraph` against Unicode's `BidiCharacterTest.txt` (Debian `unicode-data`): for every
/// test paragraph, the paragraph level, the resolved levels after rule L1, and the visual order of
/// the paragraph laid out as one line.
final class BidiConformanceTests: XCTestCase {
    private static let testFile = "/usr/share/unicode/BidiCharacterTest.txt"

    func testAllLinesOfBidiCharacterTest() throws {
        guard let contents = try? String(contentsOfFile: Self.testFile, encoding: .utf8) else {
            return XCTFail("\(Self.testFile) is missing: install Debian's unicode-data")
        }
        var checked = 0
        var failures: [String] = []
        for line in contents.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: TextDirection = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : .auto
            let expectedBase = UInt8(fields[2])!
            let expectedLevels = fields[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
            let expectedOrder = fields[4].split(separator: " ").compactMap { Int($0) }

            let bidi = BidiParagraph(scalars, direction: direction)
            let base = bidi?.baseLevel ?? 0
            let (order, levels) =
                bidi?.visualOrder(of: 0..<scalars.count)
                ?? (Array(scalars.indices), [UInt8](repeating: 0, count: scalars.count))
            // Characters X9 removes have no level and no place in the expected order.
            let kept = order.filter { expectedLevels[$0] != nil }
            let keptLevels = expectedLevels.indices.map { expectedLevels[$0] == nil ? nil : levels[$0] }
            if base != expectedBase || keptLevels != expectedLevels || kept != expectedOrder {
                if failures.count < 10 {
                    failures.append(
                        "\(fields[0]) dir \(fields[1]): base \(base) levels \(keptLevels.map { $0.map(String.init) ?? "x" }) order \(kept)")
                }
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 90_000, "the whole file was read")
        XCTAssertEqual(failures, [], "first failures of \(checked) paragraphs")
    }

    func testLeftToRightTextNeedsNoReordering() {
        XCTAssertNil(BidiParagraph(UnitSupport.scalars("Plain English, with “quotes” and 1,234."), direction: .auto))
        XCTAssertNil(BidiParagraph(UnitSupport.scalars("如是我聞。"), direction: .auto))
        XCTAssertNotNil(BidiParagraph(UnitSupport.scalars("Plain English."), direction: .rightToLeft))
    }

    func testHebrewParagraphIsRightToLeftAndReversed() throws {
        // "שלום עולם" (hello world): base level 1, every letter at level 1, the words' letters and order reversed.
        let text = UnitSupport.scalars("שלום עולם")
        let bidi = try XCTUnwrap(BidiParagraph(text, direction: .auto))
        XCTAssertTrue(bidi.isRightToLeft)
        XCTAssertEqual(bidi.visualOrder(of: 0..<text.count).order, Array(text.indices.reversed()))
    }

    func testNumbersInsideRightToLeftTextKeepTheirOrder() throws {
        // "עמוד 123" (page 123): the number stays 1-2-3 left to right, to the left of the word.
        let text = UnitSupport.scalars("עמוד 123")
        let bidi = try XCTUnwrap(BidiParagraph(text, direction: .auto))
        XCTAssertEqual(bidi.visualOrder(of: 0..<text.count).order, [5, 6, 7, 4, 3, 2, 1, 0])
    }

    func testMirroring() {
        XCTAssertEqual(BidiParagraph.mirrored(0x28), 0x29)
        XCTAssertEqual(BidiParagraph.mirrored(0x41), 0x41)
    }
}
