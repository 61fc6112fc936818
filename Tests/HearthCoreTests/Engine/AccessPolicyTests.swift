import Foundation
import Synchronization
import Testing
@testable import HearthCore

/// The core's access-policy hook: who is judged, with what, and that a denial changes nothing.
@Suite("Access policy hook")
struct AccessPolicyTests {
    /// A policy written in Swift: reads need `public: true`; lists need an equality on `owner`;
    /// writes are refused when the new document holds `forbidden`, or when a `needs` field names a
    /// document that will not exist after the commit (a `getAfter`).
    struct FieldPolicy: AccessPolicy {
        func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
            switch request.method {
            case .get:
                return request.resource?.fields["public"] == .boolean(true) ? .allow : .deny(detail: "\nfalse for 'get' @ L1")
            case .list:
                if case .field(let field, .equal, _)? = request.query?.filter, field.segments == ["owner"] { return .allow }
                return .deny(detail: "\nfalse for 'list' @ L2")
            case .create, .update, .delete:
                if request.incoming?.fields["forbidden"] != nil { return .deny(detail: "\nfalse for 'create' @ L3") }
                if case .string(let path)? = request.incoming?.fields["needs"] {
                    let exists = (try? lookup.documentAfter(at: ResourcePath(uncheckedSegments: path.split(separator: "/").map(String.init)))) ?? nil
                    if exists == nil { return .deny(detail: "\nfalse for 'create' @ L4") }
                }
                return .allow
            }
        }
    }

    let user = AccessContext.user(uid: "alice", claims: [:])

    @Test func readsAreJudgedAndAdminBypasses() async throws {
        let t = try TestEngine()
        try await t.commit([
            .set(try t.key("docs/open"), fields: ["public": .boolean(true)]),
            .set(try t.key("docs/closed"), fields: ["public": .boolean(false)]),
        ])
        #expect(try await t.engine.getDocument(try t.key("docs/closed"), in: t.database, access: user) != nil)  // no policy yet
        t.engine.setAccessPolicy(FieldPolicy())
        #expect(try await t.engine.getDocument(try t.key("docs/open"), in: t.database, access: user) != nil)
        do {
            _ = try await t.engine.getDocument(try t.key("docs/closed"), in: t.database, access: user)
            Issue.record("expected PERMISSION_DENIED")
        } catch {
            #expect(error.code == .permissionDenied)
            #expect(error.message == "Missing or insufficient permissions.\nfalse for 'get' @ L1")
        }
        #expect(try await t.engine.getDocument(try t.key("docs/closed"), in: t.database) != nil)
        #expect(throws: FirestoreError.self) { try t.engine.listCollectionIDs(in: t.database, parent: nil, access: user) }
    }

    @Test func listsAreJudgedFromTheQuery() async throws {
        let t = try TestEngine()
        t.engine.setAccessPolicy(FieldPolicy())
        let owned = StructuredQuery(
            collectionID: "docs", filter: .field(FieldPath(uncheckedSegments: ["owner"]), .equal, .string("alice")))
        await #expect(try t.engine.runQuery(owned, in: t.database, access: user).isEmpty)
        let everything = StructuredQuery(collectionID: "docs")
        #expect(throws: FirestoreError.self) { try t.engine.runQuery(everything, in: t.database, access: user) }
        #expect(throws: FirestoreError.self) {
            try t.engine.runAggregation(everything, aggregations: [Aggregation(.count(upTo: nil))], in: t.database, access: user)
        }
        #expect(throws: FirestoreError.self) {
            try t.engine.listen(everything, in: t.database, access: user) { _ in }
        }
        #expect(throws: FirestoreError.self) {
            try t.engine.listDocuments(in: t.database, collection: ResourcePath(uncheckedSegments: ["docs"]), access: user)
        }
    }

    @Test func aDeniedWriteFailsTheWholeBatch() async throws {
        let t = try TestEngine()
        t.engine.setAccessPolicy(FieldPolicy())
        await #expect(throws: FirestoreError.self) {
            try await t.engine.commit([
                .set(try t.key("docs/a"), fields: ["ok": .boolean(true)]),
                .set(try t.key("docs/b"), fields: ["forbidden": .boolean(true)]),
            ], in: t.database, access: user)
        }
        #expect(try t.get("docs/a") == nil)
        try await t.engine.commit([.set(try t.key("docs/b"), fields: ["forbidden": .boolean(true)])], in: t.database)
        #expect(try t.get("docs/b") != nil)
    }

    @Test func getAfterSeesTheCommitsOtherWrites() async throws {
        let t = try TestEngine()
        t.engine.setAccessPolicy(FieldPolicy())
        let needsB: [String: Value] = ["needs": .string("docs/b")]
        await #expect(throws: FirestoreError.self) {
            try await t.engine.commit([.set(try t.key("docs/a"), fields: needsB)], in: t.database, access: user)
        }
        try await t.engine.commit([
            .set(try t.key("docs/a"), fields: needsB), .set(try t.key("docs/b"), fields: [:]),
        ], in: t.database, access: user)
        #expect(try t.get("docs/a") != nil)
    }

    /// A policy that records each request it judges and allows writes only when told to.
    final class RecordingPolicy: AccessPolicy {
        /// Whether writes are allowed, and the method, `resource` and `request.resource` presence
        /// of the last request judged.
        private let state = Mutex<(allowsWrites: Bool, last: (AccessRequest.Method, Bool, Bool)?)>((false, nil))

        var allowsWrites: Bool {
            get { state.withLock { $0.allowsWrites } }
            set { state.withLock { $0.allowsWrites = newValue } }
        }

        var last: (AccessRequest.Method, Bool, Bool)? { state.withLock { $0.last } }

        func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
            let allows = state.withLock { state in
                state.last = (request.method, request.resource != nil, request.incoming != nil)
                return state.allowsWrites
            }
            return allows || request.method == .get ? .allow : .deny(detail: "\nfalse for 'write' @ L1")
        }
    }

    /// A denial wins over NOT_FOUND and ALREADY_EXISTS: a caller the rules refuse cannot tell a
    /// missing document from a stored one by `update()` or `create()`.
    @Test func aDenialWinsOverAFailedPrecondition() async throws {
        let t = try TestEngine()
        let policy = RecordingPolicy()
        t.engine.setAccessPolicy(policy)
        try await t.engine.commit([.set(try t.key("docs/stored"), fields: ["a": .integer(1)])], in: t.database)
        let missing = try t.key("docs/missing"), stored = try t.key("docs/stored")
        let fields: [String: Value] = ["a": .integer(2)]
        let mask = [FieldPath(uncheckedSegments: ["a"])]
        func code(_ write: Write) async -> FirestoreError.Code? {
            do {
                try await t.engine.commit([write], in: t.database, access: user)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(await code(.update(missing, fields: fields, mask: mask)) == .permissionDenied)
        #expect(policy.last?.0 == .update && policy.last?.1 == false && policy.last?.2 == true)
        #expect(await code(.update(stored, fields: fields, mask: mask)) == .permissionDenied)
        #expect(await code(.create(stored, fields: fields)) == .permissionDenied)
        #expect(policy.last?.0 == .create && policy.last?.1 == false)
        #expect(await code(.create(missing, fields: fields)) == .permissionDenied)
        #expect(await code(.delete(missing, precondition: .exists(true))) == .permissionDenied)
        #expect(policy.last?.0 == .delete && policy.last?.2 == false)
        policy.allowsWrites = true
        #expect(await code(.update(missing, fields: fields, mask: mask)) == .notFound)
        #expect(await code(.create(stored, fields: fields)) == .alreadyExists)
        #expect(await code(.delete(missing, precondition: .exists(true))) == .notFound)
        #expect(try t.get("docs/missing") == nil)
        #expect(try t.get("docs/stored")?.fields["a"] == .integer(1))
    }
}
