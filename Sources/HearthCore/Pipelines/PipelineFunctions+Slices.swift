extension PipelineFunctions {
    // MARK: Array slices, searches and the n greatest

    /// The array functions that take part of an array, find a value in one, or pick its `n`
    /// greatest or least elements.
    static let slices: [String: Function] = [
        "array_first_n": counted("array_first_n") { elements, count in .value(.array(Array(elements.prefix(count)))) },
        "array_last_n": counted("array_last_n") { elements, count in .value(.array(Array(elements.suffix(count)))) },
        "maximum_n": counted("maximum_n") { elements, count in
            .value(.array(Array(elements.filter { $0 != .null }.sorted { Value.compare($0, $1) > 0 }.prefix(count))))
        },
        "minimum_n": counted("minimum_n") { elements, count in
            .value(.array(Array(elements.filter { $0 != .null }.sorted { Value.compare($0, $1) < 0 }.prefix(count))))
        },
        "array_slice": values(2...3) { values in
            guard case .array(let elements) = values[0] else { return wrongType("array_slice", values[0]) }
            guard case .integer(let offset) = values[1] else { return wrongType("array_slice", values[1]) }
            let count = elements.count
            let start = offset < 0 ? max(0, count + Int(clamping: offset)) : min(count, Int(clamping: offset))
            var length = count - start
            if values.count == 3 {
                guard case .integer(let wanted) = values[2] else { return wrongType("array_slice", values[2]) }
                guard wanted >= 0 else { return .error("Function array_slice takes a non-negative length, not \(wanted).") }
                length = min(length, Int(clamping: wanted))
            }
            return .value(.array(Array(elements[start..<(start + length)])))
        },
        "array_index_of": Function(arity: 2...3) { arguments, _ in
            if let failed = arguments.first(where: \.isError) { return failed }
            var fromEnd = false
            if arguments.count == 3 {
                switch arguments[2] {
                case .value(.string("first")): fromEnd = false
                case .value(.string("last")): fromEnd = true
                default: return .error("Function array_index_of searches from \"first\" or \"last\".")
                }
            }
            return array("array_index_of", arguments[0]) { elements in
                guard let wanted = arguments[1].value else { return .value(.integer(-1)) }
                let found = fromEnd
                    ? elements.lastIndex { equivalent($0, wanted) } : elements.firstIndex { equivalent($0, wanted) }
                return .value(.integer(found.map { Int64($0) } ?? -1))
            }
        },
        "array_index_of_all": Function(arity: 2...2) { arguments, _ in
            if let failed = arguments.first(where: \.isError) { return failed }
            return array("array_index_of_all", arguments[0]) { elements in
                guard let wanted = arguments[1].value else { return .value(.array([])) }
                let indexes = elements.indices.filter { equivalent(elements[$0], wanted) }
                return .value(.array(indexes.map { .integer(Int64($0)) }))
            }
        },
        "offset": Function(arity: 2...2) { arguments, _ in
            if let failed = arguments.first(where: \.isError) { return failed }
            switch arguments[0] {
            case .value(.array(let elements)):
                guard case .value(.integer(let offset)) = arguments[1] else {
                    return arguments[1].value.map { wrongType("offset", $0) } ?? .absent
                }
                let index = offset < 0 ? Int64(elements.count) + offset : offset
                guard index >= 0, index < Int64(elements.count) else { return .absent }
                return .value(elements[Int(index)])
            case .value(.null): return arguments[0]
            default: return .absent
            }
        },
    ]

    /// A function of an array and a count `n` (a non-negative integer; a negative one is an error).
    static func counted(_ name: String, _ body: @escaping @Sendable ([Value], Int) -> PipelineOutcome) -> Function {
        values(2...2) { values in
            guard case .array(let elements) = values[0] else { return wrongType(name, values[0]) }
            guard case .integer(let count) = values[1] else { return wrongType(name, values[1]) }
            guard count >= 0 else { return .error("Function \(name) takes a non-negative count, not \(count).") }
            return body(elements, Int(clamping: count))
        }
    }
}

extension PipelineOutcome {
    /// True for an error.
    var isError: Bool {
        if case .error = self { return true }
        return false
    }
}
