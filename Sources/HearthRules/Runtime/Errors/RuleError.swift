/// An evaluation error of a rules expression, carrying Firebase's message text.
///
/// Errors are values of the language: they travel through operators and calls (section 2.4 of the
/// fact sheet) and only `&&`/`||` can absorb them (see `RuleLogic`).
struct RuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for code that must tell errors apart without parsing messages.
    enum Kind: Sendable, Equatable {
        /// A map key or object property does not exist.
        case undefinedProperty
        /// Something was done to `null`.
        case nullValue
        /// No function or method of that name exists (for that receiver).
        case functionNotFound
        /// Operand or argument types that the operation does not accept.
        case unsupportedOperation
        /// A call with the wrong number of arguments.
        case argumentCount
        /// Integer `/` or `%` by zero.
        case divideByZero
        /// An index or slice bound outside a list or string.
        case indexOutOfBounds
        /// An int result that does not fit in 64 bits, or a timestamp/duration out of range.
        case overflow
        /// An argument of the right type with an unusable value (bad number text, unknown unit…).
        case invalidArgument
        /// A regular expression that does not compile.
        case invalidRegex
        /// Raised by the evaluator for its own conditions (limits, service calls).
        case evaluation
    }

    /// The error's category.
    let kind: Kind
    /// Firebase's text, e.g. `Property x is undefined on object.`.
    let message: String

    /// Creates an error of `kind` with `message`.
    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    var description: String { message }
}

extension RuleError {
    /// `Property <name> is undefined on object.`
    static func undefinedProperty(_ name: String) -> RuleError {
        RuleError(.undefinedProperty, "Property \(name) is undefined on object.")
    }

    /// `Null value error.`
    static let nullValue = RuleError(.nullValue, "Null value error.")

    /// `Function not found error: Name: [<name>].`
    static func functionNotFound(_ name: String) -> RuleError {
        RuleError(.functionNotFound, "Function not found error: Name: [\(name)].")
    }

    /// `Unsupported operation error. Received: <received>.` with an optional `Expected: <expected>.`
    static func unsupported(received: String, expected: String? = nil) -> RuleError {
        var text = "Unsupported operation error. Received: \(received)."
        if let expected { text += " Expected: \(expected)." }
        return RuleError(.unsupportedOperation, text)
    }

    /// `Unsupported operation error. Received: <lhs type> <op> <rhs type>.`
    static func unsupported(_ lhs: RuleValue, _ operatorText: String, _ rhs: RuleValue) -> RuleError {
        unsupported(received: "\(lhs.typeName) \(operatorText) \(rhs.typeName)")
    }

    /// `Unsupported operation error. Received: name(types). Expected: <expected>.` for a call.
    static func unsupportedCall(_ name: String, _ arguments: [RuleValue], expected: String) -> RuleError {
        unsupported(received: RuleError.signature(name, arguments), expected: expected)
    }

    /// `Incorrect number of arguments. Received: <n>. Expected: <expected>.`
    static func argumentCount(received: Int, expected: String) -> RuleError {
        RuleError(.argumentCount, "Incorrect number of arguments. Received: \(received). Expected: \(expected).")
    }

    /// `Divide by zero error.`
    static let divideByZero = RuleError(.divideByZero, "Divide by zero error.")

    /// `Index out of bound error. Index: [<i>] , size: [<n>].`
    static func indexOutOfBounds(index: Int64, size: Int) -> RuleError {
        RuleError(.indexOutOfBounds, "Index out of bound error. Index: [\(index)] , size: [\(size)].")
    }

    /// An int operation whose result does not fit in 64 bits.
    static func integerOverflow(_ lhs: Int64, _ operatorText: String, _ rhs: Int64) -> RuleError {
        RuleError(.overflow, "Integer overflow error. Operation: \(lhs) \(operatorText) \(rhs).")
    }

    /// An int conversion of a value that does not fit in 64 bits.
    static func integerOverflow(converting value: String) -> RuleError {
        RuleError(.overflow, "Integer overflow error. Value: \(value).")
    }

    /// A timestamp outside 0001-01-01 … 9999-12-31.
    static let timestampOutOfRange = RuleError(
        .overflow, "Timestamp out of range error. Timestamps must be between 0001-01-01 and 9999-12-31.")

    /// A duration longer than 10,000 years.
    static let durationOutOfRange = RuleError(
        .overflow, "Duration out of range error. Durations must be within +/-315576000000 seconds.")

    /// Firebase's text for `latlng.value` out of range.
    static func latLngOutOfRange(latitude: Double, longitude: Double) -> RuleError {
        RuleError(
            .invalidArgument,
            "Latitude should be in [-90,90] range and longitude should be in [-180,180] range. latitude: "
                + "\(RuleValue.formatFloat(latitude)), longitude: \(RuleValue.formatFloat(longitude)).")
    }

    /// An argument with a value the function cannot use.
    static func invalidArgument(_ function: String, _ detail: String) -> RuleError {
        RuleError(.invalidArgument, "Invalid argument error. Function: [\(function)]. \(detail)")
    }

    /// A pattern that does not compile, with the reason.
    static func invalidRegex(_ pattern: String, _ reason: String) -> RuleError {
        RuleError(.invalidRegex, "Invalid regular expression: \(reason) Pattern: [\(pattern)].")
    }

    /// `name(type1, type2)`: how a call is named in messages.
    static func signature(_ name: String, _ arguments: [RuleValue]) -> String {
        "\(name)(\(arguments.map(\.typeName).joined(separator: ", ")))"
    }
}
