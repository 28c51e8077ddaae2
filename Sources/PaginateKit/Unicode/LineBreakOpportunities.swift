/// What UAX #14 allows between two adjacent characters.
enum LineBreakAction: UInt8, Sendable {
    /// No break is allowed here.
    case prohibited
    /// A line may be broken here.
    case allowed
    /// A line must be broken here (after BK, CR, LF, NL, and at the end of text).
    case mandatory
}

/// The default line-break opportunities of UAX #14 (Unicode 15.0, revision 49), rules LB1–LB31.
///
/// Numbers follow the customization of UAX #14 section 8.2, example 7 (the form
/// `LineBreakTest.txt` is written against), and LB28a of Unicode 15.1 is included although no
/// Unicode 15.0 code point has the classes it needs. The pass is linear and allocates nothing
/// besides the result.
enum LineBreakOpportunities {
    /// The action at each position of a text of code points.
    ///
    /// Result has `scalars.count` entries: entry i is the action for the position AFTER scalars[i]
    /// (between i and i+1); the last entry is always `.mandatory` (LB3) — yes, even for empty-ending text.
    static func compute(_ scalars: UnsafeBufferPointer<UInt32>) -> [LineBreakAction] {
        let count = scalars.count
        guard count > 0 else { return [] }
        return [LineBreakAction](unsafeUninitializedCapacity: count) { buffer, initialized in
            var state = LineBreakState(first: scalars[0])
            for index in 1..<count {
                let action = state.continuesWord(scalars[index]) ? .prohibited : state.advance(scalars, index)
                (buffer.baseAddress! + (index - 1)).initialize(to: action)
            }
            (buffer.baseAddress! + (count - 1)).initialize(to: .mandatory)
            initialized = count
        }
    }

    /// The same actions as `compute(_:)`, every position decided by the full rule chain (no
    /// shortcuts); tests compare the two.
    static func computeRuleByRule(_ scalars: [UInt32]) -> [LineBreakAction] {
        guard !scalars.isEmpty else { return [] }
        return scalars.withUnsafeBufferPointer { buffer in
            var state = LineBreakState(first: buffer[0])
            var actions = (1..<buffer.count).map { state.advance(buffer, $0) }
            actions.append(.mandatory)
            return actions
        }
    }

    /// The action at each position of a text of code points; see `compute(_:)` on a buffer.
    static func compute(_ scalars: [UInt32]) -> [LineBreakAction] {
        scalars.withUnsafeBufferPointer { compute($0) }
    }
}

/// What the pair rules need to know about the text before the current position.
///
/// "Item" means a character together with the combining marks and ZWJs LB9 attaches to it;
/// `prev` is the class of the last item after LB9/LB10, `prevRaw` the class of the last code point.
struct LineBreakState {
    /// Marks "no item" (start of text) in `beforeSpaces` and `prevPrev`: LB1 leaves no `XX`.
    private static let none = LineBreakClass.XX
    private static let dottedCircle: UInt32 = 0x25CC

    private var prevRaw: LineBreakClass
    private var prev: LineBreakClass
    private var prevBase: UInt32
    private var prevRecord: UInt16
    private var prevPrev: LineBreakClass = LineBreakState.none
    private var prevPrevBase: UInt32 = 0
    /// The item before the current run of spaces, or `prev` when `prev` is not a space (LB8, LB14–LB17).
    private var beforeSpaces: LineBreakClass
    /// Length of the run of RI items ending at `prev` (LB30a).
    private var regionalIndicators = 0
    /// `prev` ends `NU (NU | SY | IS)*` (LB25).
    private var inNumber = false
    /// `prev` is the CL or CP closing such a number (LB25).
    private var closesNumber = false

    init(first scalar: UInt32) {
        let record = UnicodeTables.record(scalar)
        let raw = LineBreakClass.unpack(record)
        // LB10: a mark at the start of text has no base to attach to.
        let cls: LineBreakClass = (raw == .CM || raw == .ZWJ) ? .AL : raw
        prevRaw = raw
        prev = cls
        prevBase = scalar
        prevRecord = record
        beforeSpaces = cls == .SP ? LineBreakState.none : cls
        regionalIndicators = cls == .RI ? 1 : 0
        inNumber = cls == .NU
    }

    /// Moves past an ASCII letter that follows an ASCII letter, if `scalar` is one, and says so.
    ///
    /// Most of a Latin text is letters inside words. Between two letters (class AL) no rule
    /// LB4–LB31 allows a break (LB28 forbids it), and pushing a letter after a letter changes only
    /// the remembered code points, so this shortcut skips the rule chain with the same result.
    @inline(__always)
    mutating func continuesWord(_ scalar: UInt32) -> Bool {
        guard prev == .AL, prevRaw == .AL, (scalar | 0x20) &- 0x61 < 26, prevBase < 0x80,
            (prevBase | 0x20) &- 0x61 < 26
        else { return false }
        prevPrev = .AL
        prevPrevBase = prevBase
        prevBase = scalar
        return true
    }

