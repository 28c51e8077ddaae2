import XCTest
@testable import PaginateKit

/// The on-disk page-map cache: round trips, and never trusts a damaged, stale or foreign entry.
final class PageMapCacheTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "paginate-cache-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func sampleMap() throws -> (PageMap, FontChain, LayoutSettings) {
        let settings = UnitSupport.settings(width: 200, height: 200, margin: 10)
        let fonts = try UnitSupport.fonts()
        let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 200)
        let map = try LayoutManager(fonts: fonts, settings: settings).pageMap(TextStorage(text), jobs: 1)
        return (map, fonts, settings)
    }

    func testRoundTrip() throws {
        let (map, fonts, settings) = try sampleMap()
        XCTAssertGreaterThan(map.pageCount, 3)
        let cache = PageMapCache(directory: directory, version: "test")
        let key = cache.key(content: ContentHash("text"), settings: settings, fonts: fonts)
        XCTAssertNil(cache.pageMap(for: key, settings: settings))
        cache.store(map, for: key)
        XCTAssertEqual(cache.pageMap(for: key, settings: settings), map)
    }

    func testKeysDifferBySettingsContentFontsAndVersion() throws {
        let (_, fonts, settings) = try sampleMap()
        let cache = PageMapCache(directory: directory, version: "1")
        let base = cache.key(content: ContentHash("a"), settings: settings, fonts: fonts)
        var other = settings
        other.fontSize = 12
        XCTAssertNotEqual(base, cache.key(content: ContentHash("b"), settings: settings, fonts: fonts))
        XCTAssertNotEqual(base, cache.key(content: ContentHash("a"), settings: other, fonts: fonts))
        XCTAssertNotEqual(
            base, PageMapCache(directory: directory, version: "2").key(content: ContentHash("a"), settings: settings, fonts: fonts))
        let oneFont = FontChain(fonts: [fonts.fonts[0]])
        XCTAssertNotEqual(base, cache.key(content: ContentHash("a"), settings: settings, fonts: oneFont))
    }

    func testDamagedOrTruncatedEntriesAreIgnored() throws {
        let (map, fonts, settings) = try sampleMap()
        let cache = PageMapCache(directory: directory, version: "test")
        let key = cache.key(content: ContentHash("text"), settings: settings, fonts: fonts)
        cache.store(map, for: key)
        let file = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasPrefix("map-") })
        let path = directory + "/" + file
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        for position in [0, 10, 30, original.count / 2, original.count - 1] {
            var damaged = original
            damaged[position] ^= 0x40
            try damaged.write(to: URL(fileURLWithPath: path))
            XCTAssertNil(cache.pageMap(for: key, settings: settings), "a flipped byte at \(position) must be detected")
        }
        for length in [0, 8, original.count - 1] {
            try original.prefix(length).write(to: URL(fileURLWithPath: path))
            XCTAssertNil(cache.pageMap(for: key, settings: settings), "a truncation to \(length) bytes must be detected")
        }
        // Storing again repairs the entry.
        cache.store(map, for: key)
        XCTAssertEqual(cache.pageMap(for: key, settings: settings), map)
    }

    func testFileIdentityIsForgottenWhenTheFileChanges() throws {
        let cache = PageMapCache(directory: directory, version: "test")
        let file = directory + "-input.txt"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data("first".utf8).write(to: URL(fileURLWithPath: file))
        let hash = ContentHash("first")
        XCTAssertNil(cache.contentHash(ofFileAt: file))
        cache.remember(hash, ofFileAt: file)
        XCTAssertEqual(cache.contentHash(ofFileAt: file), hash)
        try Data("other".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertNil(cache.contentHash(ofFileAt: file), "a rewritten file must not keep its old hash")
    }

    func testContentHashSeesEveryByte() {
        let base = [UInt8](repeating: 7, count: 1000)
        let hash = ContentHash(base)
        for position in [0, 7, 8, 500, 999] {
            var changed = base
            changed[position] = 8
            XCTAssertNotEqual(ContentHash(changed), hash, "byte \(position)")
        }
        XCTAssertNotEqual(ContentHash(Array(base.prefix(999))), hash)
        XCTAssertEqual(ContentHash(base), hash)
    }
}
