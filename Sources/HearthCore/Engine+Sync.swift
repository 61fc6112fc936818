internal import LMDB

extension Engine {
    /// Flushes every commit to disk, including what `Durability.batch` (the last commit's meta
    /// page) or `Durability.none` left unsynced; a bulk load calls it before it reports success.
    /// - Throws: `UNAVAILABLE` when the engine is closed; `INTERNAL` when the disk refuses.
    package func sync() throws(FirestoreError) {
        try StorageErrorMapping.mapping { try environment.sync(force: true) }
    }
}
