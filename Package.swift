// swift-tools-version: 6.0
import PackageDescription

/// Settings every Hearth target shares: Swift 6 mode with the upcoming features the style guide asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Hearth",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LMDB", targets: ["LMDB"]),
        .library(name: "HearthCore", targets: ["HearthCore"]),
        .executable(name: "hearth", targets: ["hearth"]),
        .executable(name: "hearth-bench", targets: ["HearthBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLMDB",
            pkgConfig: "lmdb",
            providers: [.apt(["liblmdb-dev"])]
        ),
        .target(name: "LMDB", dependencies: ["CLMDB"], swiftSettings: strictSettings),
        .target(name: "HearthCore", dependencies: ["LMDB"], swiftSettings: strictSettings),
        .executableTarget(name: "hearth", dependencies: ["HearthCore"], swiftSettings: strictSettings),
        .executableTarget(
            name: "HearthBench",
            dependencies: ["HearthCore", "LMDB"],
            path: "Benchmarks/HearthBench",
            swiftSettings: strictSettings
        ),
        .testTarget(name: "LMDBTests", dependencies: ["LMDB"], swiftSettings: strictSettings),
        .testTarget(
            name: "HearthCoreTests",
            dependencies: ["HearthCore", "LMDB"],
            resources: [],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
