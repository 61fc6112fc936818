import Hearth

extension Firestore {
    /// How many times a contended transaction is run again after the SDK's own five attempts.
    static let transactionRuns = 8

    /// `runTransaction`, run again while it keeps failing with contention (`ABORTED`), as a client
    /// would on "Too much contention"; the block's own errors end it at once.
    /// - Throws: the block's `KomunitError`; `busy` when contention never ends; store errors mapped.
    func transact<T>(_ block: (Transaction) throws -> T) async throws(KomunitError) -> T {
        var runs = 1
        while true {
            do {
                return try await runTransaction(block)
            } catch let error as FirestoreError where error.code == .aborted && runs < Self.transactionRuns {
                runs += 1
            } catch {
                throw KomunitError.mapped(error)
            }
        }
    }
}
