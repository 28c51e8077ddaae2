import XCTest
@testable import PaginateKit

/// `offset(at:onPage:)`: a point on a glyph cluster answers that cluster; points beside, above and
/// below the text snap to the nearest line and insertion point.
final class QueryHitTestingTests: XCTestCase {
    /// The centre of every cluster box (between consecutive caret stops, at the middle of the line
    /// box) answers an offset inside the cluster's bytes; a point a quarter into the cluster answers
    /// its start exactly, and three quarters into it the next insertion point (every third cluster).
    func testCentreOfEveryClusterHitsThatCluster() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            var clusters = 0
            var misses: [String: Int] = [:]
            func fail(_ kind: String, _ message: @autoclosure () -> String) {
                misses[kind, default: 0] += 1
                if misses[kind]! <= 3 { XCTFail("\(c.name): \(message())") }
            }
            for number in c.fewPages {
                for line in layout.lines(onPage: number) {
                    let stops = QueryGeometry.pageStops(line)
                    XCTAssertFalse(stops.isEmpty, "\(c.name): a line without caret stops on page \(number)")
                    XCTAssertEqual(stops.map(\.offset), stops.map(\.offset).sorted(), "\(c.name): caret stops out of order")
                    XCTAssertEqual(stops.map(\.x), stops.map(\.x).sorted(), "\(c.name): caret stops out of order")
                    let y = QueryGeometry.midY(line.rect)
                    if stops.count == 1 {
                        // A blank line: anywhere on it is its only insertion point.
                        XCTAssertEqual(
                            layout.offset(at: Point(x: line.rect.minX + 20, y: y), onPage: number), stops[0].offset,
                            "\(c.name): blank line on page \(number)")
                        continue
                    }
                    for i in 0..<(stops.count - 1) {
                        let left = stops[i], right = stops[i + 1]
                        let width = right.x - left.x
                        // Zero-width clusters have no box to hit, and white space hanging past the
                        // column's edge is not drawn (`QueryRectsTests` checks that it stays inside).
                        guard width > 1e-6, right.x <= line.containerFrame.maxX + 1e-6 else { continue }
                        clusters += 1
                        let cluster = left.offset..<right.offset
                        let centre = layout.offset(at: Point(x: left.x + width / 2, y: y), onPage: number)
                        if !(centre.map(cluster.contains) ?? false) {
                            fail(
                                "centre",
                                "centre of cluster \(cluster) on page \(number) (line \(line.lineNumber), x \(left.x)..<\(right.x)) gave \(String(describing: centre))"
                            )
                        }
                        guard i % 3 == 0 else { continue }
                        let quarter = layout.offset(at: Point(x: left.x + width / 4, y: y), onPage: number)
                        if quarter != left.offset {
                            fail(
                                "quarter",
                                "a quarter into cluster \(cluster) on page \(number) gave \(String(describing: quarter)), expected \(left.offset)"
                            )
                        }
                        let threeQuarters = layout.offset(at: Point(x: left.x + width * 3 / 4, y: y), onPage: number)
                        if threeQuarters != right.offset {
                            fail(
                                "three quarters",
                                "three quarters into cluster \(cluster) on page \(number) gave \(String(describing: threeQuarters)), expected \(right.offset)"
                            )
                        }
                    }
                }
            }
            XCTAssertGreaterThan(clusters, 0, c.name)
            for (kind, count) in misses.sorted(by: { $0.key < $1.key }) {
                XCTFail("\(c.name): \(kind): \(count) of \(clusters) clusters missed")
            }
        }
    }

    /// Points beside the text snap to the line at that height: left of it to the line's first
    /// insertion point, right of it to an insertion point after its drawn text.
    func testPointsBesideALineSnapToItsEnds() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            let page = layout.settings.page
            for number in c.samplePages {
                let lines = layout.lines(onPage: number)
                let lastColumn = page.columns - 1
                for line in lines {
                    let stops = QueryGeometry.pageStops(line)
                    let y = QueryGeometry.midY(line.rect)
                    // Left: in the margin for the first column, just left of the column otherwise
                    // (still nearer to it than to the column before).
                    let leftX = line.column == 0 ? 0 : line.containerFrame.minX - 1
                    XCTAssertEqual(
                        layout.offset(at: Point(x: leftX, y: y), onPage: number), stops.first?.offset,
                        "\(c.name): left of line \(line.lineNumber) on page \(number)")
                    XCTAssertEqual(
                        layout.offset(at: Point(x: line.rect.minX - 0.5, y: y), onPage: number), stops.first?.offset,
                        "\(c.name): just left of line \(line.lineNumber) on page \(number)")
                    // Right: past the column's right edge (in the gutter, nearer this column than
                    // the next, or beyond the page): an insertion point at or after the end of the
                    // line's drawn text.
                    let trailing = stops.filter { $0.x >= line.rect.maxX - 1e-6 }.map(\.offset)
                    var rightXs = [line.containerFrame.maxX + 1]
                    if line.column == lastColumn { rightXs += [page.size.width + 5, page.size.width + 1000] }
                    for x in rightXs {
                        let got = layout.offset(at: Point(x: x, y: y), onPage: number)
                        XCTAssertTrue(
                            got.map(trailing.contains) ?? false,
                            "\(c.name): x \(x) right of line \(line.lineNumber) (bytes \(line.fragment.range)) on page \(number) gave \(String(describing: got)), expected one of \(trailing)"
                        )
                    }
                }
            }
        }
    }

    /// Points above the text snap to the first line of the column, points below it to the last;
    /// horizontally they keep the insertion point nearest to their x.
    func testPointsAboveAndBelowTheTextSnapToTheFirstAndLastLine() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            for number in c.samplePages {
                let lines = layout.lines(onPage: number)
                guard !lines.isEmpty else { continue }
                for column in Set(lines.map(\.column)) {
                    let inColumn = lines.filter { $0.column == column }
                    for (line, y) in [
                        (inColumn.first!, -50.0), (inColumn.first!, inColumn.first!.containerFrame.minY - 0.5),
                        (inColumn.last!, inColumn.last!.rect.maxY + 0.5),
                        (inColumn.last!, layout.settings.page.size.height + 50),
                    ] {
                        let stops = QueryGeometry.pageStops(line)
                        // Aim at each insertion point that stands apart from its neighbours.
                        for (k, stop) in stops.enumerated() {
                            let previous = k > 0 ? stops[k - 1].x : -Double.infinity
                            let next = k + 1 < stops.count ? stops[k + 1].x : Double.infinity
                            guard stop.x - previous > 1e-6, next - stop.x > 1e-6,
                                stop.x <= line.containerFrame.maxX
                            else { continue }
                            XCTAssertEqual(
                                layout.offset(at: Point(x: stop.x, y: y), onPage: number), stop.offset,
                                "\(c.name): page \(number), column \(column), y \(y), x of insertion point \(stop.offset)")
                        }
                        if stops.count > 0, column == 0 {
                            XCTAssertEqual(
                                layout.offset(at: Point(x: -10, y: y), onPage: number), stops.first!.offset,
                                "\(c.name): corner of page \(number), y \(y)")
                        }
                    }
                }
            }
            XCTAssertNil(layout.offset(at: Point(x: 50, y: 50), onPage: 0), c.name)
            XCTAssertNil(layout.offset(at: Point(x: 50, y: 50), onPage: layout.pageCount + 1), c.name)
        }
    }
}
