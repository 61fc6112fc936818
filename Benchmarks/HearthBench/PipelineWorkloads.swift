import BenchSupport
import Foundation
import HearthCore

/// Pipelines (Enterprise edition): an index-served `where`/`sort`/`limit 20` pipeline beside the
/// same classic query (target: pipeline latency ≤ 1.5× the query's, i.e. ratio ≥ 0.67), and a
/// group-by aggregation over every document beside a raw LMDB cursor walk over as many entries
/// (target ≥ 0.3×), in the same run.
enum PipelineWorkloads {
    static func run(size: Int, repetitions: Int) async throws -> [BenchResult] {
        let root = NSTemporaryDirectory() + "hearth-bench-pipelines-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let database = try DatabaseID(project: "bench")
        let engine = try Engine(directory: root + "/engine", options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
        defer { engine.close() }
        try await engine.setEdition(.enterprise, project: nil, database: database.database)
        var entries = try await QueryWorkloads.load(size, into: engine, database: database)
        let raw = try RawLMDB(path: root + "/raw", keysAndValues: entries)
        defer { raw.close() }
        _ = try raw.bulkLoad(batch: 5_000)
        entries = []
        let label = size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1_000)k"
        var results: [BenchResult] = []

        let price = FieldPath(uncheckedSegments: ["price"])
        let query = StructuredQuery(
            collectionID: "rooms", filter: .field(price, .greaterThanOrEqual, .integer(5_000)),
            orderBy: [QueryOrder(price)], limit: 20)
        let pipeline = Pipeline(stages: [
            .collection(ResourcePath(uncheckedSegments: ["rooms"])),
            .where(.function("greater_than_or_equal", [.field(price), .constant(.integer(5_000))])),
            .sort([PipelineOrdering(expression: .field(price), descending: false)]),
            .limit(20),
        ])
        let classicName = "classic where/orderBy/limit 20 (\(label))"
        for _ in 0..<50 {
            _ = try await engine.runQuery(query, in: database)
            _ = try await engine.executePipeline(pipeline, in: database)
        }
        // Alternating batches, so that neither side is measured on a warmer cache than the other.
        var classic = 0.0
        var piped = 0.0
        var expected: [Document] = []
        var got: [PipelineRow] = []
        let batch = max(1, repetitions / 10)
        for _ in 0..<10 {
            let (documents, classicSeconds) = try await Stopwatch.time {
                var last: [Document] = []
                for _ in 0..<batch { last = try await engine.runQuery(query, in: database) }
                return last
            }
            let (rows, pipedSeconds) = try await Stopwatch.time {
                var last: [PipelineRow] = []
                for _ in 0..<batch { last = try await engine.executePipeline(pipeline, in: database) }
                return last
            }
            (expected, got) = (documents, rows)
            classic += classicSeconds
            piped += pipedSeconds
        }
        guard got.compactMap(\.key) == expected.map(\.key) else {
            throw BenchFailure(description: "the pipeline and its classic twin disagree")
        }
        results.append(BenchResult(name: classicName, ops: batch * 10, seconds: classic, baseline: nil))
        results.append(BenchResult(
            name: "pipeline where/sort/limit 20 (\(label), index-served)", ops: batch * 10, seconds: piped, baseline: classicName))

        // Nine alternating rounds each; the medians are compared.
        let walkName = "raw LMDB cursor walk over \(label) entries"
        var walks: [Double] = []
        var groupings: [Double] = []
        let grouping = Pipeline(stages: [
            .collection(ResourcePath(uncheckedSegments: ["rooms"])),
            .aggregate(
                accumulators: [
                    "n": PipelineAggregate(name: "count", argument: nil),
                    "total": PipelineAggregate(name: "sum", argument: .field(price)),
                ],
                groups: ["city": .field(FieldPath(uncheckedSegments: ["city"]))]),
        ])
        var groups: [PipelineRow] = []
        for _ in 0..<9 {
            walks.append(try raw.cursorWalk())
            let (rows, seconds) = try await Stopwatch.time { try await engine.executePipeline(grouping, in: database) }
            groupings.append(seconds)
            groups = rows
        }
        results.append(BenchResult(name: walkName, ops: 1, seconds: walks.sorted()[4], baseline: nil))
        let counted = groups.reduce(Int64(0)) { total, row in
            if case .integer(let n)? = row.fields["n"] { return total + n }
            return total
        }
        guard groups.count == 8, counted == Int64(size) else {
            throw BenchFailure(description: "group-by gave \(groups.count) groups, \(counted) documents")
        }
        results.append(BenchResult(
            name: "pipeline aggregate count+sum group by city over \(label)", ops: 1, seconds: groupings.sorted()[4], baseline: walkName))
        return results.withRatios()
    }
}
