// swift-tools-version:6.0
import PackageDescription

// A separate package that uses PaginateKit the way another project would: as a dependency.
// It points at this checkout by path; elsewhere, depend on the repository's URL instead.
let package = Package(
    name: "PageQueries",
    dependencies: [
        .package(name: "paginate", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "PageQueries",
            dependencies: [.product(name: "PaginateKit", package: "paginate")]
        ),
    ]
)
