/// The hook through which security rules judge requests: the core asks it before every
/// non-admin read and write. `HearthRules` implements it; the core never imports the rules.
package protocol AccessPolicy: Sendable {
    /// Judges one request; `lookup` answers `get`/`exists` (and, for writes, `getAfter`/`existsAfter`).
    func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision
}

/// Reads documents for rule functions, consistent with the request being judged.
package protocol DocumentLookup {
    /// The document at `path` as the request sees it (`get`/`exists`), or nil when absent.
    func document(at path: ResourcePath) throws(FirestoreError) -> Document?
    /// The document at `path` as it would be after the commit being judged (`getAfter`), or nil.
    /// For reads this is the same as `document(at:)`.
    func documentAfter(at path: ResourcePath) throws(FirestoreError) -> Document?
}

/// One request as the rules see it: who, what, where, and the documents involved.
package struct AccessRequest: Sendable {
    /// The rules method a request is judged as.
    package enum Method: String, Sendable, Equatable, CaseIterable {
        /// A single-document read.
        case get
        /// A query, aggregation or query listener (judged from the query's constraints).
        case list
        /// A write that creates a document that did not exist.
        case create
        /// A write to a document that exists.
        case update
        /// A delete of a document that exists (or not: deletes of missing documents are judged too).
        case delete
    }

    /// The database the request targets.
    package var database: DatabaseID
    /// The rules method.
    package var method: Method
    /// The document path (get and writes) or, for `list`, the path of a document the query could
    /// return with its id unknown: the query's parent and collection id followed by a placeholder
    /// id. For collection-group queries (`query.allDescendants`) only the collection id and the id
    /// are known: rules must match them through a recursive wildcard.
    package var path: ResourcePath
    /// For `list`: the query being judged (rules are not filters: its constraints decide).
    package var query: StructuredQuery?
    /// The caller.
    package var auth: AccessContext
    /// The request time (`request.time`); for writes, the commit time.
    package var time: Timestamp
    /// The document as it is before the request (`resource`), or nil when it does not exist.
    package var resource: Document?
    /// The document as the write would leave it (`request.resource`); nil for reads and deletes.
    package var incoming: Document?
    /// For updates: the field paths named by the write's mask (`request.writeFields`), if any.
    package var writeFields: [FieldPath]?
    /// How many `get`/`exists`/`getAfter`/`existsAfter` calls the request may make: 10 for a
    /// single-document request or a query, 20 for each write of a batch or transaction.
    package var accessCallLimit: Int
    /// Where the policy records how it judged the request, told in full; nil (the usual case)
    /// when nobody asked, and the policy evaluates untraced.
    package var verdictLog: AccessVerdictLog?

    /// Creates a request; `verdictLog` defaults to the log of the task creating it, if any.
    package init(
        database: DatabaseID, method: Method, path: ResourcePath, query: StructuredQuery? = nil,
        auth: AccessContext, time: Timestamp, resource: Document? = nil, incoming: Document? = nil,
        writeFields: [FieldPath]? = nil, accessCallLimit: Int = 10,
        verdictLog: AccessVerdictLog? = AccessVerdictLog.current
    ) {
        self.accessCallLimit = accessCallLimit
        self.verdictLog = verdictLog
        self.database = database
        self.method = method
        self.path = path
        self.query = query
        self.auth = auth
        self.time = time
        self.resource = resource
        self.incoming = incoming
        self.writeFields = writeFields
    }
}

/// A policy's verdict.
package enum AccessDecision: Sendable, Equatable {
    /// The request may proceed.
    case allow
    /// The request is refused; `detail` says which rule and why (shown after Firestore's message).
    case deny(detail: String)

    /// Whether the request may proceed.
    package var isAllowed: Bool { self == .allow }
}

extension FirestoreError {
    /// Firestore's denial: `PERMISSION_DENIED`, "Missing or insufficient permissions.", plus detail.
    package static func permissionDenied(detail: String) -> FirestoreError {
        let message = "Missing or insufficient permissions."
        if detail.isEmpty { return FirestoreError(.permissionDenied, message) }
        // The emulator's detail starts on a new line; anything else follows after a space.
        return FirestoreError(.permissionDenied, detail.hasPrefix("\n") ? message + detail : "\(message) \(detail)")
    }
}
