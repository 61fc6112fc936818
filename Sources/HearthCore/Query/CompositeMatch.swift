/// A declared composite index that answers a query in its own order, and how to scan it.
struct CompositeMatch {
    /// The index.
    var definition: IndexDefinition
    /// The encoded equality (and array-contains) values, in the index's field order.
    var prefix: [UInt8]
    /// The index field holding the query's first order, when it orders by a field.
    var firstOrder: IndexDefinition.Field?
    /// True when the scan walks the index backwards (every direction of the query reversed).
    var reverse: Bool

    /// The first index in `definitions` (of `scope`) whose fields are the query's equality fields in
    /// any order, then exactly its order fields, directions all equal (forward scan) or all opposite
    /// (backward scan), with `__name__` following suit (entries hold names in the direction of the
    /// index's last field).
    static func find(
        target: QueryTarget, leaves: [QueryFilter], in definitions: [IndexDefinition],
        scope: IndexDefinition.QueryScope
    ) -> CompositeMatch? {
        var equalities: [FieldPath: Value] = [:]
        var contains: (field: FieldPath, value: Value)?
        for leaf in leaves {
            switch leaf {
            case .field(let field, .equal, let value) where !field.isDocumentID: equalities[field] = value
            case .unary(let field, .isNull) where !field.isDocumentID: equalities[field] = .null
            case .unary(let field, .isNaN) where !field.isDocumentID: equalities[field] = .double(.nan)
            case .field(let field, .arrayContains, let value) where !field.isDocumentID:
                if contains != nil || value == .null || value.isNaN { return nil }
                contains = (field, value)
            default: continue
            }
        }
        let orders = target.orderBy.filter { !$0.field.isDocumentID }
        guard let nameOrder = target.orderBy.last, nameOrder.field.isDocumentID else { return nil }
        if orders.contains(where: { equalities[$0.field] != nil || contains?.field == $0.field }) { return nil }
        let prefixCount = equalities.count + (contains == nil ? 0 : 1)
        guard prefixCount + orders.count > 0 else { return nil }
        for definition in definitions where definition.queryScope == scope && definition.fields.count == prefixCount + orders.count {
            let head = definition.fields.prefix(prefixCount)
            let tail = Array(definition.fields.dropFirst(prefixCount))
            var prefix = [UInt8]()
            var matches = true
            for field in head {
                if field.mode == .arrayContains {
                    guard let contains, contains.field == field.fieldPath else { matches = false; break }
                    OrderedValueEncoding.encode(contains.value, direction: .ascending, into: &prefix)
                } else {
                    guard let value = equalities[field.fieldPath] else { matches = false; break }
                    OrderedValueEncoding.encode(value, direction: field.mode == .descending ? .descending : .ascending, into: &prefix)
                }
            }
            guard matches, prefix.count <= IndexKeys.maxValueBytes else { continue }
            let same = zip(tail, orders).allSatisfy { $0.fieldPath == $1.field && $0.mode == ($1.descending ? .descending : .ascending) }
            let opposite = zip(tail, orders).allSatisfy { $0.fieldPath == $1.field && $0.mode == ($1.descending ? .ascending : .descending) }
            let namesDescending = definition.fields.last?.mode == .descending
            if same && nameOrder.descending == namesDescending {
                return CompositeMatch(definition: definition, prefix: prefix, firstOrder: tail.first, reverse: false)
            }
            if opposite && nameOrder.descending != namesDescending {
                return CompositeMatch(definition: definition, prefix: prefix, firstOrder: tail.first, reverse: true)
            }
        }
        return nil
    }
}
