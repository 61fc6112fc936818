/// The load-time check that no function calls itself, directly or through others (fact sheet §1.4).
///
/// Calls resolve lexically, as at run time: from the block that declares the caller outwards to the
/// service and file scopes. Calls to unknown names are not errors (they fail when evaluated).
enum RulesCallGraph {
    /// One declared function and the scope chain its body resolves names in.
    private struct Node {
        /// The declaration.
        let function: FunctionDecl
        /// Node indices by name, innermost scope first.
        let scopes: [[String: Int]]
    }

    /// Throws at the call that closes the first cycle found, in source order.
    static func rejectRecursion(in file: RulesFile) throws(RulesSyntaxError) {
        var nodes: [Node] = []
        let fileScope = register(file.functions, outer: [], into: &nodes)
        let serviceScope = register(file.serviceFunctions, outer: [fileScope], into: &nodes)
        var pending: [(blocks: [MatchBlock], outer: [[String: Int]])] = [(file.matches, [serviceScope, fileScope])]
        while let (blocks, outer) = pending.popLast() {
            for block in blocks {
                let scope = register(block.functions, outer: outer, into: &nodes)
                pending.append((block.matches, [scope] + outer))
            }
        }
        let edges = nodes.map { node in callEdges(of: node) }
        try findCycle(nodes: nodes, edges: edges)
    }

    /// Adds a scope's functions as nodes whose chain is `[this scope] + outer`; returns the scope's table.
    private static func register(
        _ functions: [FunctionDecl], outer: [[String: Int]], into nodes: inout [Node]
    ) -> [String: Int] {
        var table: [String: Int] = [:]
        for (offset, function) in functions.enumerated() where table[function.name] == nil {
            table[function.name] = nodes.count + offset
        }
        for function in functions {
            nodes.append(Node(function: function, scopes: [table] + outer))
        }
        return table
    }

    /// The functions a node's body calls, with the position of each call, in source order.
    private static func callEdges(of node: Node) -> [(target: Int, position: SourcePosition)] {
        var calls: [(String, SourcePosition)] = []
        for binding in node.function.bindings { collectCalls(in: binding.value, into: &calls) }
        collectCalls(in: node.function.body, into: &calls)
        return calls.compactMap { name, position in
            guard let target = node.scopes.lazy.compactMap({ $0[name] }).first else { return nil }
            return (target, position)
        }
    }

    /// Appends every `name(…)` call in an expression tree.
    private static func collectCalls(in expression: Expr, into calls: inout [(String, SourcePosition)]) {
        if case .call(let name, _) = expression.kind { calls.append((name, expression.range.start)) }
        for child in expression.kind.children { collectCalls(in: child, into: &calls) }
    }

    /// Iterative depth-first search for a back edge; throws at the call that forms it.
    private static func findCycle(
        nodes: [Node], edges: [[(target: Int, position: SourcePosition)]]
    ) throws(RulesSyntaxError) {
        /// Depth-first search colouring.
        enum Mark { case unvisited, active, done }
        var marks = Array(repeating: Mark.unvisited, count: nodes.count)
        for root in nodes.indices where marks[root] == .unvisited {
            var stack: [(node: Int, nextEdge: Int)] = [(root, 0)]
            marks[root] = .active
            while let (node, nextEdge) = stack.last {
                guard nextEdge < edges[node].count else {
                    marks[node] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].nextEdge += 1
                let edge = edges[node][nextEdge]
                switch marks[edge.target] {
                case .active:
                    let name = nodes[edge.target].function.name
                    throw RulesSyntaxError(
                        at: edge.position,
                        "expected a call to a non-recursive function, found a recursive call to '\(name)'")
                case .unvisited:
                    marks[edge.target] = .active
                    stack.append((edge.target, 0))
                case .done:
                    break
                }
            }
        }
    }
}
