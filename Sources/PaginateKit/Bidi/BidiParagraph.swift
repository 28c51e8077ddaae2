import CFriBidi

/// The Unicode Bidirectional Algorithm (UAX #9) for one paragraph, computed by FriBidi: the
/// resolved embedding level of each code point, and the visual order of any line of it.
///
/// Lines are broken in logical order; only then is each line reordered for display (rules L1–L2),
/// so line breaking, page maps and every query keep working in logical byte offsets. The value
/// is immutable and shared by the threads that lay a paragraph's lines out.
struct BidiParagraph: Sendable {
    /// The paragraph embedding level: 0 left to right, 1 right to left.
    let baseLevel: UInt8
    /// The resolved level of each code point before line-level rule L1.
    let levels: [UInt8]
    /// FriBidi's bidi class of each code point, which line reordering needs again.
    private let types: [FriBidiCharType]

    /// Whether the paragraph runs right to left.
    var isRightToLeft: Bool { baseLevel & 1 == 1 }

    /// Resolves the levels of `scalars`, or returns `nil` when the whole paragraph is left to
    /// right at level 0 and reordering would change nothing (no right-to-left character, no
    /// explicit embedding, direction not forced to right to left) — the common case, which costs
    /// one scan.
    init?(_ scalars: [UInt32], direction: TextDirection) {
        guard !scalars.isEmpty, direction == .rightToLeft || scalars.contains(where: BidiParagraph.mayNeedReordering)
        else { return nil }
        let count = Int32(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var rawLevels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var base: FriBidiParType
        switch direction {
        case .auto: base = paginate_fribidi_par_on()
        case .leftToRight: base = paginate_fribidi_par_ltr()
        case .rightToLeft: base = paginate_fribidi_par_rtl()
        }
        fribidi_get_bidi_types(scalars, count, &types)
        fribidi_get_bracket_types(scalars, count, types, &brackets)
        let maximum = fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, &rawLevels)
        // FriBidi fails only when it cannot allocate; a left-to-right paragraph is then the safe reading.
        guard maximum > 0 else { return nil }
        let levels = rawLevels.map { UInt8(clamping: Int($0)) }
        let baseLevel: UInt8 = base == paginate_fribidi_par_rtl() ? 1 : 0
        if baseLevel == 0 && levels.allSatisfy({ $0 == 0 }) { return nil }
        self.baseLevel = baseLevel
        self.levels = levels
        self.types = types
    }

    /// The code points of `range` (one line) in visual order, left to right, with the level of
    /// each after rule L1 (trailing white space back at the paragraph level), indexed like the
    /// paragraph.
    ///
    /// Marks are not moved after their bases (FriBidi's `REORDER_NSM`): runs are shaped, and the
    /// shaper places marks on their bases in either direction.
    /// - Complexity: O(*n*) in the line's length (times its deepest level).
    func visualOrder(of range: Range<Int>) -> (order: [Int], levels: [UInt8]) {
        guard !range.isEmpty else { return ([], []) }
        var lineLevels = levels[range].map { FriBidiLevel(bitPattern: $0) }
        var map = Array(Int32(range.lowerBound)..<Int32(range.upperBound))
        let base = isRightToLeft ? paginate_fribidi_par_rtl() : paginate_fribidi_par_ltr()
        types.withUnsafeBufferPointer { all in
            _ = fribidi_reorder_line(
                0, all.baseAddress! + range.lowerBound, Int32(range.count), 0, base,
                &lineLevels, nil, &map)
        }
        var after = levels
        for (offset, level) in lineLevels.enumerated() { after[range.lowerBound + offset] = UInt8(bitPattern: level) }
        return (map.map(Int.init), after)
    }

    /// The mirrored form of a character drawn right to left (`(` → `)`), or the character itself.
    static func mirrored(_ scalar: UInt32) -> UInt32 {
        var result: FriBidiChar = scalar
        return fribidi_get_mirror_char(scalar, &result) != 0 ? result : scalar
    }

    /// Whether a code point may make a paragraph other than plain left to right: a right-to-left
    /// script (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, …, and their presentation forms)
    /// or an explicit directional format character.
    @inline(__always)
    static func mayNeedReordering(_ scalar: UInt32) -> Bool {
        guard scalar >= 0x0590 else { return false }
        switch scalar {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
            0x061C, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}
