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

/// Calling `get`/`exists`/`getAfter`/`existsAfter`.
extension RuleEvaluator {
    /// Evaluates the path argument, reads the document through the request's cache, and returns
    /// the resource (or `null`) or whether it exists.
    func callDocumentAccess(
        _ function: DocumentAccessFunction, arguments: [Expr], _ frame: EvaluationFrame
    ) throws(RuleError) -> RuleTerm {
        let expected = "\(function.rawValue)(path)"
        guard arguments.count == 1 else {
            throw RuleError.argumentCount(received: arguments.count, expected: expected)
        }
        let argument = try evaluate(arguments[0], frame)
        let path: RulePath
        switch argument {
        case .value(.path(let value)): path = value
        case .value(.null): throw RuleError.nullValue
        default: throw RuleError.unsupported(received: "\(function.rawValue)(\(argument.typeName))", expected: expected)
        }
        let documentPath = try documentPath(of: path, function: function.rawValue)
        let document = try context.document(at: documentPath, after: function.readsAfter, function: function.rawValue)
        if function.returnsDocument {
            return .value(RuleResource.value(of: document, database: context.database))
        }
        return .value(.bool(document != nil))
    }

    /// The document path inside the request's database that a full rules path names.
    /// - Throws: an error for a path outside `/databases/<this database>/documents/…` or one
    ///   that does not name a document.
    private func documentPath(of path: RulePath, function: String) throws(RuleError) -> ResourcePath {
        let root = ListTarget.documentsRoot(database: context.database)
        let segments = path.segments
        guard segments.count > root.count, Array(segments.prefix(root.count)) == root,
              (segments.count - root.count) % 2 == 0,
              let resourcePath = try? ResourcePath(validatingSegments: Array(segments.dropFirst(root.count)))
        else {
            throw RuleError.invalidArgument(
                function, "Expected a document path under /databases/\(context.database)/documents, found \(path).")
        }
        return resourcePath
    }
}
