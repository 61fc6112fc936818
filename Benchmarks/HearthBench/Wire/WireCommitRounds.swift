import FirestoreWire
import Foundation
import HearthCore
import HearthServer
import SwiftProtobuf

/// The 1-connection batch commit in alternating rounds: each round commits the same documents,
/// into a fresh directory each, through the in-process engine and over one gRPC connection three
/// ways (the client encoding through SwiftProtobuf, encoding straight to bytes, or with requests
/// encoded before timing) to an emulator in this process, and two of those ways to a `hearth serve`
/// process (when its binary is at hand). One more side times the SwiftProtobuf encoding alone: the
/// engine's time plus it is the least any server could take for that client. The order rotates from
/// round to round, so drift in the machine's disk or load falls on every side alike; each wire row
/// reports its ratio to the engine per round.
enum WireCommitRounds {
    /// One side of a round.
    private enum Side: CaseIterable {
        case engine, swiftProtobuf, direct, preEncoded, swiftProtobufEncodingAlone
        case serveSwiftProtobuf, servePreEncoded

        /// Whether the side needs a `hearth serve` binary.
        var needsServe: Bool { self == .serveSwiftProtobuf || self == .servePreEncoded }
    }

    /// Runs `rounds` rounds of `ranges` (batches of 500) into directories under `root`, each
    /// removed after its round; returns the engine's row and the three wire rows, whose seconds
    /// are each side's best round.
    static func run(ranges: [Range<Int>], rounds: Int, root: String, database: DatabaseID) async throws -> [WireBenchResult] {
        let collection = "items"
        let requests = try ranges.map { range throws(FirestoreError) in
            try WireBenchData.commitRequest(range, in: collection, database: database)
        }
        let encoded = try requests.map { try WireBenchEncodedClient.EncodedCommit($0) }
        let direct = ranges.map { WireBenchEncodedClient.DirectCommit(range: $0, collection: collection, database: database) }
        let batches = try ranges.map { range throws(FirestoreError) in try WireBenchData.writes(range, in: collection) }
        let serve = WireServeProcess.binary()
        if serve == nil {
            print("hearth-bench: no executable `hearth` (HEARTH_BIN if set, else beside hearth-bench): the `hearth serve` rows are left out")
        }
        let sides = Side.allCases.filter { !$0.needsServe || serve != nil }
        var seconds: [Side: [Double]] = [:]
        for round in 0..<max(1, rounds) {
            let directory = root + "/commit-round-\(round)"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let first = round % sides.count
            for side in sides[first...] + sides[..<first] {
                let place = directory + "/\(side)"
                let taken: Double
                switch side {
                case .engine:
                    let engine = try Engine(directory: place)
                    defer { engine.close() }
                    taken = try await WireBenchEngine.commit(batches, engine: engine, database: database, tasks: 1)
                case .swiftProtobuf:
                    taken = try await overWire(place, collection: collection, database: database) { port in
                        try await WireBenchClient.commit(requests, port: port, connections: 1)
                    }
                case .direct:
                    taken = try await overWire(place, collection: collection, database: database) { port in
                        try await WireBenchEncodedClient.commitEncodingDirectly(direct, port: port, connections: 1)
                    }
                case .preEncoded:
                    taken = try await overWire(place, collection: collection, database: database) { port in
                        try await WireBenchEncodedClient.commit(encoded, port: port, connections: 1)
                    }
                case .swiftProtobufEncodingAlone:
                    taken = try encodingAlone(requests)
                case .serveSwiftProtobuf, .servePreEncoded:
                    taken = try await WireServeProcess.withServe(binary: serve ?? "", directory: place) { port in
                        let commits = side == .servePreEncoded
                            ? try await WireBenchEncodedClient.commit(encoded, port: port, connections: 1)
                            : try await WireBenchClient.commit(requests, port: port, connections: 1)
                        return commits + (try await WireBenchClient.queryOnce(collection: collection, database: database, port: port))
                    }
                }
                seconds[side, default: []].append(taken)
            }
        }
        return rows(seconds, documents: ranges.count * WireBenchData.batchSize)
    }

