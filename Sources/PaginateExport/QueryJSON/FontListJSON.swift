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
///
/// With a sample given on purpose, `characters` follows `sample`: each character of it (white
/// space aside) and the face that draws it, `null` `font` and `file` when nothing covers it:
///
/// ```json
/// "characters": [{"character": "א", "codePoints": ["U+05D0"], "font": "Noto Serif Hebrew",
///   "file": "/usr/share/fonts/truetype/noto/NotoSerifHebrew-Regular.ttf", "index": 0, "fallback": true}]
/// ```
package enum FontListJSON {
    /// One character of the sample and the face that draws it.
    package struct CharacterEntry: Sendable {
        /// The character and where its face comes from.
        package let source: CharacterSource
        /// The family of the face that draws it, `nil` when nothing covers it.
        package let family: String?
        /// The face's file, `nil` when nothing covers it.
        package let file: FontFile?

        /// Pairs a character with the face (`nil`: none) that draws it.
        package init(source: CharacterSource, font: Font?) {
            self.source = source
            self.family = font?.familyName
            self.file = font.map { FontFile(path: $0.path, faceIndex: $0.faceIndex) }
        }

        /// The code points as `U+05D0`.
        package var codePoints: [String] {
            source.scalars.map { scalar in
                let hex = String(scalar, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
    }

    /// One listed face and its coverage of the sample (`nil` when its file could not be read).
    package struct Entry: Sendable {
        /// The face.
        package let face: InstalledFace
        /// Its coverage of the sample.
        package let coverage: SampleCoverage?

        /// Pairs a face with its coverage.
        package init(face: InstalledFace, coverage: SampleCoverage?) {
            self.face = face
            self.coverage = coverage
        }
    }

    /// The whole document, on one line per face (and per character, with `characters`).
    package static func document(sample: String, entries: [Entry], characters: [CharacterEntry]? = nil) -> String {
        var json = "{\"version\": 1, \"sample\": \(JSONText.string(sample)), "
        if let characters {
            json += "\"characters\": [" + characters.map { "\n  " + record($0) }.joined(separator: ",")
            json += characters.isEmpty ? "], " : "\n], "
        }
        json += "\"fonts\": ["
        json += entries.map { "\n  " + record($0) }.joined(separator: ",")
        return json + (entries.isEmpty ? "]}" : "\n]}")
    }

    private static func record(_ entry: CharacterEntry) -> String {
        var json = "{\"character\": \(JSONText.string(entry.source.character)), "
        json += "\"codePoints\": [\(entry.codePoints.map(JSONText.string).joined(separator: ", "))], "
        json +=
            "\"font\": \(entry.family.map(JSONText.string) ?? "null"), \"file\": \(entry.file.map { JSONText.string($0.path) } ?? "null"), "
        json += "\"index\": \(entry.file.map { "\($0.faceIndex)" } ?? "null"), \"fallback\": \(entry.source.isFallback)}"
        return json
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
