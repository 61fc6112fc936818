public import HearthCore
import Foundation

/// A Firestore database, embedded: the entry point of the Firebase SDK's API, running in-process
/// on a Hearth data directory.
///
/// ```swift
/// let db = try Firestore(directory: "./data", projectID: "demo-app")
/// try await db.collection("users").document("alice").setData(["name": "Alice"])
/// ```
/// Instances opened on the same directory share one engine; `close()` releases this instance's
/// share. Every request runs with this instance's `access` (admin unless you say otherwise),
/// which the security rules will judge.
public final class Firestore: Sendable {
    /// The project and database this instance reads and writes.
    public let databaseID: DatabaseID
    /// Who this instance's requests come from.
    public let access: AccessContext
    let lease: EngineLease

    /// Opens (creating when needed) the data directory and the database in it. Without `options`
    /// an instance joins the engine already open on the directory, whatever its options, or opens
    /// it with the defaults; with `options` they must match the open engine's.
    /// - Throws: `INVALID_ARGUMENT` for a bad project or database id; `FAILED_PRECONDITION` when
    ///   the directory is already open with different `options`; storage errors when the
    ///   directory cannot be opened.
    public convenience init(
        directory: String, projectID: String = "demo-hearth", database: String = DatabaseID.defaultDatabase,
        access: AccessContext = .admin, options: EngineOptions? = nil
    ) throws(FirestoreError) {
        let id = try DatabaseID(project: projectID, database: database)
        let lease = try EngineLease.acquire(directory: directory, options: options)
        self.init(databaseID: id, access: access, lease: lease)
    }

    init(databaseID: DatabaseID, access: AccessContext, lease: EngineLease) {
        self.databaseID = databaseID
        self.access = access
        self.lease = lease
    }

    /// The engine underneath.
    var engine: Engine { lease.engine }

    /// The engine, for a request: `UNAVAILABLE` once this instance was closed (other instances on
    /// the same directory may still hold the engine open).
    func openEngine() throws(FirestoreError) -> Engine {
        guard !lease.isReleased else { throw FirestoreError(.unavailable, "The client has already been terminated.") }
        return lease.engine
    }

    /// Another instance on the same data directory and database whose requests come from `access`
    /// (e.g. a signed-in user), sharing the engine. Close it when done.
    public func withAccess(_ access: AccessContext) -> Firestore {
        Firestore(databaseID: databaseID, access: access, lease: lease.retained())
    }

    /// Another database (or project) in the same data directory, with the same access.
    public func database(projectID: String? = nil, database: String) throws(FirestoreError) -> Firestore {
        let id = try DatabaseID(project: projectID ?? databaseID.project, database: database)
        return Firestore(databaseID: id, access: access, lease: lease.retained())
    }

    /// The collection at `collectionPath` (an odd number of segments, e.g. `"users"` or
    /// `"Chats/alice/bob"`). An invalid path is reported by the first call that uses it.
    public func collection(_ collectionPath: String) -> CollectionReference {
        CollectionReference(firestore: self, path: ReferencePath.collection(collectionPath))
    }

    /// The document at `documentPath` (an even number of segments, e.g. `"users/alice"`).
    /// An invalid path is reported by the first call that uses it.
    public func document(_ documentPath: String) -> DocumentReference {
        DocumentReference(firestore: self, path: ReferencePath.document(documentPath))
    }

    /// A new, empty write batch.
    public func batch() -> WriteBatch { WriteBatch(firestore: self) }

    /// Releases this instance's share of the engine; the data directory closes with the last one.
    /// Later calls on this instance fail with `UNAVAILABLE`.
    public func close() { lease.release() }

    /// The SDK's name for `close()`.
    public func terminate() async { close() }
}
