/// A validated query with its implicit orders completed: the in-memory meaning of a query.
///
/// `matches(_:)`, `compare(_:_:)` and the cursor checks are written straight from Firestore's
/// documented semantics (fact sheet §4); any index-backed plan must return exactly what they
/// select, in the order they define.
package struct QueryTarget: Sendable, Equatable {
    /// The query as given (validated).
    package let query: StructuredQuery
    /// The effective order: explicit orders, then inequality fields, then `__name__`.
    package let orderBy: [QueryOrder]
    /// The database, for `__name__` comparisons against references.
    package let database: DatabaseID

    /// Validates `query` and completes its order.
    /// - Throws: `INVALID_ARGUMENT` with Firestore's messages (see `QueryValidation`).
    package init(_ query: StructuredQuery, database: DatabaseID) throws(FirestoreError) {
        try QueryValidation.validate(query)
        self.query = query
        self.database = database
        self.orderBy = Self.effectiveOrder(of: query)
    }

    /// Firestore's order normalization (fact sheet §4.5).
    package static func effectiveOrder(of query: StructuredQuery) -> [QueryOrder] {
        var orders = query.orderBy
        let direction = orders.last?.descending ?? false
        let inequalityFields = Set(query.filter.map(QueryFilters.inequalityFields) ?? [])
            .filter { !$0.isDocumentID }
            .sorted()
        for field in inequalityFields where !orders.contains(where: { $0.field == field }) {
            orders.append(QueryOrder(field, descending: direction))
        }
        if !orders.contains(where: { $0.field.isDocumentID }) {
            orders.append(QueryOrder(.documentID, descending: direction))
        }
        return orders
    }

    /// Whether `document` is selected by the filter and has every order-by field.
    package func matches(_ document: Document) -> Bool {
        for order in orderBy where !order.field.isDocumentID && document.fields.value(at: order.field) == nil {
            return false
        }
        guard let filter = query.filter else { return true }
        return QueryFilters.matches(filter, document, database: database)
    }

    /// Orders two matching documents by the effective order (<0, 0, >0).
    package func compare(_ a: Document, _ b: Document) -> Int {
        for order in orderBy {
            let result = Value.compare(value(of: order.field, in: a), value(of: order.field, in: b))
            if result != 0 { return order.descending ? -result : result }
        }
        return 0
    }

    /// Whether `document` lies within the start and end cursors.
    package func isWithinBounds(_ document: Document) -> Bool {
        if let start = query.startAt {
            let position = compare(document, to: start)
            if start.before ? position < 0 : position <= 0 { return false }
        }
        if let end = query.endAt {
            let position = compare(document, to: end)
            if end.before ? position >= 0 : position > 0 { return false }
        }
        return true
    }

    /// The document's position against a cursor: compares the leading order-by values.
    private func compare(_ document: Document, to bound: QueryBound) -> Int {
        for (order, cursorValue) in zip(orderBy, bound.values) {
            let result = Value.compare(value(of: order.field, in: document), cursorValue)
            if result != 0 { return order.descending ? -result : result }
        }
        return 0
    }

    /// The value a document has for an order-by field (`__name__` is its reference).
    func value(of field: FieldPath, in document: Document) -> Value {
        if field.isDocumentID { return .reference(DocumentReferenceValue(database: database, key: document.key)) }
        return document.fields.value(at: field) ?? .null
    }

    /// Applies the whole query to `candidates` in memory: filter, order, cursors, offset, limit, select.
    package func evaluate(_ candidates: [Document]) -> [Document] {
        var selected = candidates.filter { matches($0) && isWithinBounds($0) }
        selected.sort { compare($0, $1) < 0 }
        return finish(selected)
    }

    /// Applies offset, limit and projection to documents already selected and in query order.
    package func finish(_ ordered: [Document]) -> [Document] {
        var selected = ordered
        if query.offset > 0 { selected.removeFirst(min(query.offset, selected.count)) }
        if let limit = query.limit, selected.count > limit { selected.removeLast(selected.count - limit) }
        guard let projection = query.projection else { return selected }
        return Self.project(selected, onto: projection)
    }

    /// Keeps only the fields `projection` names (`__name__` keeps none).
    package static func project(_ documents: [Document], onto projection: [FieldPath]) -> [Document] {
        documents.map { document in
            var projected = document
            var fields: [String: Value] = [:]
            for path in projection where !path.isDocumentID {
                if let value = document.fields.value(at: path) { fields.setValue(value, at: path) }
            }
            projected.fields = fields
            return projected
        }
    }
}
