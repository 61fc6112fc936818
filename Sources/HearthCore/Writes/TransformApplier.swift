/// Firestore's field-transform semantics (fact sheet §3.4), as pure functions.
enum TransformApplier {
    /// The new field value for `kind` given the `current` value (nil when the field is missing).
    static func apply(
        _ kind: FieldTransform.Kind, to current: Value?, commitTime: Timestamp
    ) -> Value {
        switch kind {
        case .serverTimestamp:
            return .timestamp(commitTime)
        case .increment(let operand):
            return increment(current, by: operand)
        case .maximum(let operand):
            return extreme(current, operand, keepLarger: true)
        case .minimum(let operand):
            return extreme(current, operand, keepLarger: false)
        case .appendMissingElements(let elements):
            var result = current?.arrayValue ?? []
            for element in elements where !result.contains(where: { $0.isEquivalent(to: element) }) {
                result.append(element)
            }
            return .array(result)
        case .removeAllFromArray(let elements):
            let result = (current?.arrayValue ?? []).filter { existing in
                !elements.contains { $0.isEquivalent(to: existing) }
            }
            return .array(result)
        }
    }

    /// What the commit reports for a transform: the new value, or null for the array transforms.
    static func reportedResult(_ kind: FieldTransform.Kind, newValue: Value) -> Value {
        switch kind {
        case .appendMissingElements, .removeAllFromArray: return .null
        default: return newValue
        }
    }

    /// Checks a transform's operands; INVALID_ARGUMENT names the field. Array operands may hold
    /// BSON values where `allowsBSON` says the database accepts them.
    static func validate(
        _ transform: FieldTransform, allowsBSON: CommitApplier.BSONPermission = { false }
    ) throws(FirestoreError) {
        let field = transform.fieldPath.canonicalString
        switch transform.kind {
        case .serverTimestamp:
            return
        case .increment(let operand), .maximum(let operand), .minimum(let operand):
            guard operand.isNumber else {
                throw FirestoreError(
                    .invalidArgument,
                    "Field transform on field '\(field)' needs an integer or double operand, but got \(operand).")
            }
        case .appendMissingElements(let elements), .removeAllFromArray(let elements):
            if elements.contains(where: { $0.arrayValue != nil }) {
                throw FirestoreError(
                    .invalidArgument,
                    "Nested arrays are not supported (found in the array transform on field '\(field)').")
            }
            try Value.validateFields(["_": .array(elements)], askingForBSON: allowsBSON)
        }
    }

    private static func increment(_ current: Value?, by operand: Value) -> Value {
        switch (current, operand) {
        case (.integer(let a)?, .integer(let b)):
            let (sum, overflow) = a.addingReportingOverflow(b)
            if overflow { return .integer(b > 0 ? .max : .min) }  // Firestore saturates
            return .integer(sum)
        case (let current?, _) where current.isNumber:
            return .double(asDouble(current) + asDouble(operand))
        default:
            return operand
        }
    }

    private static func extreme(_ current: Value?, _ operand: Value, keepLarger: Bool) -> Value {
        guard let current, current.isNumber else { return operand }
        if current.isNaN || operand.isNaN { return .double(.nan) }
        let order = Value.compare(operand, current)
        // Equivalent values (3 and 3.0, or any two zeros) keep what is stored.
        if order == 0 { return current }
        return (order > 0) == keepLarger ? operand : current
    }

    private static func asDouble(_ value: Value) -> Double {
        switch value {
        case .integer(let i): return Double(i)
        case .double(let d): return d
        default: return 0
        }
    }
}
