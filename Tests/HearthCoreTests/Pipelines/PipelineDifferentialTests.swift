import HearthCore
import HearthTestSupport
import Testing

/// Random classic queries run both ways on the same data — as a `StructuredQuery` and in their
/// pipeline form — must give the same documents: in the same order when the pipeline sorts,
/// as the same set when it does not (a pipeline without `sort` promises no order). Each pipeline
/// also runs with a no-op stage in front, which keeps the planner from handing its filters to
/// the classic path, so the pipeline evaluator's own semantics are compared too.
@Suite("Pipelines against classic queries")
struct PipelineDifferentialTests {
    /// Random field values: numbers of both kinds, strings, null, NaN, arrays, or nothing.
    static func randomValue(_ random: inout SplitMix64Random) -> Value? {
        switch random.next() % 10 {
        case 0: nil
        case 1: .null
        case 2: .double(.nan)
        case 3: .string(["a", "b", "c"][Int(random.next() % 3)])
        case 4: .double(Double(random.next() % 6) + (random.next() % 2 == 0 ? 0 : 0.5))
        case 5: .array([.integer(Int64(random.next() % 4)), .string("a")])
        default: .integer(Int64(random.next() % 6))
        }
    }

    static func randomOperand(_ random: inout SplitMix64Random) -> Value {
        switch random.next() % 6 {
        case 0: .string(["a", "b", "c"][Int(random.next() % 3)])
        case 1: .double(Double(random.next() % 6) / 2)
        default: .integer(Int64(random.next() % 6))
        }
    }

    /// A filter in both forms.
    static func randomFilter(_ random: inout SplitMix64Random, field: String) -> (QueryFilter, PipelineExpression) {
        let path = FieldPath(uncheckedSegments: [field])
        let operand = randomOperand(&random)
        let (op, name): (FieldOperator, String) = [
            (.equal, "equal"), (.lessThan, "less_than"), (.lessThanOrEqual, "less_than_or_equal"),
            (.greaterThan, "greater_than"), (.greaterThanOrEqual, "greater_than_or_equal"),
            (.arrayContains, "array_contains"), (.in, "equal_any"),
        ][Int(random.next() % 7)]
        let value: Value = op == .in ? .array([operand, randomOperand(&random)]) : operand
        return (.field(path, op, value), .function(name, [.field(path), .constant(value)]))
    }

    @Test func randomQueriesGiveTheSameDocumentsBothWays() async throws {
        let t = try TestEngine()
        try await t.engine.setEdition(.enterprise, project: nil, database: t.database.database)
        var random = SplitMix64Random(seed: 20261207)
        var writes: [Write] = []
        for index in 0..<80 {
            var fields: [String: Value] = ["i": .integer(Int64(index))]
            if let a = Self.randomValue(&random) { fields["a"] = a }
            if let b = Self.randomValue(&random) { fields["b"] = b }
            writes.append(.set(try t.key("items/d\(index / 10)\(index % 10)"), fields: fields))
        }
        _ = try await t.commit(writes)
        var compared = 0
        for round in 0..<150 {
            let fieldCount = 1 + Int(random.next() % 2)
            var classic: [QueryFilter] = []
            var conditions: [PipelineExpression] = []
            for which in 0..<fieldCount {
                let (filter, condition) = Self.randomFilter(&random, field: which == 0 ? "a" : "b")
                classic.append(filter)
                conditions.append(condition)
            }
            let inequality = classic.compactMap { filter -> FieldPath? in
                if case .field(let path, let op, _) = filter, op.isInequality { return path }
                return nil
            }
            let sorted = random.next() % 2 == 0
            let descending = random.next() % 2 == 0
            let sortField = inequality.first ?? FieldPath(uncheckedSegments: ["a"])
            let limit = random.next() % 3 == 0 ? Int(random.next() % 5) + 1 : nil
            var query = StructuredQuery(
                collectionID: "items", filter: classic.count == 1 ? classic[0] : .composite(.and, classic), limit: limit)
            if sorted { query.orderBy = [QueryOrder(sortField, descending: descending), QueryOrder(FieldPath.documentID)] }
            let condition: PipelineExpression = conditions.count == 1 ? conditions[0] : .function("and", conditions)
            var stages: [PipelineStage] = [.where(condition)]
            if sorted {
                // The classic order needs the field to be there; the pipeline then sorts what the filter kept.
                stages.append(.sort([
                    PipelineOrdering(expression: .field(sortField), descending: descending),
                    PipelineOrdering(expression: .field(FieldPath.documentID), descending: false),
                ]))
            }
            if let limit { stages.append(.limit(limit)) }
            let expected: [DocumentKey]
            do {
                expected = try await t.engine.runQuery(query, in: t.database).map(\.key)
            } catch {
                continue  // a combination the classic planner refuses (e.g. two inequalities without the order they need)
            }
            if sorted, !classic.contains(where: { if case .field(sortField, _, _) = $0 { true } else { false } }) {
                continue  // sorting by a field no filter constrains: classic drops rows without it, a pipeline keeps them
            }
            for front: [PipelineStage] in [[], [.addFields([:])]] {
                let pipeline = Pipeline(stages: [.collection(ResourcePath(uncheckedSegments: ["items"]))] + front + stages)
                let got = try await t.engine.executePipeline(pipeline, in: t.database).compactMap(\.key)
                if sorted {
                    #expect(got == expected, "round \(round), \(front.isEmpty ? "planned" : "in memory"): \(query)")
                } else if limit != nil {
                    #expect(got.count == expected.count, "round \(round): \(query)")
                } else {
                    #expect(Set(got) == Set(expected), "round \(round), \(front.isEmpty ? "planned" : "in memory"): \(query)")
                }
            }
            compared += 1
        }
        #expect(compared >= 60, "too few queries compared: \(compared)")
    }

    @Test func aStandardDatabaseRefusesPipelinesWithTheEmulatorsMessage() async throws {
        let t = try TestEngine()
        let pipeline = Pipeline(stages: [.database])
        await #expect(throws: FirestoreError(.invalidArgument, "ExecutePipeline requires the Database Edition to be enterprise.")) {
            _ = try await t.engine.executePipeline(pipeline, in: t.database)
        }
        try await t.engine.setEdition(.enterprise, project: t.database.project, database: t.database.database)
        #expect(try t.engine.edition(of: t.database) == .enterprise)
        #expect(try await t.engine.executePipeline(pipeline, in: t.database).isEmpty)
    }
}
