/// `match /pattern { … }`: an allow-statement container whose pattern is relative to its parent's.
struct MatchBlock: Sendable, Equatable {
    /// This block's own pattern (relative to the enclosing block).
    let pattern: MatchPattern
    /// The `allow` statements directly in this block, in source order.
    let allows: [AllowStatement]
    /// The functions declared directly in this block.
    let functions: [FunctionDecl]
    /// The nested match blocks, in source order.
    let matches: [MatchBlock]
    /// The whole block's source range.
    let range: SourceRange
    /// This block's functions by name (built once: requests look functions up by name).
    let functionTable: [String: FunctionDecl]

    /// Creates a block.
    init(pattern: MatchPattern, allows: [AllowStatement], functions: [FunctionDecl], matches: [MatchBlock], range: SourceRange) {
        self.pattern = pattern
        self.allows = allows
        self.functions = functions
        self.matches = matches
        self.range = range
        self.functionTable = Self.table(of: functions)
    }

    /// Functions by name (first declaration wins; duplicates are rejected at parse time anyway).
    static func table(of functions: [FunctionDecl]) -> [String: FunctionDecl] {
        Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// The language version chosen by `rules_version`.
enum RulesVersion: String, Sendable, Equatable {
    case v1 = "1"
    case v2 = "2"
}

/// A parsed rules file.
struct RulesFile: Sendable, Equatable {
    /// `rules_version`, defaulting to version 1.
    let version: RulesVersion
    /// The service name, always `cloud.firestore` once parsed.
    let serviceName: String
    /// Functions declared before the `service` block.
    let functions: [FunctionDecl]
    /// Functions declared directly in the `service` block.
    let serviceFunctions: [FunctionDecl]
    /// Top-level match blocks of the service.
    let matches: [MatchBlock]
    /// How many expression nodes the file has; ids run from 0 to `expressionCount - 1`.
    let expressionCount: Int
    /// The outermost lexical scopes every statement sees: service-level, then file-level functions.
    let outerScopes: [FunctionScope]
    /// Every literal segment of every match pattern: the only path segments whose text changes
    /// which statements apply (any other segment is only ever bound by a wildcard).
    let literalSegments: Set<String>
    /// Bit `n` is set when some literal segment is `n` UTF-8 bytes long (`n` < 63), bit 63 for
    /// longer ones: most segments are ruled out without hashing them.
    let literalLengths: UInt64

    /// Creates a parsed file.
    init(
        version: RulesVersion, serviceName: String, functions: [FunctionDecl], serviceFunctions: [FunctionDecl],
        matches: [MatchBlock], expressionCount: Int
    ) {
        self.version = version
        self.serviceName = serviceName
        self.functions = functions
        self.serviceFunctions = serviceFunctions
        self.matches = matches
        self.expressionCount = expressionCount
        self.outerScopes = [
            FunctionScope(functions: MatchBlock.table(of: serviceFunctions), bindings: [:]),
            FunctionScope(functions: MatchBlock.table(of: functions), bindings: [:]),
        ]
        self.literalSegments = Self.literals(in: matches)
        self.literalLengths = literalSegments.reduce(0) { $0 | Self.lengthBit($1) }
        self.fewLiterals = literalSegments.count <= 8 ? literalSegments.sorted() : nil
    }

    /// The literal segments as a list, for files with few of them (comparing a handful of short
    /// strings is cheaper than hashing one).
    let fewLiterals: [String]?

    /// Whether `segment` is a literal segment of some pattern.
    func isLiteralSegment(_ segment: String) -> Bool {
        guard literalLengths & Self.lengthBit(segment) != 0 else { return false }
        if let fewLiterals { return fewLiterals.contains(segment) }
        return literalSegments.contains(segment)
    }

    /// The `literalLengths` bit of a segment.
    private static func lengthBit(_ segment: String) -> UInt64 {
        1 << UInt64(min(segment.utf8.count, 63))
    }

    /// The literal segments of `blocks`' patterns and of every nested block's.
    private static func literals(in blocks: [MatchBlock]) -> Set<String> {
        var found = Set<String>()
        for block in blocks {
            for case .literal(let text) in block.pattern.segments { found.insert(text) }
            found.formUnion(literals(in: block.matches))
        }
        return found
    }
}
