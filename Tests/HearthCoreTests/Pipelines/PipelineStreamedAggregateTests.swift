@testable import HearthCore
import HearthTestSupport
import Testing

/// A collection followed by `where` stages and an `aggregate` or `distinct` runs as one walk over
/// the stored records (`Engine.streamedAggregate`); with a no-op stage in front the same pipeline
/// takes the general path (documents read, then grouped in memory). Both must give the same rows,
/// over values chosen to stress grouping: 1 and 1.0, 0.0 and -0.0, NaN, null and absent, arrays
/// and maps holding numbers.
@Suite("Streamed pipeline aggregates")
struct PipelineStreamedAggregateTests {
    static func randomGroupValue(_ random: inout SplitMix64Random) -> Value? {
        switch random.next() % 12 {
        case 0: nil
        case 1: .null
        case 2: .double(.nan)
        case 3: .double(-0.0)
        case 4: .integer(0)
        case 5: .double(1)
        case 6: .integer(1)
        case 7: .array([.integer(1), .double(2)])
        case 8: .array([.double(1), .integer(2)])
        case 9: .map(["k": .double(3)])
        case 10: .map(["k": .integer(3)])
        default: .string(["x", "y", "é"][Int(random.next() % 3)])
        }
    }

    static func randomNumber(_ random: inout SplitMix64Random) -> Value? {
        switch random.next() % 6 {
        case 0: nil
        case 1: .string("n/a")
        case 2: .double(Double(random.next() % 100) / 4)
        default: .integer(Int64(random.next() % 100))
        }
    }

    static let aggregateSets: [[String: PipelineAggregate]] = [
        ["n": PipelineAggregate(name: "count", argument: nil)],
        [
            "n": PipelineAggregate(name: "count", argument: .field(FieldPath(uncheckedSegments: ["v"]))),
            "total": PipelineAggregate(name: "sum", argument: .field(FieldPath(uncheckedSegments: ["v"]))),
            "mean": PipelineAggregate(name: "average", argument: .field(FieldPath(uncheckedSegments: ["v"]))),
        ],
        [
            "low": PipelineAggregate(name: "minimum", argument: .field(FieldPath(uncheckedSegments: ["v"]))),
            "high": PipelineAggregate(name: "maximum", argument: .field(FieldPath(uncheckedSegments: ["b"]))),
            "kinds": PipelineAggregate(name: "count_distinct", argument: .field(FieldPath(uncheckedSegments: ["a"]))),
        ],
        [
            "doubled": PipelineAggregate(
                name: "sum", argument: .function("multiply", [.field(FieldPath(uncheckedSegments: ["v"])), .constant(.integer(2))])),
            "named": PipelineAggregate(name: "count", argument: .field(FieldPath.documentID)),
        ],
    ]

    static let groupSets: [[String: PipelineExpression]] = [
        [:],
        ["a": .field(FieldPath(uncheckedSegments: ["a"]))],
        ["a": .field(FieldPath(uncheckedSegments: ["a"])), "b": .field(FieldPath(uncheckedSegments: ["b"]))],
        ["nested": .field(FieldPath(uncheckedSegments: ["m", "k"]))],
        ["kind": .function("type", [.field(FieldPath(uncheckedSegments: ["a"]))])],
    ]

    @Test func streamedAndGeneralPathsGiveTheSameGroups() async throws {
        let t = try TestEngine()
        try await t.engine.setEdition(.enterprise, project: nil, database: t.database.database)
        var random = SplitMix64Random(seed: 7_122_026)
        var writes: [Write] = []
        for index in 0..<120 {
            var fields: [String: Value] = [:]
            if let a = Self.randomGroupValue(&random) { fields["a"] = a }
            if let b = Self.randomGroupValue(&random) { fields["b"] = b }
            if let v = Self.randomNumber(&random) { fields["v"] = v }
            if random.next() % 2 == 0 { fields["m"] = .map(["k": .integer(Int64(random.next() % 3))]) }
            writes.append(.set(try t.key("items/d\(index)"), fields: fields))
        }
        _ = try await t.commit(writes)
        let conditions: [[PipelineExpression]] = [
            [],
            [.function("greater_than", [.field(FieldPath(uncheckedSegments: ["v"])), .constant(.integer(20))])],
        ]
        var compared = 0
        for aggregates in Self.aggregateSets {
            for groups in Self.groupSets {
                for filters in conditions {
                    let grouping: PipelineStage = aggregates.isEmpty ? .distinct(groups) : .aggregate(accumulators: aggregates, groups: groups)
                    let tail = filters.map(PipelineStage.where) + [grouping]
                    let source = PipelineStage.collection(ResourcePath(uncheckedSegments: ["items"]))
                    let pipeline = Pipeline(stages: [source] + tail)
                    // The shape is one the walk takes (not silently the general path).
                    let walked = try t.engine.streamedAggregate(
                        pipeline, in: t.database, consistency: .strong, access: .admin,
                        evaluator: PipelineEvaluator(database: t.database, now: Timestamp(microseconds: 0)))
                    #expect(walked?.stages == tail.count + 1)
                    let streamed = try await t.engine.executePipeline(pipeline, in: t.database)
                    let general = try await t.engine.executePipeline(Pipeline(stages: [source, .offset(0)] + tail), in: t.database)
                    #expect(streamed == general, "aggregates \(aggregates.keys.sorted()) groups \(groups.keys.sorted()) where \(filters.count)")
                    compared += 1
                }
            }
        }
        // The distinct stage, both ways.
        for groups in Self.groupSets.dropFirst() {
            let source = PipelineStage.collection(ResourcePath(uncheckedSegments: ["items"]))
            let streamed = try await t.engine.executePipeline(Pipeline(stages: [source, .distinct(groups)]), in: t.database)
            let general = try await t.engine.executePipeline(Pipeline(stages: [source, .offset(0), .distinct(groups)]), in: t.database)
            #expect(streamed == general)
            #expect(streamed.count > 1)
            compared += 1
        }
        #expect(compared == 44)
    }

