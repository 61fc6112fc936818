/// An expression node: what it is, where it is, and a per-file id for coverage counting.
struct Expr: Sendable, Equatable {
    /// Unique within a file; ids follow source order (a parent's id precedes its children's).
    let id: Int
    /// The source text the expression covers.
    let range: SourceRange
    /// The expression itself.
    let kind: ExprKind
    /// The height of this subtree (a leaf is 1); bounded by `RulesLimits.maxExpressionDepth`.
    let height: Int

    /// Creates a node; `height` is derived from the children.
    init(id: Int, range: SourceRange, kind: ExprKind) {
        self.id = id
        self.range = range
        self.kind = kind
        self.height = 1 + (kind.children.map(\.height).max() ?? 0)
    }
}

/// The shapes an expression can take.
indirect enum ExprKind: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer literal (a leading `-` is a separate `unary` node, except for `Int64.min`).
    case int(Int64)
    /// A float literal.
    case float(Double)
    /// A string literal, escapes resolved.
    case string(String)
    /// A bytes literal `b'…'`.
    case bytes([UInt8])
    /// `[a, b, c]`.
    case list([Expr])
    /// `{k: v, …}` with entries in source order.
    case map([MapEntry])
    /// A path literal such as `/databases/$(database)/documents/users/$(uid)`.
    case path([PathLiteralSegment])
    /// A bare name: a variable, a parameter, a `let`, a wildcard, or a namespace like `math`.
    case identifier(String)
    /// `receiver.name`.
    case member(Expr, name: String)
    /// `receiver[index]`.
    case index(Expr, Expr)
    /// `receiver[from:to]` (`to` exclusive).
    case slice(Expr, from: Expr, to: Expr)
    /// `name(args…)`: a global or user-defined function.
    case call(name: String, arguments: [Expr])
    /// `receiver.name(args…)`.
    case methodCall(Expr, name: String, arguments: [Expr])
    /// `!a` or `-a`.
    case unary(RuleUnaryOperator, Expr)
    /// `a op b`.
    case binary(RuleBinaryOperator, Expr, Expr)
    /// `condition ? then : else`.
    case ternary(Expr, then: Expr, else: Expr)
    /// `a is type`.
    case isType(Expr, RuleTypeName)
}

/// One `key: value` entry of a map literal.
struct MapEntry: Sendable, Equatable {
    /// The key expression (must evaluate to a string).
    let key: Expr
    /// The value expression.
    let value: Expr
}

/// One segment of a path literal.
enum PathLiteralSegment: Sendable, Equatable {
    /// Literal text such as `databases` or `(default)`.
    case literal(String)
    /// `$(expr)`: the value of an expression.
    case interpolation(Expr)
    /// `{name}`: a placeholder filled by `path.bind()`.
    case placeholder(String)
}

/// Generic access to an expression's children, for walkers and rebuilders.
extension ExprKind {
    /// The direct sub-expressions, in source order.
    var children: [Expr] {
        switch self {
        case .null, .bool, .int, .float, .string, .bytes, .identifier:
            []
        case .list(let items):
            items
        case .map(let entries):
            entries.flatMap { [$0.key, $0.value] }
        case .path(let segments):
            segments.compactMap { segment in
                if case .interpolation(let expr) = segment { return expr }
                return nil
            }
        case .member(let receiver, _), .unary(_, let receiver), .isType(let receiver, _):
            [receiver]
        case .index(let receiver, let index):
            [receiver, index]
        case .slice(let receiver, let from, let to):
            [receiver, from, to]
        case .call(_, let arguments):
            arguments
        case .methodCall(let receiver, _, let arguments):
            [receiver] + arguments
        case .binary(_, let left, let right):
            [left, right]
        case .ternary(let condition, let then, let otherwise):
            [condition, then, otherwise]
        }
    }

    /// The same node with each direct child replaced by `transform(child)`, visited in source order.
    func mapChildren(_ transform: (Expr) -> Expr) -> ExprKind {
        switch self {
        case .null, .bool, .int, .float, .string, .bytes, .identifier:
            self
        case .list(let items):
            .list(items.map(transform))
        case .map(let entries):
            .map(entries.map { entry in
                let key = transform(entry.key)
                return MapEntry(key: key, value: transform(entry.value))
            })
        case .path(let segments):
            .path(segments.map { segment in
                if case .interpolation(let expr) = segment { return .interpolation(transform(expr)) }
                return segment
            })
        case .member(let receiver, let name):
            .member(transform(receiver), name: name)
        case .index(let receiver, let index):
            mapPair(receiver, index, transform) { .index($0, $1) }
        case .slice(let receiver, let from, let to):
            mapSlice(receiver, from, to, transform)
        case .call(let name, let arguments):
            .call(name: name, arguments: arguments.map(transform))
        case .methodCall(let receiver, let name, let arguments):
            mapMethodCall(receiver, name, arguments, transform)
        case .unary(let op, let operand):
            .unary(op, transform(operand))
        case .binary(let op, let left, let right):
            mapPair(left, right, transform) { .binary(op, $0, $1) }
        case .ternary(let condition, let then, let otherwise):
            mapTernary(condition, then, otherwise, transform)
        case .isType(let operand, let type):
            .isType(transform(operand), type)
        }
    }

    /// Transforms two children left to right and rebuilds.
    private func mapPair(
        _ first: Expr, _ second: Expr, _ transform: (Expr) -> Expr, _ build: (Expr, Expr) -> ExprKind
    ) -> ExprKind {
        let left = transform(first)
        return build(left, transform(second))
    }

    /// Transforms a slice's children left to right.
    private func mapSlice(_ receiver: Expr, _ from: Expr, _ to: Expr, _ transform: (Expr) -> Expr) -> ExprKind {
        let newReceiver = transform(receiver)
        let newFrom = transform(from)
        return .slice(newReceiver, from: newFrom, to: transform(to))
    }

    /// Transforms a method call's receiver, then its arguments.
    private func mapMethodCall(
        _ receiver: Expr, _ name: String, _ arguments: [Expr], _ transform: (Expr) -> Expr
    ) -> ExprKind {
        let newReceiver = transform(receiver)
        return .methodCall(newReceiver, name: name, arguments: arguments.map(transform))
    }

    /// Transforms a ternary's children left to right.
    private func mapTernary(
        _ condition: Expr, _ then: Expr, _ otherwise: Expr, _ transform: (Expr) -> Expr
    ) -> ExprKind {
        let newCondition = transform(condition)
        let newThen = transform(then)
        return .ternary(newCondition, then: newThen, else: transform(otherwise))
    }
}
