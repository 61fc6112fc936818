import Foundation

extension PipelineFunctions {
    // MARK: Arithmetic

    /// Integers stay integers (an overflow is an error); an integer with a double gives a double.
    static let arithmetic: [String: Function] = [
        "add": numeric("add", integer: { $0.addingReportingOverflow($1) }, double: +),
        "subtract": numeric("subtract", integer: { $0.subtractingReportingOverflow($1) }, double: -),
        "multiply": numeric("multiply", integer: { $0.multipliedReportingOverflow(by: $1) }, double: *),
        "divide": values(2...2) { values in
            switch (values[0], values[1]) {
            case (.integer, .integer(0)): return .error("Division by zero.")
            case (.integer(let a), .integer(let b)):
                let (result, overflow) = a.dividedReportingOverflow(by: b)
                return overflow ? .error("Integer overflow in divide.") : .value(.integer(result))
            default:
                guard let a = values[0].number, let b = values[1].number else {
                    return wrongType("divide", values[0].number == nil ? values[0] : values[1])
                }
                return .value(.double(a / b))
            }
        },
        "mod": values(2...2) { values in
            switch (values[0], values[1]) {
            case (.integer, .integer(0)): return .error("Division by zero.")
            case (.integer(let a), .integer(let b)):
                let (result, overflow) = a.remainderReportingOverflow(dividingBy: b)
                return overflow ? .value(.integer(0)) : .value(.integer(result))
            default:
                guard let a = values[0].number, let b = values[1].number else {
                    return wrongType("mod", values[0].number == nil ? values[0] : values[1])
                }
                return .value(.double(a.truncatingRemainder(dividingBy: b)))
            }
        },
        "abs": values(1...1) { values in
            switch values[0] {
            case .integer(let a):
                return a == .min ? .error("Integer overflow in abs.") : .value(.integer(Swift.abs(a)))
            case .double(let a): return .value(.double(Swift.abs(a)))
            default: return wrongType("abs", values[0])
            }
        },
        "ceil": rounding("ceil", .up),
        "floor": rounding("floor", .down),
        "round": rounding("round", .toNearestOrAwayFromZero),
        "trunc": values(1...2) { values in
            guard values.count == 2 else { return roundedWhole("trunc", values[0], .towardZero) }
            guard case .integer(let places) = values[1] else { return wrongType("trunc", values[1]) }
            return truncated(values[0], places: places)
        },
        "sqrt": real("sqrt") { $0 < 0 ? .nan : $0.squareRoot() },
        "exp": real("exp") { Foundation.exp($0) },
        "ln": real("ln") { $0 < 0 ? .nan : Foundation.log($0) },
        "log10": real("log10") { $0 < 0 ? .nan : Foundation.log10($0) },
        "pow": values(2...2) { values in
            guard let a = values[0].number, let b = values[1].number else {
                return wrongType("pow", values[0].number == nil ? values[0] : values[1])
            }
            return .value(.double(Foundation.pow(a, b)))
        },
        "log": values(2...2) { values in
            guard let a = values[0].number, let base = values[1].number else {
                return wrongType("log", values[0].number == nil ? values[0] : values[1])
            }
            return .value(.double(a < 0 || base <= 0 ? .nan : Foundation.log(a) / Foundation.log(base)))
        },
    ]

    /// A binary numeric function: integers with overflow checks, doubles otherwise.
    static func numeric(
        _ name: String, integer: @escaping @Sendable (Int64, Int64) -> (partialValue: Int64, overflow: Bool),
        double: @escaping @Sendable (Double, Double) -> Double
    ) -> Function {
        values(2...2) { values in
            if case .integer(let a) = values[0], case .integer(let b) = values[1] {
                let (result, overflow) = integer(a, b)
                return overflow ? .error("Integer overflow in \(name).") : .value(.integer(result))
            }
            guard let a = values[0].number, let b = values[1].number else {
                return wrongType(name, values[0].number == nil ? values[0] : values[1])
            }
            return .value(.double(double(a, b)))
        }
    }

    /// A rounding function: an integer is already whole; a double is rounded by `rule`.
    static func rounding(_ name: String, _ rule: FloatingPointRoundingRule) -> Function {
        values(1...1) { values in roundedWhole(name, values[0], rule) }
    }

