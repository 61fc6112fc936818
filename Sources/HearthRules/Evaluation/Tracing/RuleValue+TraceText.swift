import HearthCore

/// Short renderings of values for evaluation traces: rules-like text (`"alice"`, `[1, 2]`,
/// `{owner: "alice"}`), cut at a bound so a large document costs no more than a small one.
extension RuleTerm {
    /// The term as trace text of at most `limit` characters (then ending in `…`).
    func traceText(limit: Int) -> String {
        var writer = TraceTextWriter(limit: limit)
        switch self {
        case .value(let value): writer.write(value)
        case .symbol(let symbol): writer.append(symbol.typeName == "map" ? "map (query constraints)" : "constraint")
        }
        return writer.text
    }
}

/// Writes values as text into a bounded buffer, stopping as soon as the bound is reached.
struct TraceTextWriter {
    /// Most characters written.
    let limit: Int
    /// The text so far.
    private(set) var text = ""
    /// Characters in `text` (counted here: `String.count` walks the string).
    private var count = 0
    /// True once the bound was reached.
    private(set) var full = false

    /// A writer of at most `limit` characters.
    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Appends `piece`, cutting it (and ending with `…`) at the bound.
    mutating func append(_ piece: String) {
        guard !full else { return }
        for character in piece {
            if count == limit - 1 {
                text.append("…")
                full = true
                return
            }
            text.append(character)
            count += 1
        }
    }

    /// Appends `value` as rules-like text.
    mutating func write(_ value: RuleValue) {
        guard !full else { return }
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): append(String(number))
        case .float(let number): append(RuleValue.formatFloat(number))
        case .string(let string): appendQuoted(string)
        case .bytes(let bytes):
            append("b'")
            for byte in bytes where !full { append(Self.hex(byte)) }
            append("'")
        case .list(let items): writeList(items, open: "[")
        case .set(let set): writeList(set.elements, open: "set([")
        case .map(let fields):
            append("{")
            for (index, key) in fields.keys.sorted(by: UTF8KeyOrder.precedes).enumerated() where !full {
                if index > 0 { append(", ") }
                append(key)
                append(": ")
                if let field = fields[key] { write(field) }
            }
            append("}")
        case .path(let path): append(path.description)
        case .timestamp(let time): append("timestamp(\(time.seconds)s \(time.nanos)ns)")
        case .duration(let span): append("duration(\(span.seconds)s \(span.nanos)ns)")
        case .latlng(let point):
            append("latlng(\(RuleValue.formatFloat(point.latitude)), \(RuleValue.formatFloat(point.longitude)))")
        case .mapDiff: append("map_diff")
        }
    }

    /// Two lowercase hex digits.
    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// A list's (or set's) elements between `open` and its closing bracket(s).
    private mutating func writeList(_ items: [RuleValue], open: String) {
        append(open)
        for (index, item) in items.enumerated() where !full {
            if index > 0 { append(", ") }
            write(item)
        }
        append(open == "[" ? "]" : "])")
    }

    /// A string in double quotes, with quotes, backslashes and control characters escaped.
    private mutating func appendQuoted(_ string: String) {
        append("\"")
        for scalar in string.unicodeScalars where !full {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\t": append("\\t")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    append("\\u{\(String(scalar.value, radix: 16))}")
                } else {
                    append(String(Character(scalar)))
                }
            }
        }
        append("\"")
    }
}
