import FuzzSupport
import PaginateKit

/// libFuzzer entry point for the engine: arbitrary bytes and small settings through the layout
/// manager, four ways (with runs, without runs, stopped at an offset, as a page map broken on
/// worker threads), checked by `Invariants`.
///
/// Built with `-parse-as-library` (see `Scripts/fuzz.sh`): libFuzzer supplies `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let fuzzCase = FuzzCase(UnsafeRawBufferPointer(start: start, count: count))
    let fonts = FuzzFonts.chain(for: fuzzCase)
    let manager = fuzzCase.manager(fonts: fonts)
    let storage = TextStorage(bytes: fuzzCase.text)
    let full: Layout
    do {
        full = try manager.layout(storage, includeRuns: true)
    } catch {
        // Settings that leave no room for a line are refused, not laid out; the other ways must agree.
        if (try? manager.layout(storage, includeRuns: false)) != nil {
            fatalError("invariant violated: layout with runs failed (\(error)) but without runs succeeded")
        }
        if (try? manager.pageMap(storage, jobs: 1)) != nil {
            fatalError("invariant violated: layout failed (\(error)) but the page map succeeded")
        }
        return 0
    }
    if fuzzCase.expectsRefusal {
        fatalError("invariant violated: an invalid setting was laid out instead of refused: \(fuzzCase.settings.typography)")
    }
    Invariants.dump(full, settings: fuzzCase.settings)
    Invariants.check(full, source: fuzzCase.text, fonts: fonts, exclusions: fuzzCase.exclusions)
    // The two other ways cost as much again; half of the inputs (chosen by the header) take them.
    guard fuzzCase.checksVariants else { return 0 }
    do {
        let withoutRuns = try manager.layout(storage, includeRuns: false)
        let partial = try manager.layout(storage, includeRuns: true, through: fuzzCase.probeOffset)
        Invariants.checkVariants(full, withoutRuns: withoutRuns, partial: partial, offset: fuzzCase.probeOffset)
        let map = try manager.pageMap(storage, jobs: fuzzCase.pageMapJobs)
        Invariants.checkPageMap(map, equals: PageMap(withoutRuns), jobs: fuzzCase.pageMapJobs)
    } catch {
        fatalError("invariant violated: the full layout succeeded but a variant failed: \(error)")
    }
    return 0
}

/// The executable's entry point (see `runFuzzer`).
@_cdecl("FuzzLayout_main")
public func fuzzLayoutMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzLayout($0, $1) }
}
