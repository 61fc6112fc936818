// ValueCodec — the compact binary storage encoding of `Value` and of a document's field map.
//
// Format version 1. Not order-preserving (see OrderedValueEncoding for index keys); compact,
// deterministic (equal maps encode to equal bytes) and decodable straight from an LMDB value.
//
//   fields    := count:varint (key:string value){count}      keys in ascending UTF-8 byte order,
//                                                             no duplicates
//   string    := byteCount:varint utf8Bytes                   valid UTF-8
//   value     := tag:u8 payload
//
//   tag  type        payload
//   0x00 null        —
//   0x01 false       —
//   0x02 true        —
//   0x03 integer     zigzag varint (Int64)
//   0x04 double      8 bytes, big-endian IEEE-754 bit pattern (NaN payloads and -0.0 kept exactly)
//   0x05 timestamp   seconds: zigzag varint, nanoseconds: varint (0 … 999,999,999)
//   0x06 string      string
//   0x07 bytes       byteCount:varint rawBytes
//   0x08 reference   project:string database:string segmentCount:varint segment:string{count}
//                    (a document key: segmentCount even and > 0)
//   0x09 geoPoint    latitude, longitude: 8 bytes each, big-endian bit patterns
//   0x0A array       count:varint value{count}
//   0x0B map         fields
//
//   varint  = unsigned LEB128, at most 10 bytes; zigzag maps 0, -1, 1, -2 … to 0, 1, 2, 3 …
//
// Decoding rejects (DATA_LOSS, "Corrupt stored data: …") unknown tags, truncation, over-long
// varints, lengths past the end, invalid UTF-8, duplicate map keys, odd reference paths, nanoseconds
// out of range and containers nested deeper than `ValueCodec.maximumDepth`. It never traps.

/// The compact binary storage encoding of values and field maps (format version 1, layout above).
enum ValueCodec {
    /// The version of the layout this codec writes; a document record stores it alongside.
    static let formatVersion: UInt8 = 1

    /// The deepest container nesting `decode` accepts (Firestore itself allows 20 levels).
    static let maximumDepth = 64

    /// The tag byte that starts every encoded value.
    enum Tag: UInt8 {
        /// `null`.
        case null = 0x00
        /// `false`.
        case `false` = 0x01
        /// `true`.
        case `true` = 0x02
        /// A zigzag varint integer.
        case integer = 0x03
        /// A big-endian double bit pattern.
        case double = 0x04
        /// Seconds (zigzag) and nanoseconds (varint).
        case timestamp = 0x05
        /// A length-prefixed UTF-8 string.
        case string = 0x06
        /// Length-prefixed raw bytes.
        case bytes = 0x07
        /// Project, database and path segments.
        case reference = 0x08
        /// Latitude and longitude bit patterns.
        case geoPoint = 0x09
        /// A count and the elements.
        case array = 0x0A
        /// A field map.
        case map = 0x0B
    }

    /// Appends the encoding of a document's field map (`fields` above) to `bytes`.
    static func encodeFields(_ fields: [String: Value], into bytes: inout [UInt8]) {
        ByteWriter.reserve(16 + fields.count * 16, in: &bytes)
        writeFields(fields, into: &bytes)
    }

    /// Appends the encoding of one value (`value` above) to `bytes`.
    static func encode(_ value: Value, into bytes: inout [UInt8]) {
        ByteWriter.reserve(16, in: &bytes)
        write(value, into: &bytes)
    }

    /// Returns the encoding of a document's field map as a new array.
    static func encodeFields(_ fields: [String: Value]) -> [UInt8] {
        var bytes: [UInt8] = []
        encodeFields(fields, into: &bytes)
        return bytes
    }

    private static func writeFields(_ fields: [String: Value], into bytes: inout [UInt8]) {
        ByteWriter.writeLength(fields.count, into: &bytes)
        UTF8KeyOrder.forEachSorted(fields) { key, value in
            ByteWriter.writeString(key, into: &bytes)
            write(value, into: &bytes)
        }
    }

    private static func write(_ value: Value, into bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(Tag.null.rawValue)
        case .boolean(let flag):
            bytes.append(flag ? Tag.true.rawValue : Tag.false.rawValue)
        case .integer(let integer):
            bytes.append(Tag.integer.rawValue)
            ByteWriter.writeZigZag(integer, into: &bytes)
        case .double(let double):
            bytes.append(Tag.double.rawValue)
            ByteWriter.writeUInt64BigEndian(double.bitPattern, into: &bytes)
        case .timestamp(let timestamp):
            bytes.append(Tag.timestamp.rawValue)
            ByteWriter.writeZigZag(timestamp.seconds, into: &bytes)
            ByteWriter.writeVarint(UInt64(UInt32(bitPattern: timestamp.nanoseconds)), into: &bytes)
        case .string(let string):
            bytes.append(Tag.string.rawValue)
            ByteWriter.writeString(string, into: &bytes)
        case .bytes(let raw):
            bytes.append(Tag.bytes.rawValue)
            ByteWriter.writeLength(raw.count, into: &bytes)
            bytes.append(contentsOf: raw)
        case .reference(let reference):
            bytes.append(Tag.reference.rawValue)
            ByteWriter.writeString(reference.database.project, into: &bytes)
            ByteWriter.writeString(reference.database.database, into: &bytes)
            let segments = reference.key.path.segments
            ByteWriter.writeLength(segments.count, into: &bytes)
            for segment in segments {
                ByteWriter.writeString(segment, into: &bytes)
            }
        case .geoPoint(let point):
            bytes.append(Tag.geoPoint.rawValue)
            ByteWriter.writeUInt64BigEndian(point.latitude.bitPattern, into: &bytes)
            ByteWriter.writeUInt64BigEndian(point.longitude.bitPattern, into: &bytes)
        case .array(let elements):
            bytes.append(Tag.array.rawValue)
            ByteWriter.writeLength(elements.count, into: &bytes)
            for element in elements {
                write(element, into: &bytes)
            }
        case .map(let fields):
            bytes.append(Tag.map.rawValue)
            writeFields(fields, into: &bytes)
        }
    }
}
