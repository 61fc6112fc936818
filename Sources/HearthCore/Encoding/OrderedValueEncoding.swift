// OrderedValueEncoding — an order-preserving byte form of `Value` for index keys.
//
// Contract, for all values a and b and either direction:
//   ascending:  memcmp-order(enc(a), enc(b)) == sign(Value.compare(a, b))
//   descending: memcmp-order(enc(a), enc(b)) == -sign(Value.compare(a, b))
// where memcmp-order is unsigned lexicographic with a proper prefix first (LMDB's default), so
// equal bytes ⇔ compare == 0. The encoding is prefix-free (no value's bytes are a proper prefix of
// another's), which is what makes the two properties below hold:
//   • concatenating encodings (tuple keys, value then document number) orders tuple-wise;
//   • descending is simply every byte of the ascending form complemented: two prefix-free strings
//     first differ at some byte, and complementing that byte reverses the comparison.
//
// Ascending layout (rank byte, then a per-type form):
//   end marker    0x02, below every rank and every marker, closes arrays, maps and references
//   10  null       —
//   20  boolean    0x00 false | 0x01 true
//   30  NaN        —                       (every NaN, whatever its payload; below all numbers)
//   40  number     F: 8 bytes, R: 2 bytes  (integers and doubles interleave exactly; see +Numbers)
//   50  timestamp  seconds: 8 bytes big-endian, sign bit flipped; nanoseconds: 4 bytes, sign flipped
//   60  string     escaped UTF-8           (0x00 → 0x00 0xFF, then terminator 0x00 0x01)
//   70  bytes      escaped bytes           (same escaping and terminator)
//   80  reference  escaped project, escaped database, (0x05 escaped segment)*, end
//   90  geoPoint   latitude, longitude: 8 sortable bytes each (as F, -0.0 folded into 0.0)
//   100 array      element encodings, end
//   110 vector     dimension: 1 byte if < 255, else 0xFF + 8 bytes big-endian; element encodings
//   120 map        (60 escaped key, value encoding)* in ascending UTF-8 key order, end
//
// The BSON types of Enterprise databases (maps of one reserved key, see +BSON) take ranks between:
//   15  MinKey  55 BSON timestamp  75 BSON binary  85 ObjectId  95 regex  130 MaxKey
//   and Int32 and Decimal128 are numbers (rank 40, see +Numbers).
//
// Why the escaping works: inside an escaped run 0x00 is always followed by 0xFF, so the terminator
// 0x00 0x01 is unambiguous; a string that is a proper prefix of another meets the terminator
// (0x00 0x01) where the longer one has a byte ≥ 0x01 or an escaped 0x00 0xFF, so it sorts first;
// and an embedded 0x00 (0x00 0xFF) sorts below every other byte ≥ 0x01, as it should.
// Containers: the end marker (0x02) sorts below the rank byte of any element, so a shorter array,
// map or path sorts before its extensions; map keys carry the string rank byte (60) as their marker.
// Vectors compare by dimension first, so the dimension comes first and no end marker is needed;
// only the `value` array is written (`Value.compare` ignores a vector map's other keys too).
// Strings and bytes are written whole: bounding index keys (Firestore indexes the first 1,500
// bytes) is the index layer's job, which must then re-check cut values against the document.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The order-preserving index encoding of `Value` (layout and proof sketch above).
enum OrderedValueEncoding {
    /// The order an index is kept in.
    enum Direction: Sendable, Hashable {
        /// Bytes ascend as the values ascend.
        case ascending
        /// Bytes ascend as the values descend: every byte of the ascending form complemented.
        case descending
    }

    /// The rank byte that starts each type's encoding (spaced by 10 to leave room for new types).
    enum Rank: UInt8 {
        /// `null`.
        case null = 10
        /// Booleans.
        case boolean = 20
        /// NaN, below every other number.
        case nan = 30
        /// Integers and doubles.
        case number = 40
        /// Timestamps.
        case timestamp = 50
        /// Strings (and map keys).
        case string = 60
        /// Byte strings.
        case bytes = 70
        /// Document references.
        case reference = 80
        /// Geographic points.
        case geoPoint = 90
        /// Arrays.
        case array = 100
        /// Vectors (`{"__type__": "__vector__", "value": [...]}` maps).
        case vector = 110
        /// Maps.
        case map = 120
        /// BSON MinKey.
        case minKey = 15
        /// BSON timestamps.
        case bsonTimestamp = 55
        /// BSON binary data.
        case bsonBinary = 75
        /// BSON ObjectIds.
        case objectID = 85
        /// BSON regular expressions.
        case regex = 95
        /// BSON MaxKey.
        case maxKey = 130
    }

    /// Closes arrays, maps and reference paths; below every rank byte and every marker.
    static let endMarker: UInt8 = 0x02

    /// Precedes each path segment of a reference; above `endMarker`.
    static let segmentMarker: UInt8 = 0x05

    /// Appends the encoding of `value` in `direction` to `bytes`.
    static func encode(_ value: Value, direction: Direction, into bytes: inout [UInt8]) {
        let start = bytes.count
        ByteWriter.reserve(16, in: &bytes)
        write(value, into: &bytes)
        if direction == .descending {
            complement(&bytes, from: start)
        }
    }

