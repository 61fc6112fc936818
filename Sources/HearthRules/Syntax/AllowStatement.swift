/// `allow m1, m2: if condition;` inside a match block.
struct AllowStatement: Sendable, Equatable {
    /// The methods named, in source order (duplicates and overlaps are legal).
    let methods: [AllowMethod]
    /// The condition; nil for `allow read;`, which always grants.
    let condition: Expr?
    /// The statement's source range; `range.start` is the `allow` keyword (the `L<n>` of denials).
    let range: SourceRange

    /// Whether this statement applies to a request method.
    func covers(_ method: RulesRequestMethod) -> Bool {
        methods.contains { $0.covers(method) }
    }
}

/// A method name as written in an `allow` statement.
enum AllowMethod: String, Sendable, CaseIterable {
    case read, write, get, list, create, update, delete

    /// The request methods this name grants.
    var requestMethods: [RulesRequestMethod] {
        switch self {
        case .read: [.get, .list]
        case .write: [.create, .update, .delete]
        case .get: [.get]
        case .list: [.list]
        case .create: [.create]
        case .update: [.update]
        case .delete: [.delete]
        }
    }

    /// Whether this name grants `method`.
    func covers(_ method: RulesRequestMethod) -> Bool {
        requestMethods.contains(method)
    }
}

/// The method a request is evaluated as (fact sheet §2.1).
enum RulesRequestMethod: String, Sendable, CaseIterable {
    case get, list, create, update, delete
}
