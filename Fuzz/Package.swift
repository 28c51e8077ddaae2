// swift-tools-version:6.0
//
// libFuzzer targets for paginate. This package is separate from the main one so that `swift build`
// and `swift test` at the repository root never compile it; `Scripts/fuzz.sh` builds it with
// `-sanitize=fuzzer,address` and runs it.
import Foundation
import PackageDescription

// A path dependency is identified by its folder's name, which is whatever the checkout is called.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "paginate-fuzz",
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        // libFuzzer's driver entry point, declared for Swift.
        .target(name: "CFuzzDriver"),
        // Decoding fuzz bytes into settings, and the invariants every layout must satisfy.
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzDriver", .product(name: "PaginateKit", package: mainPackage)]
        ),
        // The engine: arbitrary bytes and small settings through LayoutManager.
        .executableTarget(
            name: "FuzzLayout",
            dependencies: ["FuzzSupport", .product(name: "PaginateKit", package: mainPackage)]
        ),
        // The whole PDF path on small inputs: layout, then PDFRenderer.
        .executableTarget(
            name: "FuzzPDF",
            dependencies: [
                "FuzzSupport",
                .product(name: "PaginateKit", package: mainPackage),
                .product(name: "PaginateExport", package: mainPackage),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
