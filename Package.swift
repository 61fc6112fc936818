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
        .library(name: "HearthRules", targets: ["HearthRules"]),
        .library(name: "Hearth", targets: ["Hearth"]),
        .library(name: "HearthTesting", targets: ["HearthTesting"]),
        .library(name: "HearthServer", targets: ["HearthServer"]),
        .library(name: "HearthAuth", targets: ["HearthAuth"]),
        .executable(name: "hearth", targets: ["hearth"]),
        .executable(name: "hearth-bench", targets: ["HearthBench"]),
        // What the example apps' benchmark (Examples/Package.swift) reports its rows with.
        .library(name: "BenchSupport", targets: ["BenchSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        .systemLibrary(
            name: "CLMDB",
            pkgConfig: "lmdb",
            providers: [.apt(["liblmdb-dev"])]
        ),
        .target(name: "LMDB", dependencies: ["CLMDB"], swiftSettings: strictSettings),
        .target(
            name: "HearthCore", dependencies: ["LMDB", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings),
        .target(
            name: "HearthRules", dependencies: ["HearthCore", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings),
        .target(
            name: "HearthAuth",
            dependencies: ["LMDB", "HearthCore", .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto")],
            swiftSettings: strictSettings),
        .target(name: "Hearth", dependencies: ["HearthCore", "HearthRules", "HearthAuth"], swiftSettings: strictSettings),
        .target(name: "HearthTesting", dependencies: ["Hearth", "HearthCore", "HearthRules"], swiftSettings: strictSettings),
        // Package-level: the generated Firestore v1 messages and stubs plus their mapping to the core's
        // types, shared by the server, the benchmarks and the tests (not a product).
        .target(
            name: "FirestoreWire",
            dependencies: [
                "HearthCore",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
            ],
            swiftSettings: strictSettings),
        .target(
            name: "HearthServer",
            dependencies: [
                "HearthAuth",
                "HearthCore", "HearthRules", "FirestoreWire", "HearthTransfer",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings),
        // Package-level: import and export (Firestore's export format, JSON Lines), streaming.
        .target(
            name: "HearthTransfer",
            dependencies: ["HearthCore", "FirestoreWire", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            swiftSettings: strictSettings),
        .target(
            name: "HearthCLI",
            dependencies: [
                "HearthAuth",
                "Hearth", "HearthCore", "HearthServer", "HearthTransfer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "hearth",
            dependencies: [
                "HearthCLI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings,
            // A release `hearth` packs its relative relocations (lld's RELR): a few KB of table to
            // read at start instead of 3.5 MB. It exports no symbols: the static runtime's link
            // arguments ask for `-export-dynamic`, which put ~52,000 of our symbols in the dynamic
            // table that the loader searches first for every libc symbol. The Makefile also links
            // the Swift runtime statically (`--static-swift-stdlib`). Why: specs/architecture.md,
            // "The process".
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                        "-Xlinker", "--no-export-dynamic",
                    ],
                    .when(platforms: [.linux], configuration: .release))
            ]),
        .testTarget(
            name: "HearthServerTests",
            dependencies: [
                "HearthServer", "HearthCore", "FirestoreWire", "HearthTestSupport",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strictSettings),
        // The wire messages' mapping to the core's types (values, writes, queries, names, the direct decoder).
        .testTarget(
            name: "FirestoreWireTests",
            dependencies: ["FirestoreWire", "HearthCore", "HearthTestSupport", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "HearthAuthTests", dependencies: ["HearthAuth", "Hearth", "HearthTesting"], swiftSettings: strictSettings),
        .testTarget(
            name: "HearthTestingTests", dependencies: ["Hearth", "HearthTesting"], swiftSettings: strictSettings),
        .testTarget(
            name: "HearthCLITests",
            dependencies: [
                "HearthCLI", "HearthServer", "HearthTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "HearthBench",
            dependencies: [
                "Hearth", "HearthCore", "HearthRules", "HearthServer", "FirestoreWire", "LMDB", "HearthTransfer",
                "BenchSupport", "HearthTestSupport",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/HearthBench",
            swiftSettings: strictSettings
        ),
        // Package-level: a benchmark's result row, its timing and its report (shared by both bench executables).
        .target(name: "BenchSupport", path: "Benchmarks/BenchSupport", swiftSettings: strictSettings),
        // A crash-test driver: commits forever and reports each durable commit; tests kill it.
        .executableTarget(
            name: "hearth-write-loop", dependencies: ["HearthCore"], path: "Tests/HearthWriteLoop",
            swiftSettings: strictSettings),
        // The crash-cycle harness: kills `hearth serve` under concurrent gRPC clients and checks what survived.
        .executableTarget(
            name: "hearth-soak",
            dependencies: [
                "FirestoreWire", "HearthTestSupport",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
            ],
            path: "Tests/HearthSoak", swiftSettings: strictSettings),
        // Package-level: the fuzz targets (rules, indexes, paths, resume tokens, JWTs, REST, gRPC). `hearth-fuzz`
        // runs one under libFuzzer in the sanitized build of `make fuzz` (never part of `make test`); in a normal
        // build it only replays inputs, and HearthFuzzTests replays the committed corpus through every target.
        // glibc's malloc statistics for the fuzz package's leak replay (a module map over <malloc.h>).
        .systemLibrary(name: "CMalloc", path: "Fuzz/Sources/CMalloc"),
        .target(
            name: "HearthFuzz",
            dependencies: [
                "HearthCore", "HearthRules", "HearthServer", "FirestoreWire", "CMalloc",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Fuzz/Sources/HearthFuzz", swiftSettings: strictSettings),
        .executableTarget(
            name: "hearth-fuzz", dependencies: ["HearthFuzz"], path: "Fuzz/Sources/hearth-fuzz", swiftSettings: strictSettings),
        .testTarget(
            name: "HearthFuzzTests", dependencies: ["HearthFuzz", "HearthTestSupport"], path: "Fuzz/Tests/HearthFuzzTests",
            swiftSettings: strictSettings),
        .target(
            name: "HearthTestSupport",
            dependencies: ["HearthCore", "FirestoreWire", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            path: "Tests/HearthTestSupport",
            swiftSettings: strictSettings),
        .testTarget(
            name: "HearthTests", dependencies: ["Hearth", "HearthCore", "HearthTesting", "HearthTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "HearthTransferTests",
            dependencies: [
                "HearthTransfer", "HearthCore", "HearthTestSupport", "FirestoreWire",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
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
