import Foundation

/// The books of `Corpus/` that the tests lay out.
///
/// They are part of the repository. A missing file is an error, never a skip: a skip would let a
/// broken checkout pass with the corpus tests silently left out.
public enum Corpus: String, CaseIterable, Sendable {
    /// Pride and Prejudice, Project Gutenberg's plain text (about 720 KB).
    case prideAndPrejudice = "pride-and-prejudice"
    /// The Diamond Sutra in Chinese, which the bundled fallback font draws.
    case diamondSutra = "diamond-sutra"

    /// The corpus folder (`Corpus/`).
    public static var folder: URL { Repository.root.appendingPathComponent("Corpus", isDirectory: true) }

    /// The book's file.
    public var url: URL { Corpus.folder.appendingPathComponent("\(rawValue).txt") }

    /// The book's bytes, or an error saying where the file was expected.
    public func bytes() throws -> Data {
        try Repository.contents(of: url)
    }

    /// The layout options every end-to-end corpus test uses.
    public static let options = ["--page", "400x600", "--margin", "36", "--size", "11"]
}
