/// Runs the stages after a pipeline's source over rows in memory: the pure part of a pipeline run.
struct PipelineStages {
    /// Evaluates the expressions.
    let evaluator: PipelineEvaluator

    /// The rows `stage` makes of `rows` (not for sources or `union`, which read).
    /// - Throws: `INVALID_ARGUMENT` when a projected expression fails (its reason), or a
    ///   `replace_with` expression is not a map.
    func apply(_ stage: PipelineStage, to rows: [PipelineRow]) throws(FirestoreError) -> [PipelineRow] {
        switch stage {
        case .where(let condition):
            var kept: [PipelineRow] = []
            for row in rows where try evaluator.evaluate(condition, row).isTrue { kept.append(row) }
            return kept
        case .select(let projections):
            return try rows.map { row throws(FirestoreError) in
                var selected = PipelineRow(fields: Self.nested(try project(projections, row)))
                selected.variables = row.variables
                return selected
            }
        case .define(let bindings):
            return try rows.map { row throws(FirestoreError) in
                var bound = row
                for (name, value) in try project(bindings, row) { bound.variables[name] = value }
                for name in bindings.keys where bound.variables[name] == nil { bound.variables[name] = .null }
                return bound
            }
        case .addFields(let additions):
            return try rows.map { row throws(FirestoreError) in
                var changed = row
                for (name, value) in try project(additions, row) { Self.place(value, named: name, in: &changed.fields) }
                return changed
            }
        case .removeFields(let paths):
            return rows.map { row in
                var changed = row
                for path in paths { changed.fields.removeValue(at: path) }
                return changed
            }
        case .sort(let orderings): return try sort(rows, by: orderings)
        case .offset(let count): return Array(rows.dropFirst(count))
        case .limit(let count): return Array(rows.prefix(count))
        case .aggregate(let accumulators, let groups): return try aggregate(rows, accumulators, groups)
        case .distinct(let groups): return try aggregate(rows, [:], groups)
        case .replaceWith(let expression):
            return try rows.map { row throws(FirestoreError) in
                switch try evaluator.evaluate(expression, row) {
                case .value(.map(let fields)):
                    var replaced = PipelineRow(fields: fields)
                    replaced.variables = row.variables
                    return replaced
                case .error(let reason): throw FirestoreError(.invalidArgument, reason)
                case .value(let other):
                    throw FirestoreError(.invalidArgument, "replace_with needs a map, not a \(other.typeName) value.")
                case .absent: throw FirestoreError(.invalidArgument, "replace_with needs a map; the expression is absent.")
                }
            }
        case .unnest(let expression, let alias, let indexField):
            var result: [PipelineRow] = []
            for row in rows {
                guard case .value(.array(let elements)) = try evaluator.evaluate(expression, row) else { continue }
                for (index, element) in elements.enumerated() {
                    var expanded = PipelineRow(fields: row.fields)
                    expanded.variables = row.variables
                    expanded.fields[alias] = element
                    if let indexField { expanded.fields[indexField] = .integer(Int64(index)) }
                    result.append(expanded)
                }
            }
            return result
        case .collection, .collectionGroup, .database, .documents, .literals, .union, .subcollection:
            throw FirestoreError(.invalidArgument, "A source stage may only come first in a pipeline.")
        case .findNearest(let nearest): return try self.nearest(nearest, rows)
        case .search(let search): return try self.search(search, rows)
        case .sample(.documents(let count)):
            guard rows.count > count else { return rows }
            var chosen = Array(rows.indices.shuffled().prefix(count))
            chosen.sort()
            return chosen.map { rows[$0] }
        case .sample(.percent(let probability)):
            return rows.filter { _ in Double.random(in: 0..<1) < probability }
        case .update, .delete:
            throw FirestoreError(.invalidArgument, PipelineStage.misplacedWriteMessage)
        }
    }

    /// Projected values placed by their names read as field paths (`awards.hugo` nests).
    static func nested(_ values: [String: Value]) -> [String: Value] {
        var fields: [String: Value] = [:]
        for (name, value) in values { place(value, named: name, in: &fields) }
        return fields
    }

