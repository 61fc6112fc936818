/// The rules source as the coverage writers need it: its Unicode scalars, a mapping from the
/// parser's line/column positions to scalar offsets, and every root expression of the file.
struct CoverageSource {
    /// The source text as scalars (columns count scalars).
    let scalars: [Unicode.Scalar]
    /// The scalar offset where each line starts (index 0 = line 1).
    private let lineStarts: [Int]
    /// Allow conditions, `let` values and function bodies, in source order.
    let roots: [Expr]

    /// Indexes `source`, whose parse is `file`.
    init(source: String, file: RulesFile) {
        scalars = Array(source.unicodeScalars)
        var starts = [0]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            // Line breaks as the lexer counts them: `\n`, or a `\r` not followed by `\n`.
            if scalar == "\n" || (scalar == "\r" && (index >= scalars.count || scalars[index] != "\n")) {
                starts.append(index)
            }
        }
        lineStarts = starts
        roots = CoverageSource.roots(of: file)
    }

    /// The scalar offset of a position, clamped to the source.
    func offset(of position: SourcePosition) -> Int {
        let line = min(max(position.line, 1), lineStarts.count)
        return min(lineStarts[line - 1] + max(position.column - 1, 0), scalars.count)
    }

    /// The text of scalars `range`.
    func text(_ range: Range<Int>) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[range])
        return result
    }

    /// Every root expression of `file`, ordered by id (ids follow source order).
    private static func roots(of file: RulesFile) -> [Expr] {
        var found: [Expr] = []
        /// Adds a function's `let` values and body.
        func addFunctions(_ functions: [FunctionDecl]) {
            for function in functions {
                found += function.bindings.map(\.value)
                found.append(function.body)
            }
        }
        addFunctions(file.functions)
        addFunctions(file.serviceFunctions)
        var pending = file.matches
        while let block = pending.popLast() {
            addFunctions(block.functions)
            found += block.allows.compactMap(\.condition)
            pending += block.matches
        }
        return found.sorted { $0.id < $1.id }
    }
}
