extension PreparedParagraph {
    /// Folds the fonts' pair kerning into `advances`: the adjustment of a pair is added to the
    /// advance of its left code point, so every later step — breaking, runs, caret positions —
    /// measures the kerned text by summing advances, as before.
    ///
    /// A pair is kerned only where the line cannot end between its two code points and where the
    /// PDF can draw them as measured:
    /// - both are drawn with the same font (kerning is a property of one font);
    /// - no line-break opportunity lies between them, so a line that ends at an opportunity never
    ///   carries a kern with the first character of the next line (an emergency break inside a
    ///   word is corrected by the line breaker, `kern(after:)`);
    /// - neither is a space or tab: white space that ends a line hangs past the edge, and a kern
    ///   into it would move the measured end of the line;
    /// - the left one is a grapheme cluster by itself and the right one starts a cluster, so a
    ///   combining mark is never pulled away from its base.
    /// A kern never makes an advance negative.
    ///
    /// - Returns: the adjustment added to each advance, or an empty array when none was.
    /// - Complexity: O(*n*) in the paragraph's code points; a pair the font was never asked about
    ///   is shaped once per font.
    static func kernPairs(
        _ advances: inout [Int32], display: [UInt32], fontIndices: [UInt8], actions: [LineBreakAction],
        clusterStarts: [Bool], fonts: FontChain
    ) -> [Int16] {
        let count = display.count
        guard count > 1 else { return [] }
        var kerns: [Int16] = []
        // One pass per font that kerns (usually only the primary): the table stays bound for the
        // whole loop instead of being fetched, retained and released for every character.
        for (fontIndex, table) in fonts.pairKerning.enumerated() {
            guard let table else { continue }
            let font = UInt8(fontIndex)
            for index in 0..<(count - 1) {
                guard actions[index] == .prohibited, fontIndices[index] == font, fontIndices[index + 1] == font,
                    clusterStarts[index], clusterStarts[index + 1]
                else { continue }
                let left = display[index]
                let right = display[index + 1]
                guard !LineBreaker.isHanging(left), !LineBreaker.isHanging(right) else { continue }
                var kern = table.value(left, right)
                guard kern != 0 else { continue }
                let advance = Int(advances[index])
                kern = max(kern, -advance)
                if kerns.isEmpty { kerns = [Int16](repeating: 0, count: count) }
                kerns[index] = Int16(kern)
                advances[index] = Int32(advance + kern)
            }
        }
        return kerns
    }
}
