internal import HearthCore

extension Query {
    /// The engine query this builder describes, with the SDK's client-side checks.
    ///
    /// Only explicit orders are sent, except that a cursor taken from a document snapshot
    /// materializes the whole effective order (explicit, inequality fields, then `__name__`) with
    /// the document's values, as the SDKs do.
    func structuredQuery() throws(FirestoreError) -> StructuredQuery {
        if let error = state.firstError { throw error }
        var query: StructuredQuery
        switch source {
        case .collection(let reference):
            let path = try CollectionReference.validated(reference)
            query = StructuredQuery(parent: path.parent ?? .root, collectionID: path.lastSegment)
        case .collectionGroup(let id):
            guard !id.isEmpty, !id.contains("/") else {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid collection ID '\(id)' passed to collectionGroup(). Collection IDs must not contain '/'.")
            }
            query = StructuredQuery(collectionID: id, allDescendants: true)
        }
        query.filter = state.filters.count > 1 ? .composite(.and, state.filters) : state.filters.first
        query.orderBy = state.orders
        query.offset = state.offset
        query.limit = state.limit
        query.projection = state.projection.map { $0.isEmpty ? [.documentID] : $0 }
        if state.limitToLast && state.orders.isEmpty {
            throw FirestoreError(
                .invalidArgument, "limitToLast() queries require specifying at least one orderBy() clause")
        }
        for cursor in [state.start, state.end] {
            if case .document = cursor { query.orderBy = QueryTarget.effectiveOrder(of: query) }
        }
        query.startAt = try state.start.map { cursor throws(FirestoreError) in try bound(cursor, query) }
        query.endAt = try state.end.map { cursor throws(FirestoreError) in try bound(cursor, query) }
        try QueryValidation.validate(query)
        return query
    }

    /// A cursor's values lined up with the query's orders.
    private func bound(_ cursor: QueryState.Cursor, _ query: StructuredQuery) throws(FirestoreError) -> QueryBound {
        switch cursor {
        case .values(let values, let before):
            if !values.isEmpty && query.orderBy.isEmpty {
                throw FirestoreError(
                    .invalidArgument, "Invalid query. You must not call startAt() or endAt() before calling orderBy().")
            }
            guard values.count <= query.orderBy.count else {
                throw FirestoreError(
                    .invalidArgument,
                    "Too many arguments provided to a cursor. The number of arguments must be less than or equal to the "
                        + "number of orderBy() clauses.")
            }
            var resolved: [Value] = []
            for (order, value) in zip(query.orderBy, values) {
                resolved.append(order.field.isDocumentID ? try documentIDValue(value) : value)
            }
            return QueryBound(values: resolved, before: before)
        case .document(let key, let fields, let before):
            if !query.allDescendants, key.collectionPath != query.parent.appending(query.collectionID ?? "") {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid query. The document \(key) used as a cursor is not in the collection the query reads.")
            }
            var values: [Value] = []
            for order in query.orderBy {
                if order.field.isDocumentID {
                    values.append(.reference(DocumentReferenceValue(database: firestore.databaseID, key: key)))
                } else if let value = fields.value(at: order.field) {
                    values.append(value)
                } else {
                    throw FirestoreError(
                        .invalidArgument,
                        "Invalid query. You are trying to start or end a query using a document for which the field "
                            + "'\(order.field.canonicalString)' (used as the orderBy) does not exist.")
                }
            }
            return QueryBound(values: values, before: before)
        }
    }

    /// Turns a filter node into an engine filter in this query's context.
    func resolve(_ node: Filter.Node) throws(FirestoreError) -> QueryFilter {
        switch node {
        case .invalid(let error):
            throw error
        case .composite(let op, let nodes):
            guard !nodes.isEmpty else {
                throw FirestoreError(.invalidArgument, "Invalid query. A composite filter must contain at least one filter.")
            }
            var filters: [QueryFilter] = []
            for child in nodes { filters.append(try resolve(child)) }
            return filters.count == 1 ? filters[0] : .composite(op, filters)
        case .field(let field, let op, let value):
            if value == .null || value.isNaN {
                let name = value == .null ? "Null" : "NaN"
                switch op {
                case .equal: return .unary(field, value == .null ? .isNull : .isNaN)
                case .notEqual: return .unary(field, value == .null ? .isNotNull : .isNotNaN)
                default:
                    if op.isRange {
                        throw FirestoreError(.invalidArgument, "Invalid Query. \(name) supports only '==' and '!=' comparisons.")
                    }
                }
            }
            guard field.isDocumentID else { return .field(field, op, value) }
            switch op {
            case .arrayContains, .arrayContainsAny:
                throw FirestoreError(.invalidArgument, "Invalid Query. You can't perform '\(op.rawValue)' queries on documentId().")
            case .in, .notIn:
                guard case .array(let values) = value else { return .field(field, op, value) }
                var references: [Value] = []
                for element in values { references.append(try documentIDValue(element)) }
                return .field(field, op, .array(references))
            default:
                return .field(field, op, try documentIDValue(value))
            }
        }
    }

    /// A `documentID()` operand: a reference as is, or an id (collection) / path (group) as a reference.
    private func documentIDValue(_ value: Value) throws(FirestoreError) -> Value {
        guard case .string(let text) = value else {
            if case .reference = value { return value }
            throw FirestoreError(
                .invalidArgument,
                "Invalid query. When querying with documentId(), you must provide a valid string or a DocumentReference.")
        }
        guard !text.isEmpty else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid query. When querying with documentId(), you must provide a valid document ID, but it was an empty string.")
        }
        let key: DocumentKey
        switch source {
        case .collection(let reference):
            guard !text.contains("/") else {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid query. When querying a collection by documentId(), you must provide a plain document ID, but "
                        + "'\(text)' contains a '/' character.")
            }
            key = try DocumentKey(path: try CollectionReference.validated(reference).appending(text))
        case .collectionGroup:
            key = try DocumentKey(validating: text)
        }
        return .reference(DocumentReferenceValue(database: firestore.databaseID, key: key))
    }
}
