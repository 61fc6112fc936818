/// `[a, b, c]`: elements left to right, the first error wins.
final class ListNode: RuleNode, @unchecked Sendable {
    /// The elements.
    let items: [RuleNode]

    /// A list literal for expression `id`.
    init(id: Int, items: [RuleNode]) {
        self.items = items
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        var values: [RuleValue] = []
        values.reserveCapacity(items.count)
        for item in items { values.append(try item.evaluateConcrete(evaluator, frame, role: "list")) }
        return .value(.list(values))
    }
}

/// `{k: v, …}`: each key, then its value, in source order.
final class MapNode: RuleNode, @unchecked Sendable {
    /// The entries.
    let entries: [(key: RuleNode, value: RuleNode)]

    /// A map literal for expression `id`.
    init(id: Int, entries: [(key: RuleNode, value: RuleNode)]) {
        self.entries = entries
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        var pairs: [(key: RuleValue, value: RuleValue)] = []
        pairs.reserveCapacity(entries.count)
        for entry in entries {
            let key = try entry.key.evaluateConcrete(evaluator, frame, role: "map")
            pairs.append((key, try entry.value.evaluateConcrete(evaluator, frame, role: "map")))
        }
        return .value(try RuleOperations.mapLiteral(pairs))
    }
}

/// A path literal: literal text, interpolated values, `{name}` placeholders kept as text.
final class PathNode: RuleNode, @unchecked Sendable {
    /// One compiled segment.
    enum Segment {
        /// Text used as it is (literal segments, and placeholders already spelled `{name}`).
        case text(String)
        /// `$(expr)`.
        case interpolation(RuleNode)
    }

    /// The segments.
    let segments: [Segment]

    /// A path literal for expression `id`.
    init(id: Int, segments: [Segment]) {
        self.segments = segments
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        var result: [String] = []
        result.reserveCapacity(segments.count)
        for segment in segments {
            switch segment {
            case .text(let text):
                result.append(text)
            case .interpolation(let inner):
                let value = try inner.evaluateConcrete(evaluator, frame, role: "$")
                result += try RuleOperations.pathSegments(interpolating: value)
            }
        }
        return .value(.path(RulePath(segments: result)))
    }
}

/// `receiver.name`.
final class MemberNode: RuleNode, @unchecked Sendable {
    /// The object.
    let receiver: RuleNode
    /// The member's name.
    let name: String

    /// A member access for expression `id`.
    init(id: Int, receiver: RuleNode, name: String) {
        self.receiver = receiver
        self.name = name
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        try Self.member(of: try receiver.evaluate(evaluator, frame), name)
    }

    /// `object.name` of an evaluated object.
    static func member(of object: RuleTerm, _ name: String) throws(RuleError) -> RuleTerm {
        switch object {
        case .value(let value): return .value(try RuleOperations.member(value, name))
        case .symbol(let symbol): return try SymbolicOperations.member(symbol, name)
        }
    }
}

/// `receiver[index]` (receiver first).
final class IndexNode: RuleNode, @unchecked Sendable {
    /// The container.
    let receiver: RuleNode
    /// The index or key.
    let index: RuleNode

    /// An index access for expression `id`.
    init(id: Int, receiver: RuleNode, index: RuleNode) {
        self.receiver = receiver
        self.index = index
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let container = try receiver.evaluate(evaluator, frame)
        let key = try index.evaluate(evaluator, frame)
        switch (container, key) {
        case (.value(let object), .value(let index)):
            return .value(try RuleOperations.index(object, index))
        case (.symbol(let symbol), .value(.string(let name))):
            return try SymbolicOperations.member(symbol, name)
        default:
            throw RuleError.unsupported(received: "\(container.typeName)[\(key.typeName)]")
        }
    }
}

/// `receiver[from:to]` (`to` exclusive; receiver, then the bounds).
final class SliceNode: RuleNode, @unchecked Sendable {
    /// The list or string.
    let receiver: RuleNode
    /// The first index.
    let from: RuleNode
    /// The index after the last.
    let to: RuleNode

    /// A slice for expression `id`.
    init(id: Int, receiver: RuleNode, from: RuleNode, to: RuleNode) {
        self.receiver = receiver
        self.from = from
        self.to = to
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let container = try receiver.evaluate(evaluator, frame)
        let start = try from.evaluateConcrete(evaluator, frame, role: "slice")
        let end = try to.evaluateConcrete(evaluator, frame, role: "slice")
        guard case .value(let concrete) = container else {
            throw RuleError.unsupported(received: "constraint[\(start.typeName):\(end.typeName)]")
        }
        return .value(try RuleOperations.slice(concrete, from: start, to: end))
    }
}
