internal import LMDB
import Synchronization

/// Holds an engine's access policy; replaceable while the engine runs (rules reloaded).
final class PolicyHolder: Sendable {
    private let current = Mutex<(any AccessPolicy)?>(nil)

    /// The policy requests are judged by now; nil allows everything.
    var policy: (any AccessPolicy)? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}

extension Engine {
    /// Installs the policy (security rules) every non-admin request is judged by; nil (the
    /// default) allows every request, as Firebase's emulator does before rules are loaded.
    package func setAccessPolicy(_ policy: (any AccessPolicy)?) { policyHolder.policy = policy }

    /// The policy installed with `setAccessPolicy`, if any.
    package var accessPolicy: (any AccessPolicy)? { policyHolder.policy }

    /// The policy to judge `access` by, or nil when the request passes unjudged (admin, or no policy).
    func policy(for access: AccessContext) -> (any AccessPolicy)? {
        access == .admin ? nil : policyHolder.policy
    }

    /// Judges a single-document read (`get`) of `key`, whose current state is `resource`, by
    /// `policy` when the caller already holds it (else the one `access` is judged by).
    func authorizeGet(
        _ key: DocumentKey, resource: Document?, in database: DatabaseID, access: AccessContext, version: Int64?,
        policy given: (any AccessPolicy)? = nil
    ) throws(FirestoreError) {
        guard let policy = given ?? policy(for: access) else { return }
        let decision = policy.authorize(
            AccessRequest(
                database: database, method: .get, path: key.path, auth: access, time: requestTime, resource: resource),
            lookup: EngineLookup(engine: self, database: database, version: version))
        if case .deny(let detail) = decision { throw FirestoreError.permissionDenied(detail: detail) }
    }

    /// Judges a query, aggregation, listing or query listener (`list`) from its constraints.
    func authorizeList(_ query: StructuredQuery, in database: DatabaseID, access: AccessContext) throws(FirestoreError) {
        guard let policy = policy(for: access) else { return }
        let collection = query.parent.appending(query.collectionID ?? "")
        let request = AccessRequest(
            database: database, method: .list, path: collection.appending(AccessRequest.listPlaceholderID), query: query,
            auth: access, time: requestTime)
        try judge(policy, request, lookup: EngineLookup(engine: self, database: database, version: nil))
    }

    /// Refuses a request only admins may make (e.g. listing collection ids) when a policy is set.
    func requireAdmin(_ access: AccessContext) throws(FirestoreError) {
        guard policy(for: access) != nil else { return }
        throw FirestoreError.permissionDenied(detail: "")
    }

    /// The time rules see as `request.time` for reads.
    private var requestTime: Timestamp { Timestamp(microseconds: options.clock.nowMicroseconds()) }

    private func judge(_ policy: any AccessPolicy, _ request: AccessRequest, lookup: any DocumentLookup) throws(FirestoreError) {
        if case .deny(let detail) = policy.authorize(request, lookup: lookup) {
            throw FirestoreError.permissionDenied(detail: detail)
        }
    }
}

extension AccessRequest {
    /// The id standing for "any document" in the path of a `list` request.
    package static let listPlaceholderID = "__list__"
}

/// Reads for rule functions at one version (nil = latest); after-state is the same for reads.
struct EngineLookup: DocumentLookup {
    let engine: Engine
    let database: DatabaseID
    let version: Int64?

    func document(at path: ResourcePath) throws(FirestoreError) -> Document? {
        guard path.isDocumentPath else { return nil }
        let key = DocumentKey(unchecked: path)
        if let version { return try engine.getDocuments([key], in: database, consistency: .readTime(Timestamp(microseconds: version)))[0].document }
        return try engine.getDocument(key, in: database)
    }

    func documentAfter(at path: ResourcePath) throws(FirestoreError) -> Document? { try document(at: path) }
}
