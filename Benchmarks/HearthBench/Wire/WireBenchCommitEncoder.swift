import HearthCore

/// Encodes the bench's `Commit` requests straight from core values to protobuf bytes, in one pass
/// and without a message tree.
///
/// This is the load generator's cost only, and what a client with a C protobuf library pays (the
/// official Python client encodes with upb). The SwiftProtobuf rows instead build a message tree and
/// size every nested message again at each level above it. The server decodes these bytes as it
/// decodes any client's; `WireBenchmark` checks before timing that they parse to the very request
/// `WireBenchData.commitRequest` builds.
struct WireBenchCommitEncoder {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// The `CommitRequest` setting documents `range` of `collection` in `database`, as bytes.
    /// - Throws: `INVALID_ARGUMENT` for an invalid collection id.
    static func commitRequest(_ range: Range<Int>, in collection: String, database: DatabaseID) throws(FirestoreError) -> [UInt8] {
        var encoder = WireBenchCommitEncoder()
        encoder.bytes.reserveCapacity(range.count * 320)
        encoder.string(1, database.resourceName)
        for index in range {
            let name = try WireBenchData.key(index, in: collection).resourceName(in: database)
            let fields = WireBenchData.document(index: index)
            // Write.update (1) holding Document { name (1), fields (2) }.
            encoder.message(2) { write in
                write.message(1) { document in
                    document.string(1, name)
                    document.fields(2, fields)
                }
            }
        }
        return encoder.bytes
    }

    /// A `map<string, Value>` as the repeated entry messages of `field`.
    private mutating func fields(_ field: Int, _ fields: [String: Value]) {
        for (key, value) in fields {
            message(field) { entry in
                entry.string(1, key)
                entry.message(2) { $0.value(value) }
            }
        }
    }

    /// The one member of a `Value`'s oneof (written even when it holds its type's default).
    private mutating func value(_ value: Value) {
        switch value {
        case .null:
            tag(11, wireType: 0)
            varint(0)
        case .boolean(let flag):
            tag(1, wireType: 0)
            varint(flag ? 1 : 0)
        case .integer(let integer):
            tag(2, wireType: 0)
            varint(UInt64(bitPattern: integer))
        case .double(let double):
            tag(3, wireType: 1)
            fixed64(double.bitPattern)
        case .timestamp(let timestamp):
            message(10) { $0.timestamp(timestamp) }
        case .string(let string):
            self.string(17, string)
        case .bytes(let data):
            tag(18, wireType: 2)
            varint(UInt64(data.count))
            bytes += data
        case .reference(let reference):
            string(5, reference.key.resourceName(in: reference.database))
        case .geoPoint(let point):
            message(8) { latLng in
                latLng.tag(1, wireType: 1)
                latLng.fixed64(point.latitude.bitPattern)
                latLng.tag(2, wireType: 1)
                latLng.fixed64(point.longitude.bitPattern)
            }
        case .array(let values):
            message(9) { array in
                for element in values { array.message(1) { $0.value(element) } }
            }
        case .map(let fields):
            message(6) { $0.fields(1, fields) }
        }
    }

    /// A `google.protobuf.Timestamp` body: fields at zero are left out, as proto3 does.
    private mutating func timestamp(_ timestamp: Timestamp) {
        if timestamp.seconds != 0 {
            tag(1, wireType: 0)
            varint(UInt64(bitPattern: timestamp.seconds))
        }
        if timestamp.nanoseconds != 0 {
            tag(2, wireType: 0)
            varint(UInt64(bitPattern: Int64(timestamp.nanoseconds)))
        }
    }

    /// A length-delimited `field` whose body `body` writes. The length is reserved as one byte and
    /// widened afterwards if the body needs more, so no size is computed before writing.
    private mutating func message(_ field: Int, _ body: (inout WireBenchCommitEncoder) -> Void) {
        tag(field, wireType: 2)
        let lengthAt = bytes.count
        bytes.append(0)
        body(&self)
        let length = bytes.count - lengthAt - 1
        if length < 0x80 {
            bytes[lengthAt] = UInt8(length)
        } else {
            var prefix = WireBenchCommitEncoder()
            prefix.varint(UInt64(length))
            bytes.replaceSubrange(lengthAt..<(lengthAt + 1), with: prefix.bytes)
        }
    }

    /// A string `field`.
    private mutating func string(_ field: Int, _ string: String) {
        tag(field, wireType: 2)
        var string = string
        string.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A field's key: its number and wire type.
    private mutating func tag(_ field: Int, wireType: Int) {
        varint(UInt64(field << 3 | wireType))
    }

    /// A base-128 varint.
    private mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Eight little-endian bytes.
    private mutating func fixed64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
