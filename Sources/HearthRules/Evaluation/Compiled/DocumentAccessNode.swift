import HearthCore

/// The four functions that read documents (fact sheet §2.8).
enum DocumentAccessFunction: String {
    /// The document before the request, or `null`.
    case get
    /// Whether the document exists before the request.
    case exists
    /// The document as the whole commit would leave it, or `null`.
    case getAfter
    /// Whether the document exists after the commit.
    case existsAfter

    /// True for the functions that see the state after the commit.
    var readsAfter: Bool { self == .getAfter || self == .existsAfter }
    /// True for the functions that return a resource rather than a boolean.
    var returnsDocument: Bool { self == .get || self == .getAfter }
}

/// `get`/`exists`/`getAfter`/`existsAfter(path)`: evaluates the path, reads the document through
/// the request's cache, and gives the resource (or `null`) or whether it exists.
final class DocumentAccessNode: RuleNode, @unchecked Sendable {
    /// Which function.
    let function: DocumentAccessFunction
    /// The path argument.
    let argument: RuleNode

    /// A document access for expression `id`.
    init(id: Int, function: DocumentAccessFunction, argument: RuleNode) {
        self.function = function
        self.argument = argument
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let context = evaluator.context
        let value = try argument.evaluate(evaluator, frame)
        let path: RulePath
        switch value {
        case .value(.path(let given)): path = given
        case .value(.null): throw RuleError.nullValue
        default:
            throw RuleError.unsupported(
                received: "\(function.rawValue)(\(value.typeName))", expected: "\(function.rawValue)(path)")
        }
        let documentPath = try Self.documentPath(of: path, database: context.database, function: function.rawValue)
        let document = try context.document(at: documentPath, after: function.readsAfter, function: function.rawValue)
        if function.returnsDocument {
            return .value(RuleResource.value(of: document, database: context.database))
        }
        return .value(.bool(document != nil))
    }

    /// The document path inside the request's database that a full rules path names.
    /// - Throws: an error for a path outside `/databases/<this database>/documents/…` or one
    ///   that does not name a document.
    private static func documentPath(
        of path: RulePath, database: String, function: String
    ) throws(RuleError) -> ResourcePath {
        let root = ListTarget.documentsRoot(database: database)
        let segments = path.segments
        guard segments.count > root.count, Array(segments.prefix(root.count)) == root,
              (segments.count - root.count) % 2 == 0,
              let resourcePath = try? ResourcePath(validatingSegments: Array(segments.dropFirst(root.count)))
        else {
            throw RuleError.invalidArgument(
                function, "Expected a document path under /databases/\(database)/documents, found \(path).")
        }
        return resourcePath
    }
}
