public import HearthCore

extension Query {
    /// Documents whose `field` equals `value` (null and NaN become `IS NULL` / `IS NAN`).
    public func whereField(_ field: String, isEqualTo value: Any) -> Query { whereFilter(.whereField(field, isEqualTo: value)) }
    /// Documents whose `field` exists and differs from `value`.
    public func whereField(_ field: String, isNotEqualTo value: Any) -> Query {
        whereFilter(.whereField(field, isNotEqualTo: value))
    }
    /// Documents whose `field` is less than `value` (same type bracket).
    public func whereField(_ field: String, isLessThan value: Any) -> Query { whereFilter(.whereField(field, isLessThan: value)) }
    /// Documents whose `field` is at most `value`.
    public func whereField(_ field: String, isLessThanOrEqualTo value: Any) -> Query {
        whereFilter(.whereField(field, isLessThanOrEqualTo: value))
    }
    /// Documents whose `field` is greater than `value`.
    public func whereField(_ field: String, isGreaterThan value: Any) -> Query {
        whereFilter(.whereField(field, isGreaterThan: value))
    }
    /// Documents whose `field` is at least `value`.
    public func whereField(_ field: String, isGreaterThanOrEqualTo value: Any) -> Query {
        whereFilter(.whereField(field, isGreaterThanOrEqualTo: value))
    }
    /// Documents whose array `field` contains `value`.
    public func whereField(_ field: String, arrayContains value: Any) -> Query {
        whereFilter(.whereField(field, arrayContains: value))
    }
    /// Documents whose array `field` contains any of `values`.
    public func whereField(_ field: String, arrayContainsAny values: [Any]) -> Query {
        whereFilter(.whereField(field, arrayContainsAny: values))
    }
    /// Documents whose `field` equals one of `values`.
    public func whereField(_ field: String, in values: [Any]) -> Query { whereFilter(.whereField(field, in: values)) }
    /// Documents whose `field` exists, is not null, and equals none of `values`.
    public func whereField(_ field: String, notIn values: [Any]) -> Query { whereFilter(.whereField(field, notIn: values)) }
    /// Documents meeting a condition on a `FieldPath` (e.g. `FieldPath.documentID()`).
    public func whereField(_ path: FieldPath, _ op: FieldOperator, _ value: Any) -> Query {
        whereFilter(.whereField(path, op, value))
    }

    /// Documents meeting `filter` (which may be an AND / OR of filters).
    public func whereFilter(_ filter: Filter) -> Query {
        with { state in
            do throws(FirestoreError) {
                state.filters.append(try resolve(filter.node))
            } catch {
                state.fail(error)
            }
        }
    }

    /// Orders by `field` (a dotted path).
    public func order(by field: String, descending: Bool = false) -> Query {
        with { state in
            do throws(FirestoreError) {
                state.orders.append(QueryOrder(try HearthCore.FieldPath(dotted: field), descending: descending))
            } catch {
                state.fail(error)
            }
        }
    }

    /// Orders by `path` (`FieldPath.documentID()` for the document name).
    public func order(by path: FieldPath, descending: Bool = false) -> Query {
        with { state in
            do throws(FirestoreError) {
                state.orders.append(QueryOrder(try path.corePath(), descending: descending))
            } catch {
                state.fail(error)
            }
        }
    }

    /// At most `limit` documents, from the start.
    public func limit(to limit: Int) -> Query {
        with { state in
            if limit < 0 { state.fail(FirestoreError(.invalidArgument, "Invalid Query. Query limit (\(limit)) is invalid. Limit must be positive.")) }
            state.limit = limit
            state.limitToLast = false
        }
    }

    /// The last `limit` documents of the ordered results (needs at least one `order(by:)`).
    public func limit(toLast limit: Int) -> Query {
        with { state in
            if limit < 0 { state.fail(FirestoreError(.invalidArgument, "Invalid Query. Query limit (\(limit)) is invalid. Limit must be positive.")) }
            state.limit = limit
            state.limitToLast = true
        }
    }

    /// Skips the first `offset` results (Hearth addition; Firestore's `offset`).
    public func offset(_ offset: Int) -> Query { with { $0.offset = offset } }

    /// Returns only the listed fields (Firestore's projection; not in the iOS SDK).
    public func select(_ fields: [String]) -> Query {
        with { state in
            do throws(FirestoreError) {
                state.projection = try fields.map { field throws(FirestoreError) in try HearthCore.FieldPath(dotted: field) }
            } catch {
                state.fail(error)
            }
        }
    }

    /// Returns only the listed fields, given as `FieldPath`s.
    public func select(_ paths: [FieldPath]) -> Query {
        with { state in
            do throws(FirestoreError) {
                state.projection = try paths.map { path throws(FirestoreError) in try path.corePath() }
            } catch {
                state.fail(error)
            }
        }
    }

    /// Starts at the documents whose order-by values equal `values` (inclusive).
    public func start(at values: [Any]) -> Query { cursor(values, isStart: true, before: true) }
    /// Starts just after `values`.
    public func start(after values: [Any]) -> Query { cursor(values, isStart: true, before: false) }
    /// Ends at `values` (inclusive).
    public func end(at values: [Any]) -> Query { cursor(values, isStart: false, before: false) }
    /// Ends just before `values`.
    public func end(before values: [Any]) -> Query { cursor(values, isStart: false, before: true) }
    /// Starts at `document` (inclusive).
    public func start(atDocument document: DocumentSnapshot) -> Query { cursor(document, isStart: true, before: true) }
    /// Starts just after `document`.
    public func start(afterDocument document: DocumentSnapshot) -> Query { cursor(document, isStart: true, before: false) }
    /// Ends at `document` (inclusive).
    public func end(atDocument document: DocumentSnapshot) -> Query { cursor(document, isStart: false, before: false) }
    /// Ends just before `document`.
    public func end(beforeDocument document: DocumentSnapshot) -> Query { cursor(document, isStart: false, before: true) }

    private func cursor(_ values: [Any], isStart: Bool, before: Bool) -> Query {
        with { state in
            do throws(FirestoreError) {
                guard !values.isEmpty else {
                    throw FirestoreError(.invalidArgument, "Invalid query. A cursor must be given at least one value.")
                }
                var reader = UserDataReader(method: isStart ? "start()" : "end()")
                var read: [Value] = []
                for value in values {
                    if let sentinel = value as? FieldValue {
                        throw FirestoreError(
                            .invalidArgument, "Invalid query. \(sentinel.methodName) cannot be used in a query cursor.")
                    }
                    read.append(try reader.readPlain(value))
                }
                let cursor = QueryState.Cursor.values(read, before: before)
                if isStart { state.start = cursor } else { state.end = cursor }
            } catch {
                state.fail(error)
            }
        }
    }

    private func cursor(_ document: DocumentSnapshot, isStart: Bool, before: Bool) -> Query {
        with { state in
            do throws(FirestoreError) {
                guard let fields = document.fields else {
                    throw FirestoreError(.notFound, "Can't use a DocumentSnapshot that doesn't exist for \(isStart ? "start" : "end")().")
                }
                let cursor = QueryState.Cursor.document(key: try document.reference.key(), fields: fields, before: before)
                if isStart { state.start = cursor } else { state.end = cursor }
            } catch {
                state.fail(error)
            }
        }
    }
}