    /// Returns the encoding of `value` in `direction` as a new array.
    static func encode(_ value: Value, direction: Direction) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(value, direction: direction, into: &bytes)
        return bytes
    }

    /// Complements every byte of `bytes` from index `start` on (ascending ⇄ descending).
    static func complement(_ bytes: inout [UInt8], from start: Int) {
        bytes.withUnsafeMutableBufferPointer { buffer in
            var index = start
            while index < buffer.count {
                buffer[index] = ~buffer[index]
                index += 1
            }
        }
    }

    /// Appends the ascending encoding of `value`.
    private static func write(_ value: Value, into bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(Rank.null.rawValue)
        case .boolean(let flag):
            bytes.append(Rank.boolean.rawValue)
            bytes.append(flag ? 1 : 0)
        case .integer(let integer):
            bytes.append(Rank.number.rawValue)
            writeNumber(integer: integer, into: &bytes)
        case .double(let double):
            if double.isNaN {
                bytes.append(Rank.nan.rawValue)
            } else {
                bytes.append(Rank.number.rawValue)
                writeNumber(double: double, into: &bytes)
            }
        case .timestamp(let timestamp):
            bytes.append(Rank.timestamp.rawValue)
            ByteWriter.writeUInt64BigEndian(UInt64(bitPattern: timestamp.seconds) ^ (1 << 63), into: &bytes)
            ByteWriter.writeUInt32BigEndian(UInt32(bitPattern: timestamp.nanoseconds) ^ (1 << 31), into: &bytes)
        case .string(let string):
            bytes.append(Rank.string.rawValue)
            writeEscaped(string, into: &bytes)
        case .bytes(let raw):
            bytes.append(Rank.bytes.rawValue)
            raw.withUnsafeBufferPointer { writeEscaped($0, into: &bytes) }
        case .reference(let reference):
            bytes.append(Rank.reference.rawValue)
            writeEscaped(reference.database.project, into: &bytes)
            writeEscaped(reference.database.database, into: &bytes)
            for segment in reference.key.path.segments {
                bytes.append(segmentMarker)
                writeSegment(segment, into: &bytes)
            }
            bytes.append(endMarker)
        case .geoPoint(let point):
            bytes.append(Rank.geoPoint.rawValue)
            ByteWriter.writeUInt64BigEndian(sortableBits(point.latitude), into: &bytes)
            ByteWriter.writeUInt64BigEndian(sortableBits(point.longitude), into: &bytes)
        case .array(let elements):
            bytes.append(Rank.array.rawValue)
            for element in elements {
                write(element, into: &bytes)
            }
            bytes.append(endMarker)
        case .map(let fields):
            if fields.count == 1, let bson = BSONValue(fields: fields) {
                writeBSON(bson, into: &bytes)
            } else if value.isVector, case .array(let elements)? = fields["value"] {
                bytes.append(Rank.vector.rawValue)
                writeDimension(elements.count, into: &bytes)
                for element in elements {
                    write(element, into: &bytes)
                }
            } else {
                bytes.append(Rank.map.rawValue)
                UTF8KeyOrder.forEachSorted(fields) { key, fieldValue in
                    bytes.append(Rank.string.rawValue)
                    writeEscaped(key, into: &bytes)
                    write(fieldValue, into: &bytes)
                }
                bytes.append(endMarker)
            }
        }
    }

    /// Writes a vector's dimension so that smaller dimensions sort first (prefix-free).
    private static func writeDimension(_ count: Int, into bytes: inout [UInt8]) {
        if count < 0xFF {
            bytes.append(UInt8(truncatingIfNeeded: count))
        } else {
            bytes.append(0xFF)
            ByteWriter.writeUInt64BigEndian(UInt64(UInt(bitPattern: count)), into: &bytes)
        }
    }

    /// The bytes after which a numeric document id's 8 ordered bytes follow, in place of an
    /// escaped id: an escaped string never holds 0x00 0xFF 0xFF (0xFF is not UTF-8), and these
    /// sort after every escaped id beginning with U+0000 and before every other one, as
    /// `NumericDocumentID.compare` orders ids.
    static let numericSegmentMarker: [UInt8] = [0x00, 0xFF, 0xFF]

    /// Writes one path segment: a numeric document id as its marker and ordered number, any other
    /// id escaped and terminated.
    @inline(__always)
    static func writeSegment(_ segment: String, into bytes: inout [UInt8]) {
        if let number = NumericDocumentID.value(of: segment) {
            bytes += numericSegmentMarker
            bytes += NumericDocumentID.orderedBytes(number)
        } else {
            writeEscaped(segment, into: &bytes)
        }
    }

    /// Writes a string's UTF-8 bytes escaped (0x00 → 0x00 0xFF) and terminated (0x00 0x01).
    @inline(__always)
    static func writeEscaped(_ string: String, into bytes: inout [UInt8]) {
        // Native strings expose their UTF-8 in place; others are made contiguous on a copy.
        if string.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, into: &bytes) }) != nil { return }
        var string = string
        string.withUTF8 { writeEscaped($0, into: &bytes) }
    }

    /// Writes raw bytes escaped (0x00 → 0x00 0xFF) and terminated (0x00 0x01).
    static func writeEscaped(_ raw: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
        // memchr scans a word at a time; most strings (long ones too) hold no zero byte.
        if let base = raw.baseAddress, memchr(base, 0, raw.count) != nil {
            ByteWriter.reserve(raw.count + 8, in: &bytes)
            for byte in raw {
                bytes.append(byte)
                if byte == 0 { bytes.append(0xFF) }
            }
        } else {
            bytes.append(contentsOf: raw)
        }
        bytes.append(0x00)
        bytes.append(0x01)
    }
}
