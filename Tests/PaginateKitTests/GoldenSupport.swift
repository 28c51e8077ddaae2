import Foundation
import XCTest

/// A 64-bit FNV-1a digest, computed here rather than taken from the engine so that a change in the
/// engine's own hashing can never hide a change in its output.
struct GoldenDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }

    mutating func add(_ number: Int) {
        withUnsafeBytes(of: Int64(number).littleEndian) { add($0) }
    }

    /// A length in points, to a millionth of a point: fine enough for any real change to show,
    /// coarse enough that the last bit of a reordered sum does not.
    mutating func add(_ points: Double) {
        add(Int((points * 1_000_000).rounded()))
    }

    mutating func add(_ flag: Bool) {
        add(flag ? 1 : 0)
    }

    mutating func add(_ text: String) {
        add(text.utf8.count)
        add(text.utf8)
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The recorded digests of a golden file: one `key digest` per line, sorted by key.
///
/// Set `PAGINATE_RECORD_GOLDEN=1` to write the digests a test computes into the file; the test
/// then fails, so a recording is never mistaken for a passing run.
enum GoldenFile {
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // PaginateKitTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Golden").appendingPathComponent(name)
    }

    static func read(_ name: String) -> [String: String] {
        guard let text = try? String(contentsOf: url(name), encoding: .utf8) else { return [:] }
        var entries: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            entries[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return entries
    }

    /// Compares `computed` with the file, or records it when asked to.
    static func check(
        _ computed: [(key: String, digest: String)], in name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var recorded = read(name)
        if ProcessInfo.processInfo.environment["PAGINATE_RECORD_GOLDEN"] != nil {
            for entry in computed { recorded[entry.key] = entry.digest }
            let header = "# key digest: written by the golden tests with PAGINATE_RECORD_GOLDEN=1\n"
            let body = recorded.keys.sorted().map { "\($0) \(recorded[$0]!)\n" }.joined()
            try FileManager.default.createDirectory(at: url(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            try (header + body).write(to: url(name), atomically: true, encoding: .utf8)
            XCTFail(
                "recorded \(computed.count) digests into Tests/Golden/\(name); run again without PAGINATE_RECORD_GOLDEN",
                file: file, line: line)
            return
        }
        for entry in computed {
            guard let expected = recorded[entry.key] else {
                XCTFail("no recorded digest for \(entry.key) in Tests/Golden/\(name)", file: file, line: line)
                continue
            }
            XCTAssertEqual(entry.digest, expected, "\(entry.key) changed", file: file, line: line)
        }
    }
}
