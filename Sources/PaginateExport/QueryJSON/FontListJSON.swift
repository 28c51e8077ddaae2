import PaginateKit

/// The JSON document of `paginate fonts --json`.
///
/// ```json
/// {"version": 1, "sample": "Aa 永", "fonts": [
///   {"family": "DejaVu Serif", "families": ["DejaVu Serif"], "style": "Book",
///    "font": "DejaVu Serif", "file": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "index": 0,
///    "outlines": "TrueType", "usable": true, "coverage": 0.667, "covered": 2, "total": 3}]}
/// ```
///
/// `font` is the value to pass to `--font` for the face; `coverage` the share of the sample's
/// non-space code points the face has glyphs for (rounded to 0.001; `covered` and `total` are
/// exact), `null` with `covered` and `total` when the file could not be read.
public enum FontListJSON {
    /// One listed face and its coverage of the sample (`nil` when its file could not be read).
    public struct Entry: Sendable {
        /// The face.
        public let face: InstalledFace
        /// Its coverage of the sample.
        public let coverage: SampleCoverage?

        /// Pairs a face with its coverage.
        public init(face: InstalledFace, coverage: SampleCoverage?) {
            self.face = face
            self.coverage = coverage
        }
    }

    /// The whole document, on one line per face.
    public static func document(sample: String, entries: [Entry]) -> String {
        var json = "{\"version\": 1, \"sample\": \(JSONText.string(sample)), \"fonts\": ["
        json += entries.map { "\n  " + record($0) }.joined(separator: ",")
        return json + (entries.isEmpty ? "]}" : "\n]}")
    }

    private static func record(_ entry: Entry) -> String {
        let face = entry.face
        var json = "{\"family\": \(JSONText.string(face.family)), "
        json += "\"families\": [\(face.families.map(JSONText.string).joined(separator: ", "))], "
        json += "\"style\": \(JSONText.string(face.style)), \"font\": \(JSONText.string(face.fontName)), "
        json += "\"file\": \(JSONText.string(face.file.path)), \"index\": \(face.file.faceIndex), "
        json += "\"outlines\": \(JSONText.string(face.outlines.description)), \"usable\": \(face.isUsable), "
        if let coverage = entry.coverage {
            // Rounded down, so that only a face that covers everything reads 1.
            let rounded = (coverage.fraction * 1000).rounded(.down) / 1000
            json += "\"coverage\": \(JSONText.number(rounded)), \"covered\": \(coverage.covered), \"total\": \(coverage.total)}"
        } else {
            json += "\"coverage\": null, \"covered\": null, \"total\": null}"
        }
        return json
    }
}
