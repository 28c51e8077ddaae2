import CThai
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one owner of libthai's word breaker: Thai is written without spaces between words, so
/// where a line may break comes from libthai's dictionary, not from UAX #14's pair table.
///
/// One breaker serves the process. libthai's break search keeps scratch state on the breaker
/// (and older releases in a process-wide pool), so calls are serialised: Thai paragraphs are few
/// and short next to the rest of a layout.
// Unchecked because the libthai breaker is a C pointer: it is made in `init`, freed in `deinit`,
// and every call that uses it in between holds `lock`.
final class ThaiWordBreaker: @unchecked Sendable {
    /// The process's breaker, or `nil` when libthai's dictionary (Debian `libthai-data`) is missing.
    static let shared: ThaiWordBreaker? = ThaiWordBreaker()

    private let breaker: OpaquePointer
    // A mutex must not move: it lives in memory of its own, not in a Swift property.
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    /// Opens libthai's default dictionary; `nil` when it cannot be loaded.
    private init?() {
        // NULL asks for the dictionary libthai was built to find (or LIBTHAI_DICTDIR's).
        guard let breaker = th_brk_new(nil) else { return nil }
        self.breaker = breaker
        lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        th_brk_delete(breaker)
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Positions inside `word` (a run of Thai code points) where a word ends and a line may
    /// break: each is the index of the code point after the break, strictly between 0 and
    /// `word.count`, ascending.
    func breaks(in word: ArraySlice<UInt32>) -> [Int] {
        guard word.count > 1 else { return [] }
        // libthai reads a NUL-terminated wide string; wchar_t is 32-bit on the platforms we build on.
        var text = word.map { wchar_t(bitPattern: $0) }
        text.append(0)
        var positions = [Int32](repeating: 0, count: word.count)
        pthread_mutex_lock(lock)
        let found = th_brk_wc_find_breaks(breaker, text, &positions, positions.count)
        pthread_mutex_unlock(lock)
        guard found > 0 else { return [] }
        return positions.prefix(Int(found)).map(Int.init).filter { $0 > 0 && $0 < word.count }
    }
}
