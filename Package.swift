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
        .library(name: "HearthRules", targets: ["HearthRules"]),
        .library(name: "Hearth", targets: ["Hearth"]),
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
        .target(name: "HearthRules", dependencies: ["HearthCore"], swiftSettings: strictSettings),
        .target(name: "Hearth", dependencies: ["HearthCore", "HearthRules"], swiftSettings: strictSettings),
        .executableTarget(name: "hearth", dependencies: ["Hearth", "HearthCore"], swiftSettings: strictSettings),
        .executableTarget(
            name: "HearthBench",
            dependencies: ["Hearth", "HearthCore", "HearthRules", "LMDB"],
            path: "Benchmarks/HearthBench",
            swiftSettings: strictSettings
        ),
        .target(
            name: "HearthTestSupport", dependencies: ["HearthCore"], path: "Tests/HearthTestSupport",
            swiftSettings: strictSettings),
        .testTarget(
            name: "HearthTests", dependencies: ["Hearth", "HearthCore", "HearthTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(name: "LMDBTests", dependencies: ["LMDB"], swiftSettings: strictSettings),
        .testTarget(
            name: "HearthRulesTests", dependencies: ["HearthRules", "HearthCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "HearthCoreTests",
            dependencies: ["HearthCore", "LMDB", "HearthTestSupport"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
