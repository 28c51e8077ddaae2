import Foundation

/// Files of this repository that tests read: everything a test needs lives inside it.
public enum Repository {
    /// The repository's root, found from this file's place in it (`Tests/TestSupport/`), so the
    /// tests find their files in any checkout, wherever it was cloned.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the root
        .standardizedFileURL

    /// A file or folder given by its path from the root, e.g. `Examples/chapter-pages.sh`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The bundled fonts' folder (`Fonts/`).
    public static var fonts: URL { root.appendingPathComponent("Fonts", isDirectory: true) }

    /// The path of a bundled font file, e.g. `DejaVuSerif.ttf`.
    public static func fontPath(_ name: String) -> String {
        fonts.appendingPathComponent(name).path
    }

    /// The bytes of a file of the repository, or an error naming the file that a complete checkout has.
    public static func contents(of url: URL) throws -> Data {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ProcessFailure(
                description: "missing from the checkout: \(url.path) (it is part of the repository; is the clone complete?)")
        }
        return try Data(contentsOf: url)
    }
}
