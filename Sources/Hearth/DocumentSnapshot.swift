public import HearthCore
import Foundation

/// Facts about where a snapshot's data came from. An embedded Hearth has no local cache and no
/// pending writes, so both are always false.
public struct SnapshotMetadata: Sendable, Hashable {
    /// True when the snapshot holds writes not yet committed (never, in Hearth).
    public let hasPendingWrites: Bool
    /// True when the snapshot came from a local cache (never, in Hearth).
    public let isFromCache: Bool
}

/// A document as read: its data if it exists (the SDK's `DocumentSnapshot`).
public class DocumentSnapshot: @unchecked Sendable {
    // Immutable after init.
    /// The document's location.
    public let reference: DocumentReference
    /// The stored fields, or nil when the document does not exist.
    let fields: [String: Value]?
    /// The stored document (timestamps included), when it exists.
    let document: Document?

    init(reference: DocumentReference, document: Document?) {
        self.reference = reference
        self.document = document
        self.fields = document?.fields
    }

    /// The document's id.
    public var documentID: String { reference.documentID }

    /// Whether the document exists.
    public var exists: Bool { fields != nil }

    /// Where the data came from.
    public var metadata: SnapshotMetadata { SnapshotMetadata(hasPendingWrites: false, isFromCache: false) }

    /// The document's fields as Swift values, or nil when it does not exist.
    public func data() -> [String: Any]? {
        fields.map { ValueBridge.map($0, firestore: reference.firestore) }
    }

    /// The value at `field` (a dotted `String` or a `FieldPath`), or nil when absent.
    public func get(_ field: Any) -> Any? {
        guard let fields, let path = Self.path(field), let value = fields.value(at: path) else { return nil }
        return ValueBridge.any(value, firestore: reference.firestore)
    }

    /// `get(_:)` as a subscript.
    public subscript(field: Any) -> Any? { self.get(field) }

    /// When the document was created, if it exists (not in the Firebase SDK; Firestore's `createTime`).
    public var createTime: Timestamp? { document?.createTime }

    /// When the document last changed, if it exists (Firestore's `updateTime`).
    public var updateTime: Timestamp? { document?.updateTime }

    private static func path(_ field: Any) -> HearthCore.FieldPath? {
        if let path = field as? FieldPath { return try? path.corePath() }
        if let dotted = field as? String { return try? HearthCore.FieldPath(dotted: dotted) }
        return nil
    }
}

/// A document returned by a query: it always exists.
public final class QueryDocumentSnapshot: DocumentSnapshot, @unchecked Sendable {
    init(reference: DocumentReference, document: Document) {
        super.init(reference: reference, document: document)
    }

    /// The document's fields as Swift values.
    public override func data() -> [String: Any] { super.data() ?? [:] }
}

/// The documents a query returned, in order.
public final class QuerySnapshot: Sendable {
    /// The documents, in query order.
    public let documents: [QueryDocumentSnapshot]
    /// What changed since the listener's previous snapshot (every document as added in a first
    /// snapshot, and for `getDocuments()`).
    public let documentChanges: [DocumentChange]

    init(documents: [QueryDocumentSnapshot]) {
        self.documents = documents
        self.documentChanges = documents.enumerated().map { index, document in
            DocumentChange(type: .added, document: document, oldIndex: -1, newIndex: index)
        }
    }

    init(firestore: Firestore, documents: [Document], changes: [DocumentChangeEvent]) {
        self.documents = documents.map {
            QueryDocumentSnapshot(reference: DocumentReference(firestore: firestore, key: $0.key), document: $0)
        }
        self.documentChanges = changes.map { DocumentChange($0, firestore: firestore) }
    }

    /// The changes (metadata never changes in Hearth, so the flag adds none).
    public func documentChanges(includeMetadataChanges: Bool) -> [DocumentChange] { documentChanges }

    /// The number of documents.
    public var count: Int { documents.count }

    /// True when no document matched.
    public var isEmpty: Bool { documents.isEmpty }

    /// Where the data came from.
    public var metadata: SnapshotMetadata { SnapshotMetadata(hasPendingWrites: false, isFromCache: false) }
}
