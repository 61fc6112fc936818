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
let hearth = Target.Dependency.product(name: "Hearth", package: "Hearth")
let hearthTesting = Target.Dependency.product(name: "HearthTesting", package: "Hearth")

extension Array where Element == Target {
    /// An app's three targets: the library in `<App>/Sources/<App>` (with the files it ships, e.g.
    /// `firestore.rules`, as resources from its `Resources/`), its demo executable and its tests.
    static func app(_ name: String, demo: String, ships files: [String]) -> [Target] {
        [
            .target(
                name: name, dependencies: [hearth, "ExampleSupport"], path: "\(name)/Sources/\(name)",
                resources: files.map { .copy("Resources/\($0)") }, swiftSettings: strictSettings),
            .executableTarget(
                name: demo, dependencies: [.target(name: name), hearth, "ExampleSupport"],
                path: "\(name)/Sources/\(demo)", swiftSettings: strictSettings),
            .testTarget(
                name: "\(name)Tests", dependencies: [.target(name: name), hearth, hearthTesting, "ExampleSupport"],
                path: "\(name)/Tests/\(name)Tests", swiftSettings: strictSettings),
        ]
    }
}

/// The five apps.
let apps: [[Target]] = [
    .app("RoomieFinder", demo: "roomiefinder-demo", ships: ["firestore.rules", "firestore.indexes.json"]),
    .app("WorkNow", demo: "worknow-demo", ships: ["firestore.rules", "firestore.indexes.json"]),
    .app("Giftworld", demo: "giftworld-demo", ships: ["firestore.rules"]),
    .app("Komunit", demo: "komunit-demo", ships: ["firestore.rules", "firestore.indexes.json"]),
    .app("Medspace", demo: "medspace-demo", ships: ["firestore.rules", "firestore.indexes.json"]),
]

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
            dependencies: [hearth],
            path: "Support/Sources/ExampleSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "ExampleSupportTests", dependencies: ["ExampleSupport", hearth, hearthTesting],
            path: "Support/Tests/ExampleSupportTests", swiftSettings: strictSettings),
    ]
    + apps.flatMap { $0 }
    + [
        // The example apps' workloads, apart from `hearth-bench` so the engine's benchmarks never build the apps.
        .executableTarget(
            name: "hearth-bench-apps", dependencies: [.product(name: "BenchSupport", package: "Hearth"), hearth, "Komunit", "Medspace"],
            path: "Bench/Sources/hearth-bench-apps", swiftSettings: strictSettings),
    ]
)
