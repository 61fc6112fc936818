import Foundation
import Testing
@testable import HearthCore

/// Random documents and random valid queries: the engine's answer must equal a naive evaluator
/// written independently, straight from the fact sheet (§4). Today the engine scans; when index
/// plans land, this is the test that proves they return exactly the same documents.
@Suite("Queries: engine versus a naive evaluator")
struct QueryDifferentialTests {
    static let fields = ["a", "b", "tags"]

    static func randomValue(_ g: inout ModelTestRandom) -> Value? {
        switch Int.random(in: 0..<12, using: &g) {
        case 0: return nil
        case 1: return .null
        case 2: return .double(.nan)
        case 3: return .string(["x", "y", "z"][Int.random(in: 0..<3, using: &g)])
        case 4: return .array((0..<Int.random(in: 0...3, using: &g)).map { _ in .integer(Int64.random(in: 0...3, using: &g)) })
        case 5: return .double(Double(Int.random(in: 0...6, using: &g)) / 2)
        case 6: return .boolean(Bool.random(using: &g))
        default: return .integer(Int64.random(in: 0...4, using: &g))
        }
    }

    static func randomOperand(_ g: inout ModelTestRandom, for op: QueryFilter.FieldOperator) -> Value {
        func scalar() -> Value {
            [Value.integer(Int64.random(in: 0...4, using: &g)), .double(1.5), .string("y"), .boolean(true), .null, .double(.nan)][
                Int.random(in: 0..<6, using: &g)]
        }
        switch op {
        case .in, .notIn, .arrayContainsAny: return .array((0..<Int.random(in: 1...3, using: &g)).map { _ in scalar() })
        default: return scalar()
        }
    }

    static func randomFilter(_ g: inout ModelTestRandom, depth: Int = 0) -> QueryFilter {
        if depth < 2 && Int.random(in: 0..<4, using: &g) == 0 {
            let children = (0..<Int.random(in: 1...3, using: &g)).map { _ in randomFilter(&g, depth: depth + 1) }
            return .composite(Bool.random(using: &g) ? .and : .or, children)
        }
        let field = FieldPath(uncheckedSegments: [fields[Int.random(in: 0..<fields.count, using: &g)]])
        if Int.random(in: 0..<6, using: &g) == 0 {
            return .unary(field, QueryFilter.UnaryOperator.allCases[Int.random(in: 0..<4, using: &g)])
        }
        let op = QueryFilter.FieldOperator.allCases[Int.random(in: 0..<QueryFilter.FieldOperator.allCases.count, using: &g)]
        return .field(field, op, randomOperand(&g, for: op))
    }

    static func randomQuery(_ g: inout ModelTestRandom) -> StructuredQuery {
        var query = StructuredQuery(collectionID: "c")
        if Int.random(in: 0..<4, using: &g) != 0 { query.filter = randomFilter(&g) }
        for field in fields.shuffled(using: &g).prefix(Int.random(in: 0...2, using: &g)) {
            query.orderBy.append(QueryOrder(FieldPath(uncheckedSegments: [field]), descending: Bool.random(using: &g)))
        }
        if Bool.random(using: &g) { query.limit = Int.random(in: 0...8, using: &g) }
        if Int.random(in: 0..<4, using: &g) == 0 { query.offset = Int.random(in: 0...3, using: &g) }
        if !query.orderBy.isEmpty && Int.random(in: 0..<3, using: &g) == 0 {
            let value = randomValue(&g) ?? .integer(2)
            let bound = QueryBound(values: [value], before: Bool.random(using: &g))
            if Bool.random(using: &g) { query.startAt = bound } else { query.endAt = bound }
        }
        return query
    }

    @Test(arguments: [11, 22, 33] as [UInt64])
    func engineAgreesWithTheNaiveEvaluator(seed: UInt64) async throws {
        var g = ModelTestRandom(seed: seed)
        let t = try TestEngine()
        var writes: [Write] = []
        for index in 0..<300 {
            var fields: [String: Value] = [:]
            for name in Self.fields { if let value = Self.randomValue(&g) { fields[name] = value } }
            writes.append(.set(try t.key("c/d\(String(format: "%03d", index))"), fields: fields))
        }
        try await t.commit(writes)
        let documents = try await t.engine.runQuery(StructuredQuery(collectionID: "c"), in: t.database)
        #expect(documents.count == 300)

        var valid = 0
        for _ in 0..<600 {
            let query = Self.randomQuery(&g)
            guard (try? QueryValidation.validate(query)) != nil else { continue }
            valid += 1
            let engine = try await t.engine.runQuery(query, in: t.database).map(\.key)
            let naive = NaiveEvaluator(database: t.database).run(query, over: documents).map(\.key)
            #expect(engine == naive, "\(query)")
            if engine != naive { return }
        }
        #expect(valid >= 250, "the generator must produce mostly valid queries (got \(valid))")
    }
}