    /// Decides the position before `scalars[index]` and moves past that code point.
    @inline(__always)
    mutating func advance(_ scalars: UnsafeBufferPointer<UInt32>, _ index: Int) -> LineBreakAction {
        let scalar = scalars[index]
        let record = UnicodeTables.record(scalar)
        let raw = LineBreakClass.unpack(record)
        if raw == .CM || raw == .ZWJ {
            switch prev {
            case .BK, .CR, .LF, .NL, .SP, .ZW:
                break
            default:
                // LB9: the mark joins the previous item, which keeps its class. Rules LB4–LB8a
                // cannot allow a break here, since prev is none of the classes they break after.
                prevRaw = raw
                return .prohibited
            }
        }
        let action = decide(raw, record, scalars, index)
        push(raw, record, scalar)
        return action
    }

    private mutating func push(_ raw: LineBreakClass, _ record: UInt16, _ scalar: UInt32) {
        let cls: LineBreakClass = (raw == .CM || raw == .ZWJ) ? .AL : raw
        regionalIndicators = cls == .RI ? (prev == .RI ? regionalIndicators + 1 : 1) : 0
        let wasInNumber = inNumber
        switch cls {
        case .NU: inNumber = true
        case .SY, .IS: break
        default: inNumber = false
        }
        closesNumber = wasInNumber && (cls == .CL || cls == .CP)
        if cls == .SP {
            if prev != .SP { beforeSpaces = prev }
        } else {
            beforeSpaces = cls
        }
        prevPrev = prev
        prevPrevBase = prevBase
        prevRaw = raw
        prev = cls
        prevBase = scalar
        prevRecord = record
    }

    /// The rules in order, for a code point that starts a new item (LB9 already handled).
    @inline(__always)
    private func decide(
        _ raw: LineBreakClass, _ record: UInt16, _ scalars: UnsafeBufferPointer<UInt32>, _ index: Int
    ) -> LineBreakAction {
        // LB4, LB5
        switch prev {
        case .BK, .LF, .NL: return .mandatory
        case .CR: return raw == .LF ? .prohibited : .mandatory
        default: break
        }
        switch raw {
        case .BK, .CR, .LF, .NL, .SP, .ZW: return .prohibited  // LB6, LB7
        default: break
        }
        if prev == .ZW || (prev == .SP && beforeSpaces == .ZW) { return .allowed }  // LB8
        if prevRaw == .ZWJ { return .prohibited }  // LB8a
        // LB10: a mark that did not attach stands alone as AL.
        let next: LineBreakClass = (raw == .CM || raw == .ZWJ) ? .AL : raw
        return decideFromLB11(next, record, scalars, index)
    }

    @inline(__always)
    private func decideFromLB11(
        _ next: LineBreakClass, _ record: UInt16, _ scalars: UnsafeBufferPointer<UInt32>, _ index: Int
    ) -> LineBreakAction {
        if next == .WJ || prev == .WJ { return .prohibited }  // LB11
        if prev == .GL { return .prohibited }  // LB12
        if next == .GL && prev != .SP && prev != .BA && prev != .HY { return .prohibited }  // LB12a
        switch next {
        case .CL, .CP, .EX, .IS, .SY: return .prohibited  // LB13
        default: break
        }
        // LB14–LB17 look through spaces; beforeSpaces equals prev when prev is not a space.
        if beforeSpaces == .OP { return .prohibited }
        if beforeSpaces == .QU && next == .OP { return .prohibited }
        if (beforeSpaces == .CL || beforeSpaces == .CP) && next == .NS { return .prohibited }
        if beforeSpaces == .B2 && next == .B2 { return .prohibited }
        if prev == .SP { return .allowed }  // LB18
        if next == .QU || prev == .QU { return .prohibited }  // LB19
        if next == .CB || prev == .CB { return .allowed }  // LB20
        switch next {
        case .BA, .HY, .NS: return .prohibited  // LB21
        default: break
        }
        if prev == .BB { return .prohibited }  // LB21
        if prevPrev == .HL && (prev == .HY || prev == .BA) { return .prohibited }  // LB21a
        if prev == .SY && next == .HL { return .prohibited }  // LB21b
        if next == .IN { return .prohibited }  // LB22
        if prev.isAlphabetic && next == .NU { return .prohibited }  // LB23
        if prev == .NU && next.isAlphabetic { return .prohibited }  // LB23
        if prev == .PR && next.isIdeographicOrEmoji { return .prohibited }  // LB23a
        if prev.isIdeographicOrEmoji && next == .PO { return .prohibited }  // LB23a
        if prev.isNumericAffix && next.isAlphabetic { return .prohibited }  // LB24
        if prev.isAlphabetic && next.isNumericAffix { return .prohibited }  // LB24
        if numberContinues(next, scalars, index) { return .prohibited }  // LB25
        return decideFromLB26(next, record, scalars, index)
    }