    /// Encodes every request as grpc-swift-protobuf's serializer does, and returns the seconds it took.
    private static func encodingAlone(_ requests: [Google_Firestore_V1_CommitRequest]) throws -> Double {
        let start = WireStopwatch.now()
        var bytes = 0
        for request in requests {
            let encoded: [UInt8] = try request.serializedBytes()
            bytes += encoded.count
        }
        let taken = WireStopwatch.seconds(since: start)
        guard bytes > 0 else { throw WireBenchFailure(description: "the requests encoded to nothing") }
        return taken
    }

    /// The rows of the rounds: the engine's, then each wire side's with its per-round ratios. The
    /// encoding-alone side's row is the engine's time plus that encoding, round by round: the
    /// SwiftProtobuf client's ceiling, against which its two wire rows are reported once more.
    private static func rows(_ seconds: [Side: [Double]], documents: Int) -> [WireBenchResult] {
        let engine = seconds[.engine] ?? []
        var totals = seconds
        if let encoding = seconds[.swiftProtobufEncodingAlone] {
            totals[.swiftProtobufEncodingAlone] = zip(engine, encoding).map { $0 + $1 }
        }
        var results = [WireBenchResult(name: name(.engine), ops: documents, seconds: engine.min() ?? 0, baseline: nil)]
        for side in Side.allCases where side != .engine {
            guard let times = totals[side] else { continue }
            results.append(row(name(side), times, against: .engine, totals, documents: documents))
        }
        guard totals[.swiftProtobufEncodingAlone] != nil else { return results }
        for side in [Side.swiftProtobuf, .serveSwiftProtobuf] where totals[side] != nil {
            results.append(row(
                name(side) + ", against the SwiftProtobuf client's ceiling", totals[side] ?? [],
                against: .swiftProtobufEncodingAlone, totals, documents: documents))
        }
        return results
    }

    /// A row of `times` (one a round) named `name`, compared round by round with `baseline`'s times.
    private static func row(
        _ name: String, _ times: [Double], against baseline: Side, _ totals: [Side: [Double]], documents: Int
    ) -> WireBenchResult {
        // Throughput ratio of a round: the baseline's time over this row's.
        let ratios = zip(totals[baseline] ?? [], times).map { $0 / $1 }
        return WireBenchResult(
            name: name, ops: documents, seconds: times.min() ?? 0, baseline: Self.name(baseline), roundRatios: ratios)
    }

    /// Starts an emulator over `directory`, runs `commits` against its port, waits for one query
    /// to find the documents, and stops it; returns the seconds of the commits and the query.
    private static func overWire(
        _ directory: String, collection: String, database: DatabaseID, commits: (Int) async throws -> Double
    ) async throws -> Double {
        try await WireBenchEngine.withEmulator(directory: directory) { emulator, port in
            try await commits(port)
                + (try WireBenchEngine.queryOnce(collection: collection, engine: emulator.engine, database: database))
        }
    }

    /// The stable name of a side's row.
    private static func name(_ side: Side) -> String {
        let size = WireBenchData.batchSize
        switch side {
        case .engine: return "engine commit, batches of \(size) (in-process, durable), alternating rounds"
        case .swiftProtobuf: return "wire Commit, batches of \(size) (gRPC, 1 connection, durable), alternating rounds"
        case .direct:
            return "wire Commit, batches of \(size) (gRPC, 1 connection, durable), client encoding straight to bytes, alternating rounds"
        case .preEncoded:
            return "wire Commit, batches of \(size) (gRPC, 1 connection, durable), requests encoded before timing, alternating rounds"
        case .swiftProtobufEncodingAlone:
            return "wire Commit, batches of \(size), SwiftProtobuf client's ceiling (engine time + the client's encoding alone), alternating rounds"
        case .serveSwiftProtobuf:
            return "wire Commit, batches of \(size) (gRPC, 1 connection, durable), hearth serve process, alternating rounds"
        case .servePreEncoded:
            return "wire Commit, batches of \(size) (gRPC, 1 connection, durable), hearth serve process, requests encoded before timing, alternating rounds"
        }
    }
}
