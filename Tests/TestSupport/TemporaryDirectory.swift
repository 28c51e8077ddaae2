import Foundation

/// Fresh folders under the system's temporary folder, one per use; the caller removes them.
public enum TemporaryDirectory {
    /// Makes a new, empty folder whose name starts with `prefix` (for telling leftovers apart).
    public static func make(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("paginate-tests-\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Names of the files in `folder`, sorted; none when it does not exist.
    public static func contents(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
