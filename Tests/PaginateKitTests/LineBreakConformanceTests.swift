import Foundation
import XCTest
@testable import PaginateKit

/// Runs every line of the Unicode line-break conformance file against `LineBreakOpportunities`.
final class LineBreakConformanceTests: XCTestCase {
    private static let testFile = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    private struct Case {
        let lineNumber: Int
        let text: String
        let scalars: [UInt32]
        /// Whether a break is allowed after each scalar; the test file marks the end of text with ÷.
        let breaks: [Bool]
    }

    func testAllLinesOfLineBreakTest() throws {
        guard FileManager.default.fileExists(atPath: Self.testFile) else {
            XCTFail("\(Self.testFile) is missing: install Debian's unicode-data")
            return
        }
        let contents = try String(contentsOfFile: Self.testFile, encoding: .utf8)
        XCTAssertTrue(contents.hasPrefix("# LineBreakTest-15.0.0.txt"), "the rules implement Unicode 15.0")
        let cases = try Self.parse(contents)

        var passed = 0
        var failures: [String] = []
        for testCase in cases {
            let actions = LineBreakOpportunities.compute(testCase.scalars)
            XCTAssertEqual(actions.last, .mandatory, "line \(testCase.lineNumber): LB3")
            let breaks = actions.map { $0 != .prohibited }
            if breaks == testCase.breaks {
                passed += 1
            } else if failures.count < 20 {
                let got = zip(testCase.scalars, breaks)
                    .map { String($0.0, radix: 16, uppercase: true) + ($0.1 ? " ÷" : " ×") }
                    .joined(separator: " ")
                failures.append("line \(testCase.lineNumber): \(testCase.text)\n    got: × \(got)")
            }
        }
        print("UAX #14 conformance: \(passed)/\(cases.count) lines passed")
        XCTAssertGreaterThan(cases.count, 7000, "the test file looks truncated")
        XCTAssertEqual(passed, cases.count, "failing lines (first 20):\n" + failures.joined(separator: "\n"))
    }

    private static func parse(_ contents: String) throws -> [Case] {
        var cases: [Case] = []
        for (offset, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [UInt32] = []
            var breaks: [Bool] = []
            // Token 0 is the (never-break) start of text; then code points and marks alternate.
            for token in tokens.dropFirst() {
                switch token {
                case "÷": breaks.append(true)
                case "×": breaks.append(false)
                default:
                    scalars.append(try XCTUnwrap(UInt32(token, radix: 16), "line \(offset + 1): bad code point \(token)"))
                }
            }
            XCTAssertEqual(scalars.count, breaks.count, "line \(offset + 1) is malformed")
            cases.append(Case(lineNumber: offset + 1, text: String(text), scalars: scalars, breaks: breaks))
        }
        return cases
    }
}