    /// LB25 as the regular expression of UAX #14 section 8.2, example 7:
    /// `(PR | PO)? (OP | HY)? NU (NU | SY | IS)* (CL | CP)? (PR | PO)?`.
    @inline(__always)
    private func numberContinues(
        _ next: LineBreakClass, _ scalars: UnsafeBufferPointer<UInt32>, _ index: Int
    ) -> Bool {
        switch (prev, next) {
        case (.PR, .NU), (.PO, .NU), (.OP, .NU), (.HY, .NU):
            return true
        case (.PR, .OP), (.PR, .HY), (.PO, .OP), (.PO, .HY):
            return LineBreakState.nextItemClass(scalars, after: index) == .NU
        default:
            break
        }
        if inNumber {
            switch next {
            case .NU, .SY, .IS, .CL, .CP, .PR, .PO: return true
            default: return false
            }
        }
        return closesNumber && next.isNumericAffix
    }

    @inline(__always)
    private func decideFromLB26(
        _ next: LineBreakClass, _ record: UInt16, _ scalars: UnsafeBufferPointer<UInt32>, _ index: Int
    ) -> LineBreakAction {
        switch (prev, next) {  // LB26
        case (.JL, .JL), (.JL, .JV), (.JL, .H2), (.JL, .H3),
            (.JV, .JV), (.JV, .JT), (.H2, .JV), (.H2, .JT),
            (.JT, .JT), (.H3, .JT):
            return .prohibited
        default:
            break
        }
        if prev.isKorean && next == .PO { return .prohibited }  // LB27
        if prev == .PR && next.isKorean { return .prohibited }  // LB27
        if prev.isAlphabetic && next.isAlphabetic { return .prohibited }  // LB28
        if aksaraContinues(next, scalars, index) { return .prohibited }  // LB28a
        if prev == .IS && next.isAlphabetic { return .prohibited }  // LB29
        // LB30: only parentheses that are not East Asian wide, full or half width glue.
        if (prev.isAlphabetic || prev == .NU) && next == .OP && !LineBreakState.isEastAsianFWH(record) {
            return .prohibited
        }
        if prev == .CP && !LineBreakState.isEastAsianFWH(prevRecord) && (next.isAlphabetic || next == .NU) {
            return .prohibited
        }
        if prev == .RI && next == .RI && regionalIndicators % 2 == 1 { return .prohibited }  // LB30a
        if next == .EM && (prev == .EB || LineBreakState.isUnassignedPictographic(prevRecord)) {
            return .prohibited  // LB30b
        }
        return .allowed  // LB31
    }

    /// LB28a: no break inside a Brahmic orthographic syllable.
    @inline(__always)
    private func aksaraContinues(
        _ next: LineBreakClass, _ scalars: UnsafeBufferPointer<UInt32>, _ index: Int
    ) -> Bool {
        let nextBase = scalars[index]
        let nextIsAksara = LineBreakState.isAksara(next, nextBase)
        if prev == .AP && nextIsAksara { return true }
        guard LineBreakState.isAksara(prev, prevBase) else {
            // (AK | ◌ | AS) VI × (AK | ◌)
            return prev == .VI && LineBreakState.isAksara(prevPrev, prevPrevBase)
                && (next == .AK || nextBase == LineBreakState.dottedCircle)
        }
        if next == .VF || next == .VI { return true }
        return nextIsAksara && LineBreakState.nextItemClass(scalars, after: index) == .VF
    }

    @inline(__always)
    private static func isAksara(_ cls: LineBreakClass, _ base: UInt32) -> Bool {
        cls == .AK || cls == .AS || base == dottedCircle
    }

    /// The class of the next item after the one starting at `index`, skipping the marks LB9
    /// attaches to it; `none` at the end of text.
    private static func nextItemClass(_ scalars: UnsafeBufferPointer<UInt32>, after index: Int) -> LineBreakClass {
        var k = index + 1
        while k < scalars.count {
            let cls = LineBreakClass.of(scalars[k])
            if cls != .CM && cls != .ZWJ { return cls }
            k += 1
        }
        return none
    }

    @inline(__always)
    private static func isEastAsianFWH(_ record: UInt16) -> Bool {
        (record >> 6) & 3 != 0
    }

    @inline(__always)
    private static func isUnassignedPictographic(_ record: UInt16) -> Bool {
        record & 0x200 != 0
    }
}

extension LineBreakClass {
    @inline(__always)
    static func unpack(_ record: UInt16) -> LineBreakClass {
        // The generator only emits raw values of existing cases.
        unsafeBitCast(UInt8(truncatingIfNeeded: record & 0x3F), to: LineBreakClass.self)
    }

    @inline(__always)
    var isAlphabetic: Bool { self == .AL || self == .HL }

    @inline(__always)
    var isNumericAffix: Bool { self == .PR || self == .PO }

    @inline(__always)
    var isIdeographicOrEmoji: Bool { self == .ID || self == .EB || self == .EM }

    @inline(__always)
    var isKorean: Bool {
        switch self {
        case .JL, .JV, .JT, .H2, .H3: return true
        default: return false
        }
    }
}
