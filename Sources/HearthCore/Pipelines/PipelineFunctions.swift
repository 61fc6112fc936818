/// The pipeline expression functions Hearth implements, by wire name. Each takes its arguments'
/// outcomes. Unless a function says otherwise: an argument's error is the result, an absent
/// argument gives absent, and a null one gives null (`strict`).
enum PipelineFunctions {
    /// One function: how many arguments it takes (nil: any number) and what it does.
    struct Function: Sendable {
        let arity: ClosedRange<Int>?
        let body: @Sendable ([PipelineOutcome], PipelineCallContext) -> PipelineOutcome
    }

    /// Every function, by name.
    static let table: [String: Function] = {
        var table: [String: Function] = [:]
        let groups = [
            comparisons, types, arithmetic, strings, text, arrays, slices, vectors, maps, mapEdits, documents, timestamps,
            timeArithmetic,
        ]
        for group in groups {
            table.merge(group) { first, _ in first }
        }
        return table
    }()

    /// The result when an argument decides it before the function runs (an error, absent, null).
    static func strict(_ arguments: [PipelineOutcome]) -> PipelineOutcome? {
        for argument in arguments { if case .error = argument { return argument } }
        for argument in arguments where argument == .absent { return .absent }
        for argument in arguments where argument == .value(.null) { return .value(.null) }
        return nil
    }

    /// A function of `arity` arguments that are all values (see `strict`).
    static func values(
        _ arity: ClosedRange<Int>?, _ body: @escaping @Sendable ([Value]) -> PipelineOutcome
    ) -> Function {
        Function(arity: arity) { arguments, _ in
            if let decided = strict(arguments) { return decided }
            return body(arguments.compactMap(\.value))
        }
    }

    /// The error of a function given a value of the wrong type.
    static func wrongType(_ name: String, _ value: Value) -> PipelineOutcome {
        .error("Function \(name) does not take a \(value.typeName) value.")
    }

    // MARK: Comparison and logic

    static let comparisons: [String: Function] = [
        "equal": equality,
        "not_equal": Function(arity: 2...2) { arguments, _ in
            if case .error = arguments[0] { return arguments[0] }
            if case .error = arguments[1] { return arguments[1] }
            guard let left = arguments[0].value, let right = arguments[1].value else {
                return .value(.boolean(arguments[0] != arguments[1]))
            }
            return .value(.boolean(!equivalent(left, right)))
        },
        "less_than": ordered { $0 < 0 },
        "less_than_or_equal": ordered { $0 <= 0 },
        "greater_than": ordered { $0 > 0 },
        "greater_than_or_equal": ordered { $0 >= 0 },
        "equal_any": Function(arity: 2...2) { arguments, _ in membership(arguments, negated: false) },
        "not_equal_any": Function(arity: 2...2) { arguments, _ in membership(arguments, negated: true) },
        "not": values(1...1) { values in
            guard case .boolean(let flag) = values[0] else { return wrongType("not", values[0]) }
            return .value(.boolean(!flag))
        },
        "xor": values(nil) { values in
            var result = false
            for value in values {
                guard case .boolean(let flag) = value else { return wrongType("xor", value) }
                result = result != flag
            }
            return .value(.boolean(result))
        },
        "cmp": Function(arity: 2...2) { arguments, _ in
            if let decided = strict(arguments) { return decided }
            guard let left = arguments[0].value, let right = arguments[1].value else { return .absent }
            return .value(.integer(Int64(Value.compare(left, right).signum())))
        },
    ]

    /// Firestore equality: numbers compare by value across integer and double; NaN equals NaN (as in classic queries).
    static func equivalent(_ left: Value, _ right: Value) -> Bool {
        left.typeOrder == right.typeOrder && Value.compare(left, right) == 0
    }

