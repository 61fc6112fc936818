extension Value: CustomStringConvertible {
    /// A compact, JSON-like rendering: `{"city": "Madrid", "visits": 3}`.
    public var description: String {
        switch self {
        case .null: return "null"
        case .boolean(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .double(let d): return String(d)
        case .timestamp(let t): return t.description
        case .string(let s): return "\"" + s + "\""
        case .bytes(let b): return "<\(b.count) bytes>"
        case .reference(let r): return r.key.path.canonicalString
        case .geoPoint(let g): return "(\(g.latitude), \(g.longitude))"
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .map(let fields):
            let entries = fields.sorted { String.compareUTF8($0.key, $1.key) < 0 }
            return "{" + entries.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