    @Test func groupsMergeEqualNumbersAndKeepNullApartFromAbsentNot() async throws {
        let t = try TestEngine()
        try await t.engine.setEdition(.enterprise, project: nil, database: t.database.database)
        let values: [Value?] = [.integer(1), .double(1), .double(-0.0), .integer(0), .double(.nan), .double(.nan), .null, nil, .string("1")]
        var writes: [Write] = []
        for (index, value) in values.enumerated() {
            writes.append(.set(try t.key("items/d\(index)"), fields: value.map { ["a": $0] } ?? [:]))
        }
        _ = try await t.commit(writes)
        let pipeline = Pipeline(stages: [
            .collection(ResourcePath(uncheckedSegments: ["items"])),
            .aggregate(accumulators: ["n": PipelineAggregate(name: "count", argument: nil)], groups: ["a": .field(FieldPath(uncheckedSegments: ["a"]))]),
        ])
        let rows = try await t.engine.executePipeline(pipeline, in: t.database)
        // Firestore's value order: null, NaN, then numbers (0 before 1), then strings; absent groups as null.
        let counts = rows.map { $0.fields["n"] }
        #expect(counts == [.integer(2), .integer(2), .integer(2), .integer(2), .integer(1)])
        #expect(rows.first?.fields["a"] == .null)
        #expect(rows.last?.fields["a"] == .string("1"))
    }

    /// Many groups, of short and long values (past the walk's table of short keys and its
    /// linear search of long ones), with integer sums that overflow: the walk's fast paths
    /// give the general path's rows, and the exact counts and sums computed here.
    @Test func manyShortAndLongGroupsAndOverflowingSumsMatchTheGeneralPath() async throws {
        let t = try TestEngine()
        try await t.engine.setEdition(.enterprise, project: nil, database: t.database.database)
        var writes: [Write] = []
        var expectedCounts: [String: Int64] = [:]
        var expectedSums: [String: Int64] = [:]
        for index in 0..<400 {
            // 70 distinct names of 1 to 27 characters: 14-byte keys and shorter ones fit the
            // short table, longer ones do not.
            let name = String(repeating: "c", count: index % 70 % 27) + "\(index % 70)"
            let amount = Int64(index % 13) - 4
            writes.append(.set(try t.key("items/d\(index)"), fields: ["g": .string(name), "v": .integer(amount)]))
            expectedCounts[name, default: 0] += 1
            expectedSums[name, default: 0] += amount
        }
        // One group whose integer sum overflows: it becomes a double, as the general path's does.
        for index in 0..<3 {
            writes.append(.set(try t.key("items/big\(index)"), fields: ["g": .string("big"), "v": .integer(.max - 1)]))
        }
        _ = try await t.commit(writes)
        let source = PipelineStage.collection(ResourcePath(uncheckedSegments: ["items"]))
        let grouping = PipelineStage.aggregate(
            accumulators: [
                "n": PipelineAggregate(name: "count", argument: nil),
                "total": PipelineAggregate(name: "sum", argument: .field(FieldPath(uncheckedSegments: ["v"]))),
                "mean": PipelineAggregate(name: "average", argument: .field(FieldPath(uncheckedSegments: ["v"]))),
            ],
            groups: ["g": .field(FieldPath(uncheckedSegments: ["g"]))])
        let streamed = try await t.engine.executePipeline(Pipeline(stages: [source, grouping]), in: t.database)
        let general = try await t.engine.executePipeline(Pipeline(stages: [source, .offset(0), grouping]), in: t.database)
        #expect(streamed == general)
        #expect(streamed.count == 71)
        for row in streamed {
            guard case .string(let name)? = row.fields["g"] else {
                Issue.record("a group without its name: \(row.fields)")
                continue
            }
            if name == "big" {
                #expect(row.fields["n"] == .integer(3))
                #expect(row.fields["total"] == .double(Double(Int64.max - 1) * 3))
                continue
            }
            #expect(row.fields["n"] == expectedCounts[name].map(Value.integer))
            #expect(row.fields["total"] == expectedSums[name].map(Value.integer))
        }
    }
}