    /// `equal`: false when either side is absent; null equals only null.
    static let equality = Function(arity: 2...2) { arguments, _ in
            if case .error = arguments[0] { return arguments[0] }
            if case .error = arguments[1] { return arguments[1] }
            guard let left = arguments[0].value, let right = arguments[1].value else { return .value(.boolean(false)) }
            return .value(.boolean(equivalent(left, right)))
    }

    /// The range comparisons: false unless both sides are values of the same type (numbers
    /// together), neither null nor NaN.
    static func ordered(_ accept: @escaping @Sendable (Int) -> Bool) -> Function {
        Function(arity: 2...2) { arguments, _ in
            if case .error = arguments[0] { return arguments[0] }
            if case .error = arguments[1] { return arguments[1] }
            guard let left = arguments[0].value, let right = arguments[1].value, left.typeOrder == right.typeOrder,
                left != .null, !left.isNaN, !right.isNaN
            else { return .value(.boolean(false)) }
            return .value(.boolean(accept(Value.compare(left, right))))
        }
    }

    /// `equal_any` / `not_equal_any`: whether the value equals one of the array's elements.
    static func membership(_ arguments: [PipelineOutcome], negated: Bool) -> PipelineOutcome {
        if case .error = arguments[0] { return arguments[0] }
        if case .error = arguments[1] { return arguments[1] }
        guard case .value(.array(let elements))? = Optional(arguments[1]) else {
            return arguments[1].value.map { wrongType(negated ? "not_equal_any" : "equal_any", $0) } ?? .absent
        }
        guard let value = arguments[0].value else { return .value(.boolean(negated)) }
        let found = elements.contains { equivalent($0, value) }
        return .value(.boolean(found != negated))
    }

    // MARK: Types and absence

    static let types: [String: Function] = [
        "exists": Function(arity: 1...1) { arguments, _ in
            if case .error = arguments[0] { return arguments[0] }
            return .value(.boolean(arguments[0] != .absent))
        },
        "is_absent": Function(arity: 1...1) { arguments, _ in
            if case .error = arguments[0] { return arguments[0] }
            return .value(.boolean(arguments[0] == .absent))
        },
        "is_error": Function(arity: 1...1) { arguments, _ in
            if case .error = arguments[0] { return .value(.boolean(true)) }
            return .value(.boolean(false))
        },
        "if_absent": Function(arity: 2...2) { arguments, _ in arguments[0] == .absent ? arguments[1] : arguments[0] },
        "if_error": Function(arity: 2...2) { arguments, _ in
            if case .error = arguments[0] { return arguments[1] }
            return arguments[0]
        },
        "if_null": Function(arity: 2...2) { arguments, _ in arguments[0] == .value(.null) ? arguments[1] : arguments[0] },
        "coalesce": Function(arity: nil) { arguments, _ in
            for argument in arguments {
                if case .value(let value) = argument, value != .null { return argument }
                if case .error = argument { return argument }
            }
            // Nothing but absent arguments: absent (the field is left out), else null.
            return arguments.allSatisfy { $0 == .absent } ? .absent : .value(.null)
        },
        "type": Function(arity: 1...1) { arguments, _ in
            switch arguments[0] {
            case .value(let value): .value(.string(value.typeName))
            case .absent: .absent
            case .error: arguments[0]
            }
        },
        "is_type": Function(arity: 2...2) { arguments, _ in
            if case .error = arguments[0] { return arguments[0] }
            guard case .value(.string(let wanted)) = arguments[1] else { return .error("is_type takes a type name.") }
            guard let value = arguments[0].value else { return .value(.boolean(wanted == "absent")) }
            return .value(.boolean(value.typeName == wanted || (wanted == "number" && (value.typeOrder == .number || value.isNaN))))
        },
        "is_nan": values(1...1) { values in
            switch values[0] {
            case .double(let number): .value(.boolean(number.isNaN))
            case .integer: .value(.boolean(false))
            default: wrongType("is_nan", values[0])
            }
        },
    ]
}
