public import HearthCore
import Synchronization

/// Writes collected and committed atomically (the SDK's `WriteBatch`). Like the SDK, the adding
/// methods return the batch for chaining and do not throw: the first invalid write is reported
/// by `commit()`, and nothing of the batch is written.
public final class WriteBatch: Sendable {
    /// The database the batch writes to.
    public let firestore: Firestore
    /// Collected writes, the first error, and whether it was committed; guarded by the mutex.
    private let state = Mutex(WriteCollector())

    init(firestore: Firestore) { self.firestore = firestore }

    /// Replaces `document` with `data`.
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference) -> WriteBatch {
        add(document) { key throws(FirestoreError) in try WriteFactory.set(data, to: key) }
    }

    /// Writes `data`; with `merge: true` only the fields it contains change.
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, merge: Bool) -> WriteBatch {
        add(document) { key throws(FirestoreError) in
            merge ? try WriteFactory.merge(data, to: key) : try WriteFactory.set(data, to: key)
        }
    }

    /// Writes only the listed fields of `data`.
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, mergeFields: [Any]) -> WriteBatch {
        add(document) { key throws(FirestoreError) in try WriteFactory.merge(data, fields: mergeFields, to: key) }
    }

    /// Updates fields of an existing document.
    @discardableResult
    public func updateData(_ fields: [AnyHashable: Any], forDocument document: DocumentReference) -> WriteBatch {
        add(document) { key throws(FirestoreError) in try WriteFactory.update(fields, of: key) }
    }

    /// Deletes `document`.
    @discardableResult
    public func deleteDocument(_ document: DocumentReference) -> WriteBatch {
        add(document) { key throws(FirestoreError) in Write.delete(key) }
    }

    /// Commits every write atomically.
    /// - Throws: the first invalid write's error, or the commit's (e.g. `NOT_FOUND` for an update of
    ///   a missing document); a second commit fails with `FAILED_PRECONDITION`.
    nonisolated(nonsending) public func commit() async throws(FirestoreError) {
        let writes = try state.withLock { collector throws(FirestoreError) -> [Write] in try collector.finish(kind: "write batch") }
        try await firestore.openEngine().commit(writes, in: firestore.databaseID, access: firestore.access)
    }

    /// Adds an encoded value's write (used by `setData(from:forDocument:)`).
    func addEncoded<T: Encodable>(_ value: T, _ document: DocumentReference, merge: Bool, encoder: Firestore.Encoder) -> WriteBatch {
        add(document) { key throws(FirestoreError) in
            let nodes = try encodedNodes(value, encoder)
            return merge ? try WriteFactory.merge(nodes: nodes, to: key) : try WriteFactory.set(nodes: nodes, to: key)
        }
    }

    private func add(_ document: DocumentReference, _ make: (DocumentKey) throws(FirestoreError) -> Write) -> WriteBatch {
        let write = WriteCollector.build(document, firestore, make)
        state.withLock { $0.add(write) }
        return self
    }
}

/// The writes of a batch or transaction and the first error met while adding them.
struct WriteCollector {
    private(set) var writes: [Write] = []
    private(set) var firstError: FirestoreError?
    private var finished = false

    /// Adds a write, or remembers its error if it is the first.
    mutating func add(_ write: Result<Write, FirestoreError>) {
        switch write {
        case .success(let write): writes.append(write)
        case .failure(let error): if firstError == nil { firstError = error }
        }
    }

    /// The writes to commit; fails with the first error, or when already committed.
    mutating func finish(kind: String) throws(FirestoreError) -> [Write] {
        guard !finished else {
            throw FirestoreError(.failedPrecondition, "A \(kind) can no longer be used after commit() has been called.")
        }
        finished = true
        if let firstError { throw firstError }
        return writes
    }

    /// Builds one write for `document`, or the error that prevents it.
    static func build(
        _ document: DocumentReference, _ firestore: Firestore, _ make: (DocumentKey) throws(FirestoreError) -> Write
    ) -> Result<Write, FirestoreError> {
        do {
            try checkSameDatabase(document, firestore)
            return .success(try make(try document.key()))
        } catch {
            return .failure(error)
        }
    }

    /// A reference from another database cannot join this batch.
    static func checkSameDatabase(_ document: DocumentReference, _ firestore: Firestore) throws(FirestoreError) {
        guard document.firestore.databaseID == firestore.databaseID else {
            throw FirestoreError(.invalidArgument, "Provided document reference is from a different Firestore instance.")
        }
    }
}
