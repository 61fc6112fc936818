extension PipelineFunctions {
    // MARK: Arrays

    static let arrays: [String: Function] = [
        "array": Function(arity: nil) { arguments, _ in
            var elements: [Value] = []
            for argument in arguments {
                switch argument {
                case .value(let value): elements.append(value)
                case .absent: elements.append(.null)
                case .error: return argument
                }
            }
            return .value(.array(elements))
        },
        "array_contains": Function(arity: 2...2) { arguments, _ in
            if case .error = arguments[1] { return arguments[1] }
            return array("array_contains", arguments[0]) { elements in
                guard let wanted = arguments[1].value else { return .value(.boolean(false)) }
                return .value(.boolean(elements.contains { equivalent($0, wanted) }))
            }
        },
        "array_contains_all": arrayAndList("array_contains_all") { elements, wanted in
            .value(.boolean(wanted.allSatisfy { value in elements.contains { equivalent($0, value) } }))
        },
        "array_contains_any": arrayAndList("array_contains_any") { elements, wanted in
            .value(.boolean(wanted.contains { value in elements.contains { equivalent($0, value) } }))
        },
        "array_length": Function(arity: 1...1) { arguments, _ in
            array("array_length", arguments[0]) { .value(.integer(Int64($0.count))) }
        },
        "array_reverse": Function(arity: 1...1) { arguments, _ in
            array("array_reverse", arguments[0]) { .value(.array($0.reversed())) }
        },
        "array_first": Function(arity: 1...1) { arguments, _ in
            array("array_first", arguments[0]) { $0.first.map(PipelineOutcome.value) ?? .absent }
        },
        "array_last": Function(arity: 1...1) { arguments, _ in
            array("array_last", arguments[0]) { $0.last.map(PipelineOutcome.value) ?? .absent }
        },
        "array_get": Function(arity: 2...2) { arguments, _ in
            if case .error = arguments[1] { return arguments[1] }
            return array("array_get", arguments[0]) { elements in
                guard case .value(.integer(let offset)) = arguments[1] else {
                    return arguments[1].value.map { wrongType("array_get", $0) } ?? .absent
                }
                let index = offset < 0 ? Int64(elements.count) + offset : offset
                guard index >= 0, index < Int64(elements.count) else { return .absent }
                return .value(elements[Int(index)])
            }
        },
        "array_concat": values(nil) { values in
            var result: [Value] = []
            for value in values {
                guard case .array(let elements) = value else { return wrongType("array_concat", value) }
                result += elements
            }
            return .value(.array(result))
        },
        "maximum": extreme(greatest: true),
        "minimum": extreme(greatest: false),
    ]

    /// A function of one array: absent stays absent, null stays null, other types are an error.
    static func array(_ name: String, _ argument: PipelineOutcome, _ body: ([Value]) -> PipelineOutcome) -> PipelineOutcome {
        switch argument {
        case .value(.array(let elements)): body(elements)
        case .value(.null), .absent, .error: argument
        case .value(let other): wrongType(name, other)
        }
    }

    /// A function of an array and a list of values.
    static func arrayAndList(_ name: String, _ body: @escaping @Sendable ([Value], [Value]) -> PipelineOutcome) -> Function {
        values(2...2) { values in
            guard case .array(let elements) = values[0] else { return wrongType(name, values[0]) }
            guard case .array(let wanted) = values[1] else { return wrongType(name, values[1]) }
            return body(elements, wanted)
        }
    }

    /// `maximum` / `minimum` of the arguments (of an array's elements when given one array), in
    /// Firestore's value order; nulls and absent arguments are skipped.
    static func extreme(greatest: Bool) -> Function {
        Function(arity: nil) { arguments, _ in
            var candidates: [Value] = []
            for argument in arguments {
                switch argument {
                case .error: return argument
                case .absent, .value(.null): continue
                case .value(.array(let elements)) where arguments.count == 1: candidates += elements.filter { $0 != .null }
                case .value(let value): candidates.append(value)
                }
            }
            let best = candidates.max { greatest ? Value.compare($0, $1) < 0 : Value.compare($0, $1) > 0 }
            return best.map(PipelineOutcome.value) ?? .value(.null)
        }
    }

    // MARK: Maps

    static let maps: [String: Function] = [
        "map": Function(arity: nil) { arguments, _ in
            guard arguments.count % 2 == 0 else { return .error("map takes keys and values in pairs.") }
            var fields: [String: Value] = [:]
            for pair in stride(from: 0, to: arguments.count, by: 2) {
                guard case .value(.string(let key)) = arguments[pair] else { return .error("map takes string keys.") }
                switch arguments[pair + 1] {
                case .value(let value): fields[key] = value
                case .absent: continue
                case .error: return arguments[pair + 1]
                }
            }
            return .value(.map(fields))
        },
        "map_get": Function(arity: 2...2) { arguments, _ in
            switch (arguments[0], arguments[1]) {
            case (.error, _): return arguments[0]
            case (_, .error): return arguments[1]
            case (.value(.map(let fields)), .value(.string(let key))): return fields[key].map(PipelineOutcome.value) ?? .absent
            case (.value(.map), .value(let other)): return wrongType("map_get", other)
            case (.absent, _), (.value(.null), _): return arguments[0]
            case (.value(let other), _): return wrongType("map_get", other)
            default: return .absent
            }
        },
        "map_keys": values(1...1) { values in
            guard case .map(let fields) = values[0] else { return wrongType("map_keys", values[0]) }
            return .value(.array(Value.sortedKeys(fields).map(Value.string)))
        },
        "map_values": values(1...1) { values in
            guard case .map(let fields) = values[0] else { return wrongType("map_values", values[0]) }
            return .value(.array(Value.sortedKeys(fields).compactMap { fields[$0] }))
        },
    ]

    // MARK: Documents

    static let documents: [String: Function] = [
        "document_id": reference("document_id") { .value(.string($0.documentID)) },
        "collection_id": reference("collection_id") { .value(.string($0.collectionID)) },
    ]

    /// A function of a document reference (or a document path as a string).
    static func reference(_ name: String, _ body: @escaping @Sendable (DocumentKey) -> PipelineOutcome) -> Function {
        values(1...1) { values in
            switch values[0] {
            case .reference(let reference): return body(reference.key)
            case .string(let path):
                guard let key = try? DocumentKey(validating: path) else { return .error("\(name) takes a document path.") }
                return body(key)
            default: return wrongType(name, values[0])
            }
        }
    }

    // MARK: Timestamps

    static let timestamps: [String: Function] = [
        "timestamp_to_unix_micros": timestamp("timestamp_to_unix_micros") { $0.microseconds },
        "timestamp_to_unix_millis": timestamp("timestamp_to_unix_millis") { $0.microseconds.floorDivided(by: 1_000) },
        "timestamp_to_unix_seconds": timestamp("timestamp_to_unix_seconds") { $0.seconds },
        "unix_micros_to_timestamp": fromUnix("unix_micros_to_timestamp", perSecond: 1_000_000),
        "unix_millis_to_timestamp": fromUnix("unix_millis_to_timestamp", perSecond: 1_000),
        "unix_seconds_to_timestamp": fromUnix("unix_seconds_to_timestamp", perSecond: 1),
        "current_timestamp": Function(arity: 0...0) { _, context in .value(.timestamp(context.evaluator.now)) },
    ]

    /// A function of a timestamp giving an integer.
    static func timestamp(_ name: String, _ body: @escaping @Sendable (Timestamp) -> Int64) -> Function {
        values(1...1) { values in
            guard case .timestamp(let time) = values[0] else { return wrongType(name, values[0]) }
            return .value(.integer(body(time)))
        }
    }

    /// A function of an integer count of `perSecond` units since the epoch giving a timestamp; out
    /// of Firestore's range is an error.
    static func fromUnix(_ name: String, perSecond: Int64) -> Function {
        values(1...1) { values in
            guard case .integer(let count) = values[0] else { return wrongType(name, values[0]) }
            let seconds = count.floorDivided(by: perSecond)
            let remainder = count - seconds * perSecond
            let nanoseconds = Int32(remainder * (1_000_000_000 / perSecond))
            guard let time = try? Timestamp(seconds: seconds, nanoseconds: nanoseconds) else {
                return .error("\(name): \(count) is outside the range of timestamps.")
            }
            return .value(.timestamp(time))
        }
    }
}

extension Int64 {
    /// Division rounding towards minus infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
