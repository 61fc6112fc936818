import HearthCore
/// Text renderings of values: `string(x)`, error messages and `debug()` log lines.
extension RuleValue {
    /// A float as Java prints a double (`2.0`, `-122.08`, `1.0E20`, `NaN`, `Infinity`).
    static func formatFloat(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        let text = value.description
        guard let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        var mantissa = String(text[..<exponentIndex])
        var exponent = String(text[text.index(after: exponentIndex)...])
        if !mantissa.contains(".") { mantissa += ".0" }
        if exponent.hasPrefix("+") { exponent.removeFirst() }
        return mantissa + "E" + exponent
    }

    /// The protobuf-text-style line `debug()` logs, e.g. `string_value: "alice"` or `map_value { … }`.
    var debugLogText: String {
        switch self {
        case .null: return "null_value: NULL_VALUE"
        case .bool(let value): return "bool_value: \(value)"
        case .int(let value): return "int_value: \(value)"
        case .float(let value): return "float_value: \(RuleValue.formatFloat(value))"
        case .string(let value): return "string_value: \(RuleValue.quoted(value))"
        case .bytes(let value): return "bytes_value: \(RuleValue.quotedBytes(value))"
        case .list(let elements):
            return "list_value { " + elements.map { "values { \($0.debugLogText) }" }.joined(separator: " ") + " }"
        case .map(let fields):
            let keys = fields.keys.sorted(by: UTF8KeyOrder.precedes)
            let entries = keys.map { key in
                "fields { key: \(RuleValue.quoted(key)) value { \(fields[key]?.debugLogText ?? "") } }"
            }
            return "map_value { " + entries.joined(separator: " ") + " }"
        case .set(let set):
            return "set_value { " + set.elements.map { "values { \($0.debugLogText) }" }.joined(separator: " ") + " }"
        case .path(let path):
            return "path_value { "
                + path.segments.map { "segments { simple: \(RuleValue.quoted($0)) }" }
                .joined(separator: " ") + " }"
        case .timestamp(let value):
            return "timestamp_value { seconds: \(value.seconds) nanos: \(value.nanos) }"
        case .duration(let value):
            return "duration_value { seconds: \(value.seconds) nanos: \(value.nanos) }"
        case .latlng(let value):
            return "latlng_value { latitude: \(RuleValue.formatFloat(value.latitude)) longitude: "
                + "\(RuleValue.formatFloat(value.longitude)) }"
        case .mapDiff(let diff):
            return "map_diff_value { left: \(RuleValue.map(diff.newer).debugLogText) right: "
                + "\(RuleValue.map(diff.older).debugLogText) }"
        }
    }

    /// A string in double quotes with `"` and `\` escaped.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Bytes in double quotes, printable ASCII as is and everything else as octal escapes.
    private static func quotedBytes(_ bytes: [UInt8]) -> String {
        var result = "\""
        for byte in bytes {
            if byte >= 0x20, byte < 0x7F, byte != 0x22, byte != 0x5C {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = String(byte, radix: 8)
                result += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            }
        }
        return result + "\""
    }
}