    /// A number rounded to a whole number by `rule` (an integer stays itself).
    static func roundedWhole(_ name: String, _ value: Value, _ rule: FloatingPointRoundingRule) -> PipelineOutcome {
        switch value {
        case .integer: .value(value)
        case .double(let a): .value(.double(a.rounded(rule)))
        default: wrongType(name, value)
        }
    }

    /// `trunc(x, places)`: `x` cut toward zero after `places` decimal digits (before the decimal
    /// point when negative: `trunc(1234, -2)` is 1200); an integer with `places` ≥ 0 is itself.
    static func truncated(_ value: Value, places: Int64) -> PipelineOutcome {
        let clamped = Int(max(-20, min(places, 330)))
        switch value {
        case .integer(let number):
            guard clamped < 0 else { return .value(value) }
            var unit: Int64 = 1
            for _ in 0 ..< -clamped {
                let (next, overflow) = unit.multipliedReportingOverflow(by: 10)
                if overflow { return .value(.integer(0)) }
                unit = next
            }
            return .value(.integer(number / unit * unit))
        case .double(let number):
            guard number.isFinite else { return .value(value) }
            let scale = Foundation.pow(10.0, Double(clamped))
            let scaled = number * scale
            guard scaled.isFinite else { return .value(value) }
            return .value(.double(scaled.rounded(.towardZero) / scale))
        default:
            return wrongType("trunc", value)
        }
    }

    /// A function of one number giving a double.
    static func real(_ name: String, _ body: @escaping @Sendable (Double) -> Double) -> Function {
        values(1...1) { values in
            guard let a = values[0].number else { return wrongType(name, values[0]) }
            return .value(.double(body(a)))
        }
    }

    // MARK: Strings

