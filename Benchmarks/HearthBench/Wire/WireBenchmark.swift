import FirestoreWire
import Foundation
import HearthCore
import HearthServer
import SwiftProtobuf

/// The wire benchmarks: batch commits and point reads through gRPC on loopback, each beside the
/// same work done in-process through `Engine`, and `hearth serve` start-up time against data size.
/// Commit workloads are timed until one query has their documents (deferred index work included);
/// each runs twice, with the client encoding every request as it goes and with requests encoded
/// before timing (the client shares the machine's cores with the server). The 1-connection one
/// also runs in alternating rounds beside the engine (`WireCommitRounds`), a third way with the
/// client encoding straight to bytes instead of through SwiftProtobuf.
package enum WireBenchmark {
    /// How big a run is.
    struct Scale {
        /// Batches of 500 documents committed per workload.
        let batches: Int
        /// Connections (and in-process tasks) of the concurrent-commit workloads.
        let committers: Int
        /// Concurrent clients (and in-process tasks) of the point-read workloads.
        let readers: Int
        /// Point reads per client.
        let getsPerReader: Int
        /// Alternating wire/engine rounds of point reads; each side keeps its best.
        let getRounds: Int
        /// Alternating rounds of the 1-connection commit, in-process and over the wire three ways.
        let commitRounds: Int
        /// Documents in the start-up directory.
        let startupDocuments: Int
        /// Start-ups timed per directory (the median is reported).
        let startupRounds: Int

        /// The full run: 200k documents per commit workload, 1M in the start-up directory.
        static let full = Scale(
            batches: 400, committers: 4, readers: 8, getsPerReader: 25_000, getRounds: 2, commitRounds: 5,
            startupDocuments: 1_000_000, startupRounds: 5)
        /// The quick run: 20k documents per commit workload, 100k in the start-up directory.
        static let quick = Scale(
            batches: 40, committers: 4, readers: 8, getsPerReader: 2_500, getRounds: 2, commitRounds: 5,
            startupDocuments: 100_000, startupRounds: 3)
    }

    /// Runs every wire workload in temporary directories (removed afterwards) and returns the results,
    /// each naming its in-process baseline. `rawCommitBaseline` names a raw-LMDB workload of the same
    /// documents in batches of 500 (e.g. `hearth-bench`'s bulk load) to compare the engine's commits with.
    package static func run(quick: Bool, rawCommitBaseline: String? = nil) async throws -> [WireBenchResult] {
        let scale = quick ? Scale.quick : Scale.full
        let root = NSTemporaryDirectory() + "hearth-wire-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try checkDirectEncoder(batches: scale.batches, database: try DatabaseID(project: "bench"))
        var results = try WireDecodeBenchmark.run(batches: scale.batches, rounds: 3)
        results += try await commitsAndReads(scale: scale, root: root, rawCommitBaseline: rawCommitBaseline)
        results += try await unsyncedCommits(scale: scale, root: root)
        results += try await WireStartupBenchmark.run(
            documents: scale.startupDocuments, rounds: scale.startupRounds, root: root)
        return results
    }

    /// Only the 1-connection Commit in alternating rounds (`WireCommitRounds`), at the run's scale,
    /// in a temporary directory removed afterwards.
    package static func runCommitRounds(quick: Bool) async throws -> [WireBenchResult] {
        let scale = quick ? Scale.quick : Scale.full
        let root = NSTemporaryDirectory() + "hearth-wire-rounds-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let database = try DatabaseID(project: "bench")
        try checkDirectEncoder(batches: scale.batches, database: database)
        let size = WireBenchData.batchSize
        let ranges = (0..<scale.batches).map { $0 * size..<($0 + 1) * size }
        return try await WireCommitRounds.run(ranges: ranges, rounds: scale.commitRounds, root: root, database: database)
    }

    /// The batch-commit and point-read workloads, wire and in-process.
    private static func commitsAndReads(scale: Scale, root: String, rawCommitBaseline: String?) async throws -> [WireBenchResult] {
        let database = try DatabaseID(project: "bench")
        let size = WireBenchData.batchSize
        let ranges = (0..<scale.batches).map { $0 * size..<($0 + 1) * size }
        let documents = scale.batches * size
        let engine = try Engine(directory: root + "/engine")
        defer { engine.close() }
        let (emulator, port) = try await WireBenchEngine.startEmulator(directory: root + "/wire")
        var results: [WireBenchResult] = []
        let names = CommitNames(size: size, committers: scale.committers)
        do {
            for (collection, connections) in [("items", 1), ("batched", scale.committers)] {
                let requests = try ranges.map { range throws(FirestoreError) in
                    try WireBenchData.commitRequest(range, in: collection, database: database)
                }
                let acknowledged = try await WireBenchClient.commit(requests, port: port, connections: connections)
                let wire = acknowledged
                    + (try WireBenchEngine.queryOnce(collection: collection, engine: emulator.engine, database: database))
                let batches = try ranges.map { range throws(FirestoreError) in try WireBenchData.writes(range, in: collection) }
                let local = try await WireBenchEngine.commit(batches, engine: engine, database: database, tasks: connections)
                let single = connections == 1
                results.append(WireBenchResult(
                    name: single ? names.wire : names.wireConcurrent, ops: documents, seconds: wire,
                    baseline: single ? names.engine : names.engineConcurrent))
                results.append(WireBenchResult(
                    name: single ? names.engine : names.engineConcurrent, ops: documents, seconds: local,
                    baseline: single ? rawCommitBaseline : names.engine))
                if single {
                    results.append(WireBenchResult(
                        name: names.acknowledged, ops: documents, seconds: acknowledged, baseline: names.wire))
                }
            }
            results += try await pipelinedCommits(
                ranges: ranges, names: names, engine: engine, emulator: emulator, port: port, database: database)
            results += try await reads(scale: scale, emulator: emulator, port: port, database: database, documents: documents)
        } catch {
            await WireBenchEngine.stop(emulator)
            throw error
        }
        await WireBenchEngine.stop(emulator)
        return results + (try await preEncodedCommits(ranges: ranges, names: names, root: root, database: database))
            + (try await WireCommitRounds.run(ranges: ranges, rounds: scale.commitRounds, root: root, database: database))
    }

    /// Checks, before any workload, that `WireBenchCommitEncoder`'s bytes parse to the very request
    /// the SwiftProtobuf rows send (`batches` batches of 500 documents).
    /// - Throws: `WireBenchFailure` when they differ.
    private static func checkDirectEncoder(batches: Int, database: DatabaseID) throws {
        let size = WireBenchData.batchSize
        for batch in [0, batches - 1] where batch >= 0 {
            let range = batch * size..<(batch + 1) * size
            let direct = try Google_Firestore_V1_CommitRequest(
                serializedBytes: try WireBenchCommitEncoder.commitRequest(range, in: "items", database: database))
            guard direct == (try WireBenchData.commitRequest(range, in: "items", database: database)) else {
                throw WireBenchFailure(description: "the direct encoder's Commit of batch \(batch) differs from SwiftProtobuf's message")
            }
        }
    }

    /// The commit workloads again with every request encoded before the clock starts, into an
    /// emulator of their own: the same collections in the same order as the in-process engine,
    /// so each is compared with the engine committing into a directory of the same size. What
    /// is left between the two is what the server adds (the bench client's encoding is not).
    private static func preEncodedCommits(
        ranges: [Range<Int>], names: CommitNames, root: String, database: DatabaseID
    ) async throws -> [WireBenchResult] {
        try await WireBenchEngine.withEmulator(directory: root + "/wire-encoded") { emulator, port in
            var results: [WireBenchResult] = []
            for (collection, connections) in [("items", 1), ("batched", names.committers)] {
                let encoded = try ranges.map { range in
                    try WireBenchEncodedClient.EncodedCommit(
                        WireBenchData.commitRequest(range, in: collection, database: database))
                }
                let seconds = try await WireBenchEncodedClient.commit(encoded, port: port, connections: connections)
                    + (try WireBenchEngine.queryOnce(collection: collection, engine: emulator.engine, database: database))
                results.append(WireBenchResult(
                    name: names.preEncoded(connections: connections), ops: ranges.count * names.size, seconds: seconds,
                    baseline: connections == 1 ? names.engine : names.engineConcurrent))
            }
            return results
        }
    }

    /// One connection with two commits in flight (the next request is sent before the last is
    /// answered, so the client's encoding and the server's decoding overlap the writer's work),
    /// beside two in-process tasks committing at once: the same overlap without the wire.
    private static func pipelinedCommits(
        ranges: [Range<Int>], names: CommitNames, engine: Engine, emulator: HearthEmulator, port: Int, database: DatabaseID
    ) async throws -> [WireBenchResult] {
        let collection = "pipelined"
        let requests = try ranges.map { range throws(FirestoreError) in
            try WireBenchData.commitRequest(range, in: collection, database: database)
        }
        let wire = try await WireBenchClient.commit(requests, port: port, connections: 1, inFlight: 2)
            + (try WireBenchEngine.queryOnce(collection: collection, engine: emulator.engine, database: database))
        let batches = try ranges.map { range throws(FirestoreError) in try WireBenchData.writes(range, in: collection) }
        let local = try await WireBenchEngine.commit(batches, engine: engine, database: database, tasks: 2)
        let documents = ranges.count * names.size
        return [
            WireBenchResult(name: names.pipelined, ops: documents, seconds: wire, baseline: names.enginePipelined),
            WireBenchResult(name: names.enginePipelined, ops: documents, seconds: local, baseline: names.engine),
        ]
    }

    /// The same batch commits through an emulator started with `--no-sync`, each beside its durable
    /// counterpart: what skipping the per-commit flush buys.
    private static func unsyncedCommits(scale: Scale, root: String) async throws -> [WireBenchResult] {
        let database = try DatabaseID(project: "bench")
        let size = WireBenchData.batchSize
        let ranges = (0..<scale.batches).map { $0 * size..<($0 + 1) * size }
        let names = CommitNames(size: size, committers: scale.committers)
        return try await WireBenchEngine.withEmulator(directory: root + "/unsynced", syncsEachCommit: false) { emulator, port in
            var results: [WireBenchResult] = []
            for (collection, connections) in [("items", 1), ("batched", scale.committers)] {
                let requests = try ranges.map { range throws(FirestoreError) in
                    try WireBenchData.commitRequest(range, in: collection, database: database)
                }
                let seconds = try await WireBenchClient.commit(requests, port: port, connections: connections)
                    + (try WireBenchEngine.queryOnce(collection: collection, engine: emulator.engine, database: database))
                results.append(WireBenchResult(
                    name: "wire Commit, batches of \(size) (gRPC, \(connections) connection\(connections == 1 ? "" : "s"), --no-sync)",
                    ops: ranges.count * size, seconds: seconds,
                    baseline: connections == 1 ? names.wire : names.wireConcurrent))
            }
            return results
        }
    }

    /// Point reads of the committed `items`: 8 gRPC connections, then 8 in-process tasks on the same engine.
    private static func reads(
        scale: Scale, emulator: HearthEmulator, port: Int, database: DatabaseID, documents: Int
    ) async throws -> [WireBenchResult] {
        let perReader = try (0..<scale.readers).map { reader throws(FirestoreError) in
            try WireBenchData.randomIndexes(count: scale.getsPerReader, below: documents, seed: UInt64(reader) + 42)
                .map { index throws(FirestoreError) in try WireBenchData.key(index, in: "items") }
        }
        let requests = perReader.map { keys in keys.map { WireBenchData.getRequest($0, database: database) } }
        let served = try await WireBenchClient.fetchAll(Set(requests.joined().map(\.name)), port: port)
        let engine = emulator.engine
        // Alternating rounds, each side keeping its best: the three share the machine alike.
        let (wire, local, bare) = try await WireTransportBaseline.serving(served) { barePort in
            var best = (wire: Double.infinity, local: Double.infinity, bare: Double.infinity)
            for _ in 0..<scale.getRounds {
                best.wire = min(best.wire, try await WireBenchClient.get(requests, port: port))
                best.local = min(best.local, try await WireBenchEngine.get(perReader, engine: engine, database: database))
                best.bare = min(best.bare, try await WireBenchClient.get(requests, port: barePort))
            }
            return best
        }
        let gets = scale.readers * scale.getsPerReader
        let engineName = "engine getDocument, \(scale.readers) concurrent tasks (in-process)"
        let bareName = "bare gRPC GetDocument from memory, \(scale.readers) concurrent connections (transport limit)"
        return [
            WireBenchResult(
                name: "wire GetDocument, \(scale.readers) concurrent gRPC connections", ops: gets, seconds: wire,
                baseline: bareName),
            WireBenchResult(name: bareName, ops: gets, seconds: bare, baseline: engineName),
            WireBenchResult(name: engineName, ops: gets, seconds: local, baseline: nil),
        ]
    }

    /// The names of the batch-commit workloads.
    private struct CommitNames {
        /// One gRPC connection committing batches one at a time.
        let wire: String
        /// The same batches through `Engine.commit` in-process.
        let engine: String
        /// Several connections committing at once.
        let wireConcurrent: String
        /// Several in-process tasks committing at once.
        let engineConcurrent: String
        /// One connection, timed until the last commit is acknowledged (the others run until a
        /// query has its documents, which includes the deferred index work).
        let acknowledged: String

        /// One connection with two commits in flight.
        let pipelined: String
        /// Two in-process tasks committing at once (the pipelined connection's baseline).
        let enginePipelined: String
        /// The batch size.
        let size: Int
        /// Connections (and in-process tasks) of the concurrent workloads.
        let committers: Int

        /// Batches from `connections` connections whose requests were encoded before timing.
        func preEncoded(connections: Int) -> String {
            "wire Commit, batches of \(size) (gRPC, \(connections) connection\(connections == 1 ? "" : "s"), durable), requests encoded before timing"
        }

        /// The names for batches of `size` and `committers` concurrent committers.
        init(size: Int, committers: Int) {
            wire = "wire Commit, batches of \(size) (gRPC, 1 connection, durable)"
            engine = "engine commit, batches of \(size) (in-process, durable)"
            wireConcurrent = "wire Commit, batches of \(size) (gRPC, \(committers) connections, durable)"
            engineConcurrent = "engine commit, batches of \(size) (in-process, \(committers) tasks, durable)"
            acknowledged = "wire Commit, batches of \(size) (gRPC, 1 connection, durable), acknowledged only"
            pipelined = "wire Commit, batches of \(size) (gRPC, 1 connection, 2 requests in flight, durable)"
            enginePipelined = "engine commit, batches of \(size) (in-process, 2 tasks, durable)"
            self.size = size
            self.committers = committers
        }
    }
}
