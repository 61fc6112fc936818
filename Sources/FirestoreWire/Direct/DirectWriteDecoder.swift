import Foundation
import HearthCore

/// Decodes one `google.firestore.v1.Write` message's bytes into the core's `Write`, giving what
/// `ProtoWrite.write` gives for the SwiftProtobuf message, or declining.
enum DirectWriteDecoder {
    /// The write in `bytes`, whose document must be in `database`; `prefix` is the UTF-8 of
    /// `projects/{p}/databases/{d}/documents/` for that database.
    static func write(
        _ bytes: UnsafeRawBufferPointer, in database: DatabaseID, prefix: [UInt8]
    ) throws(DirectDecodingDeclined) -> Write {
        var cursor = ProtobufCursor(bytes)
        var update: UnsafeRawBufferPointer?
        var deleted: UnsafeRawBufferPointer?
        var mask: [FieldPath]?
        var precondition: Precondition?
        var transforms: [FieldTransform] = []
        while !cursor.isAtEnd {
            switch try cursor.tag() {
            case (1, ProtobufCursor.lengthDelimited) where update == nil && deleted == nil:
                update = try cursor.delimited()
            case (2, ProtobufCursor.lengthDelimited) where update == nil && deleted == nil:
                deleted = try cursor.delimited()
            case (3, ProtobufCursor.lengthDelimited) where mask == nil:
                mask = try fieldPaths(try cursor.delimited())
            case (4, ProtobufCursor.lengthDelimited) where precondition == nil:
                precondition = try self.precondition(try cursor.delimited())
            case (7, ProtobufCursor.lengthDelimited):
                transforms.append(try DirectTransformDecoder.transform(try cursor.delimited()))
            default:
                // Field 6 (the legacy `transform` write) and anything unknown or repeated.
                throw DirectDecodingDeclined()
            }
        }
        if let update {
            let (key, fields) = try document(update, in: database, prefix: prefix)
            let operation: Write.Operation = if let mask { .update(key, fields: fields, mask: mask) } else { .set(key, fields: fields) }
            return Write(operation, transforms: transforms, precondition: precondition ?? .none)
        }
        guard let deleted, mask == nil, transforms.isEmpty else { throw DirectDecodingDeclined() }
        let key = try self.key(deleted, in: database, prefix: prefix)
        return Write(.delete(key), precondition: precondition ?? .none)
    }

    /// A `Document`'s key and fields; a document carrying create or update times declines.
    private static func document(
        _ bytes: UnsafeRawBufferPointer, in database: DatabaseID, prefix: [UInt8]
    ) throws(DirectDecodingDeclined) -> (DocumentKey, [String: Value]) {
        var cursor = ProtobufCursor(bytes)
        var name: UnsafeRawBufferPointer?
        var hasFields = false
        while !cursor.isAtEnd {
            switch try cursor.tag() {
            case (1, ProtobufCursor.lengthDelimited) where name == nil:
                name = try cursor.delimited()
            case (2, ProtobufCursor.lengthDelimited):
                hasFields = true
                _ = try cursor.delimited()
            default:
                throw DirectDecodingDeclined()
            }
        }
        let key = try self.key(name ?? UnsafeRawBufferPointer(start: nil, count: 0), in: database, prefix: prefix)
        let fields = hasFields ? try DirectValueDecoder.fields(bytes, field: 2, skipping: 1, depth: 0) : [:]
        return (key, fields)
    }

    /// The key the document name in `bytes` gives, which must be in `database`. A name that starts
    /// with the database's own documents prefix is split here, in place; any other goes through
    /// `ResourceName`.
    private static func key(
        _ bytes: UnsafeRawBufferPointer, in database: DatabaseID, prefix: [UInt8]
    ) throws(DirectDecodingDeclined) -> DocumentKey {
        guard UTF8Validation.isValid(bytes) else { throw DirectDecodingDeclined() }
        let hasPrefix = bytes.count > prefix.count
            && prefix.withUnsafeBytes { expected in
                guard let start = expected.baseAddress, let found = bytes.baseAddress else { return false }
                return memcmp(start, found, expected.count) == 0
            }
        guard hasPrefix else {
            let name = String(decoding: bytes, as: UTF8.self)
            return try ProtobufCursor.converting { () throws(FirestoreError) in try ResourceName.document(name, in: database).1 }
        }
        // The bytes are valid UTF-8 and "/" is ASCII, so every piece is valid UTF-8 too.
        var segments: [String] = []
        var start = prefix.count
        for index in prefix.count..<bytes.count where bytes[index] == UInt8(ascii: "/") {
            segments.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            start = index + 1
        }
        segments.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        return try ProtobufCursor.converting { () throws(FirestoreError) in
            try DocumentKey(path: ResourcePath(validatingSegments: segments))
        }
    }

    /// The paths of a `DocumentMask`, parsed as `FieldMask(proto:)` does.
    private static func fieldPaths(_ bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) -> [FieldPath] {
        var cursor = ProtobufCursor(bytes)
        var paths: [FieldPath] = []
        while !cursor.isAtEnd {
            guard try cursor.tag() == (1, ProtobufCursor.lengthDelimited) else { throw DirectDecodingDeclined() }
            let text = try ProtobufCursor.string(try cursor.delimited())
            paths.append(try ProtobufCursor.converting { () throws(FirestoreError) in try FieldPath(serverFormat: text) })
        }
        return paths
    }

    /// A `Precondition`: `exists`, `update_time`, or none when empty.
    private static func precondition(_ bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) -> Precondition {
        var cursor = ProtobufCursor(bytes)
        var result = Precondition.none
        var seen = false
        while !cursor.isAtEnd {
            let (field, wireType) = try cursor.tag()
            guard !seen else { throw DirectDecodingDeclined() }
            seen = true
            switch (field, wireType) {
            case (1, ProtobufCursor.varint): result = .exists(try cursor.varint() != 0)
            case (2, ProtobufCursor.lengthDelimited): result = .updateTime(try DirectValueDecoder.timestamp(try cursor.delimited()))
            default: throw DirectDecodingDeclined()
            }
        }
        return result
    }
}
