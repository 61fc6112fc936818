/// A fully parenthesised rendering of expressions, for tests, logs and coverage reports.
extension Expr {
    /// The expression with every operator application wrapped in parentheses: `((a + b) * c)`.
    var parenthesized: String {
        switch kind {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .float(let value): String(value)
        case .string(let text): "'" + Self.escaped(text) + "'"
        case .bytes(let bytes): "b'" + bytes.map { "\\x" + Self.hexByte($0) }.joined() + "'"
        case .list(let items): "[" + items.map(\.parenthesized).joined(separator: ", ") + "]"
        case .map(let entries):
            "{" + entries.map { "\($0.key.parenthesized): \($0.value.parenthesized)" }.joined(separator: ", ") + "}"
        case .path(let segments): segments.map(Self.render).joined()
        case .identifier(let name): name
        case .member(let receiver, let name): "(\(receiver.parenthesized).\(name))"
        case .index(let receiver, let index): "(\(receiver.parenthesized)[\(index.parenthesized)])"
        case .slice(let receiver, let from, let to):
            "(\(receiver.parenthesized)[\(from.parenthesized):\(to.parenthesized)])"
        case .call(let name, let arguments): "\(name)(\(arguments.map(\.parenthesized).joined(separator: ", ")))"
        case .methodCall(let receiver, let name, let arguments):
            "(\(receiver.parenthesized).\(name)(\(arguments.map(\.parenthesized).joined(separator: ", "))))"
        case .unary(let op, let operand): "(\(op.rawValue)\(operand.parenthesized))"
        case .binary(let op, let left, let right): "(\(left.parenthesized) \(op.rawValue) \(right.parenthesized))"
        case .ternary(let condition, let then, let otherwise):
            "(\(condition.parenthesized) ? \(then.parenthesized) : \(otherwise.parenthesized))"
        case .isType(let operand, let type): "(\(operand.parenthesized) is \(type.rawValue))"
        }
    }

    /// Renders one path-literal segment with its leading slash.
    private static func render(_ segment: PathLiteralSegment) -> String {
        switch segment {
        case .literal(let text): "/" + text
        case .interpolation(let expression): "/$(" + expression.parenthesized + ")"
        case .placeholder(let name): "/{" + name + "}"
        }
    }

    /// Escapes backslashes, quotes and control characters for a single-quoted rendering.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\x" + hexByte(UInt8(truncatingIfNeeded: scalar.value))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Two lowercase hex digits.
    private static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
