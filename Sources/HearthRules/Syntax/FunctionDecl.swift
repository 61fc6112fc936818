/// `function name(params) { let …; return expr; }`.
struct FunctionDecl: Sendable, Equatable {
    /// The function's name.
    let name: String
    /// Parameter names, in order (at most 7, distinct).
    let parameters: [String]
    /// `let` bindings in order; later ones may use earlier ones (version 2 only, at most 10).
    let bindings: [LetBinding]
    /// The returned expression.
    let body: Expr
    /// The whole declaration's source range.
    let range: SourceRange
}

/// `let name = value;` in a function body.
struct LetBinding: Sendable, Equatable {
    /// The bound name.
    let name: String
    /// The bound expression, evaluated lazily.
    let value: Expr
    /// The statement's source range.
    let range: SourceRange
}
