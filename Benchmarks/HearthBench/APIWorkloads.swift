import BenchSupport
import Foundation
import Hearth
import HearthCore

/// The Swift API's overhead: `setData` / `getDocument` through the Firebase-shaped API against the
/// engine calls they turn into, on one data directory, non-durable on both sides so that fsync
/// does not hide the API's own cost.
enum APIWorkloads {
    static func run(scale: BenchScale) async throws -> [BenchResult] {
        let root = NSTemporaryDirectory() + "hearth-bench-api-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let db = try Firestore(
            directory: root, projectID: "bench", options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
        defer { db.close() }
        let engine = try Engine(directory: root + "-engine", options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
        defer {
            engine.close()
            try? FileManager.default.removeItem(atPath: root + "-engine")
        }
        let database = try DatabaseID(project: "bench")
        let count = scale.apiOperations
        let ids = (0..<count).map { BenchData.id($0) }
        let userData: [[String: Any]] = (0..<count).map { BenchData.userData(index: $0) }
        let fields = (0..<count).map { BenchData.document(index: $0) }

        var engineSet = Double.infinity
        var apiSet = Double.infinity
        var engineGet = Double.infinity
        var apiGet = Double.infinity
        for _ in 0..<scale.rounds {
            // Both sides start from the same strings: the engine user parses the path into a key.
            engineSet = min(engineSet, try await Stopwatch.time {
                for i in 0..<count {
                    let key = try DocumentKey(validating: "items/" + ids[i])
                    _ = try await engine.commit([.set(key, fields: fields[i])], in: database)
                }
            }.1)
            apiSet = min(apiSet, try await Stopwatch.time {
                for i in 0..<count { try await db.collection("items").document(ids[i]).setData(userData[i]) }
            }.1)
            engineGet = min(engineGet, try Stopwatch.time {
                for i in 0..<count where try engine.getDocument(try DocumentKey(validating: "items/" + ids[i]), in: database) == nil {
                    throw BenchFailure(description: "engine get missed")
                }
            }.1)
            apiGet = min(apiGet, try await Stopwatch.time {
                for i in 0..<count where try await !db.collection("items").document(ids[i]).getDocument().exists {
                    throw BenchFailure(description: "API get missed")
                }
            }.1)
        }
        return [
            BenchResult(name: "engine commit of one set (non-durable)", ops: count, seconds: engineSet, baseline: nil),
            BenchResult(
                name: "API setData (non-durable)", ops: count, seconds: apiSet,
                baseline: "engine commit of one set (non-durable)"),
            BenchResult(name: "engine getDocument", ops: count, seconds: engineGet, baseline: nil),
            BenchResult(name: "API getDocument", ops: count, seconds: apiGet, baseline: "engine getDocument"),
        ]
    }
}
