import FirestoreWire
import HearthCore

extension FirestoreOperations {
    /// BeginTransaction: a new transaction id (read-write unless options say otherwise).
    func beginTransaction(_ request: Google_Firestore_V1_BeginTransactionRequest) throws(FirestoreError) -> Google_Firestore_V1_BeginTransactionResponse {
        let database = try ResourceName.database(request.database)
        let options = request.hasOptions ? try ProtoTransaction.options(request.options, defaultReadOnly: false) : .readWrite
        var response = Google_Firestore_V1_BeginTransactionResponse()
        response.transaction = ProtoTransaction.bytes(try engine.beginTransaction(in: database, options: options))
        return response
    }

    /// Rollback: abandons a transaction. Lenient, as clients expect: an unknown or already
    /// finished id is not an error (an error here would hide the caller's original failure).
    func rollback(_ request: Google_Firestore_V1_RollbackRequest) throws(FirestoreError) {
        let database = try ResourceName.database(request.database)
        guard !request.transaction.isEmpty else {
            throw FirestoreError(.invalidArgument, "Rollback needs a transaction.")
        }
        try? engine.rollback(ProtoTransaction.id(request.transaction), in: database)
    }
}
