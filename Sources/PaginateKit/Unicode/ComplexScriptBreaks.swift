/// Line-break opportunities inside runs of the scripts UAX #14 leaves to a dictionary (line
/// break class SA: Thai, Lao, Khmer, Myanmar, Tai Tham, …), which write words without spaces.
///
/// UAX #14 resolves SA to AL (or CM for marks), so a whole Thai sentence would be one unbreakable
/// word. This pass tailors that, as section 8.2 of the annex allows: Thai breaks between the words
/// libthai's dictionary finds; the other SA scripts, for which no dictionary is at hand, may break
/// between any two grapheme clusters, which keeps lines inside their containers at the cost of
/// breaking inside words. Only positions UAX #14 prohibited are opened; none is closed.
enum ComplexScriptBreaks {
    /// What the pass did to a paragraph.
    struct Outcome: Equatable {
        /// SA-class code points of scripts without a dictionary, broken between grapheme clusters.
        var clusterBrokenCharacters = 0
    }

    /// Opens the dictionary or cluster breaks inside every SA run of `scalars`.
    ///
    /// - Parameters:
    ///   - actions: UAX #14's actions, entry i for the position after `scalars[i]`; changed in place.
    ///   - clusterStarts: whether a grapheme cluster starts at each code point; a break is only
    ///     ever opened before a cluster start.
    /// - Complexity: O(*n*) for text without SA characters (one comparison per code point).
    static func apply(to scalars: [UInt32], actions: inout [LineBreakAction], clusterStarts: [Bool]) -> Outcome {
        var outcome = Outcome()
        guard scalars.contains(where: isComplex) else { return outcome }
        var start = 0
        while start < scalars.count {
            guard isComplex(scalars[start]) else { start += 1; continue }
            var end = start + 1
            while end < scalars.count && isComplex(scalars[end]) { end += 1 }
            let run = scalars[start..<end]
            let positions: [Int]
            if isThai(scalars[start]), let thai = ThaiWordBreaker.shared {
                positions = thai.breaks(in: run)
            } else {
                outcome.clusterBrokenCharacters += run.count
                positions = Array(1..<run.count)
            }
            for position in positions {
                let before = start + position - 1
                if clusterStarts[start + position] && actions[before] == .prohibited { actions[before] = .allowed }
            }
            start = end
        }
        return outcome
    }

    /// Whether the code point belongs to line break class SA (Unicode 15.0 `LineBreak.txt`).
    @inline(__always)
    static func isComplex(_ scalar: UInt32) -> Bool {
        guard scalar >= 0x0E01 else { return false }
        switch scalar {
        case 0x0E01...0x0E3A, 0x0E40...0x0E4E, 0x0E81...0x0E82, 0x0E84, 0x0E86...0x0E8A, 0x0E8C...0x0EA3, 0x0EA5,
            0x0EA7...0x0EBD, 0x0EC0...0x0EC4, 0x0EC6, 0x0EC8...0x0ECE, 0x0EDC...0x0EDF, 0x1000...0x103F, 0x1050...0x108F,
            0x109A...0x109F, 0x1780...0x17D3, 0x17D7, 0x17DC...0x17DD, 0x1950...0x196D, 0x1970...0x1974, 0x1980...0x19AB,
            0x19B0...0x19C9, 0x19DA, 0x19DE...0x19DF, 0x1A20...0x1A5E, 0x1A60...0x1A7C, 0x1AA0...0x1AAD, 0xA9E0...0xA9EF,
            0xA9FA...0xA9FE, 0xAA60...0xAAC2, 0xAADB...0xAADF, 0x11700...0x1171A, 0x1171D...0x1172B, 0x1173A...0x1173B,
            0x1173F...0x11746:
            return true
        default:
            return false
        }
    }

    /// Whether an SA code point is Thai, the one SA script libthai has a dictionary for.
    @inline(__always)
    static func isThai(_ scalar: UInt32) -> Bool {
        (0x0E01...0x0E5B).contains(scalar)
    }
}
