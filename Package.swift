// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "paginate",
    products: [
        .library(name: "PaginateKit", targets: ["PaginateKit"]),
        .library(name: "PaginateExport", targets: ["PaginateExport"]),
        .executable(name: "paginate", targets: ["paginate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only for `swift package generate-documentation` (DocC); nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // C libraries, each wrapped by exactly one Swift type.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // The font subsetter the PDF writer embeds fonts with (libharfbuzz-subset).
        .systemLibrary(
            name: "CHarfBuzzSubset",
            pkgConfig: "harfbuzz-subset",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CHaru",
            providers: [.apt(["libhpdf-dev"])]
        ),
        .systemLibrary(
            name: "CThai",
            pkgConfig: "libthai",
            providers: [.apt(["libthai-dev"])]
        ),
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev", "hyphen-en-us"])]
        ),

        // The layout engine: storage → paragraphs → line breaking → container chain.
        .target(
            name: "PaginateKit",
            dependencies: ["CFreeType", "CHarfBuzz", "CHyphen", "CFontconfig", "CThai", "CFriBidi"]
        ),

        // Exports of a finished layout: PDF, text spreads, JSON page maps.
        .target(
            name: "PaginateExport",
            dependencies: ["PaginateKit", "CHaru", "CHarfBuzzSubset"]
        ),

        // The command-line tool: parsing only; the work happens in the libraries.
        .executableTarget(
            name: "paginate",
            dependencies: [
                "PaginateKit",
                "PaginateExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // What every test target shares: the one process runner (time-bounded, output captured),
        // the repository's files (corpus, fonts) and the `paginate` binary under test. Only the
        // test targets depend on it; it is no product.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),

        .testTarget(
            name: "PaginateKitTests",
            dependencies: ["PaginateKit", "TestSupport"]
        ),
        .testTarget(
            name: "PaginateExportTests",
            dependencies: ["PaginateExport", "PaginateKit", "TestSupport"],
            exclude: ["Snapshots", "Samples"]
        ),
        .testTarget(
            name: "PaginateCLITests",
            dependencies: ["PaginateKit", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
