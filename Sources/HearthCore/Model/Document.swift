/// A stored document: its key, its fields and Firestore's two timestamps.
public struct Document: Sendable, Equatable {
    /// Where the document lives.
    public var key: DocumentKey
    /// The document's fields (the top-level map).
    public var fields: [String: Value]
    /// When the document was created (the commit time of its creation).
    public var createTime: Timestamp
    /// When the document last changed (the commit time of its last effective write).
    public var updateTime: Timestamp

    /// Creates a document.
    public init(key: DocumentKey, fields: [String: Value], createTime: Timestamp, updateTime: Timestamp) {
        self.key = key
        self.fields = fields
        self.createTime = createTime
        self.updateTime = updateTime
    }
}
