/// An installed face that may draw characters a font chain lacks, as `FontCatalog` lists it.
struct FallbackCandidate {
    /// The face.
    let face: InstalledFace
    /// The preference list it was found in and its position there, where the catalog keeps its
    /// character set.
    let list: GenericFamily
    let position: Int

    /// The face's kind by its name and spacing, `nil` when they do not tell.
    var kind: GenericFamily? { GenericFamily(familyName: face.family, isMonospace: face.isMonospace) }
}
