/// Writes the coverage report as an HTML page: the rules source, HTML-escaped, with every
/// expression wrapped in `<span class="cov-…" title="…">` (nested like the expressions).
///
/// Classes: `cov-none` never evaluated, `cov-true` only true, `cov-false` only false,
/// `cov-mixed` both, `cov-error` any error, `cov-value` only non-boolean values.
struct CoverageHTMLWriter {
    /// The file name.
    let fileName: String
    /// The indexed source.
    let source: CoverageSource
    /// Counts per expression id.
    let counts: [Int: ExpressionCounts]

    /// The stylesheet: one colour per class, an underline to show nesting.
    private static let style = """
        body{font-family:sans-serif;margin:1em}pre{font-family:monospace;line-height:1.5}\
        span{border-bottom:1px solid transparent}\
        .cov-none{background:#eeeeee;color:#777777}.cov-true{background:#d9f2d9}\
        .cov-false{background:#fde8c8}.cov-mixed{background:#fff6bf}\
        .cov-error{background:#f9d0d0}.cov-value{background:#dde7fa}
        """

    /// The whole page.
    func document() -> String {
        var out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Rules coverage: "
        out += Self.escaped(fileName)
        out += "</title><style>\(Self.style)</style></head><body><h1>"
        out += Self.escaped(fileName)
        out += "</h1><pre class=\"rules\">"
        var cursor = 0
        for root in source.roots {
            let start = source.offset(of: root.range.start)
            guard start >= cursor else { continue }
            write(root, into: &out, cursor: &cursor)
        }
        out += Self.escaped(source.text(cursor..<source.scalars.count))
        out += "</pre></body></html>\n"
        return out
    }

    /// Appends the text up to and through `expression`, wrapping it (and its children) in spans.
    private func write(_ expression: Expr, into out: inout String, cursor: inout Int) {
        let start = max(source.offset(of: expression.range.start), cursor)
        let end = max(source.offset(of: expression.range.end), start)
        out += Self.escaped(source.text(cursor..<start))
        cursor = start
        let counts = counts[expression.id] ?? ExpressionCounts()
        out += "<span class=\"\(Self.cssClass(counts))\" title=\"\(Self.escaped(Self.summary(counts)))\">"
        let children = expression.kind.children.sorted { $0.range.start < $1.range.start }
        for child in children {
            let childStart = source.offset(of: child.range.start)
            let childEnd = source.offset(of: child.range.end)
            guard childStart >= cursor, childEnd <= end else { continue }
            write(child, into: &out, cursor: &cursor)
        }
        out += Self.escaped(source.text(cursor..<end))
        cursor = end
        out += "</span>"
    }

    /// The class naming an expression's colour.
    private static func cssClass(_ counts: ExpressionCounts) -> String {
        if counts.total == 0 { return "cov-none" }
        if counts.errorCount > 0 { return "cov-error" }
        switch (counts.trueCount > 0, counts.falseCount > 0) {
        case (true, true): return "cov-mixed"
        case (true, false): return "cov-true"
        case (false, true): return "cov-false"
        case (false, false): return "cov-value"
        }
    }

    /// The hover text: `never evaluated`, or `evaluated N times: true ×a, false ×b, …`.
    private static func summary(_ counts: ExpressionCounts) -> String {
        guard counts.total > 0 else { return "never evaluated" }
        var parts: [String] = []
        if counts.trueCount > 0 { parts.append("true ×\(counts.trueCount)") }
        if counts.falseCount > 0 { parts.append("false ×\(counts.falseCount)") }
        if counts.errorCount > 0 { parts.append("error ×\(counts.errorCount)") }
        for type in counts.otherCounts.keys.sorted() { parts.append("\(type) ×\(counts.otherCounts[type] ?? 0)") }
        return "evaluated \(counts.total) times: " + parts.joined(separator: ", ")
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` escaped for HTML text and attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