/// Firestore's query semantics written plainly from the fact sheet, independent of `QueryTarget`.
struct NaiveEvaluator {
    let database: DatabaseID

    func run(_ query: StructuredQuery, over documents: [Document]) -> [Document] {
        // §4.5: explicit orders, then inequality fields in path order, then __name__, last direction.
        var orders = query.orderBy
        var inequalities: [FieldPath] = []
        func collect(_ filter: QueryFilter) {
            switch filter {
            case .field(let f, let op, _) where [.lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual, .notIn].contains(op):
                if !inequalities.contains(f) { inequalities.append(f) }
            case .unary(let f, let op) where op == .isNotNull || op == .isNotNaN:
                // Production's `!= null` / `!= NaN`: inequalities that order by their field.
                if !inequalities.contains(f) { inequalities.append(f) }
            case .composite(_, let children): children.forEach(collect)
            default: break
            }
        }
        if let filter = query.filter { collect(filter) }
        let direction = query.orderBy.last?.descending ?? false
        for field in inequalities.sorted() where !orders.contains(where: { $0.field == field }) {
            orders.append(QueryOrder(field, descending: direction))
        }
        orders.append(QueryOrder(.documentID, descending: direction))

        func value(_ document: Document, _ field: FieldPath) -> Value? {
            field.isDocumentID ? .reference(DocumentReferenceValue(database: database, key: document.key)) : document.fields[field.segments[0]]
        }
        // §4.3: every order-by field must exist.
        var selected = documents.filter { document in orders.allSatisfy { value(document, $0.field) != nil } }
        if let filter = query.filter { selected = selected.filter { holds(filter, $0, value) } }
        func position(_ document: Document, _ bound: QueryBound) -> Int {
            for (order, cursor) in zip(orders, bound.values) {
                let c = Value.compare(value(document, order.field) ?? .null, cursor)
                if c != 0 { return order.descending ? -c : c }
            }
            return 0
        }
        selected = selected.filter { document in
            if let start = query.startAt, start.before ? position(document, start) < 0 : position(document, start) <= 0 { return false }
            if let end = query.endAt, end.before ? position(document, end) >= 0 : position(document, end) > 0 { return false }
            return true
        }
        selected.sort { a, b in
            for order in orders {
                let c = Value.compare(value(a, order.field) ?? .null, value(b, order.field) ?? .null)
                if c != 0 { return order.descending ? c > 0 : c < 0 }
            }
            return false
        }
        selected = Array(selected.dropFirst(query.offset))
        if let limit = query.limit { selected = Array(selected.prefix(limit)) }
        return selected
    }

    /// §4.2, one operator at a time.
    private func holds(_ filter: QueryFilter, _ document: Document, _ value: (Document, FieldPath) -> Value?) -> Bool {
        switch filter {
        case .composite(.and, let children): return children.allSatisfy { holds($0, document, value) }
        case .composite(.or, let children): return children.contains { holds($0, document, value) }
        case .unary(let field, let op):
            guard let v = value(document, field) else { return false }
            let isNull = v == .null
            let isNaN: Bool = { if case .double(let d) = v { return d.isNaN }; return false }()
            switch op {
            case .isNull: return isNull
            case .isNaN: return isNaN
            case .isNotNull: return !isNull
            case .isNotNaN: return !isNull && !isNaN
            }
        case .field(let field, let op, let operand):
            guard let v = value(document, field) else { return false }
            let same = { (x: Value, y: Value) in Value.compare(x, y) == 0 }
            let usable = { (x: Value) -> Bool in
                if x == .null { return false }
                if case .double(let d) = x, d.isNaN { return false }
                return true
            }
            switch op {
            case .equal: return same(v, operand)
            case .notEqual: return v != .null && !same(v, operand)
            case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
                guard v.typeOrder == operand.typeOrder else { return false }
                let c = Value.compare(v, operand)
                return op == .lessThan ? c < 0 : op == .lessThanOrEqual ? c <= 0 : op == .greaterThan ? c > 0 : c >= 0
            case .arrayContains:
                guard case .array(let elements) = v, usable(operand) else { return false }
                return elements.contains { same($0, operand) }
            case .arrayContainsAny:
                guard case .array(let elements) = v, case .array(let wanted) = operand else { return false }
                return wanted.contains { w in usable(w) && elements.contains { same($0, w) } }
            case .in:
                guard case .array(let wanted) = operand else { return false }
                return wanted.contains { usable($0) && same($0, v) }
            case .notIn:
                guard case .array(let excluded) = operand, v != .null, !excluded.contains(.null) else { return false }
                return !excluded.contains { same($0, v) }
            }
        }
    }
}
