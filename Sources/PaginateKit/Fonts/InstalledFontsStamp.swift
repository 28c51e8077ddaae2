#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A fingerprint of the installed fonts that fallback (`FontFallback`) draws from, for cache keys:
/// a layout kept from before a font was installed or removed must not be reused, since it may
/// have drawn characters with other fonts.
///
/// Taken without loading fontconfig, so a cache hit stays cheap: the modification times of the
/// font configuration folder and of fontconfig's cache folders, system and user. Installing or
/// removing fonts rewrites fontconfig's caches (Debian's packages run `fc-cache`; fontconfig
/// itself rewrites a stale cache the next time a program lists the fonts), and a changed
/// configuration changes `conf.d`.
enum InstalledFontsStamp {
    /// The fingerprint now: one `path@seconds.nanoseconds` (or `path@-` when missing) per folder.
    static func current() -> String {
        folders().map { folder in
            var info = stat()
            guard stat(folder, &info) == 0 else { return "\(folder)@-" }
            return "\(folder)@\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }.joined(separator: ",")
    }

    /// The configuration folder, the system cache folder and the user's cache folder.
    static func folders() -> [String] {
        var folders = ["/etc/fonts/conf.d", "/var/cache/fontconfig"]
        if let xdg = getenv("XDG_CACHE_HOME"), xdg.pointee != 0 {
            folders.append(String(cString: xdg) + "/fontconfig")
        } else if let home = getenv("HOME"), home.pointee != 0 {
            folders.append(String(cString: home) + "/.cache/fontconfig")
        }
        return folders
    }
}
