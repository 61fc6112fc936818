/// What the `documents` and `history` tables store for one document path.
///
/// Layout (format 1):
/// ```
/// format u8 (=1) · flags u8 (bit 0: exists, bit 1: full id follows)
/// [full id: u32 length · UTF-8 bytes]            when the key's id was shortened
/// [createTime i64 µs · updateTime i64 µs · fields (ValueCodec)]   when it exists
/// ```
/// A record without the exists flag is a *phantom*: a path that has no document but has
/// sub-collections with documents (Firestore's "missing" documents).
package struct DocumentRecord: Equatable {
    /// The current record format.
    package static let format: UInt8 = 1

    /// The stored document, or nil for a phantom.
    package var contents: Contents?
    /// The full document id, kept only when the key holds a shortened id.
    package var fullID: String?

    /// An existing document's stored parts.
    package struct Contents: Equatable {
        /// The document's fields.
        package var fields: [String: Value]
        /// Creation commit time, in microseconds.
        package var createTime: Int64
        /// Last effective update commit time, in microseconds.
        package var updateTime: Int64

        /// Creates stored contents.
        package init(fields: [String: Value], createTime: Int64, updateTime: Int64) {
            self.fields = fields
            self.createTime = createTime
            self.updateTime = updateTime
        }
    }

    /// Creates a record.
    package init(contents: Contents?, fullID: String?) {
        self.contents = contents
        self.fullID = fullID
    }

    /// Encodes the record.
    package func encoded() -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(64)
        bytes.append(DocumentRecord.format)
        bytes.append((contents != nil ? 1 : 0) | (fullID != nil ? 2 : 0))
        if let fullID {
            let idBytes = Array(fullID.utf8)
            bytes.appendBigEndian(UInt32(idBytes.count))
            bytes += idBytes
        }
        if let contents {
            bytes.appendBigEndian(UInt64(bitPattern: contents.createTime))
            bytes.appendBigEndian(UInt64(bitPattern: contents.updateTime))
            ValueCodec.encodeFields(contents.fields, into: &bytes)
        }
        return bytes
    }

    /// Whether stored record bytes hold a document (not a phantom), read from the header alone.
    package static func exists(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == format && bytes[1] & 1 != 0
    }

    /// Decodes a record; corrupt bytes throw `DATA_LOSS`, never crash.
    package static func decode(_ bytes: UnsafeRawBufferPointer) throws(FirestoreError) -> DocumentRecord {
        let header = try Header(bytes)
        let fullID = header.fullID.map { String(decoding: $0, as: UTF8.self) }
        guard let times = header.times else { return DocumentRecord(contents: nil, fullID: fullID) }
        var reader = ByteReader(header.rest)
        let fields = try ValueCodec.decodeFields(&reader)
        let contents = Contents(fields: fields, createTime: times.create, updateTime: times.update)
        return DocumentRecord(contents: contents, fullID: fullID)
    }

    /// The public `Document` for `key` straight from stored bytes, or nil for a phantom; its
    /// fields stay encoded until first read. Every check `decode` makes is made here too.
    package static func document(key: DocumentKey, from bytes: UnsafeRawBufferPointer) throws(FirestoreError) -> Document? {
        let header = try Header(bytes)
        guard let times = header.times else { return nil }
        let createTime = Timestamp(microseconds: times.create)
        let updateTime = Timestamp(microseconds: times.update)
        var reader = ByteReader(header.rest)
        guard try ValueCodec.skimFields(&reader) else {
            // Keys out of order: never written so by this codec; decode (and check) them now.
            var again = ByteReader(header.rest)
            let fields = try ValueCodec.decodeFields(&again)
            return Document(key: key, fields: fields, createTime: createTime, updateTime: updateTime)
        }
        let encoded = Array(UnsafeRawBufferPointer(rebasing: header.rest[..<reader.offset]))
        return Document(key: key, encodedFields: EncodedFields(checked: encoded), createTime: createTime, updateTime: updateTime)
    }

    /// The encoded field map of stored record bytes, or nil for a phantom (header checked).
    /// Checks the header as `Header` does, without reading the times (the hot path of scans).
    package static func fieldBytes(of bytes: UnsafeRawBufferPointer) throws(FirestoreError) -> UnsafeRawBufferPointer? {
        let (flags, idRange) = try Header.start(bytes)
        guard flags & 1 != 0 else { return nil }
        let offset = idRange?.upperBound ?? 2
        guard offset + 16 <= bytes.count else { throw corrupt("truncated timestamps") }
        return UnsafeRawBufferPointer(rebasing: bytes[(offset + 16)...])
    }

    /// A record's header, read and checked: the full id's bytes, the times, and what follows.
    private struct Header {
        /// The full document id's bytes, when the record carries one.
        var fullID: UnsafeRawBufferPointer?
        /// Creation and update commit times (microseconds); nil for a phantom.
        var times: (create: Int64, update: Int64)?
        /// The bytes after the header (a document's encoded fields).
        var rest: UnsafeRawBufferPointer

        /// Reads the header of `bytes`; throws `DATA_LOSS` when it is malformed.
        init(_ bytes: UnsafeRawBufferPointer) throws(FirestoreError) {
            let (flags, idRange) = try Self.start(bytes)
            var offset = 2
            if let idRange {
                fullID = UnsafeRawBufferPointer(rebasing: bytes[idRange])
                offset = idRange.upperBound
            }
            if flags & 1 != 0 {
                guard let create = bytes.bigEndianUInt64(at: offset), let update = bytes.bigEndianUInt64(at: offset + 8) else {
                    throw corrupt("truncated timestamps")
                }
                times = (Int64(bitPattern: create), Int64(bitPattern: update))
                offset += 16
            }
            rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        }

        /// The format byte checked: the flags and where the full id's bytes lie, when present.
        @inline(__always)
        static func start(_ bytes: UnsafeRawBufferPointer) throws(FirestoreError) -> (flags: UInt8, id: Range<Int>?) {
            guard bytes.count >= 2 else { throw corrupt("record shorter than its header") }
            guard bytes[0] == format else { throw corrupt("unknown record format \(bytes[0])") }
            let flags = bytes[1]
            guard flags & 2 != 0 else { return (flags, nil) }
            guard let length = bytes.bigEndianUInt32(at: 2), 6 + Int(length) <= bytes.count else {
                throw corrupt("truncated document id")
            }
            return (flags, 6 ..< 6 + Int(length))
        }
    }

    /// Reads only the update time (or nil for a phantom) without decoding fields.
    package static func version(of bytes: UnsafeRawBufferPointer) throws(FirestoreError) -> Int64? {
        guard bytes.count >= 2, bytes[0] == format else { throw corrupt("bad record header") }
        guard bytes[1] & 1 != 0 else { return nil }
        var offset = 2
        if bytes[1] & 2 != 0 {
            guard let length = bytes.bigEndianUInt32(at: offset) else { throw corrupt("truncated document id") }
            offset += 4 + Int(length)
        }
        guard let update = bytes.bigEndianUInt64(at: offset + 8) else { throw corrupt("truncated timestamps") }
        return Int64(bitPattern: update)
    }

    /// Reads only the full id, when the record carries one.
    package static func fullID(of bytes: UnsafeRawBufferPointer) throws(FirestoreError) -> String? {
        guard bytes.count >= 2, bytes[0] == format else { throw corrupt("bad record header") }
        guard bytes[1] & 2 != 0 else { return nil }
        guard let length = bytes.bigEndianUInt32(at: 2), 6 + Int(length) <= bytes.count else {
            throw corrupt("truncated document id")
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[6..<6 + Int(length)]), as: UTF8.self)
    }

    /// Builds the public `Document` for `key`, or nil for a phantom.
    package func document(key: DocumentKey) -> Document? {
        guard let contents else { return nil }
        return Document(
            key: key, fields: contents.fields,
            createTime: Timestamp(microseconds: contents.createTime),
            updateTime: Timestamp(microseconds: contents.updateTime))
    }

    private static func corrupt(_ what: String) -> FirestoreError {
        FirestoreError(.dataLoss, "Corrupt stored document: \(what).")
    }
}
