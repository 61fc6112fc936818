import HearthCore

/// Decodes one `DocumentTransform.FieldTransform` message's bytes into the core's
/// `FieldTransform`, giving what `ProtoWrite.transform` gives for the SwiftProtobuf message, or
/// declining.
enum DirectTransformDecoder {
    /// The transform in `bytes`: a field path and exactly one transform type.
    static func transform(_ bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) -> FieldTransform {
        var cursor = ProtobufCursor(bytes)
        var pathText: String?
        var kind: FieldTransform.Kind?
        while !cursor.isAtEnd {
            let (field, wireType) = try cursor.tag()
            if field == 1 {
                guard wireType == ProtobufCursor.lengthDelimited, pathText == nil else { throw DirectDecodingDeclined() }
                pathText = try ProtobufCursor.string(try cursor.delimited())
                continue
            }
            guard kind == nil else { throw DirectDecodingDeclined() }
            kind = try self.kind(field, wireType, of: &cursor)
        }
        guard let kind else { throw DirectDecodingDeclined() }
        let text = pathText ?? ""
        let path = try ProtobufCursor.converting { () throws(FirestoreError) in try FieldPath(serverFormat: text) }
        return FieldTransform(path, kind)
    }

    /// One member of the `transform_type` oneof.
    private static func kind(
        _ field: Int, _ wireType: Int, of cursor: inout ProtobufCursor
    ) throws(DirectDecodingDeclined) -> FieldTransform.Kind {
        switch (field, wireType) {
        case (2, ProtobufCursor.varint):
            // Only REQUEST_TIME (1) exists; any other declines and gets `ProtoWrite`'s error.
            guard try cursor.varint() == 1 else { throw DirectDecodingDeclined() }
            return .serverTimestamp
        case (3, ProtobufCursor.lengthDelimited): return .increment(try number(try cursor.delimited()))
        case (4, ProtobufCursor.lengthDelimited): return .maximum(try number(try cursor.delimited()))
        case (5, ProtobufCursor.lengthDelimited): return .minimum(try number(try cursor.delimited()))
        case (6, ProtobufCursor.lengthDelimited):
            return .appendMissingElements(try DirectValueDecoder.elements(try cursor.delimited(), depth: 1))
        case (7, ProtobufCursor.lengthDelimited):
            return .removeAllFromArray(try DirectValueDecoder.elements(try cursor.delimited(), depth: 1))
        default:
            throw DirectDecodingDeclined()
        }
    }

    /// The operand of a numeric transform, which must be an integer or a double.
    private static func number(_ bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) -> Value {
        let operand = try DirectValueDecoder.value(bytes, depth: 0)
        guard operand.isNumber else { throw DirectDecodingDeclined() }
        return operand
    }
}
