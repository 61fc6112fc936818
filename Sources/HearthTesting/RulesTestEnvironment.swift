public import Hearth
public import HearthCore
public import HearthRules
import Foundation

/// A place to test security rules, shaped like `@firebase/rules-unit-testing`: one data
/// directory with rules loaded, contexts for signed-in and anonymous users, and a way to seed data
/// with the rules disabled.
///
/// ```swift
/// let env = try RulesTestEnvironment(rules: rulesSource)
/// try await env.withSecurityRulesDisabled { db in try await db.document("posts/p").setData(["owner": "alice"]) }
/// let alice = env.authenticatedContext("alice")
/// try await assertSucceeds { try await alice.document("posts/p").getDocument() }
/// try await assertFails { try await env.unauthenticatedContext().document("posts/p").getDocument() }
/// ```
public final class RulesTestEnvironment: Sendable {
    /// The project the contexts use.
    public let projectID: String
    /// The data directory (a temporary one unless given).
    public let directory: String
    private let admin: Firestore
    private let ownsDirectory: Bool

    /// Opens an environment with `rules` (a `firestore.rules` source) loaded.
    /// - Throws: `RulesSyntaxError` for bad rules; `FirestoreError` when the directory cannot open.
    public init(
        rules: String, projectID: String = "demo-rules-test", directory: String? = nil,
        options: EngineOptions = EngineOptions(durability: .none, initialMapSize: 256 << 20)
    ) throws {
        self.projectID = projectID
        self.ownsDirectory = directory == nil
        self.directory = directory ?? NSTemporaryDirectory() + "hearth-rules-test-" + UUID().uuidString
        admin = try Firestore(directory: self.directory, projectID: projectID, options: options)
        try admin.loadSecurityRules(source: rules)
    }

    /// Opens an environment with the rules file at `path` loaded.
    public convenience init(rulesFile path: String, projectID: String = "demo-rules-test", directory: String? = nil) throws {
        try self.init(rules: try String(contentsOfFile: path, encoding: .utf8), projectID: projectID, directory: directory)
    }

    /// Replaces the rules.
    /// - Throws: `RulesSyntaxError`; the previous rules stay in force.
    public func loadRules(_ source: String) throws(RulesSyntaxError) {
        try admin.loadSecurityRules(source: source)
    }

    /// The rules in force.
    public var rules: SecurityRules? { admin.securityRules }

    /// A database handle whose requests come from the signed-in user `uid` with token `claims`
    /// (`request.auth.uid`, `request.auth.token`). Claims take the SDK's value types.
    /// - Throws: `INVALID_ARGUMENT` when a claim is not a Firestore value.
    public func authenticatedContext(_ uid: String, claims: [String: Any] = [:]) throws(FirestoreError) -> Firestore {
        try admin.signedIn(as: uid, claims: claims)
    }

    /// A database handle whose requests carry no credentials (`request.auth == null`).
    public func unauthenticatedContext() -> Firestore {
        admin.withAccess(.unauthenticated)
    }

    /// Runs `body` with an admin handle, which the rules do not judge (for seeding data).
    public func withSecurityRulesDisabled<T>(_ body: (Firestore) async throws -> T) async rethrows -> T {
        try await body(admin)
    }

    /// Deletes every document of the environment's database.
    public func clearFirestore() async throws(FirestoreError) {
        try await admin.deleteAllDocuments()
    }

    /// The coverage of the rules in force so far (`RulesCoverage.json` / `.html`).
    public func coverage() -> RulesCoverage? { rules?.coverageReport() }

    /// Closes the database and, for a temporary directory, removes it.
    public func cleanup() {
        admin.close()
        if ownsDirectory { try? FileManager.default.removeItem(atPath: directory) }
    }
}
