import HearthCore
@testable import HearthRules

/// A dictionary-backed `DocumentLookup`: `before` answers `get`/`exists`, `after` (when set)
/// answers `getAfter`/`existsAfter`; every read is logged.
final class FakeDocumentLookup: DocumentLookup {
    /// Documents as stored before the request, by path (`users/alice`).
    var before: [String: [String: Value]]
    /// Documents as the commit would leave them; nil means "same as before".
    var after: [String: [String: Value]]?
    /// Every read, as `get users/alice` or `after users/alice`.
    private(set) var reads: [String] = []

    /// Creates a lookup over `before` (and optionally `after`).
    init(_ before: [String: [String: Value]] = [:], after: [String: [String: Value]]? = nil) {
        self.before = before
        self.after = after
    }

    /// The stored document at `path`.
    func document(at path: ResourcePath) throws(FirestoreError) -> Document? {
        reads.append("get \(path.canonicalString)")
        return EvaluationFixture.document(path.canonicalString, before[path.canonicalString])
    }

    /// The document at `path` after the commit.
    func documentAfter(at path: ResourcePath) throws(FirestoreError) -> Document? {
        reads.append("after \(path.canonicalString)")
        return EvaluationFixture.document(path.canonicalString, (after ?? before)[path.canonicalString])
    }
}

/// Builders for rules, requests and documents shared by the evaluation suites.
enum EvaluationFixture {
    /// The database every request targets.
    static let database = DatabaseID(uncheckedProject: "demo-rules", database: "(default)")
    /// The default request time: 2023-11-14T22:13:20Z.
    static let now = Timestamp(uncheckedSeconds: 1_700_000_000, nanoseconds: 0)
    /// A signed-in user with no claims.
    static func user(_ uid: String, _ claims: [String: Value] = [:]) -> AccessContext {
        .user(uid: uid, claims: claims)
    }

    /// The rules made of `inner` wrapped in `rules_version` and the standard service/match blocks
    /// (`version: nil` leaves the version statement out, i.e. version 1).
    static func rules(_ inner: String, version: String? = "2") throws -> SecurityRules {
        let preamble = version.map { "rules_version = '\($0)';\n" } ?? ""
        return try SecurityRules(
            source: preamble + "service cloud.firestore {\n  match /databases/{database}/documents {\n" + inner
                + "\n  }\n}\n")
    }

    /// A path from `users/alice`.
    static func path(_ text: String) -> ResourcePath {
        ResourcePath(uncheckedSegments: text.split(separator: "/").map(String.init))
    }

    /// A document at `path` holding `fields`, or nil without fields.
    static func document(_ path: String, _ fields: [String: Value]?) -> Document? {
        guard let fields else { return nil }
        return Document(
            key: DocumentKey(unchecked: Self.path(path)), fields: fields, createTime: now, updateTime: now)
    }

    /// A single-document request.
    static func request(
        _ method: AccessRequest.Method, _ path: String, auth: AccessContext = .unauthenticated,
        stored: [String: Value]? = nil, incoming: [String: Value]? = nil, time: Timestamp = now,
        accessCallLimit: Int = 10
    ) -> AccessRequest {
        AccessRequest(
            database: database, method: method, path: Self.path(path), auth: auth, time: time,
            resource: document(path, stored), incoming: document(path, incoming), accessCallLimit: accessCallLimit)
    }

    /// A `list` request for `query`; the path is the query's collection plus a placeholder id.
    static func list(_ query: StructuredQuery, auth: AccessContext = .unauthenticated) -> AccessRequest {
        let collection = query.parent.appending(query.collectionID ?? "_")
        return AccessRequest(
            database: database, method: .list, path: collection.appending("__query__"), query: query, auth: auth,
            time: now)
    }

    /// A query over `collection` (`users/alice/notes`), optionally filtered and limited.
    static func query(
        _ collection: String, where filter: QueryFilter? = nil, limit: Int? = nil, group: Bool = false
    ) -> StructuredQuery {
        let full = path(collection)
        return StructuredQuery(
            parent: full.parent ?? .root, collectionID: full.lastSegment, allDescendants: group, filter: filter,
            limit: limit)
    }

    /// `field op value` as a filter.
    static func filter(_ field: String, _ op: QueryFilter.FieldOperator, _ value: Value) -> QueryFilter {
        .field(FieldPath(uncheckedSegments: field.split(separator: ".").map(String.init)), op, value)
    }
}

/// Shorthands for verdicts in expectations.
extension AccessDecision {
    /// The denial detail, or nil when allowed.
    var denialDetail: String? {
        if case .deny(let detail) = self { return detail }
        return nil
    }
}
