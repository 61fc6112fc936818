import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf

/// Which data a read request asks to see: the oneof `consistency_selector` of every read request.
enum ReadSelector {
    /// The latest data.
    case strong
    /// Inside an existing transaction.
    case transaction(Data)
    /// At a past time.
    case readTime(Google_Protobuf_Timestamp)
    /// Inside a new transaction started by this read (its id goes back in the first response).
    case newTransaction(Google_Firestore_V1_TransactionOptions)
}

/// A read's resolved consistency and, when the read started one, the new transaction.
struct ResolvedRead {
    /// The consistency to read with.
    let consistency: ReadConsistency
    /// The transaction begun by the read, if it asked for one.
    let newTransaction: TransactionID?
    /// The read time to report on responses.
    let readTime: Timestamp
}

extension FirestoreOperations {
    /// Resolves a selector: validates times, starts a requested transaction.
    func resolve(_ selector: ReadSelector, in database: DatabaseID) throws(FirestoreError) -> ResolvedRead {
        switch selector {
        case .strong:
            return ResolvedRead(consistency: .strong, newTransaction: nil, readTime: engine.latestCommitTime)
        case .transaction(let bytes):
            return ResolvedRead(
                consistency: .transaction(ProtoTransaction.id(bytes)), newTransaction: nil, readTime: engine.latestCommitTime)
        case .readTime(let time):
            let readTime = try Timestamp(proto: time)
            return ResolvedRead(consistency: .readTime(readTime), newTransaction: nil, readTime: readTime)
        case .newTransaction(let options):
            let id = try engine.beginTransaction(
                in: database, options: try ProtoTransaction.options(options, defaultReadOnly: true))
            return ResolvedRead(consistency: .transaction(id), newTransaction: id, readTime: engine.latestCommitTime)
        }
    }
}

extension Google_Firestore_V1_GetDocumentRequest {
    /// This request's read selector.
    var selector: ReadSelector {
        switch consistencySelector {
        case .transaction(let id): .transaction(id)
        case .readTime(let time): .readTime(time)
        case nil: .strong
        }
    }
}

extension Google_Firestore_V1_BatchGetDocumentsRequest {
    /// This request's read selector.
    var selector: ReadSelector {
        switch consistencySelector {
        case .transaction(let id): .transaction(id)
        case .readTime(let time): .readTime(time)
        case .newTransaction(let options): .newTransaction(options)
        case nil: .strong
        }
    }
}

extension Google_Firestore_V1_RunQueryRequest {
    /// This request's read selector.
    var selector: ReadSelector {
        switch consistencySelector {
        case .transaction(let id): .transaction(id)
        case .readTime(let time): .readTime(time)
        case .newTransaction(let options): .newTransaction(options)
        case nil: .strong
        }
    }
}

extension Google_Firestore_V1_RunAggregationQueryRequest {
    /// This request's read selector.
    var selector: ReadSelector {
        switch consistencySelector {
        case .transaction(let id): .transaction(id)
        case .readTime(let time): .readTime(time)
        case .newTransaction(let options): .newTransaction(options)
        case nil: .strong
        }
    }
}

extension Google_Firestore_V1_ListDocumentsRequest {
    /// This request's read selector.
    var selector: ReadSelector {
        switch consistencySelector {
        case .transaction(let id): .transaction(id)
        case .readTime(let time): .readTime(time)
        case nil: .strong
        }
    }
}
