import BenchSupport
import Foundation
import HearthCore
import HearthTransfer

/// Import and export of ~1 KiB documents: documents/s and the peak resident memory of each
/// phase, beside the engine's own bulk load of the same documents (the import's baseline).
enum TransferWorkloads {
    static func run(documents: Int) async throws -> [BenchResult] {
        let root = NSTemporaryDirectory() + "hearth-bench-transfer-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let database = try DatabaseID(project: "bench")
        // What `hearth import` runs with: each batch synced but its meta page, one sync at the end.
        let options = EngineOptions(durability: .batch, initialMapSize: 8 << 30)
        var results: [BenchResult] = []

        // The baseline: the engine's bulk load (1,000-document commits), timed until a query sees the documents.
        let source = try Engine(directory: root + "/source", options: options)
        PeakMemory.reset()
        let (_, loadSeconds) = try await Stopwatch.time {
            var index = 0
            while index < documents {
                let end = min(index + 1_000, documents)
                try await source.commit(try (index..<end).map { i throws(FirestoreError) in
                    .set(try DocumentKey(validating: "rooms/r\(i)"), fields: document(i))
                }, in: database)
                index = end
            }
            _ = try await source.runQuery(StructuredQuery(collectionID: "rooms", filter: .field(FieldPath(uncheckedSegments: ["price"]), .equal, .integer(301)), limit: 1), in: database)
            try source.sync()
        }
        let baseline = "engine bulk load (1k-doc commits)"
        results.append(BenchResult(name: baseline, ops: documents, seconds: loadSeconds, baseline: nil))
        report("bulk load", peak: PeakMemory.current())

        for format in Exporter.Format.allCases {
            let out = root + "/export-\(format.rawValue)"
            var exporter = Exporter(database: database)
            exporter.format = format
            PeakMemory.reset()
            let (_, seconds) = try Stopwatch.time { try exporter.run(from: source, to: out) }
            results.append(BenchResult(name: "export \(format.rawValue)", ops: documents, seconds: seconds, baseline: nil))
            report("export \(format.rawValue)", peak: PeakMemory.current())
        }
        source.close()

        for format in Exporter.Format.allCases {
            let target = try Engine(directory: root + "/target-\(format.rawValue)", options: options)
            PeakMemory.reset()
            let (summary, seconds) = try await Stopwatch.time {
                let summary = try await Importer(database: database).run(path: root + "/export-\(format.rawValue)", into: target)
                _ = try await target.runQuery(StructuredQuery(collectionID: "rooms", filter: .field(FieldPath(uncheckedSegments: ["price"]), .equal, .integer(301)), limit: 1), in: database)
                try target.sync()
                return summary
            }
            precondition(summary.documents == Int64(documents), "import lost documents")
            results.append(BenchResult(name: "import \(format.rawValue) (checked, 2 passes)", ops: documents, seconds: seconds, baseline: baseline))
            report("import \(format.rawValue)", peak: PeakMemory.current())
            target.close()
        }
        return results.withRatios()
    }

    /// A document of about 1 KiB (the wire benchmarks' room plus a long description).
    static func document(_ index: Int) -> [String: Value] {
        var fields = BenchData.document(index: index)
        fields["description"] = .string(String(repeating: "Bright room \(index % 97), quiet street, close to transport. ", count: 12))
        return fields
    }

    private static func report(_ phase: String, peak: Int?) {
        print("  \(phase): peak RSS \(peak.map { "\($0 / 1_024) MiB" } ?? "unknown")")
    }
}

/// The process's peak resident set (Linux `VmHWM`), resettable between phases.
enum PeakMemory {
    /// Resets the peak to the current resident set (writes 5 to `/proc/self/clear_refs`).
    static func reset() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// The peak resident set since the last reset, in KiB.
    static func current() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }
}
