/// `rules.Path` methods.
extension RuleStandardLibrary {
    /// Dispatches a path method; nil when paths have no method of that name.
    static func pathMethod(_ name: String, _ path: RulePath, _ arguments: [RuleValue]) throws(RuleError) -> RuleValue? {
        switch name {
        case "bind":
            let call = RuleCall(name: "path.bind", arguments: arguments, expected: "path.bind(map)")
            try call.require(1)
            return .path(try bind(path, try call.map(0)))
        default:
            return nil
        }
    }

    /// Fills every `{name}` and `$(name)` placeholder in the path's segments from `values`.
    ///
    /// Values must be strings or ints; a placeholder whose name `values` lacks is an error. The
    /// bound values are remembered on the path, so `p.name` reads them back.
    static func bind(_ path: RulePath, _ values: [String: RuleValue]) throws(RuleError) -> RulePath {
        var texts: [String: String] = [:]
        for (key, value) in values {
            switch value {
            case .string(let text): texts[key] = text
            case .int(let number): texts[key] = String(number)
            default:
                throw RuleError.unsupported(
                    received: "path.bind(map holding \(value.typeName))", expected: "path.bind(map of strings)")
            }
        }
        var segments: [String] = []
        segments.reserveCapacity(path.segments.count)
        for segment in path.segments {
            segments.append(try substitutePlaceholders(in: segment, from: texts))
        }
        var bindings = path.bindings
        for (key, value) in values { bindings[key] = value }
        return RulePath(segments: segments, bindings: bindings)
    }

    /// `segment` with each `{name}` / `$(name)` replaced by its text.
    private static func substitutePlaceholders(in segment: String, from texts: [String: String]) throws(RuleError)
        -> String
    {
        let scalars = Array(segment.unicodeScalars)
        var result = ""
        var index = 0
        while index < scalars.count {
            var nameStart: Int?
            var closing: Unicode.Scalar = "}"
            if scalars[index] == "{" {
                nameStart = index + 1
            } else if scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "(" {
                nameStart = index + 2
                closing = ")"
            }
            if let start = nameStart, let end = scalars[start...].firstIndex(of: closing) {
                var name = ""
                name.unicodeScalars.append(contentsOf: scalars[start..<end])
                guard let text = texts[name] else { throw RuleError.undefinedProperty(name) }
                result += text
                index = end + 1
            } else {
                result.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        return result
    }
}
