import HearthCore
import HearthServer
import Logging

/// The in-process baselines: the same work through `Engine` directly, and the emulator's lifecycle.
enum WireBenchEngine {
    /// Commits `batches` through `engine` from `tasks` concurrent tasks (each its share, one at a time)
    /// and queries them once (`queryOnce`); returns seconds.
    static func commit(_ batches: [[Write]], engine: Engine, database: DatabaseID, tasks: Int) async throws -> Double {
        let shares = WireBenchClient.deal(batches, into: tasks)
        let collection = batches.first?.first?.key.collectionID ?? ""
        let committed = try await WireStopwatch.time {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for share in shares {
                    group.addTask {
                        for writes in share {
                            let result = try await engine.commit(writes, in: database)
                            guard result.writeResults.count == writes.count else {
                                throw WireBenchFailure(description: "commit returned \(result.writeResults.count) results")
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }.1
        return committed + (try queryOnce(collection: collection, engine: engine, database: database))
    }

    /// Runs one indexed query on `collection` (the newest `createdAt`) and returns the seconds it
    /// took: after bulk commits it waits for their deferred index work, so a commit workload timed
    /// up to here is timed until its documents are queryable, not merely acknowledged.
    static func queryOnce(collection: String, engine: Engine, database: DatabaseID) throws -> Double {
        var query = StructuredQuery(collectionID: collection)
        query.orderBy = [QueryOrder(FieldPath(uncheckedSegments: ["createdAt"]), descending: true)]
        query.limit = 1
        let start = WireStopwatch.now()
        guard try engine.runQuery(query, in: database).count == 1 else {
            throw WireBenchFailure(description: "the query after the commits found nothing")
        }
        return WireStopwatch.seconds(since: start)
    }

    /// Reads each task's keys one `getDocument` at a time, all tasks at once; returns seconds.
    static func get(_ perTask: [[DocumentKey]], engine: Engine, database: DatabaseID) async throws -> Double {
        try await WireStopwatch.time {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for keys in perTask {
                    group.addTask {
                        for key in keys where try engine.getDocument(key, in: database) == nil {
                            throw WireBenchFailure(description: "getDocument found no \(key)")
                        }
                    }
                }
                try await group.waitForAll()
            }
        }.1
    }

    /// Starts an emulator on 127.0.0.1 with an ephemeral port over `directory`, durable as `hearth serve`
    /// is unless `syncsEachCommit` is false (`--no-sync`).
    static func startEmulator(directory: String, syncsEachCommit: Bool = true) async throws -> (HearthEmulator, Int) {
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: directory, syncsEachCommit: syncsEachCommit)
        // `hearth serve`'s default level: at `info` every request is a log line, which the
        // figures would measure instead of the server.
        var logger = Logger(label: "hearth-bench-emulator")
        logger.logLevel = .notice
        let emulator = try HearthEmulator(configuration: configuration, logger: logger)
        do {
            return (emulator, try await emulator.start())
        } catch {
            await stop(emulator)
            throw error
        }
    }

    /// Starts an emulator over `directory` (as `startEmulator`), runs `body` with it and its port,
    /// and stops it whether or not `body` throws; returns what `body` returns.
    static func withEmulator<R>(
        directory: String, syncsEachCommit: Bool = true, _ body: (HearthEmulator, Int) async throws -> R
    ) async throws -> R {
        let (emulator, port) = try await startEmulator(directory: directory, syncsEachCommit: syncsEachCommit)
        do {
            let result = try await body(emulator, port)
            await stop(emulator)
            return result
        } catch {
            await stop(emulator)
            throw error
        }
    }

    /// Shuts an emulator down and waits until its data directory is closed.
    static func stop(_ emulator: HearthEmulator) async {
        emulator.shutdown()
        await emulator.waitUntilStopped()
    }
}
