/// Assigns expression ids in source order (pre-order: a node before its children).
enum ExprNumbering {
    /// Rebuilds `expression` with ids counting up from `next`, and advances `next` past them.
    static func renumber(_ expression: Expr, next: inout Int) -> Expr {
        let id = next
        next += 1
        let kind = expression.kind.mapChildren { child in renumber(child, next: &next) }
        return Expr(id: id, range: expression.range, kind: kind)
    }
}
