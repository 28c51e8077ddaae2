import Foundation
import TestSupport

/// The JSON page map `paginate map` prints, read with `JSONSerialization`.
struct PageMap {
    struct Entry {
        let page: Int
        let start: Int
        let end: Int
        let lines: Int
    }

    let bytes: Int
    let pageCount: Int
    let pages: [Entry]

    init(json: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw ProcessFailure(description: "the page map is not a JSON object")
        }
        func int(_ value: Any?, _ what: String) throws -> Int {
            guard let number = value as? NSNumber else { throw ProcessFailure(description: "page map: '\(what)' is not a number") }
            return number.intValue
        }
        bytes = try int(object["bytes"], "bytes")
        pageCount = try int(object["pageCount"], "pageCount")
        guard let entries = object["pages"] as? [[String: Any]] else { throw ProcessFailure(description: "page map: no 'pages' array") }
        pages = try entries.map {
            Entry(
                page: try int($0["page"], "page"), start: try int($0["start"], "start"),
                end: try int($0["end"], "end"), lines: try int($0["lines"], "lines"))
        }
    }

    /// The 1-based page whose `[start, end)` holds `offset`.
    func page(holding offset: Int) -> Int? {
        pages.first { $0.start <= offset && offset < $0.end }?.page
    }
}
