import HearthCore

/// The requests and stored documents the rules-evaluating targets judge against.
enum RulesFixtures {
    /// The database every request targets.
    static let database = (try? DatabaseID(project: "fuzz")) ?? requiredFixture("database")
    /// The request time: 2023-11-14T22:13:20Z.
    static let now = Timestamp(microseconds: 1_700_000_000_000_000)

    /// Fields with nesting, lists, maps, extremes and odd strings.
    static let data: [String: Value] = [
        "n": .integer(1), "tags": .array([.string("a"), .null, .double(.nan)]),
        "m": .map(["k": .map(["deep": .array([.integer(.max)])])]), "s": .string(String(repeating: "z", count: 200)),
        "role": .string("admin"), "t": .timestamp(now), "b": .boolean(true), "d": .double(-0.0),
    ]

    /// Documents `get()` and `exists()` find.
    static let lookup = FixtureLookup(documents: ["u/a": ["n": .integer(1)], "u/alice": ["role": .string("x")], "p/1": data])

    /// A signed-in user with claims.
    static let alice = AccessContext.user(uid: "alice", claims: ["email": .string("a@x.io"), "admin": .boolean(true)])

    /// Every method on a few paths, unauthenticated and signed in, with and without data, plus lists.
    static let requests: [AccessRequest] = {
        var requests: [AccessRequest] = []
        for auth in [AccessContext.unauthenticated, alice] {
            requests += Self.requests(auth: auth)
        }
        return requests
    }()

    /// The requests for one caller.
    static func requests(auth: AccessContext) -> [AccessRequest] {
        var requests: [AccessRequest] = []
        for method in AccessRequest.Method.allCases where method != .list {
            for text in ["u/alice", "p/1", "q/1/r/2"] {
                guard let key = try? DocumentKey(validating: text) else { continue }
                let document = Document(key: key, fields: data, createTime: now, updateTime: now)
                requests.append(AccessRequest(
                    database: database, method: method, path: key.path, auth: auth, time: now,
                    resource: document, incoming: document, writeFields: [FieldPath.documentID]))
                requests.append(AccessRequest(database: database, method: method, path: key.path, auth: auth, time: now))
            }
        }
        if let collection = try? ResourcePath(validating: "u/__query__") {
            let query = StructuredQuery(collectionID: "u", limit: 5)
            requests.append(AccessRequest(database: database, method: .list, path: collection, query: query, auth: auth, time: now))
        }
        return requests
    }

    /// Stops on a fixture that cannot be built (a harness bug, not a finding).
    static func requiredFixture<T>(_ name: String) -> T {
        preconditionFailure("the \(name) fixture of the fuzz targets is invalid")
    }
}

/// A dictionary of stored documents, for `get()`/`exists()` in rules.
struct FixtureLookup: DocumentLookup, Sendable {
    /// Fields by document path (`u/a`).
    let documents: [String: [String: Value]]

    /// The stored document at `path`.
    func document(at path: ResourcePath) throws(FirestoreError) -> Document? {
        guard let fields = documents[path.canonicalString] else { return nil }
        let key = try DocumentKey(path: path)
        return Document(key: key, fields: fields, createTime: RulesFixtures.now, updateTime: RulesFixtures.now)
    }

    /// The document at `path` after the write (the same: no pending write).
    func documentAfter(at path: ResourcePath) throws(FirestoreError) -> Document? {
        try document(at: path)
    }
}
