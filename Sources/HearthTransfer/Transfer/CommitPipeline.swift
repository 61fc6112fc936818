import HearthCore

/// Keeps one import batch committing while the next one is read and decoded: `submit` waits for
/// the previous batch (reporting its error), then starts this one.
final class CommitPipeline {
    private var pending: Task<FirestoreError?, Never>?

    /// Waits for the batch in flight, then starts committing `batch` into `database`.
    /// - Throws: the previous batch's error; `CANCELLED` when the importing task was cancelled.
    func submit(_ batch: [Write], into database: DatabaseID, engine: Engine, done: Int64) async throws(FirestoreError) {
        try await drain()
        if Task.isCancelled {
            throw FirestoreError(.cancelled, "Import stopped after \(done - Int64(batch.count)) documents; every committed batch is kept.")
        }
        pending = Task {
            do throws(FirestoreError) {
                try await engine.commit(batch, in: database)
                // The file pages this batch's writes read through the map are released, so the
                // import's resident memory stays what it allocates (`Engine.releaseMappedPages`).
                engine.releaseMappedPages()
                return nil
            } catch {
                return FirestoreError(error.code, "Import failed in the batch ending at document \(done): \(error.message)")
            }
        }
    }

    /// Waits for the batch in flight.
    /// - Throws: its error.
    func drain() async throws(FirestoreError) {
        guard let previous = pending else { return }
        pending = nil
        if let error = await previous.value { throw error }
    }
}
