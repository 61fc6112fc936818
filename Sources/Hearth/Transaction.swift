public import HearthCore

/// The reads and writes of one attempt of `Firestore.runTransaction` (the SDK's `Transaction`).
///
/// Reads come first: a read after a write fails, as in the SDK. Writes are collected and
/// committed when the update block returns; the adding methods return the transaction for
/// chaining and report the first invalid write when the transaction commits.
public final class Transaction {
    /// The database the transaction reads and writes.
    public let firestore: Firestore
    let id: TransactionID
    var collector = WriteCollector()

    init(firestore: Firestore, id: TransactionID) {
        self.firestore = firestore
        self.id = id
    }

    /// Reads `document` as part of the transaction.
    /// - Throws: `INVALID_ARGUMENT` after a write (`Firestore transactions require all reads to be
    ///   executed before all writes.`); `ABORTED` when the document changed between two reads.
    public func getDocument(_ document: DocumentReference) throws(FirestoreError) -> DocumentSnapshot {
        guard collector.writes.isEmpty && collector.firstError == nil else {
            throw FirestoreError(.invalidArgument, "Firestore transactions require all reads to be executed before all writes.")
        }
        try WriteCollector.checkSameDatabase(document, firestore)
        let stored = try firestore.openEngine().getDocument(
            try document.key(), in: firestore.databaseID, consistency: .transaction(id), access: firestore.access)
        return DocumentSnapshot(reference: document, document: stored)
    }

    /// Replaces `document` with `data`.
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference) -> Transaction {
        add(document) { key throws(FirestoreError) in try WriteFactory.set(data, to: key) }
    }

    /// Writes `data`; with `merge: true` only the fields it contains change.
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, merge: Bool) -> Transaction {
        add(document) { key throws(FirestoreError) in
            merge ? try WriteFactory.merge(data, to: key) : try WriteFactory.set(data, to: key)
        }
    }

    /// Writes only the listed fields of `data`.
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, mergeFields: [Any]) -> Transaction {
        add(document) { key throws(FirestoreError) in try WriteFactory.merge(data, fields: mergeFields, to: key) }
    }

    /// Updates fields of an existing document.
    @discardableResult
    public func updateData(_ fields: [AnyHashable: Any], forDocument document: DocumentReference) -> Transaction {
        add(document) { key throws(FirestoreError) in try WriteFactory.update(fields, of: key) }
    }

    /// Deletes `document`.
    @discardableResult
    public func deleteDocument(_ document: DocumentReference) -> Transaction {
        add(document) { key throws(FirestoreError) in Write.delete(key) }
    }

    /// Adds an encoded value's write (used by `setData(from:forDocument:)`).
    func addEncoded<T: Encodable>(_ value: T, _ document: DocumentReference, merge: Bool, encoder: Firestore.Encoder) -> Transaction {
        add(document) { key throws(FirestoreError) in
            let nodes = try encodedNodes(value, encoder)
            return merge ? try WriteFactory.merge(nodes: nodes, to: key) : try WriteFactory.set(nodes: nodes, to: key)
        }
    }

    private func add(_ document: DocumentReference, _ make: (DocumentKey) throws(FirestoreError) -> Write) -> Transaction {
        collector.add(WriteCollector.build(document, firestore, make))
        return self
    }
}

extension Firestore {
    /// How many times `runTransaction` tries before giving up (the SDKs' default).
    public static let maxTransactionAttempts = 5

    /// Runs `updateBlock` in a transaction and commits its writes atomically, retrying the whole
    /// block (up to 5 attempts, with backoff) when a document it read changed before the commit.
    ///
    /// The block must not have side effects beyond the transaction: it may run several times.
    /// An error thrown by the block ends the transaction without retry (unless it is `ABORTED`).
    /// - Throws: the block's error; `ABORTED` when every attempt met contention.
    nonisolated(nonsending) public func runTransaction<T>(_ updateBlock: (Transaction) throws -> T) async throws -> T {
        var lastError = FirestoreError(.aborted, "Too much contention on these documents. Please try again.")
        var previous: TransactionID?
        for attempt in 0..<Firestore.maxTransactionAttempts {
            if attempt > 0 {
                // Exponential backoff with jitter: 0.5–1× of 1, 2, 4, 8 ms.
                let base = UInt64(1 << min(attempt - 1, 6)) * 1_000_000
                try? await Task.sleep(nanoseconds: base / 2 + UInt64.random(in: 0...(base / 2)))
            }
            switch try await attemptTransaction(updateBlock, retrying: previous) {
            case .committed(let value): return value
            case .contended(let error, let id):
                lastError = error
                previous = id
            }
        }
        throw lastError
    }

    /// The outcome of one attempt: committed with the block's result, or contended (retry).
    private enum Attempt<T> {
        case committed(T)
        case contended(FirestoreError, TransactionID)
    }

    /// One attempt: begin, run the block, commit. Non-contention errors are thrown.
    /// A retry (`retrying` the aborted attempt's id) reserves what it reads, so it cannot keep losing.
    nonisolated(nonsending) private func attemptTransaction<T>(
        _ updateBlock: (Transaction) throws -> T, retrying previous: TransactionID?
    ) async throws -> Attempt<T> {
        let options = previous.map { TransactionOptions.readWriteRetry(previous: $0) } ?? .readWrite
        let id = try openEngine().beginTransaction(in: databaseID, options: options)
        let transaction = Transaction(firestore: self, id: id)
        let outcome = Result { try updateBlock(transaction) }
        let value: T
        switch outcome {
        case .failure(let error):
            try? engine.rollback(id, in: databaseID)
            if let error = error as? FirestoreError, error.code == .aborted { return .contended(error, id) }
            throw error
        case .success(let result):
            value = result
        }
        let writes: [Write]
        switch Result(catching: { () throws(FirestoreError) in try transaction.collector.finish(kind: "transaction") }) {
        case .failure(let error):
            try? engine.rollback(id, in: databaseID)
            throw error
        case .success(let collected):
            writes = collected
        }
        do {
            try await openEngine().commit(writes, in: databaseID, transaction: id, access: access)
            return .committed(value)
        } catch {
            if error.code == .aborted { return .contended(error, id) }
            throw error
        }
    }
}
