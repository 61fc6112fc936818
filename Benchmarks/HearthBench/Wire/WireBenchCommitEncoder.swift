import HearthCore
import HearthTransfer

/// Encodes the bench's `Commit` requests straight from core values to protobuf bytes, in one pass
/// and without a message tree (on `WireWriter`, which writes nested messages in place).
///
/// This is the load generator's cost only, and what a client with a C protobuf library pays (the
/// official Python client encodes with upb). The SwiftProtobuf rows instead build a message tree and
/// size every nested message again at each level above it. The server decodes these bytes as it
/// decodes any client's; `WireBenchmark` checks before timing that they parse to the very request
/// `WireBenchData.commitRequest` builds.
enum WireBenchCommitEncoder {
    /// The `CommitRequest` setting documents `range` of `collection` in `database`, as bytes.
    /// - Throws: `INVALID_ARGUMENT` for an invalid collection id.
    static func commitRequest(_ range: Range<Int>, in collection: String, database: DatabaseID) throws(FirestoreError) -> [UInt8] {
        var writer = WireWriter()
        writer.stringField(1, database.resourceName)
        for index in range {
            let name = try WireBenchData.key(index, in: collection).resourceName(in: database)
            let fields = WireBenchData.document(index: index)
            // Write.update (1) holding Document { name (1), fields (2) }.
            writer.messageField(2) { write in
                write.messageField(1) { document in
                    document.stringField(1, name)
                    Self.fields(2, fields, into: &document)
                }
            }
        }
        return writer.bytes
    }

    /// A `map<string, Value>` as the repeated entry messages of `field`.
    private static func fields(_ field: Int, _ fields: [String: Value], into writer: inout WireWriter) {
        for (key, value) in fields {
            writer.messageField(field) { entry in
                entry.stringField(1, key)
                entry.messageField(2) { Self.value(value, into: &$0) }
            }
        }
    }

    /// The one member of a `Value`'s oneof (written even when it holds its type's default).
    private static func value(_ value: Value, into writer: inout WireWriter) {
        switch value {
        case .null: writer.varintField(11, 0)
        case .boolean(let flag): writer.varintField(1, flag ? 1 : 0)
        case .integer(let integer): writer.varintField(2, UInt64(bitPattern: integer))
        case .double(let double): writer.fixed64Field(3, double.bitPattern)
        case .timestamp(let timestamp):
            writer.messageField(10) { body in
                // Proto3 leaves fields at zero out.
                if timestamp.seconds != 0 { body.varintField(1, UInt64(bitPattern: timestamp.seconds)) }
                if timestamp.nanoseconds != 0 { body.varintField(2, UInt64(bitPattern: Int64(timestamp.nanoseconds))) }
            }
        case .string(let string): writer.stringField(17, string)
        case .bytes(let data): writer.bytesField(18, data)
        case .reference(let reference): writer.stringField(5, reference.key.resourceName(in: reference.database))
        case .geoPoint(let point):
            writer.messageField(8) { latLng in
                latLng.fixed64Field(1, point.latitude.bitPattern)
                latLng.fixed64Field(2, point.longitude.bitPattern)
            }
        case .array(let values):
            writer.messageField(9) { array in
                for element in values { array.messageField(1) { Self.value(element, into: &$0) } }
            }
        case .map(let fields):
            writer.messageField(6) { Self.fields(1, fields, into: &$0) }
        }
    }
}
