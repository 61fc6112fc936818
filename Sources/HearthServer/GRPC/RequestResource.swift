import FirestoreWire
import SwiftProtobuf

/// The resource a gRPC request names (a document, a parent or a database), for the request log.
enum RequestResource {
    /// The request's document name, parent (with the collection id when it has one) or database.
    static func name(of message: any SwiftProtobuf.Message) -> String {
        switch message {
        case let request as Google_Firestore_V1_GetDocumentRequest: request.name
        case let request as Google_Firestore_V1_DeleteDocumentRequest: request.name
        case let request as Google_Firestore_V1_UpdateDocumentRequest: request.document.name
        case let request as Google_Firestore_V1_CreateDocumentRequest:
            join(request.parent, request.collectionID, request.documentID)
        case let request as Google_Firestore_V1_ListDocumentsRequest: join(request.parent, request.collectionID)
        case let request as Google_Firestore_V1_ListCollectionIdsRequest: request.parent
        case let request as Google_Firestore_V1_RunQueryRequest: request.parent
        case let request as Google_Firestore_V1_RunAggregationQueryRequest: request.parent
        case let request as Google_Firestore_V1_PartitionQueryRequest: request.parent
        case let request as Google_Firestore_V1_BatchGetDocumentsRequest: request.database
        case let request as Google_Firestore_V1_BeginTransactionRequest: request.database
        case let request as Google_Firestore_V1_CommitRequest: request.database
        case let request as Google_Firestore_V1_RollbackRequest: request.database
        case let request as Google_Firestore_V1_BatchWriteRequest: request.database
        case let request as Google_Firestore_V1_WriteRequest: request.database.isEmpty ? firstDocument(request.writes) : request.database
        case let request as Google_Firestore_V1_ListenRequest: request.database
        default: ""
        }
    }

    /// The document the first of `writes` names (a Write stream's later messages name no database).
    private static func firstDocument(_ writes: [Google_Firestore_V1_Write]) -> String {
        switch writes.first?.operation {
        case .update(let document): document.name
        case .delete(let name), .verify(let name): name
        case .transform(let transform): transform.document
        case nil: ""
        }
    }

    private static func join(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "/")
    }
}
