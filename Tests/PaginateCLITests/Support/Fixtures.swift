import Foundation

/// The texts of `Corpus/` that the end-to-end tests lay out.
enum Corpus: String, CaseIterable {
    case prideAndPrejudice = "pride-and-prejudice"
    case diamondSutra = "diamond-sutra"

    /// The package root, found from this file: `Tests/PaginateCLITests/Support/`.
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: "\(#filePath)")
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    /// The corpus folder of the repository (`Corpus/`).
    static let folder = repositoryRoot.appendingPathComponent("Corpus", isDirectory: true)

    var url: URL { Corpus.folder.appendingPathComponent("\(rawValue).txt") }

    /// The file's bytes, or an error saying where the corpus was expected.
    func bytes() throws -> Data {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ProcessFailure(description: "corpus file missing: expected \(url.standardizedFileURL.path) (the Corpus folder of the repository)")
        }
        return try Data(contentsOf: url)
    }

    /// The layout options every corpus test uses.
    static let options = ["--page", "400x600", "--margin", "36", "--size", "11"]
}

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
            Entry(page: try int($0["page"], "page"), start: try int($0["start"], "start"),
                  end: try int($0["end"], "end"), lines: try int($0["lines"], "lines"))
        }
    }

    /// The 1-based page whose `[start, end)` holds `offset`.
    func page(holding offset: Int) -> Int? {
        pages.first { $0.start <= offset && offset < $0.end }?.page
    }
}

/// Text compared the way a reader sees it: the characters drawn, in order, white space aside.
enum VisibleText {
    /// The Unicode scalars of `text` that are not white space (form feeds included).
    static func of(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { !$0.properties.isWhitespace }
    }

    /// What a source text should look like once drawn: no white space, no byte-order mark, no
    /// control characters (the engine draws none of them).
    static func expected(fromSource text: String) -> [Unicode.Scalar] {
        of(text).filter { $0 != "\u{FEFF}" && $0.properties.generalCategory != .control }
    }

    /// `nil` when equal, else where the sequences first differ, with context on both sides.
    static func firstDifference(expected: [Unicode.Scalar], actual: [Unicode.Scalar], context: Int = 40) -> String? {
        if expected == actual { return nil }
        let limit = min(expected.count, actual.count)
        var index = 0
        while index < limit, expected[index] == actual[index] { index += 1 }
        func excerpt(_ scalars: [Unicode.Scalar]) -> String {
            let from = max(0, index - context)
            let to = min(scalars.count, index + context)
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[from..<index])
            text.append(contentsOf: "⟦".unicodeScalars)
            text.append(contentsOf: scalars[index..<to])
            return String(text)
        }
        return "first difference at visible character \(index) (expected \(expected.count) characters, got \(actual.count)):\n"
            + "  expected: …\(excerpt(expected))…\n"
            + "  actual:   …\(excerpt(actual))…"
    }
}

/// A folder that holds a test's files and is removed afterwards.
extension TemporaryDirectory {
    /// Names of the files in `folder`, sorted.
    static func contents(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
