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
        .library(name: "HearthServer", targets: ["HearthServer"]),
        .executable(name: "hearth", targets: ["hearth"]),
        .executable(name: "roomiefinder-demo", targets: ["roomiefinder-demo"]),
        .executable(name: "hearth-bench", targets: ["HearthBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
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
        .target(
            name: "HearthServer",
            dependencies: [
                "HearthCore", "HearthRules",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "hearth", dependencies: ["Hearth", "HearthCore", "HearthServer"], swiftSettings: strictSettings),
        .target(
            name: "RoomieFinder", dependencies: ["Hearth", "HearthCore"],
            path: "Examples/RoomieFinder/Sources/RoomieFinder", swiftSettings: strictSettings),
        .executableTarget(
            name: "roomiefinder-demo", dependencies: ["RoomieFinder", "Hearth", "HearthCore"],
            path: "Examples/RoomieFinder/Sources/roomiefinder-demo", swiftSettings: strictSettings),
        .testTarget(
            name: "RoomieFinderTests", dependencies: ["RoomieFinder", "Hearth", "HearthCore"],
            path: "Examples/RoomieFinder/Tests/RoomieFinderTests", swiftSettings: strictSettings),
        .testTarget(
            name: "HearthServerTests",
            dependencies: ["HearthServer", "HearthCore", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "HearthBench",
            dependencies: ["Hearth", "HearthCore", "HearthRules", "HearthServer", "LMDB"],
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
