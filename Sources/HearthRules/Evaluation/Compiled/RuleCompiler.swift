/// Turns parsed expressions into `RuleNode` trees: local names become slots, calls are bound to
/// the user function that lexical scoping selects (or to document access or the library), and
/// each function is compiled once however many statements call it.
final class RuleCompiler {
    /// Compiled functions by the id of their body expression.
    private var functions: [Int: CompiledFunction] = [:]

    /// An empty compiler.
    init() {}

    /// Compiles an allow condition written in the innermost of `scopes` (innermost first).
    func compileCondition(_ condition: Expr, scopes: ArraySlice<FunctionScope>) -> RuleNode {
        compile(condition, Lexical(scopes: scopes, locals: []))
    }

    /// What code at one place in the file can see: the scopes outwards from its own, and the
    /// local names bound so far (later names shadow earlier ones).
    private struct Lexical {
        /// The declaring scope first, then each enclosing one.
        let scopes: ArraySlice<FunctionScope>
        /// Parameters, then `let`s, in slot order.
        var locals: [String]

        /// The slot of local `name`, the latest binding winning.
        func slot(of name: String) -> Int? {
            locals.lastIndex(of: name)
        }
    }

    /// Compiles one expression.
    private func compile(_ expression: Expr, _ lexical: Lexical) -> RuleNode {
        let id = expression.id
        switch expression.kind {
        case .null: return ConstantNode(id: id, term: .null)
        case .bool(let flag): return ConstantNode(id: id, term: .value(.bool(flag)))
        case .int(let number): return ConstantNode(id: id, term: .value(.int(number)))
        case .float(let number): return ConstantNode(id: id, term: .value(.float(number)))
        case .string(let text): return ConstantNode(id: id, term: .value(.string(text)))
        case .bytes(let bytes): return ConstantNode(id: id, term: .value(.bytes(bytes)))
        case .identifier(let name):
            if let slot = lexical.slot(of: name) { return LocalNode(id: id, slot: slot) }
            return NameNode(id: id, name: name)
        case .list(let items):
            return ListNode(id: id, items: items.map { compile($0, lexical) })
        case .map(let entries):
            return MapNode(id: id, entries: entries.map { (compile($0.key, lexical), compile($0.value, lexical)) })
        case .path(let segments):
            return PathNode(id: id, segments: segments.map { segment in
                switch segment {
                case .literal(let text): .text(text)
                case .placeholder(let name): .text("{\(name)}")
                case .interpolation(let inner): .interpolation(compile(inner, lexical))
                }
            })
        case .member(let receiver, let name):
            if case .identifier(let rootName) = receiver.kind, rootName == "request" || rootName == "resource",
               lexical.slot(of: rootName) == nil {
                return RootMemberNode(
                    id: id, receiver: NameNode(id: receiver.id, name: rootName), ofResource: rootName == "resource",
                    name: name)
            }
            return MemberNode(id: id, receiver: compile(receiver, lexical), name: name)
        case .index(let receiver, let index):
            return IndexNode(id: id, receiver: compile(receiver, lexical), index: compile(index, lexical))
        case .slice(let receiver, let from, let to):
            return SliceNode(
                id: id, receiver: compile(receiver, lexical), from: compile(from, lexical), to: compile(to, lexical))
        case .call(let name, let arguments):
            return compileCall(id: id, name: name, arguments: arguments, lexical)
        case .methodCall(let receiver, let name, let arguments):
            var namespace: String?
            if case .identifier(let candidate) = receiver.kind, RuleCompiler.namespaces.contains(candidate),
               lexical.slot(of: candidate) == nil {
                namespace = candidate
            }
            return MethodCallNode(
                id: id, receiver: compile(receiver, lexical), name: name,
                arguments: arguments.map { compile($0, lexical) }, namespace: namespace)
        case .binary(let op, let left, let right) where op == .and || op == .or:
            return compileLogic(expression, op: op, left: left, right: right, lexical)
        case .binary(let op, let left, let right):
            return BinaryNode(id: id, op: op, left: compile(left, lexical), right: compile(right, lexical))
        case .unary(let op, let operand):
            return UnaryNode(id: id, op: op, operand: compile(operand, lexical))
        case .ternary(let condition, let then, let otherwise):
            return TernaryNode(
                id: id, condition: compile(condition, lexical), then: compile(then, lexical),
                otherwise: compile(otherwise, lexical))
        case .isType(let operand, let type):
            return IsTypeNode(id: id, operand: compile(operand, lexical), type: type)
        }
    }

    /// The namespaces whose functions are written `namespace.name(…)`.
    static let namespaces: Set<String> = ["math", "timestamp", "duration", "latlng", "hashing"]

    /// `&&`/`||`: one link, or a left-leaning chain of the same operator folded into one node.
    private func compileLogic(
        _ expression: Expr, op: RuleBinaryOperator, left: Expr, right: Expr, _ lexical: Lexical
    ) -> RuleNode {
        guard case .binary(op, _, _) = left.kind else {
            return LogicNode(id: expression.id, op: op, left: compile(left, lexical), right: compile(right, lexical))
        }
        var inner: [(id: Int, right: Expr)] = []
        var node = left
        while case .binary(op, let nextLeft, let nextRight) = node.kind {
            inner.append((node.id, nextRight))
            node = nextLeft
        }
        let first = compile(node, lexical)
        let links = inner.reversed().map { link in (id: link.id, right: compile(link.right, lexical)) }
        return LogicChainNode(id: expression.id, op: op, first: first, innerLinks: links, last: compile(right, lexical))
    }

    /// `name(args…)`: a user function visible from here, else a document access, else the library.
    private func compileCall(id: Int, name: String, arguments: [Expr], _ lexical: Lexical) -> RuleNode {
        if let (declaration, offset) = FunctionScope.resolve(name, in: lexical.scopes) {
            guard arguments.count == declaration.parameters.count else {
                let expected = "\(declaration.name)(\(declaration.parameters.joined(separator: ", ")))"
                return FailingNode(id: id, error: RuleError.argumentCount(received: arguments.count, expected: expected))
            }
            let declaringScopes = lexical.scopes.dropFirst(offset)
            let function = compiledFunction(declaration, scopes: declaringScopes)
            return UserCallNode(id: id, function: function, arguments: arguments.map { compile($0, lexical) })
        }
        if let access = DocumentAccessFunction(rawValue: name) {
            guard arguments.count == 1 else {
                let error = RuleError.argumentCount(received: arguments.count, expected: "\(access.rawValue)(path)")
                return FailingNode(id: id, error: error)
            }
            return DocumentAccessNode(id: id, function: access, argument: compile(arguments[0], lexical))
        }
        guard RuleStandardLibrary.hasFunction(name) else {
            return FailingNode(id: id, error: RuleError.functionNotFound(name))
        }
        return LibraryCallNode(id: id, name: name, arguments: arguments.map { compile($0, lexical) })
    }

    /// The compiled form of a function declared in the first of `scopes`, compiling it on first use.
    private func compiledFunction(_ declaration: FunctionDecl, scopes: ArraySlice<FunctionScope>) -> CompiledFunction {
        if let known = functions[declaration.body.id] { return known }
        let function = CompiledFunction(declaration: declaration, levelsFromOuter: scopes.count - 1)
        functions[declaration.body.id] = function
        var lexical = Lexical(scopes: scopes, locals: declaration.parameters)
        var bindings: [RuleNode] = []
        for binding in declaration.bindings {
            bindings.append(compile(binding.value, lexical))
            lexical.locals.append(binding.name)
        }
        function.finish(bindings: bindings, body: compile(declaration.body, lexical))
        return function
    }
}
