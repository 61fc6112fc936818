import HearthCore

/// Decodes `google.firestore.v1.Value` bytes straight into the core's `Value`: no SwiftProtobuf
/// message tree, no second conversion. Gives the same value `ProtoValue.value` gives for the
/// SwiftProtobuf message, or declines.
enum DirectValueDecoder {
    /// Deepest nesting of maps and arrays taken here (Firestore's own limit); deeper values decline
    /// and get SwiftProtobuf's answer.
    static let depthLimit = 20

    /// The value in `bytes` (one `Value` message), `depth` levels inside maps and arrays.
    static func value(_ bytes: UnsafeRawBufferPointer, depth: Int) throws(DirectDecodingDeclined) -> Value {
        var cursor = ProtobufCursor(bytes)
        var result: Value?
        while !cursor.isAtEnd {
            let (field, wireType) = try cursor.tag()
            // More than one member of the oneof: SwiftProtobuf's merge rules decide.
            guard result == nil else { throw DirectDecodingDeclined() }
            result = try member(field, wireType, of: &cursor, depth: depth)
        }
        guard let result else { throw DirectDecodingDeclined() }
        return result
    }

    /// The fields of a `map<string, Value>` whose entries are the `entries` field occurrences of
    /// the message in `bytes`; occurrences of field `skipping` (read by the caller) are stepped over.
    static func fields(
        _ bytes: UnsafeRawBufferPointer, field entries: Int, skipping: Int = 0, depth: Int
    ) throws(DirectDecodingDeclined) -> [String: Value] {
        var counter = ProtobufCursor(bytes)
        var count = 0
        while !counter.isAtEnd {
            let (field, wireType) = try counter.tag()
            if field == entries { count += 1 }
            try counter.skip(wireType: wireType)
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(count)
        var cursor = ProtobufCursor(bytes)
        while !cursor.isAtEnd {
            let (field, wireType) = try cursor.tag()
            if field == skipping {
                try cursor.skip(wireType: wireType)
                continue
            }
            guard field == entries, wireType == ProtobufCursor.lengthDelimited else { throw DirectDecodingDeclined() }
            let (name, value) = try entry(try cursor.delimited(), depth: depth)
            result[name] = value
        }
        return result
    }

    /// The elements of an `ArrayValue`.
    static func elements(_ bytes: UnsafeRawBufferPointer, depth: Int) throws(DirectDecodingDeclined) -> [Value] {
        var result: [Value] = []
        var cursor = ProtobufCursor(bytes)
        while !cursor.isAtEnd {
            let (field, wireType) = try cursor.tag()
            guard field == 1, wireType == ProtobufCursor.lengthDelimited else { throw DirectDecodingDeclined() }
            result.append(try value(try cursor.delimited(), depth: depth))
        }
        return result
    }

    /// The timestamp in `google.protobuf.Timestamp` bytes, validated as `Timestamp(proto:)` does.
    static func timestamp(_ bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) -> Timestamp {
        var cursor = ProtobufCursor(bytes)
        var seconds: Int64 = 0
        var nanoseconds: Int32 = 0
        while !cursor.isAtEnd {
            switch try cursor.tag() {
            case (1, ProtobufCursor.varint): seconds = Int64(bitPattern: try cursor.varint())
            case (2, ProtobufCursor.varint): nanoseconds = Int32(truncatingIfNeeded: try cursor.varint())
            default: throw DirectDecodingDeclined()
            }
        }
        return try ProtobufCursor.converting { () throws(FirestoreError) in
            try Timestamp(seconds: seconds, nanoseconds: nanoseconds)
        }
    }

    /// One member of the `value_type` oneof.
    private static func member(
        _ field: Int, _ wireType: Int, of cursor: inout ProtobufCursor, depth: Int
    ) throws(DirectDecodingDeclined) -> Value {
        switch (field, wireType) {
        case (11, ProtobufCursor.varint):
            _ = try cursor.varint()
            return .null
        case (1, ProtobufCursor.varint): return .boolean(try cursor.varint() != 0)
        case (2, ProtobufCursor.varint): return .integer(Int64(bitPattern: try cursor.varint()))
        case (3, ProtobufCursor.fixed64): return .double(Double(bitPattern: try cursor.fixed64()))
        case (10, ProtobufCursor.lengthDelimited): return .timestamp(try timestamp(try cursor.delimited()).truncatedToMicroseconds)
        case (17, ProtobufCursor.lengthDelimited): return .string(try ProtobufCursor.string(try cursor.delimited()))
        case (18, ProtobufCursor.lengthDelimited): return .bytes([UInt8](try cursor.delimited()))
        case (5, ProtobufCursor.lengthDelimited):
            let name = try ProtobufCursor.string(try cursor.delimited())
            return try ProtobufCursor.converting { () throws(FirestoreError) in
                let (database, key) = try DocumentKey.parse(resourceName: name)
                return .reference(DocumentReferenceValue(database: database, key: key))
            }
        case (8, ProtobufCursor.lengthDelimited): return .geoPoint(try geoPoint(try cursor.delimited()))
        case (9, ProtobufCursor.lengthDelimited):
            guard depth < depthLimit else { throw DirectDecodingDeclined() }
            return .array(try elements(try cursor.delimited(), depth: depth + 1))
        case (6, ProtobufCursor.lengthDelimited):
            guard depth < depthLimit else { throw DirectDecodingDeclined() }
            return .map(try fields(try cursor.delimited(), field: 1, depth: depth + 1))
        default:
            throw DirectDecodingDeclined()
        }
    }

    /// One map entry: its key (field 1) and value (field 2), each exactly once.
    private static func entry(_ bytes: UnsafeRawBufferPointer, depth: Int) throws(DirectDecodingDeclined) -> (String, Value) {
        var cursor = ProtobufCursor(bytes)
        var name: String?
        var value: Value?
        while !cursor.isAtEnd {
            switch try cursor.tag() {
            case (1, ProtobufCursor.lengthDelimited) where name == nil:
                name = try ProtobufCursor.string(try cursor.delimited())
            case (2, ProtobufCursor.lengthDelimited) where value == nil:
                value = try self.value(try cursor.delimited(), depth: depth)
            default:
                throw DirectDecodingDeclined()
            }
        }
        guard let name, let value else { throw DirectDecodingDeclined() }
        return (name, value)
    }

    /// The point in `google.type.LatLng` bytes, validated as `ProtoValue.value` does.
    private static func geoPoint(_ bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) -> GeoPoint {
        var cursor = ProtobufCursor(bytes)
        var latitude = 0.0
        var longitude = 0.0
        while !cursor.isAtEnd {
            switch try cursor.tag() {
            case (1, ProtobufCursor.fixed64): latitude = Double(bitPattern: try cursor.fixed64())
            case (2, ProtobufCursor.fixed64): longitude = Double(bitPattern: try cursor.fixed64())
            default: throw DirectDecodingDeclined()
            }
        }
        return try ProtobufCursor.converting { () throws(FirestoreError) in
            try GeoPoint(latitude: latitude, longitude: longitude)
        }
    }
}