    /// Puts `value` at the field path `name` names (a name that is no valid path stays a key).
    static func place(_ value: Value, named name: String, in fields: inout [String: Value]) {
        guard name.contains("."), let path = try? FieldPath(serverFormat: name), path.segments.count > 1 else {
            fields[name] = value
            return
        }
        fields.setValue(value, at: path)
    }

    /// The named expressions' values for `row` (absent ones left out).
    func project(_ projections: [String: PipelineExpression], _ row: PipelineRow) throws(FirestoreError) -> [String: Value] {
        var fields: [String: Value] = [:]
        for (name, expression) in projections {
            switch try evaluator.evaluate(expression, row) {
            case .value(let value): fields[name] = value
            case .absent: continue
            case .error(let reason): throw FirestoreError(.invalidArgument, "Evaluating \(name) failed: \(reason)")
            }
        }
        return fields
    }

    /// The rows in the order of `orderings` (absent first ascending, then Firestore's value order);
    /// ties keep their order.
    private func sort(_ rows: [PipelineRow], by orderings: [PipelineOrdering]) throws(FirestoreError) -> [PipelineRow] {
        var keyed: [(keys: [Value?], offset: Int, row: PipelineRow)] = []
        keyed.reserveCapacity(rows.count)
        for (offset, row) in rows.enumerated() {
            var keys: [Value?] = []
            for ordering in orderings {
                switch try evaluator.evaluate(ordering.expression, row) {
                case .value(let value): keys.append(value)
                case .absent: keys.append(nil)
                case .error(let reason): throw FirestoreError(.invalidArgument, "Evaluating a sort key failed: \(reason)")
                }
            }
            keyed.append((keys, offset, row))
        }
        keyed.sort { left, right in
            for (index, ordering) in orderings.enumerated() {
                let order = Self.compare(left.keys[index], right.keys[index])
                if order != 0 { return ordering.descending ? order > 0 : order < 0 }
            }
            return left.offset < right.offset
        }
        return keyed.map(\.row)
    }

    /// The rows nearest to the stage's vector, nearest first (ties keep their order).
    private func nearest(_ stage: PipelineNearest, _ rows: [PipelineRow]) throws(FirestoreError) -> [PipelineRow] {
        let search = VectorSearch(field: .documentID, queryVector: stage.vector, measure: stage.measure, limit: VectorSearch.maxLimit)
        var scored: [(row: PipelineRow, distance: Double, position: Int)] = []
        for (position, row) in rows.enumerated() {
            guard let vector = VectorSearch.elements(of: try evaluator.evaluate(stage.field, row).value),
                  vector.count == stage.vector.count, let distance = search.distance(to: vector)
            else { continue }
            scored.append((row, distance, position))
        }
        scored.sort { lhs, rhs in
            if lhs.distance != rhs.distance {
                return stage.measure == .dotProduct ? lhs.distance > rhs.distance : lhs.distance < rhs.distance
            }
            return lhs.position < rhs.position
        }
        return scored.prefix(stage.limit ?? scored.count).map { entry in
            guard let field = stage.distanceField else { return entry.row }
            var row = entry.row
            row.fields.setValue(.double(entry.distance), at: field)
            return row
        }
    }

    /// Absent before every value, values in Firestore's order.
    static func compare(_ left: Value?, _ right: Value?) -> Int {
        switch (left, right) {
        case (nil, nil): 0
        case (nil, _): -1
        case (_, nil): 1
        case (let left?, let right?): Value.compare(left, right)
        }
    }

    /// One row per group (the groups' values, absent ones as null), holding the accumulators;
    /// with no groups, exactly one row even for no input. Groups come out in their values' order.
    private func aggregate(
        _ rows: [PipelineRow], _ accumulators: [String: PipelineAggregate], _ groups: [String: PipelineExpression]
    ) throws(FirestoreError) -> [PipelineRow] {
        var grouping = PipelineGrouping(accumulators: accumulators, groups: groups)
        for row in rows { try grouping.add(row, evaluator: evaluator) }
        return grouping.rows()
    }
}
