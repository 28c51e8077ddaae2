import CFuzzDriver

/// Runs libFuzzer's driver with `callback` as the fuzz target.
///
/// Each target exports this under its module's entry-point name (`<Target>_main`), which SwiftPM
/// links as `main`; were it not renamed, libFuzzer's own `main` would run the same callback.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
}
