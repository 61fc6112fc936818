@testable import HearthCore
import Testing

@Suite("Documents with fields decoded on first use")
struct LazyDocumentTests {
    let key = DocumentKey(unchecked: ResourcePath(uncheckedSegments: ["rooms", "r1"]))

    /// The stored record of `fields`, as the document store writes it.
    func record(_ fields: [String: Value], fullID: String? = nil) -> [UInt8] {
        DocumentRecord(
            contents: DocumentRecord.Contents(fields: fields, createTime: 1_000_000, updateTime: 2_000_000), fullID: fullID
        ).encoded()
    }

    /// Reads `bytes` both ways: the full record decode and the lazy document.
    func bothWays(_ bytes: [UInt8]) -> (eager: Result<Document?, FirestoreError>, lazy: Result<Document?, FirestoreError>) {
        bytes.withUnsafeBytes { raw in
            let eager = Result { () throws(FirestoreError) in try DocumentRecord.decode(raw).document(key: key) }
            let lazy = Result { () throws(FirestoreError) in try DocumentRecord.document(key: key, from: raw) }
            return (eager, lazy)
        }
    }

    @Test func aLazyDocumentReadsBackWhatWasStored() throws {
        let (eager, lazy) = bothWays(record(ValueCodecCorruptionTests.sample, fullID: "a-very-long-id"))
        let document = try #require(try lazy.get())
        #expect(document.fields == ValueCodecCorruptionTests.sample)
        #expect(document.createTime == Timestamp(microseconds: 1_000_000))
        #expect(document.updateTime == Timestamp(microseconds: 2_000_000))
        let expected = try eager.get()
        #expect(document == expected)
    }

    @Test func aPhantomIsNoDocument() throws {
        let phantom = DocumentRecord(contents: nil, fullID: nil).encoded()
        #expect(try bothWays(phantom).lazy.get() == nil)
    }

    /// The skim must refuse exactly what the decode refuses: a lazy document that later finds
    /// its bytes undecodable would have nothing to throw to.
    @Test func mutatedRecordsFailOrSucceedTheSameWayBothWays() {
        var random = SeededGenerator(seed: 77)
        var generator = ValueGenerator(seed: 5)
        var victims = [record(ValueCodecCorruptionTests.sample)]
        for _ in 0 ..< 40 {
            if case .map(let fields) = generator.mapValue(depth: 4) { victims.append(record(fields)) }
        }
        var failed = 0
        for round in 0 ..< 4_000 {
            var bytes = victims[round % victims.count]
            switch random.below(4) {
            case 0: bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes[random.below(bytes.count)] ^= UInt8(1) << UInt8(random.below(8))
            case 2: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: random.below(bytes.count + 1))
            default: bytes.remove(at: random.below(bytes.count))
            }
            let (eager, lazy) = bothWays(bytes)
            switch (eager, lazy) {
            case (.success(let expected), .success(let document)):
                #expect(document?.fields == expected?.fields, "round \(round)")
                #expect(document == expected, "round \(round)")
            case (.failure(let expected), .failure(let error)):
                failed += 1
                #expect(error.code == .dataLoss)
                #expect(expected.code == .dataLoss)
            default:
                Issue.record("round \(round): decode \(eager), lazy \(lazy)")
            }
        }
        #expect(failed > 0)
    }

    /// The skim's key-order check (a word compare, then `memcmp`) agrees with a plain byte-wise
    /// comparison, around the eight-byte word's edge, zero bytes and shared prefixes included.
    @Test func theKeyOrderCheckIsByteOrder() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x00, 0x01, 0x61, 0x62, 0x7F, 0x80, 0xFF]
        var keys: [[UInt8]] = [[]]
        for length in 1 ... 18 {
            for _ in 0 ..< 12 { keys.append((0 ..< length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }) }
            keys.append([UInt8](repeating: 0x61, count: length))
            keys.append([UInt8](repeating: 0x00, count: length))
        }
        var checked = 0
        for left in keys {
            for right in keys {
                let expected = left.lexicographicallyPrecedes(right)
                let actual = left.withUnsafeBytes { l in right.withUnsafeBytes { r in ValueCodec.isAscending(l, r) } }
                if actual != expected { Issue.record("\(left) before \(right): \(actual), expected \(expected)") }
                checked += 1
            }
        }
        #expect(checked == keys.count * keys.count)
    }

    /// Keys out of order are never written by the codec but still decode; a duplicate key fails.
    @Test func keysOutOfOrderAreDecodedAtOnceAndDuplicatesFail() throws {
        let header = Array(record([:]).dropLast())  // the record of an empty map, without its count
        let unordered = header + [0x02, 0x01, 0x62, 0x00, 0x01, 0x61, 0x03, 0x02]  // {"b": null, "a": 1}
        let document = try #require(try bothWays(unordered).lazy.get())
        #expect(document.fields == ["a": 1, "b": .null])

        let duplicate = header + [0x02, 0x01, 0x61, 0x00, 0x01, 0x61, 0x00]
        let error = catchError { () throws(FirestoreError) in _ = try bothWays(duplicate).lazy.get() }
        #expect(error?.code == .dataLoss)
    }

    @Test func changingALazyDocumentLeavesItsCopiesAlone() throws {
        let original = try #require(try bothWays(record(["count": 1, "name": "a"])).lazy.get())
        var changed = original
        changed.fields["count"] = 2
        changed.fields["extra"] = true
        #expect(changed.fields == ["count": 2, "name": "a", "extra": true])
        #expect(original.fields == ["count": 1, "name": "a"])
        #expect(changed != original)
        changed.fields = ["count": 1, "name": "a"]
        #expect(changed == original)
    }

    @Test func equalityHoldsBeforeAndAfterTheFieldsAreRead() throws {
        let bytes = record(["n": .double(.nan), "s": "x"])
        let first = try #require(try bothWays(bytes).lazy.get())
        let second = try #require(try bothWays(bytes).lazy.get())
        let other = try #require(try bothWays(record(["n": .double(.nan), "s": "y"])).lazy.get())
        #expect(first == second)
        #expect(first != other)
        _ = first.fields  // decoded now: the bytes are released and the maps compared instead
        #expect(first == second)
        #expect(second == first)
        #expect(first != other)
    }

    @Test func manyReadersSeeTheSameFields() async throws {
        let document = try #require(try bothWays(record(ValueCodecCorruptionTests.sample)).lazy.get())
        let agreeing = await withTaskGroup(of: Bool.self) { group in
            for _ in 0 ..< 16 { group.addTask { document.fields == ValueCodecCorruptionTests.sample } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(agreeing == 16)
    }
}
