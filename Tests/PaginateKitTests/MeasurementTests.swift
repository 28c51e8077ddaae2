import XCTest
@testable import PaginateKit

/// Parsing of page sizes, lengths and margins as people type them.
final class MeasurementTests: XCTestCase {
    private let mm = 72 / 25.4

    private func assertSize(_ text: String, _ width: Double, _ height: Double, accuracy: Double = 1e-6, line: UInt = #line) {
        do {
            let size = try Measurement.pageSize(text)
            XCTAssertEqual(size.width, width, accuracy: accuracy, "'\(text)' width", line: line)
            XCTAssertEqual(size.height, height, accuracy: accuracy, "'\(text)' height", line: line)
        } catch {
            XCTFail("'\(text)' should parse: \(error)", line: line)
        }
    }

    private func assertInvalidSize(_ text: String, line: UInt = #line) {
        do {
            let size = try Measurement.pageSize(text)
            XCTFail("'\(text)' should not parse (got \(size))", line: line)
        } catch {
            XCTAssertEqual(error, .unreadableMeasurement(text: text, kind: .pageSize), line: line)
        }
    }

    func testPageSizeInMillimetres() {
        assertSize("148x210mm", 148 * mm, 210 * mm)
        assertSize("148x210mm", 419.527559, 595.275591)
        assertSize("148mmx210mm", 148 * mm, 210 * mm)
    }

    func testPageSizeInInches() {
        assertSize("6x9in", 432, 648)
        assertSize("8.5x11in", 612, 792)
    }

    func testPageSizeInOtherUnits() {
        assertSize("400x600", 400, 600)
        assertSize("400x600pt", 400, 600)
        assertSize("10x20cm", 10 * 72 / 2.54, 20 * 72 / 2.54)
        assertSize("  400X600  ", 400, 600)
    }

    func testNamedPageSizes() {
        assertSize("a5", 419.528, 595.276)
        assertSize("A5", 419.528, 595.276)
        assertSize("a4", 595.276, 841.89)
        assertSize("letter", 612, 792)
        assertSize("legal", 612, 1008)
        // A5 is 148×210 mm: the name and the measurement agree to the thousandth of a point.
        assertSize("a5", 148 * mm, 210 * mm, accuracy: 1e-3)
    }

    func testInvalidPageSizes() {
        for text in [
            "", "a3", "400", "400x", "x600", "400x600x800", "wide x tall", "400xabc",
            "nanxnan", "infx600", "400x600ft",
        ] {
            assertInvalidSize(text)
        }
    }

    func testLengths() throws {
        XCTAssertEqual(try Measurement.length("36"), 36)
        XCTAssertEqual(try Measurement.length("36pt"), 36)
        XCTAssertEqual(try Measurement.length("0.5in"), 36)
        XCTAssertEqual(try Measurement.length("12.7mm"), 36, accuracy: 1e-9)
        XCTAssertEqual(try Measurement.length("1.27cm"), 36, accuracy: 1e-9)
        XCTAssertEqual(try Measurement.length(" 1IN "), 72)
        for bad in ["", "pt", "abc", "1.2.3", "nan", "inf", "12px"] {
            XCTAssertThrowsError(try Measurement.length(bad), "'\(bad)'") { error in
                guard case LayoutError.unreadableMeasurement = error else { return XCTFail("unexpected \(error)") }
            }
        }
    }

    func testMarginsWithOneValue() throws {
        XCTAssertEqual(try Measurement.margins("36"), EdgeInsets(all: 36))
        XCTAssertEqual(try Measurement.margins("1in"), EdgeInsets(top: 72, right: 72, bottom: 72, left: 72))
        let metric = try Measurement.margins("20mm")
        XCTAssertEqual(metric.top, 20 * mm, accuracy: 1e-9)
        XCTAssertEqual(metric.left, 20 * mm, accuracy: 1e-9)
    }

    func testMarginsWithFourValuesInCSSOrder() throws {
        XCTAssertEqual(try Measurement.margins("10,20,30,40"), EdgeInsets(top: 10, right: 20, bottom: 30, left: 40))
        XCTAssertEqual(try Measurement.margins("1in,0.5in,72,36pt"), EdgeInsets(top: 72, right: 36, bottom: 72, left: 36))
        XCTAssertEqual(
            try Measurement.margins("10, 20, 30, 40"), EdgeInsets(top: 10, right: 20, bottom: 30, left: 40),
            "spaces after commas are allowed")
    }

    func testInvalidMargins() {
        for bad in ["", "10,20", "10,20,30", "10,20,30,40,50", "10,,30,40", "a,b,c,d", "10;20;30;40"] {
            XCTAssertThrowsError(try Measurement.margins(bad), "'\(bad)'") { error in
                guard case LayoutError.unreadableMeasurement = error else { return XCTFail("unexpected \(error)") }
            }
        }
    }

    func testParsedValuesDriveAValidPageSetup() throws {
        let setup = PageSetup(size: try Measurement.pageSize("a5"), margins: try Measurement.margins("15mm"), columns: 2)
        XCTAssertNoThrow(try setup.validate())
        XCTAssertEqual(setup.columnHeight, 595.276 - 30 * mm, accuracy: 1e-6)
        XCTAssertEqual(setup.columnWidth, (419.528 - 30 * mm - 18) / 2, accuracy: 1e-6)
    }
}