    static let strings: [String: Function] = [
        "char_length": string("char_length") { .value(.integer(Int64($0.unicodeScalars.count))) },
        "byte_length": values(1...1) { values in
            switch values[0] {
            case .string(let text): .value(.integer(Int64(text.utf8.count)))
            case .bytes(let bytes): .value(.integer(Int64(bytes.count)))
            default: wrongType("byte_length", values[0])
            }
        },
        "to_lower": string("to_lower") { .value(.string($0.lowercased())) },
        "to_upper": string("to_upper") { .value(.string($0.uppercased())) },
        "trim": trimming("trim", leading: true, trailing: true),
        "ltrim": trimming("ltrim", leading: true, trailing: false),
        "rtrim": trimming("rtrim", leading: false, trailing: true),
        "string_reverse": string("string_reverse") { .value(.string(String($0.reversed()))) },
        "starts_with": twoStrings("starts_with") { .value(.boolean($0.utf8.starts(with: $1.utf8))) },
        "ends_with": twoStrings("ends_with") { .value(.boolean($0.utf8.reversed().starts(with: $1.utf8.reversed()))) },
        "string_contains": twoStrings("string_contains") { text, part in
            .value(.boolean(part.isEmpty || text.utf8.firstRange(of: part.utf8) != nil))
        },
        "regex_match": twoStrings("regex_match") { text, pattern in
            regex(pattern) { (try? $0.wholeMatch(in: text)) != nil }
        },
        "regex_contains": twoStrings("regex_contains") { text, pattern in
            regex(pattern) { (try? $0.firstMatch(in: text)) != nil }
        },
        "string_concat": concatenation,
        "concat": values(nil) { values in
            // Arrays joined into one array; strings and bytes as string_concat joins them.
            guard !values.isEmpty, values.allSatisfy({ if case .array = $0 { true } else { false } }) else {
                return joinedStrings(values)
            }
            var joined: [Value] = []
            for case .array(let elements) in values { joined += elements }
            return .value(.array(joined))
        },
        "length": values(1...1) { values in
            switch values[0] {
            case .string(let text): .value(.integer(Int64(text.unicodeScalars.count)))
            case .bytes(let bytes): .value(.integer(Int64(bytes.count)))
            case .array(let elements): .value(.integer(Int64(elements.count)))
            case .map(let fields):
                if let vector = VectorSearch.elements(of: values[0]) {
                    .value(.integer(Int64(vector.count)))
                } else {
                    .value(.integer(Int64(fields.count)))
                }
            default: wrongType("length", values[0])
            }
        },
        "substring": values(2...3) { values in
            guard case .string(let text) = values[0] else { return wrongType("substring", values[0]) }
            guard case .integer(let start) = values[1] else { return wrongType("substring", values[1]) }
            let scalars = Array(text.unicodeScalars)
            var from = start < 0 ? scalars.count + Int(clamping: start) : Int(clamping: start)
            from = min(max(0, from), scalars.count)
            var length = scalars.count - from
            if values.count == 3 {
                guard case .integer(let wanted) = values[2], wanted >= 0 else {
                    return .error("substring takes a length that is a non-negative integer.")
                }
                length = min(length, Int(clamping: wanted))
            }
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars[from..<(from + length)])
            return .value(.string(String(result)))
        },
    ]

    /// `string_concat`: strings joined; bytes with bytes.
    static let concatenation = values(nil) { values in joinedStrings(values) }

    /// Strings joined, or bytes joined when every value is bytes.
    static func joinedStrings(_ values: [Value]) -> PipelineOutcome {
        if !values.isEmpty, values.allSatisfy({ if case .bytes = $0 { true } else { false } }) {
            var joined: [UInt8] = []
            for case .bytes(let bytes) in values { joined += bytes }
            return .value(.bytes(joined))
        }
        var result = ""
        for value in values {
            guard case .string(let text) = value else { return wrongType("string_concat", value) }
            result += text
        }
        return .value(.string(result))
    }

    /// `trim`/`ltrim`/`rtrim(value[, characters])`: whitespace, or the given characters (of a
    /// string) or bytes (of bytes), removed from the chosen ends.
    static func trimming(_ name: String, leading: Bool, trailing: Bool) -> Function {
        values(1...2) { (values: [Value]) -> PipelineOutcome in trim(values, name, leading, trailing) }
    }

    /// The body of `trimming`.
    static func trim(_ values: [Value], _ name: String, _ leading: Bool, _ trailing: Bool) -> PipelineOutcome {
        let characters: Value? = values.count == 2 ? .some(values[1]) : .none
        switch values[0] {
        case .string(let text):
            guard let characters else {
                return .value(.string(trimmed(Substring(text), leading, trailing) { $0.isWhitespace }))
            }
            guard case .string(let given) = characters else { return wrongType(name, characters) }
            let set = Set(given)
            return .value(.string(trimmed(Substring(text), leading, trailing) { set.contains($0) }))
        case .bytes(let bytes):
            guard case .bytes(let removed)? = characters else { return wrongType(name, characters ?? values[0]) }
            let set = Set(removed)
            var slice = bytes[...]
            while leading, let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
            while trailing, let last = slice.last, set.contains(last) { slice = slice.dropLast() }
            return .value(.bytes(Array(slice)))
        default:
            return wrongType(name, values[0])
        }
    }

    /// `text` without the characters `remove` accepts at the chosen ends.
    static func trimmed(_ text: Substring, _ leading: Bool, _ trailing: Bool, _ remove: (Character) -> Bool) -> String {
        var text = text
        while leading, let first = text.first, remove(first) { text = text.dropFirst() }
        while trailing, let last = text.last, remove(last) { text = text.dropLast() }
        return String(text)
    }

    /// A function of one string.
    static func string(_ name: String, _ body: @escaping @Sendable (String) -> PipelineOutcome) -> Function {
        values(1...1) { values in
            guard case .string(let text) = values[0] else { return wrongType(name, values[0]) }
            return body(text)
        }
    }

    /// A function of two strings.
    static func twoStrings(_ name: String, _ body: @escaping @Sendable (String, String) -> PipelineOutcome) -> Function {
        values(2...2) { values in
            guard case .string(let a) = values[0] else { return wrongType(name, values[0]) }
            guard case .string(let b) = values[1] else { return wrongType(name, values[1]) }
            return body(a, b)
        }
    }

    /// Whether `pattern` (compiled; an error when it does not compile) passes `test`.
    static func regex(_ pattern: String, _ test: (Regex<AnyRegexOutput>) -> Bool) -> PipelineOutcome {
        guard let compiled = try? Regex(pattern) else { return .error("Invalid regular expression: \(pattern)") }
        return .value(.boolean(test(compiled)))
    }
}

extension Value {
    /// The value as a double, for integers and doubles.
    var number: Double? {
        switch self {
        case .integer(let a): Double(a)
        case .double(let a): a
        default: nil
        }
    }
}
