import FirestoreWire
import HearthCore

/// Builders for the `ListenResponse` messages of the target protocol.
enum ListenMessages {
    /// A `TargetChange` of `type` for `targets` (empty = global).
    static func targetChange(
        _ type: Google_Firestore_V1_TargetChange.TargetChangeType, targets: [Int32], version: Int64? = nil,
        cause: FirestoreError? = nil
    ) -> Google_Firestore_V1_ListenResponse {
        var change = Google_Firestore_V1_TargetChange()
        change.targetChangeType = type
        change.targetIds = targets
        if let version {
            change.resumeToken = ResumeToken.encode(version)
            change.readTime = Timestamp(microseconds: version).proto
        }
        if let cause { change.cause = WireStatus.status(cause) }
        var response = Google_Firestore_V1_ListenResponse()
        response.targetChange = change
        return response
    }

    /// A document that entered or changed in target `target`.
    static func documentChange(_ document: Document, in database: DatabaseID, target: Int32) -> Google_Firestore_V1_ListenResponse {
        var change = Google_Firestore_V1_DocumentChange()
        change.document = ProtoDocument.proto(document, in: database)
        change.targetIds = [target]
        var response = Google_Firestore_V1_ListenResponse()
        response.documentChange = change
        return response
    }

    /// A document deleted while it was in target `target`.
    static func documentDelete(_ key: DocumentKey, in database: DatabaseID, target: Int32, version: Int64) -> Google_Firestore_V1_ListenResponse {
        var delete = Google_Firestore_V1_DocumentDelete()
        delete.document = key.resourceName(in: database)
        delete.removedTargetIds = [target]
        delete.readTime = Timestamp(microseconds: version).proto
        var response = Google_Firestore_V1_ListenResponse()
        response.documentDelete = delete
        return response
    }

    /// A document that left target `target`'s results (it may still exist).
    static func documentRemove(_ key: DocumentKey, in database: DatabaseID, target: Int32, version: Int64) -> Google_Firestore_V1_ListenResponse {
        var remove = Google_Firestore_V1_DocumentRemove()
        remove.document = key.resourceName(in: database)
        remove.removedTargetIds = [target]
        remove.readTime = Timestamp(microseconds: version).proto
        var response = Google_Firestore_V1_ListenResponse()
        response.documentRemove = remove
        return response
    }
}
