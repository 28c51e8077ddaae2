/// A fast 128-bit hash of bytes, for recognising an input or a cache entry again.
///
/// Two independent 64-bit lanes of multiply–rotate mixing over 8-byte words, finished with the
/// length. Not cryptographic: it guards against accidental mismatch (a changed file, a damaged
/// cache entry), which is all a cache key needs.
package struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    /// The two halves of the hash.
    package let high: UInt64, low: UInt64

    /// Hashes a buffer.
    /// - Complexity: O(*n*), several gigabytes per second.
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.init(bytes, seed: 0)
    }

    /// Hashes a buffer together with a small tag (e.g. flags that belong to the bytes' meaning):
    /// equal bytes with different tags hash apart. A zero tag gives the plain hash.
    init(_ bytes: UnsafeRawBufferPointer, seed: UInt64) {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ seed
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ seed &* 0xFF51_AFD7_ED55_8CCD
        let count = bytes.count
        var index = 0
        while index + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            a = (a ^ word) &* 0xFF51_AFD7_ED55_8CCD
            a = (a << 29) | (a >> 35)
            b = (b &+ word) &* 0xC4CE_B9FE_1A85_EC53
            b = (b << 31) | (b >> 33)
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        a = ContentHash.finish(a ^ tail ^ UInt64(count))
        b = ContentHash.finish(b &+ tail &+ UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        high = a
        low = b
    }

    /// Hashes an array of bytes.
    package init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentHash($0) }
    }

    /// Hashes a string's UTF-8 bytes.
    package init(_ string: String) {
        self.init(Array(string.utf8))
    }

    private static func finish(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }

    /// 32 hexadecimal digits.
    package var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }
}
