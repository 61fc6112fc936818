// swift-tools-version: 6.0
import PackageDescription

/// Settings every example target shares: Swift 6 mode with the upcoming features the style guide asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]

/// The five example apps, their demos, tests and benchmark: a package of their own that depends on
/// Hearth by path, as an app of yours would depend on it, so the root `Package.swift` stays the
/// library's. `make demo-<app>` runs a demo; `make test` builds and tests this package too.
let package = Package(
    name: "HearthExamples",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "roomiefinder-demo", targets: ["roomiefinder-demo"]),
        .executable(name: "worknow-demo", targets: ["worknow-demo"]),
        .executable(name: "giftworld-demo", targets: ["giftworld-demo"]),
        .executable(name: "komunit-demo", targets: ["komunit-demo"]),
        .executable(name: "medspace-demo", targets: ["medspace-demo"]),
        .executable(name: "hearth-bench-apps", targets: ["hearth-bench-apps"]),
    ],
    dependencies: [
        .package(name: "Hearth", path: ".."),
    ],
    targets: [
        // Shared by the example apps: one client of Hearth Auth, and demo narration.
        .target(
            name: "ExampleSupport",
            dependencies: [.product(name: "Hearth", package: "Hearth")],
            path: "Support/Sources/ExampleSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "ExampleSupportTests", dependencies: ["ExampleSupport", .product(name: "Hearth", package: "Hearth"), .product(name: "HearthTesting", package: "Hearth")],
            path: "Support/Tests/ExampleSupportTests", swiftSettings: strictSettings),
        .target(
            name: "RoomieFinder", dependencies: [.product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "RoomieFinder/Sources/RoomieFinder",
            resources: [.copy("Resources/firestore.rules"), .copy("Resources/firestore.indexes.json")], swiftSettings: strictSettings),
        .executableTarget(
            name: "roomiefinder-demo", dependencies: ["RoomieFinder", .product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "RoomieFinder/Sources/roomiefinder-demo", swiftSettings: strictSettings),
        .testTarget(
            name: "RoomieFinderTests", dependencies: ["RoomieFinder", .product(name: "Hearth", package: "Hearth"), .product(name: "HearthTesting", package: "Hearth"), "ExampleSupport"],
            path: "RoomieFinder/Tests/RoomieFinderTests", swiftSettings: strictSettings),
        .target(
            name: "WorkNow", dependencies: [.product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "WorkNow/Sources/WorkNow",
            resources: [.copy("Resources/firestore.rules"), .copy("Resources/firestore.indexes.json")], swiftSettings: strictSettings),
        .executableTarget(
            name: "worknow-demo", dependencies: ["WorkNow", .product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "WorkNow/Sources/worknow-demo", swiftSettings: strictSettings),
        .testTarget(
            name: "WorkNowTests", dependencies: ["WorkNow", .product(name: "Hearth", package: "Hearth"), .product(name: "HearthTesting", package: "Hearth"), "ExampleSupport"],
            path: "WorkNow/Tests/WorkNowTests", swiftSettings: strictSettings),
        .target(
            name: "Giftworld", dependencies: [.product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "Giftworld/Sources/Giftworld",
            resources: [.copy("Resources/firestore.rules")], swiftSettings: strictSettings),
        .executableTarget(
            name: "giftworld-demo", dependencies: ["Giftworld", .product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "Giftworld/Sources/giftworld-demo", swiftSettings: strictSettings),
        .testTarget(
            name: "GiftworldTests", dependencies: ["Giftworld", .product(name: "Hearth", package: "Hearth"), .product(name: "HearthTesting", package: "Hearth"), "ExampleSupport"],
            path: "Giftworld/Tests/GiftworldTests", swiftSettings: strictSettings),
        .target(
            name: "Komunit", dependencies: [.product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "Komunit/Sources/Komunit",
            resources: [.copy("Resources/firestore.rules"), .copy("Resources/firestore.indexes.json")], swiftSettings: strictSettings),
        .executableTarget(
            name: "komunit-demo", dependencies: ["Komunit", .product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "Komunit/Sources/komunit-demo", swiftSettings: strictSettings),
        .testTarget(
            name: "KomunitTests", dependencies: ["Komunit", .product(name: "Hearth", package: "Hearth"), .product(name: "HearthTesting", package: "Hearth"), "ExampleSupport"],
            path: "Komunit/Tests/KomunitTests", swiftSettings: strictSettings),
        .target(
            name: "Medspace", dependencies: [.product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "Medspace/Sources/Medspace",
            resources: [.copy("Resources/firestore.rules"), .copy("Resources/firestore.indexes.json")], swiftSettings: strictSettings),
        .executableTarget(
            name: "medspace-demo", dependencies: ["Medspace", .product(name: "Hearth", package: "Hearth"), "ExampleSupport"],
            path: "Medspace/Sources/medspace-demo", swiftSettings: strictSettings),
        .testTarget(
            name: "MedspaceTests", dependencies: ["Medspace", .product(name: "Hearth", package: "Hearth"), .product(name: "HearthTesting", package: "Hearth"), "ExampleSupport"],
            path: "Medspace/Tests/MedspaceTests", swiftSettings: strictSettings),

        // The example apps' workloads, apart from `hearth-bench` so the engine's benchmarks never build the apps.
        .executableTarget(
            name: "hearth-bench-apps", dependencies: [.product(name: "BenchSupport", package: "Hearth"), .product(name: "Hearth", package: "Hearth"), "Komunit", "Medspace"],
            path: "Bench/Sources/hearth-bench-apps", swiftSettings: strictSettings),
    ]
)
