import FirestoreWire
import Foundation
import HearthCore
import HearthServer

/// The 1-connection batch commit in alternating rounds: each round commits the same documents,
/// into a fresh directory each, through the in-process engine and over one gRPC connection three
/// ways (the client encoding through SwiftProtobuf, encoding straight to bytes, or with requests
/// encoded before timing). The order rotates from round to round, so drift in the machine's disk
/// or load falls on every side alike; each wire row reports its ratio to the engine per round.
enum WireCommitRounds {
    /// One side of a round.
    private enum Side: CaseIterable {
        case engine, swiftProtobuf, direct, preEncoded
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
        var seconds: [Side: [Double]] = [:]
        for round in 0..<max(1, rounds) {
            let directory = root + "/commit-round-\(round)"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let sides = Side.allCases
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
                }
                seconds[side, default: []].append(taken)
            }
        }
        return rows(seconds, documents: ranges.count * WireBenchData.batchSize)
    }

    /// The rows of the rounds: the engine's, then each wire side's with its per-round ratios.
    private static func rows(_ seconds: [Side: [Double]], documents: Int) -> [WireBenchResult] {
        let engine = seconds[.engine] ?? []
        let engineName = name(.engine)
        var results = [WireBenchResult(name: engineName, ops: documents, seconds: engine.min() ?? 0, baseline: nil)]
        for side in Side.allCases where side != .engine {
            let times = seconds[side] ?? []
            // Throughput ratio of a round: the engine's time over the wire's.
            let ratios = zip(engine, times).map { $0 / $1 }
            results.append(WireBenchResult(
                name: name(side), ops: documents, seconds: times.min() ?? 0, baseline: engineName, roundRatios: ratios))
        }
        return results
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
        }
    }
}
