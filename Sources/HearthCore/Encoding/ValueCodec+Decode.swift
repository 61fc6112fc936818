extension ValueCodec {
    /// Reads a field map written by `encodeFields(_:into:)`.
    /// - Throws: `FirestoreError` (`DATA_LOSS`) on any malformed input; never traps.
    static func decodeFields(_ reader: inout ByteReader) throws(FirestoreError) -> [String: Value] {
        try readFields(&reader, depth: 0)
    }

    /// Reads one value written by `encode(_:into:)`.
    /// - Throws: `FirestoreError` (`DATA_LOSS`) on any malformed input; never traps.
    static func decode(_ reader: inout ByteReader) throws(FirestoreError) -> Value {
        try readValue(&reader, depth: 0)
    }

    /// Decodes a complete field map from `bytes`, rejecting trailing bytes.
    static func decodeFields(from bytes: UnsafeRawBufferPointer) throws(FirestoreError) -> [String: Value] {
        var reader = ByteReader(bytes)
        let fields = try decodeFields(&reader)
        try reader.expectEnd()
        return fields
    }

    /// Decodes a complete field map from an owned array (tests, tools), rejecting trailing bytes.
    static func decodeFields(from bytes: [UInt8]) throws(FirestoreError) -> [String: Value] {
        let result: Result<[String: Value], FirestoreError> = bytes.withUnsafeBytes { raw in
            Result { () throws(FirestoreError) in try decodeFields(from: raw) }
        }
        return try result.get()
    }

    /// Decodes one complete value from an owned array (tests, tools), rejecting trailing bytes.
    static func decode(from bytes: [UInt8]) throws(FirestoreError) -> Value {
        let result: Result<Value, FirestoreError> = bytes.withUnsafeBytes { raw in
            Result { () throws(FirestoreError) in
                var reader = ByteReader(raw)
                let value = try decode(&reader)
                try reader.expectEnd()
                return value
            }
        }
        return try result.get()
    }

    private static func readFields(_ reader: inout ByteReader, depth: Int) throws(FirestoreError) -> [String: Value] {
        // Each entry takes at least 2 bytes: an empty key's length and a one-byte value.
        let count = try reader.readLength(minimumElementSize: 2)
        var fields = [String: Value](minimumCapacity: count)
        for _ in 0 ..< count {
            let at = reader.offset
            let key = try reader.readString()
            let value = try readValue(&reader, depth: depth)
            if fields.updateValue(value, forKey: key) != nil {
                throw ByteReader.corrupt("duplicate map key at offset \(at).")
            }
        }
        return fields
    }

    private static func readValue(_ reader: inout ByteReader, depth: Int) throws(FirestoreError) -> Value {
        let at = reader.offset
        let tagByte = try reader.readByte()
        guard let tag = Tag(rawValue: tagByte) else {
            throw ByteReader.corrupt("unknown value tag \(tagByte) at offset \(at).")
        }
        switch tag {
        case .null:
            return .null
        case .false:
            return .boolean(false)
        case .true:
            return .boolean(true)
        case .integer:
            return .integer(try reader.readZigZag())
        case .double:
            return .double(Double(bitPattern: try reader.readUInt64BigEndian()))
        case .timestamp:
            let seconds = try reader.readZigZag()
            let nanoseconds = try reader.readVarint()
            guard nanoseconds <= 999_999_999 else {
                throw ByteReader.corrupt("timestamp nanoseconds \(nanoseconds) out of range at offset \(at).")
            }
            return .timestamp(Timestamp(uncheckedSeconds: seconds, nanoseconds: Int32(nanoseconds)))
        case .string:
            return .string(try reader.readString())
        case .bytes:
            let count = try reader.readLength()
            return .bytes(try reader.readByteArray(count: count))
        case .reference:
            return .reference(try readReference(&reader, at: at))
        case .geoPoint:
            let latitude = Double(bitPattern: try reader.readUInt64BigEndian())
            let longitude = Double(bitPattern: try reader.readUInt64BigEndian())
            return .geoPoint(GeoPoint(uncheckedLatitude: latitude, longitude: longitude))
        case .array:
            guard depth < maximumDepth else { throw tooDeep(at: at) }
            let count = try reader.readLength()
            var elements: [Value] = []
            elements.reserveCapacity(count)
            for _ in 0 ..< count {
                elements.append(try readValue(&reader, depth: depth + 1))
            }
            return .array(elements)
        case .map:
            guard depth < maximumDepth else { throw tooDeep(at: at) }
            return .map(try readFields(&reader, depth: depth + 1))
        }
    }

    private static func readReference(
        _ reader: inout ByteReader, at: Int
    ) throws(FirestoreError) -> DocumentReferenceValue {
        let project = try reader.readString()
        let database = try reader.readString()
        let count = try reader.readLength()
        guard count > 0, count % 2 == 0 else {
            throw ByteReader.corrupt("reference with \(count) path segments at offset \(at).")
        }
        var segments: [String] = []
        segments.reserveCapacity(count)
        for _ in 0 ..< count {
            segments.append(try reader.readString())
        }
        return DocumentReferenceValue(
            database: DatabaseID(uncheckedProject: project, database: database),
            key: DocumentKey(unchecked: ResourcePath(uncheckedSegments: segments)))
    }

    /// The error for containers nested past `maximumDepth` (shared with `skimFields`).
    static func tooDeep(at offset: Int) -> FirestoreError {
        ByteReader.corrupt("containers nested deeper than \(maximumDepth) levels at offset \(offset).")
    }
}
