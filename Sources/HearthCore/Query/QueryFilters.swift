/// The meaning of each filter, per Firestore (fact sheet §4.2–4.3).
enum QueryFilters {
    /// Whether `filter` holds for `document`.
    static func matches(_ filter: QueryFilter, _ document: Document, database: DatabaseID) -> Bool {
        switch filter {
        case .composite(.and, let filters):
            return filters.allSatisfy { matches($0, document, database: database) }
        case .composite(.or, let filters):
            return filters.contains { matches($0, document, database: database) }
        case .unary(let field, let op):
            guard let value = value(of: field, in: document, database: database) else { return false }
            switch op {
            case .isNull: return value == .null
            case .isNaN: return value.isNaN
            case .isNotNull: return value != .null
            case .isNotNaN: return value != .null && !value.isNaN
            }
        case .field(let field, let op, let operand):
            guard let value = value(of: field, in: document, database: database) else { return false }
            return matches(value, op, operand)
        }
    }

    /// Whether a present field value satisfies `op operand`.
    static func matches(_ value: Value, _ op: QueryFilter.FieldOperator, _ operand: Value) -> Bool {
        switch op {
        case .equal:
            return value.isEquivalent(to: operand)
        case .notEqual:
            return value != .null && !value.isEquivalent(to: operand)
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            // Range filters only match values of the operand's type bracket (NaN is its own).
            guard value.typeOrder == operand.typeOrder else { return false }
            let order = Value.compare(value, operand)
            switch op {
            case .lessThan: return order < 0
            case .lessThanOrEqual: return order <= 0
            case .greaterThan: return order > 0
            default: return order >= 0
            }
        case .arrayContains:
            guard case .array(let elements) = value, isComparable(operand) else { return false }
            return elements.contains { $0.isEquivalent(to: operand) }
        case .arrayContainsAny:
            guard case .array(let elements) = value, case .array(let wanted) = operand else { return false }
            let usable = wanted.filter(isComparable)
            return elements.contains { element in usable.contains { $0.isEquivalent(to: element) } }
        case .in:
            guard case .array(let wanted) = operand else { return false }
            return wanted.filter(isComparable).contains { $0.isEquivalent(to: value) }
        case .notIn:
            guard case .array(let excluded) = operand, value != .null,
                  !excluded.contains(.null) else { return false }
            return !excluded.contains { $0.isEquivalent(to: value) }
        }
    }

    /// Null and NaN never match `in`, `array-contains` and `array-contains-any` entries.
    private static func isComparable(_ value: Value) -> Bool { value != .null && !value.isNaN }

    /// The field's value in `document` (`__name__` is its reference); nil when missing.
    static func value(of field: FieldPath, in document: Document, database: DatabaseID) -> Value? {
        if field.isDocumentID { return .reference(DocumentReferenceValue(database: database, key: document.key)) }
        return document.fields.value(at: field)
    }

    /// The fields of every inequality filter in `filter` (any nesting): `< <= > >= != not-in`
    /// and the unary `IS_NOT_NULL` / `IS_NOT_NAN` (production's `!= null` / `!= NaN`).
    static func inequalityFields(_ filter: QueryFilter) -> [FieldPath] {
        switch filter {
        case .field(let field, let op, _): return op.isInequality ? [field] : []
        case .unary(let field, let op): return op == .isNotNull || op == .isNotNaN ? [field] : []
        case .composite(_, let filters): return filters.flatMap(inequalityFields)
        }
    }

    /// Every field and unary filter in `filter`, flattened.
    static func leaves(_ filter: QueryFilter) -> [QueryFilter] {
        if case .composite(_, let filters) = filter { return filters.flatMap(leaves) }
        return [filter]
    }
}
