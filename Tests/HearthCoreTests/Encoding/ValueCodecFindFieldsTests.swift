@testable import HearthCore
import HearthTestSupport
import Testing

/// `ValueCodec.findFields`: what a pipeline scan reads of a stored document without decoding it.
@Suite("ValueCodec.findFields")
struct ValueCodecFindFieldsTests {
    static func find(_ names: [String], in bytes: [UInt8]) throws(FirestoreError) -> [String: Value] {
        let result: Result<[String: Value], FirestoreError> = bytes.withUnsafeBytes { raw in
            Result { () throws(FirestoreError) in
                var reader = ByteReader(raw)
                var ranges: [Range<Int>?] = Array(repeating: nil, count: names.count)
                try ValueCodec.findFields(&reader, names: ValueCodec.FieldNames(names), into: &ranges)
                var found: [String: Value] = [:]
                for (name, range) in zip(names, ranges) {
                    if let range { found[name] = try ValueCodec.decode(raw, at: range) }
                }
                return found
            }
        }
        return try result.get()
    }

    @Test func theNamedFieldsDecodeAsTheWholeMapDoes() throws {
        let fields = ValueCodecCorruptionTests.sample
        let bytes = ValueCodec.encodeFields(fields)
        let names = ["vector", "int", "missing", "map", "string", "null", "time"]
        let found = try Self.find(names, in: bytes)
        #expect(found == fields.filter { names.contains($0.key) })
        #expect(try Self.find([], in: bytes).isEmpty)
        // Names of one length but other bytes are not confused.
        #expect(try Self.find(["inx", "ref"], in: bytes) == ["ref": fields["ref"] ?? .null])
    }

    @Test func corruptBytesThrowInsteadOfCrashing() {
        let bytes = ValueCodec.encodeFields(ValueCodecCorruptionTests.sample)
        // Every truncation: the walk reaches the cut before finding the last name ("vector" sorts last).
        for length in 0 ..< bytes.count {
            #expect(throws: FirestoreError.self, "prefix of \(length) bytes") {
                _ = try Self.find(["vector"], in: Array(bytes.prefix(length)))
            }
        }
        // An unknown tag in a skipped value.
        #expect(throws: FirestoreError.self) { _ = try Self.find(["z"], in: [0x01, 0x01, 0x61, 0x7F]) }
    }

    @Test func sameBytesAgreesWithArrayEquality() {
        var random = SplitMix64Random(seed: 99)
        for _ in 0 ..< 2_000 {
            let count = Int(random.next() % 20)
            let left = (0 ..< count).map { _ in UInt8(random.next() % 3) }
            var right = left
            if random.next() % 2 == 0, !right.isEmpty { right[Int(random.next() % UInt64(count))] ^= 1 }
            if random.next() % 5 == 0 { right.append(0) }
            let same = left.withUnsafeBytes { a in right.withUnsafeBytes { b in ValueCodec.sameBytes(a, b) } }
            #expect(same == (left == right))
        }
    }
}
