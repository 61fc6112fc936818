package import HearthCore

/// Converts stored documents to their wire form.
package enum ProtoDocument {
    /// The wire document for `document` in `database`, keeping only `mask`'s fields when given.
    package static func proto(_ document: Document, in database: DatabaseID, mask: FieldMask? = nil) -> Google_Firestore_V1_Document {
        var result = Google_Firestore_V1_Document()
        result.name = document.key.resourceName(in: database)
        result.fields = ProtoValue.protoFields(mask.map { $0.apply(to: document.fields) } ?? document.fields)
        result.createTime = document.createTime.proto
        result.updateTime = document.updateTime.proto
        return result
    }

    /// A name-only wire document (a "missing" document listed with `show_missing`).
    package static func nameOnly(_ key: DocumentKey, in database: DatabaseID) -> Google_Firestore_V1_Document {
        var result = Google_Firestore_V1_Document()
        result.name = key.resourceName(in: database)
        return result
    }
}
