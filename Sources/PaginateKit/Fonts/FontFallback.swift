import Dispatch

/// Finds an installed font, through fontconfig, for a character that no font of a chain covers.
///
/// The answer for a character depends only on the character, the style it is set in, the kind
/// (serif, sans-serif, monospace) of the chain's primary font and the installed fonts — never on
/// which characters were asked about before or on which thread — so layouts stay deterministic.
/// Each answer is found once and kept; one instance serves many chains on many threads.
///
/// fontconfig is loaded on the first question, so text that every font of the chain covers never
/// pays for it. Among the faces that have glyphs for every code point of the character, the first
/// is taken by, in order: its kind (the chain's own first, then a face whose name tells no kind,
/// such as Symbola), its slant and weight (those of the style), TrueType
/// outlines before others, normal width, then fontconfig's own order of preference for the kind.
/// A face `Font` cannot open (CFF outlines, today) is passed over.
// Unchecked because of its mutable caches (and the fontconfig catalog, a C handle): every one of
// them is only read and written under `lock`.
public final class FontFallback: @unchecked Sendable {
    /// The fallback every font chain uses unless told otherwise: one per process, so the installed
    /// fonts are listed and each character looked up once however many chains ask.
    public static let system = FontFallback()

    /// What is asked: the code points to draw, the style and the kind of the text around them.
    private struct Request: Hashable {
        let scalars: [UInt32]
        let style: FontStyle
        let kind: GenericFamily
    }

    /// A ranking of the candidates: one per kind of text and style.
    private struct Preference: Hashable {
        let kind: GenericFamily
        let style: FontStyle
    }

    /// Guards everything below: callers come from several threads.
    private let lock = DispatchSemaphore(value: 1)
    private var catalog: FontCatalog?
    private var catalogUnavailable = false
    private var rankings: [Preference: [FallbackCandidate]] = [:]
    private var answers: [Request: FontFile?] = [:]
    private var openable: [FontFile: Bool] = [:]
    private var kinds: [String: GenericFamily] = [:]

    /// A fallback with its own lookups (tests use one to start from nothing); most callers want `system`.
    public init() {}

    /// The installed face that draws every one of `scalars` — one grapheme cluster, without the
    /// variation selectors and joiners that no font need map — in `style`, beside text set in
    /// `primary`; `nil` when no installed face `Font` can open covers them all, or fontconfig
    /// cannot be loaded.
    public func face(for scalars: [UInt32], style: FontStyle, beside primary: Font) -> FontFile? {
        lock.wait()
        defer { lock.signal() }
        guard !scalars.isEmpty, let catalog = loadedCatalog() else { return nil }
        let request = Request(scalars: scalars, style: style, kind: kind(of: primary, in: catalog))
        if let known = answers[request] { return known }
        let answer = search(request, in: catalog)
        answers[request] = answer
        return answer
    }

    /// The installed fonts, listed on first use; `nil` when fontconfig cannot load its configuration.
    private func loadedCatalog() -> FontCatalog? {
        if let catalog { return catalog }
        guard !catalogUnavailable else { return nil }
        do {
            let loaded = try FontCatalog()
            catalog = loaded
            return loaded
        } catch {
            catalogUnavailable = true
            return nil
        }
    }

    /// The kind of `font`'s family: by its name and spacing, else as the font configuration files
    /// it, else serif (the kind of book faces).
    private func kind(of font: Font, in catalog: FontCatalog) -> GenericFamily {
        if let known = kinds[font.familyName] { return known }
        let kind =
            GenericFamily(familyName: font.familyName, isMonospace: font.isFixedPitch)
            ?? catalog.configuredGenericFamily(of: font.familyName) ?? .serif
        kinds[font.familyName] = kind
        return kind
    }

    private func search(_ request: Request, in catalog: FontCatalog) -> FontFile? {
        for candidate in ranking(Preference(kind: request.kind, style: request.style), in: catalog)
        where catalog.covers(candidate, request.scalars) && canOpen(candidate.face.file) {
            return candidate.face.file
        }
        return nil
    }

    /// Whether `Font` opens the face; each file is tried once.
    private func canOpen(_ file: FontFile) -> Bool {
        if let known = openable[file] { return known }
        let opens = (try? Font(path: file.path, faceIndex: file.faceIndex)) != nil
        openable[file] = opens
        return opens
    }

    /// Every candidate in the order a character set in `preference` tries them.
    private func ranking(_ preference: Preference, in catalog: FontCatalog) -> [FallbackCandidate] {
        if let known = rankings[preference] { return known }
        let (weight, slant) = FontFallback.target(of: preference.style)
        let candidates = catalog.fallbackCandidates(preferring: preference.kind)
        // Sort keys computed once per candidate; the catalog's position breaks every tie.
        let keyed = candidates.map { candidate -> ([Int], FallbackCandidate) in
            let face = candidate.face
            let slantDistance = face.slant == slant ? 0 : (slant != 0 && face.slant != 0 ? 1 : 2)
            let key = [
                preference.kind.distance(to: candidate.kind), slantDistance, abs(face.weight - weight),
                face.outlines == .trueType ? 0 : 1, abs(face.width - 100), candidate.position,
            ]
            return (key, candidate)
        }
        let ranked = keyed.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
        rankings[preference] = ranked
        return ranked
    }

    /// fontconfig's weight and slant for a style: 80 regular, 200 bold; 0 roman, 100 italic.
    private static func target(of style: FontStyle) -> (weight: Int, slant: Int) {
        switch style {
        case .regular: (80, 0)
        case .bold: (200, 0)
        case .italic: (80, 100)
        case .boldItalic: (200, 100)
        }
    }
}
