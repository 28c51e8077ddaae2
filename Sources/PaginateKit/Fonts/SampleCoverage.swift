/// How much of a sample text a face can draw.
package struct SampleCoverage: Hashable, Sendable {
    /// The sample's non-space code points the face has glyphs for.
    package let covered: Int
    /// The sample's non-space code points.
    package let total: Int

    /// The covered share, from 0 to 1 (1 for a sample of spaces only).
    package var fraction: Double { total == 0 ? 1 : Double(covered) / Double(total) }

    /// Counts the code points of `sample`, white space aside, that face `file` has glyphs for.
    ///
    /// Reads only the face's character map, so it also measures faces the layout cannot use (Type 1,
    /// bitmap, variable CFF2).
    /// - Throws: `FontError` when the file cannot be opened as a font.
    package init(of sample: String, in file: FontFile) throws(FontError) {
        let face = try FreeTypeFace(path: file.path, index: file.faceIndex)
        var covered = 0
        var total = 0
        for scalar in sample.unicodeScalars where !scalar.properties.isWhitespace {
            total += 1
            if face.glyphIndex(for: scalar.value) != 0 { covered += 1 }
        }
        self.covered = covered
        self.total = total
    }
}
