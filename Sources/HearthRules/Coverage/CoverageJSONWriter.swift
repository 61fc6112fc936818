import Foundation
import HearthCore

/// Writes the coverage report as JSON (fact sheet §5.2's shape) through `Codable`.
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
        let document = CoverageDocument(
            rules: .init(files: [.init(name: fileName, content: source.text(0..<source.scalars.count))]),
            report: source.roots.map(entry))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs cannot fail; an empty report is the fallback all the same.
        guard let data = try? encoder.encode(document) else { return #"{"report":[]}"# }
        return String(decoding: data, as: UTF8.self)
    }

    /// One expression's entry and, recursively, its children's.
    private func entry(_ expression: Expr) -> CoverageDocument.Entry {
        let start = expression.range.start
        let children = expression.kind.children
        return CoverageDocument.Entry(
            sourcePosition: .init(
                fileName: fileName, line: start.line, column: start.column, currentOffset: source.offset(of: start),
                endOffset: source.offset(of: expression.range.end)),
            values: counts[expression.id].flatMap { $0.total > 0 ? Self.values($0) : nil },
            children: children.isEmpty ? nil : children.map(entry))
    }

    /// The `values` entries of one expression's counts (non-zero ones only).
    private static func values(_ counts: ExpressionCounts) -> [CoverageDocument.Count] {
        var entries: [CoverageDocument.Count] = []
        if counts.trueCount > 0 { entries.append(.init(value: .bool(true), count: counts.trueCount)) }
        if counts.falseCount > 0 { entries.append(.init(value: .bool(false), count: counts.falseCount)) }
        if counts.errorCount > 0 { entries.append(.init(value: .error, count: counts.errorCount)) }
        for type in counts.otherCounts.keys.sorted() {
            entries.append(.init(value: .other(type), count: counts.otherCounts[type] ?? 0))
        }
        return entries
    }
}

/// The coverage report's JSON document, as `Encodable` values.
struct CoverageDocument: Encodable {
    /// `{"files": [{"name", "content"}]}`.
    struct Rules: Encodable {
        /// The rules files (one).
        let files: [File]
    }

    /// One rules file.
    struct File: Encodable {
        /// Its name.
        let name: String
        /// Its text.
        let content: String
    }

    /// Where an expression starts and ends.
    struct SourcePosition: Encodable {
        /// The file name.
        let fileName: String
        /// 1-based line of the start.
        let line: Int
        /// 1-based column of the start.
        let column: Int
        /// Scalar offset of the start.
        let currentOffset: Int
        /// Scalar offset of the end.
        let endOffset: Int
    }

    /// One expression: its position, its outcomes (nil: never evaluated), its sub-expressions.
    struct Entry: Encodable {
        /// Where it is.
        let sourcePosition: SourcePosition
        /// How often each outcome occurred; absent when never evaluated.
        let values: [Count]?
        /// Sub-expressions; absent for leaves.
        let children: [Entry]?
    }

    /// An outcome and how often it occurred.
    struct Count: Encodable {
        /// The outcome.
        let value: Outcome
        /// Times it occurred.
        let count: Int
    }

    /// An expression's outcome: `{"boolValue": …}`, `{"error": {}}` or `{"otherValue": "<type>"}`.
    enum Outcome: Encodable {
        /// True or false.
        case bool(Bool)
        /// The expression failed.
        case error
        /// A value of another type, named.
        case other(String)

        /// The keys of the three shapes.
        private enum Key: String, CodingKey {
            case boolValue, error, otherValue
        }

        /// An empty JSON object (`"error": {}`).
        private struct Empty: Encodable {}

        /// Writes the one key of this outcome.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            switch self {
            case .bool(let flag): try container.encode(flag, forKey: .boolValue)
            case .error: try container.encode(Empty(), forKey: .error)
            case .other(let type): try container.encode(type, forKey: .otherValue)
            }
        }
    }

    /// The rules text.
    let rules: Rules
    /// One entry per top-level expression.
    let report: [Entry]
}
