import XCTest
@testable import PaginateKit

/// The grapheme fast path must agree with Swift's Unicode segmentation wherever it is taken.
final class ClusterFastPathTests: XCTestCase {
    func testEverySimpleCodePointStandsAloneNextToEveryKindOfSimpleNeighbour() {
        // One representative per grapheme-break class that occurs among the simple code points:
        // Other (a, space, 。, 一, —), control (tab), LV (가), LVT (각), Extended_Pictographic (©, ™).
        let neighbours: [UInt32] = [0x61, 0x20, 0x3002, 0x4E00, 0x2014, 0x09, 0xAC00, 0xAC01, 0xA9, 0x2122, 0xFFFD]
        var checked = 0
        for scalar in UInt32(0)...0xFFFF where PreparedParagraph.startsEveryCluster(scalar) {
            for neighbour in neighbours {
                for pair in [[scalar, neighbour], [neighbour, scalar]] {
                    let starts = PreparedParagraph.segmentedClusterStarts(of: pair)
                    if starts != [true, true] {
                        XCTFail(String(format: "U+%04X next to U+%04X forms one cluster", pair[0], pair[1]))
                        return
                    }
                }
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 40_000)
    }

    func testTextWithMarksTakesTheSegmentation() {
        let scalars: [UInt32] = [0x65, 0x301, 0x61, 0x200D, 0x62]
        XCTAssertEqual(PreparedParagraph.clusterStarts(of: scalars), [true, false, true, false, true])
    }
}
