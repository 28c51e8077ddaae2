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
