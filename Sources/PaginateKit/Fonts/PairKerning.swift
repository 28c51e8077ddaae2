/// A face's pair kerning in thousandths of an em: each pair is asked of HarfBuzz once, then cached.
///
/// Values are converted like the width table (`designUnits * 1000 / unitsPerEm`, truncated toward
/// zero), so a kerned advance is an integer in the same unit as every other advance and the PDF
/// can place each glyph exactly where the engine measured it.
///
/// The cache is dense for the first 255 distinct BMP code points that meet in a pair — any
/// alphabet with its punctuation — so the lookup the line preparation makes for nearly every
/// character is three array reads; pairs involving further code points go to a dictionary.
final class PairKerning {
    private let face: HarfBuzzFace
    private let unitsPerEm: Int
    // The two tables are raw memory owned (and freed) here rather than arrays: the line
    // preparation reads them for nearly every character, and reads of a class's array properties
    // pay for dynamic exclusivity checks.
    /// A slot (1…255) per BMP code point, 0 until the code point is first looked up.
    private let slots: UnsafeMutablePointer<UInt8>
    /// Values by `leftSlot << 8 | rightSlot`; `unknown` until measured.
    private let dense: UnsafeMutablePointer<Int16>
    private var usedSlots = 0
    /// Values of pairs where a side has no slot, by `left << 32 | right`.
    private var sparse: [UInt64: Int16] = [:]
    /// Marks a pair not yet measured; no real kern comes near it (values are clamped above it).
    private var unknown: Int16 { .min }

    /// Kerning for `face`, or `nil` when the face kerns no pair at all (then nothing is allocated).
    init?(face: HarfBuzzFace) {
        guard face.hasKerning else { return nil }
        self.face = face
        self.unitsPerEm = face.unitsPerEm
        slots = .allocate(capacity: 0x10000)
        slots.initialize(repeating: 0, count: 0x10000)
        dense = .allocate(capacity: 0x10000)
        dense.initialize(repeating: .min, count: 0x10000)
    }

    deinit {
        slots.deallocate()
        dense.deallocate()
    }

    /// The adjustment between `left` and `right` set side by side, in thousandths of an em.
    ///
    /// - Complexity: O(1); the first query of a pair shapes it.
    @inline(__always)
    func value(_ left: UInt32, _ right: UInt32) -> Int {
        if left < 0x10000 && right < 0x10000 {
            let leftSlot = Int(slots[Int(left)])
            let rightSlot = Int(slots[Int(right)])
            if leftSlot != 0 && rightSlot != 0 {
                let cached = dense[leftSlot << 8 | rightSlot]
                if cached != unknown { return Int(cached) }
            }
        }
        return measure(left, right)
    }

    private func measure(_ left: UInt32, _ right: UInt32) -> Int {
        let leftSlot = slot(for: left)
        let rightSlot = slot(for: right)
        let key = UInt64(left) << 32 | UInt64(right)
        if leftSlot == 0 || rightSlot == 0, let known = sparse[key] { return Int(known) }
        let value = Int16(clamping: max(-32_000, face.pairAdjustment(left, right) * 1000 / unitsPerEm))
        if leftSlot != 0 && rightSlot != 0 {
            dense[leftSlot << 8 | rightSlot] = value
        } else {
            sparse[key] = value
        }
        return Int(value)
    }

    private func slot(for scalar: UInt32) -> Int {
        guard scalar < 0x10000 else { return 0 }
        let existing = Int(slots[Int(scalar)])
        if existing != 0 || usedSlots == 255 { return existing }
        usedSlots += 1
        slots[Int(scalar)] = UInt8(usedSlots)
        return usedSlots
    }
}
