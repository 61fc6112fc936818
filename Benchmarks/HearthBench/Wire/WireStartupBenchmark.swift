import FirestoreWire
import HearthCore
import HearthServer

/// `hearth serve` start-up time: a data directory of many documents beside one holding a single
/// document, each opened by a fresh emulator until it answers a first `GetDocument` over gRPC.
enum WireStartupBenchmark {
    /// Documents per loading commit (non-durable; loading is not what is measured).
    static let loadBatch = 10_000

    /// Loads the directories, times `rounds` start-ups of each (alternating) and reports the medians.
    static func run(documents: Int, rounds: Int, root: String) async throws -> [WireBenchResult] {
        let database = try DatabaseID(project: "bench")
        let big = root + "/startup-big"
        let small = root + "/startup-small"
        let loadSeconds = try await load(documents, into: big, database: database)
        _ = try await load(1, into: small, database: database)
        let probe = WireBenchData.getRequest(try WireBenchData.key(0, in: "items"), database: database)
        var bigTimes: [StartupTime] = []
        var smallTimes: [StartupTime] = []
        for _ in 0..<max(rounds, 1) {
            bigTimes.append(try await timeStartup(directory: big, probe: probe))
            smallTimes.append(try await timeStartup(directory: small, probe: probe))
        }
        let label = documents >= 1_000_000 && documents % 1_000_000 == 0
            ? "\(documents / 1_000_000)M" : documents >= 1_000 ? "\(documents / 1_000)k" : "\(documents)"
        let smallListening = "serve start-up to listening, 1 document"
        let smallReady = "serve start-up to first GetDocument, 1 document"
        return [
            WireBenchResult(
                name: "engine load of \(label) documents (non-durable, batches of \(loadBatch))", ops: documents,
                seconds: loadSeconds, baseline: nil),
            WireBenchResult(
                name: "serve start-up to listening, \(label) documents", ops: 1,
                seconds: median(bigTimes.map(\.listening)), baseline: smallListening),
            WireBenchResult(name: smallListening, ops: 1, seconds: median(smallTimes.map(\.listening)), baseline: nil),
            WireBenchResult(
                name: "serve start-up to first GetDocument, \(label) documents", ops: 1,
                seconds: median(bigTimes.map(\.ready)), baseline: smallReady),
            WireBenchResult(name: smallReady, ops: 1, seconds: median(smallTimes.map(\.ready)), baseline: nil),
        ]
    }

    /// Seconds from creating an emulator to `start()` returning its port, and to a first answered read.
    struct StartupTime {
        /// Until `start()` returned the bound port.
        let listening: Double
        /// Until the first `GetDocument` over a new connection came back.
        let ready: Double
    }

    /// Opens `directory` in a new emulator, times it up to its first answered read, then stops it.
    static func timeStartup(directory: String, probe: Google_Firestore_V1_GetDocumentRequest) async throws -> StartupTime {
        let start = WireStopwatch.now()
        let (emulator, port) = try await WireBenchEngine.startEmulator(directory: directory)
        let listening = WireStopwatch.seconds(since: start)
        do {
            try await WireBenchClient.withClient(port: port) { client in try await WireBenchClient.getOne(probe, with: client) }
        } catch {
            await WireBenchEngine.stop(emulator)
            throw error
        }
        let ready = WireStopwatch.seconds(since: start)
        await WireBenchEngine.stop(emulator)
        return StartupTime(listening: listening, ready: ready)
    }

    /// Writes `count` documents of `items` into a new directory in big non-durable commits; returns seconds.
    static func load(_ count: Int, into directory: String, database: DatabaseID) async throws -> Double {
        let engine = try Engine(directory: directory, options: EngineOptions(durability: .none))
        defer { engine.close() }
        return try await WireStopwatch.time {
            var start = 0
            while start < count {
                let end = min(start + loadBatch, count)
                _ = try await engine.commit(try WireBenchData.writes(start..<end, in: "items"), in: database)
                start = end
            }
        }.1
    }

    /// The median of `values` (0 when empty).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
