import HearthCore

/// Writes the coverage report as JSON (fact sheet §5.2's shape).
///
/// Each expression is one entry: `sourcePosition` (file name, 1-based line and column, and the
/// scalar offsets where it starts and ends), `values` (omitted when never evaluated) and
/// `children` (its sub-expressions, omitted for leaves). A value is
/// `{"boolValue": true|false}`, `{"error": {}}` or `{"otherValue": "<type>"}`.
struct CoverageJSONWriter {
    /// The file name.
    let fileName: String
    /// The indexed source.
    let source: CoverageSource
    /// Counts per expression id.
    let counts: [Int: ExpressionCounts]

    /// The whole JSON document.
    func document() -> String {
        var out = "{\"rules\":{\"files\":[{\"name\":"
        out += JSONString.quoted(fileName)
        out += ",\"content\":"
        out += JSONString.quoted(source.text(0..<source.scalars.count))
        out += "}]},\"report\":["
        for (index, root) in source.roots.enumerated() {
            if index > 0 { out += "," }
            write(root, into: &out)
        }
        out += "]}"
        return out
    }

    /// Appends one expression's entry and, recursively, its children's.
    private func write(_ expression: Expr, into out: inout String) {
        let start = expression.range.start
        out += "{\"sourcePosition\":{\"fileName\":\(JSONString.quoted(fileName)),\"line\":\(start.line)"
        out += ",\"column\":\(start.column),\"currentOffset\":\(source.offset(of: start))"
        out += ",\"endOffset\":\(source.offset(of: expression.range.end))}"
        if let counts = counts[expression.id], counts.total > 0 {
            out += ",\"values\":["
            out += Self.values(counts).joined(separator: ",")
            out += "]"
        }
        let children = expression.kind.children
        if !children.isEmpty {
            out += ",\"children\":["
            for (index, child) in children.enumerated() {
                if index > 0 { out += "," }
                write(child, into: &out)
            }
            out += "]"
        }
        out += "}"
    }

    /// The `values` entries of one expression's counts (non-zero ones only).
    private static func values(_ counts: ExpressionCounts) -> [String] {
        var entries: [String] = []
        if counts.trueCount > 0 { entries.append("{\"value\":{\"boolValue\":true},\"count\":\(counts.trueCount)}") }
        if counts.falseCount > 0 { entries.append("{\"value\":{\"boolValue\":false},\"count\":\(counts.falseCount)}") }
        if counts.errorCount > 0 { entries.append("{\"value\":{\"error\":{}},\"count\":\(counts.errorCount)}") }
        for type in counts.otherCounts.keys.sorted() {
            let count = counts.otherCounts[type] ?? 0
            entries.append("{\"value\":{\"otherValue\":\(JSONString.quoted(type))},\"count\":\(count)}")
        }
        return entries
    }
}
