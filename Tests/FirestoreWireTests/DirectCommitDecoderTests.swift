import FirestoreWire
import Foundation
import HearthCore
import HearthTestSupport
import SwiftProtobuf
import Testing

/// Random `Commit` requests built as SwiftProtobuf messages, for comparing the direct decoder with
/// SwiftProtobuf's decoding and `ProtoWrite`.
struct RandomCommitRequests {
    var random: SplitMix64Random
    let database = "projects/p/databases/(default)"

    /// A request of up to `maxWrites` writes of every kind the direct decoder takes.
    mutating func request(maxWrites: Int = 6) -> Google_Firestore_V1_CommitRequest {
        var request = Google_Firestore_V1_CommitRequest()
        request.database = database
        request.writes = (0..<Int.random(in: 0...maxWrites, using: &random)).map { _ in write() }
        if Bool.random(using: &random) { request.transaction = Data(bytes(Int.random(in: 1...12, using: &random))) }
        return request
    }

    private mutating func write() -> Google_Firestore_V1_Write {
        var write = Google_Firestore_V1_Write()
        if Int.random(in: 0..<5, using: &random) == 0 {
            write.delete = name()
        } else {
            var document = Google_Firestore_V1_Document()
            document.name = name()
            document.fields = fields(depth: 0)
            write.update = document
            if Bool.random(using: &random) {
                var mask = Google_Firestore_V1_DocumentMask()
                let quoted = document.fields.keys.filter { !$0.isEmpty }.prefix(2).map { name in
                    "`" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`") + "`"
                }
                mask.fieldPaths = quoted + ["a.b", "`x.y`.z"]
                write.updateMask = mask
            }
            write.updateTransforms = (0..<Int.random(in: 0...2, using: &random)).map { index in transform(index) }
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: write.currentDocument.exists = Bool.random(using: &random)
        case 1: write.currentDocument.updateTime = timestamp()
        default: break
        }
        return write
    }

    private mutating func transform(_ index: Int) -> Google_Firestore_V1_DocumentTransform.FieldTransform {
        var transform = Google_Firestore_V1_DocumentTransform.FieldTransform()
        transform.fieldPath = "t\(index).`n-\(index)`"
        var operand = Google_Firestore_V1_Value()
        if Bool.random(using: &random) { operand.integerValue = Int64.random(in: .min ... .max, using: &random) } else { operand.doubleValue = -0.5 }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: transform.setToServerValue = .requestTime
        case 1: transform.increment = operand
        case 2: transform.maximum = operand
        case 3: transform.minimum = operand
        case 4: transform.appendMissingElements.values = [value(depth: 1), value(depth: 1)]
        default: transform.removeAllFromArray.values = [value(depth: 1)]
        }
        return transform
    }

    private mutating func name() -> String {
        let collection = ["c", "rooms", "caf\u{E9}", "cafe\u{301}", "a b"].randomElement(using: &random) ?? "c"
        var path = "\(collection)/d\(Int.random(in: 0..<1_000, using: &random))"
        if Bool.random(using: &random) { path += "/sub/\u{1F600}\(Int.random(in: 0..<9, using: &random))" }
        return "\(database)/documents/\(path)"
    }

    private mutating func fields(depth: Int) -> [String: Google_Firestore_V1_Value] {
        var result: [String: Google_Firestore_V1_Value] = [:]
        for index in 0..<Int.random(in: 0...8, using: &random) {
            let name = ["f\(index)", "", "na\u{EF}ve", "with.dot", "`tick`", "\u{1F600}"].randomElement(using: &random) ?? "f"
            result[name] = value(depth: depth)
        }
        return result
    }

    private mutating func value(depth: Int) -> Google_Firestore_V1_Value {
        var value = Google_Firestore_V1_Value()
        switch Int.random(in: 0..<(depth < 3 ? 13 : 11), using: &random) {
        case 0: value.nullValue = .nullValue
        case 1: value.booleanValue = Bool.random(using: &random)
        case 2: value.integerValue = [Int64.min, Int64.max, 0, -1, Int64.random(in: .min ... .max, using: &random)].randomElement(using: &random) ?? 0
        case 3: value.doubleValue = [-0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, 1.5].randomElement(using: &random) ?? 0
        case 4: value.timestampValue = timestamp()
        case 5: value.stringValue = ["", "plain", "\u{0}nul", "caf\u{E9}", "\u{1F600} emoji", String(repeating: "x", count: 300)].randomElement(using: &random) ?? ""
        case 6: value.bytesValue = Data(bytes(Int.random(in: 0...20, using: &random)))
        case 7: value.referenceValue = name()
        case 8: value.referenceValue = "projects/other/databases/second/documents/r/\(Int.random(in: 0..<9, using: &random))"
        case 9:
            value.geoPointValue.latitude = Double.random(in: -90...90, using: &random)
            value.geoPointValue.longitude = Double.random(in: -180...180, using: &random)
        case 10: value.stringValue = "s\(Int.random(in: 0..<100, using: &random))"
        case 11: value.arrayValue.values = (0..<Int.random(in: 0...3, using: &random)).map { _ in self.value(depth: depth + 1) }
        default: value.mapValue.fields = fields(depth: depth + 1)
        }
        return value
    }

    private mutating func timestamp() -> Google_Protobuf_Timestamp {
        var time = Google_Protobuf_Timestamp()
        time.seconds = Int64.random(in: -62_135_596_800 ... 253_402_300_799, using: &random)
        time.nanos = Int32.random(in: 0 ... 999_999_999, using: &random)
        return time
    }

    private mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
    }
}

@Suite("DirectCommitDecoder")
struct DirectCommitDecoderTests {
    /// What SwiftProtobuf and `ProtoWrite` make of `bytes`: the commit, or nil when either refuses it.
    private func reference(_ bytes: [UInt8]) -> DecodedCommit? {
        guard let request = try? Google_Firestore_V1_CommitRequest(serializedBytes: bytes) else { return nil }
        return try? DecodedCommit(request)
    }

    private func direct(_ bytes: [UInt8]) -> DecodedCommit? {
        bytes.withUnsafeBytes { DirectCommitDecoder.decode($0) }
    }

    private func expectSame(_ found: DecodedCommit, _ expected: DecodedCommit, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(found.databaseName == expected.databaseName, sourceLocation: sourceLocation)
        #expect(found.database == expected.database, sourceLocation: sourceLocation)
        #expect(found.writes == expected.writes, sourceLocation: sourceLocation)
        #expect(found.transaction == expected.transaction, sourceLocation: sourceLocation)
    }

    @Test("random requests of every write and value kind decode exactly as SwiftProtobuf and ProtoWrite decode them")
    func randomRequestsMatch() throws {
        var requests = RandomCommitRequests(random: SplitMix64Random(seed: 24))
        var decodedWrites = 0
        for _ in 0..<600 {
            let bytes: [UInt8] = try requests.request().serializedBytes()
            guard let expected = reference(bytes) else {
                let error = Result { try DecodedCommit(Google_Firestore_V1_CommitRequest(serializedBytes: bytes)) }
                Issue.record("the generator made a request ProtoWrite refuses: \(error)")
                continue
            }
            guard let found = direct(bytes) else {
                Issue.record("the direct decoder declined a request SwiftProtobuf takes: \(bytes.count) bytes")
                continue
            }
            expectSame(found, expected)
            decodedWrites += found.writes.count
        }
        #expect(decodedWrites > 1_000)
    }

    @Test("batches large enough to decode in parallel runs decode exactly as SwiftProtobuf and ProtoWrite decode them")
    func largeRequestsMatch() throws {
        var requests = RandomCommitRequests(random: SplitMix64Random(seed: 500))
        var large = 0
        while large < 12 {
            let request = requests.request(maxWrites: 700)
            guard request.writes.count >= DirectCommitDecoder.parallelWrites else { continue }
            large += 1
            let bytes: [UInt8] = try request.serializedBytes()
            let expected = try #require(reference(bytes))
            let found = try #require(direct(bytes), "declined a request of \(request.writes.count) writes")
            expectSame(found, expected)
        }
    }

    /// What `DirectCommitDecoder.stream` makes of `bytes`: nil when it does not stream them, else
    /// its database and every write once the feed is done (nil writes when the feed declined).
    private func streamed(_ bytes: [UInt8]) async -> (database: DatabaseID, writes: [Write]?)? {
        guard let commit = bytes.withUnsafeBytes({ DirectCommitDecoder.stream($0) }) else { return nil }
        return (commit.database, await commit.feed.collected())
    }

    @Test("large requests outside transactions stream exactly the writes the whole-request decoder gives")
    func streamedRequestsMatch() async throws {
        var requests = RandomCommitRequests(random: SplitMix64Random(seed: 4_242))
        var (streamedCount, damagedDeclined, damagedMatched) = (0, 0, 0)
        var random = SplitMix64Random(seed: 11)
        while streamedCount < 12 {
            var request = requests.request(maxWrites: 600)
            request.transaction = Data()
            guard request.writes.count >= DirectCommitDecoder.streamedWrites else { continue }
            let bytes: [UInt8] = try request.serializedBytes()
            let whole = try #require(direct(bytes))
            let found = try #require(await streamed(bytes), "a request of \(request.writes.count) writes was not streamed")
            #expect(found.database == whole.database)
            #expect(found.writes == whole.writes)
            streamedCount += 1
            // The same request damaged inside one write: the feed declines, or gives what the
            // whole-request decoder gives (nil when that one declines).
            var damaged = bytes
            let at = Int.random(in: bytes.count / 2..<bytes.count, using: &random)
            damaged[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            guard let outcome = await streamed(damaged) else { continue }
            if let writes = outcome.writes {
                #expect(writes == direct(damaged)?.writes)
                damagedMatched += 1
            } else {
                #expect(direct(damaged) == nil)
                damagedDeclined += 1
            }
        }
        #expect(damagedDeclined + damagedMatched > 0)
    }

    @Test("small requests and transactions are decoded whole, not streamed")
    func onlyLargeRequestsOutsideTransactionsStream() throws {
        var request = Google_Firestore_V1_CommitRequest()
        request.database = "projects/p/databases/(default)"
        request.writes = (0..<DirectCommitDecoder.streamedWrites).map { index in
            var write = Google_Firestore_V1_Write()
            write.update.name = "projects/p/databases/(default)/documents/items/d\(index)"
            return write
        }
        let large: [UInt8] = try request.serializedBytes()
        #expect(large.withUnsafeBytes { DirectCommitDecoder.stream($0) } != nil)
        request.transaction = Data([1, 2, 3])
        let inTransaction: [UInt8] = try request.serializedBytes()
        #expect(inTransaction.withUnsafeBytes { DirectCommitDecoder.stream($0) } == nil)
        request.transaction = Data()
        request.writes.removeLast()
        let small: [UInt8] = try request.serializedBytes()
        #expect(small.withUnsafeBytes { DirectCommitDecoder.stream($0) } == nil)
    }

    @Test("read streams what stream streams and decodes the rest as decode does")
    func readChoosesAsStreamAndDecodeDo() async throws {
        var requests = RandomCommitRequests(random: SplitMix64Random(seed: 99))
        for index in 0..<60 {
            let bytes: [UInt8] = try requests.request(maxWrites: index % 2 == 0 ? 4 : 300).serializedBytes()
            switch bytes.withUnsafeBytes({ DirectCommitDecoder.read($0) }) {
            case .streamed(let commit):
                let expected = await streamed(bytes)
                #expect(expected?.database == commit.database)
                #expect(await commit.feed.collected() == expected?.writes)
            case .decoded(let commit):
                #expect(bytes.withUnsafeBytes { DirectCommitDecoder.stream($0) } == nil)
                #expect(commit.writes == direct(bytes)?.writes)
            case nil:
                #expect(direct(bytes) == nil)
            }
        }
    }

    @Test("a large batch with one refused write, in any of its runs, is declined as a whole", arguments: [0, 250, 499])
    func largeRequestWithOneBadWriteIsDeclined(at position: Int) throws {
        var request = Google_Firestore_V1_CommitRequest()
        request.database = "projects/p/databases/(default)"
        request.writes = (0..<500).map { index in
            var write = Google_Firestore_V1_Write()
            write.update.name = "projects/p/databases/(default)/documents/items/d\(index)"
            write.update.fields = ["n": .with { $0.integerValue = Int64(index) }]
            return write
        }
        let whole: [UInt8] = try request.serializedBytes()
        #expect(direct(whole)?.writes.count == 500)
        request.writes[position].update.name = "projects/p/databases/(default)/documents/items"
        let damaged: [UInt8] = try request.serializedBytes()
        #expect(reference(damaged) == nil)
        #expect(direct(damaged)?.writes.count == nil)
    }

    @Test("damaged requests are declined or decoded as SwiftProtobuf decodes them, never otherwise")
    func damagedRequestsNeverDiffer() throws {
        var requests = RandomCommitRequests(random: SplitMix64Random(seed: 2_024))
        var random = SplitMix64Random(seed: 7)
        var (declined, accepted) = (0, 0)
        for _ in 0..<3_000 {
            var bytes: [UInt8] = try requests.request(maxWrites: 3).serializedBytes()
            guard !bytes.isEmpty else { continue }
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
                case 1: bytes[at] = UInt8.random(in: 0 ... 255, using: &random)
                case 2: bytes.removeSubrange(at...)
                default: bytes.insert(UInt8.random(in: 0 ... 255, using: &random), at: at)
                }
                if bytes.isEmpty { break }
            }
            let expected = reference(bytes)
            guard let found = direct(bytes) else {
                declined += 1
                continue
            }
            accepted += 1
            guard let expected else {
                Issue.record("the direct decoder took a request SwiftProtobuf or ProtoWrite refuses: \(bytes)")
                continue
            }
            expectSame(found, expected)
        }
        // Both outcomes happen, so the comparison above ran.
        #expect(declined > 100)
        #expect(accepted > 100)
    }

    @Test("shapes the direct decoder leaves to SwiftProtobuf are declined")
    func unusualShapesAreDeclined() throws {
        let database = "projects/p/databases/(default)"
        func bytes(_ build: (inout Google_Firestore_V1_CommitRequest) -> Void) throws -> [UInt8] {
            var request = Google_Firestore_V1_CommitRequest()
            request.database = database
            build(&request)
            return try request.serializedBytes()
        }
        func set(_ fields: [String: Google_Firestore_V1_Value]) -> Google_Firestore_V1_Write {
            var write = Google_Firestore_V1_Write()
            write.update.name = "\(database)/documents/c/d"
            write.update.fields = fields
            return write
        }
        var legacyTransform = Google_Firestore_V1_Write()
        legacyTransform.transform.document = "\(database)/documents/c/d"
        legacyTransform.transform.fieldTransforms = [{
            var transform = Google_Firestore_V1_DocumentTransform.FieldTransform()
            transform.fieldPath = "n"
            transform.setToServerValue = .requestTime
            return transform
        }()]
        var withTimes = set([:])
        withTimes.update.updateTime.seconds = 1
        var otherDatabase = set([:])
        otherDatabase.update.name = "projects/p/databases/other/documents/c/d"
        var deep = Google_Firestore_V1_Value()
        deep.integerValue = 1
        for _ in 0..<21 {
            var outer = Google_Firestore_V1_Value()
            outer.mapValue.fields = ["m": deep]
            deep = outer
        }
        var badTime = Google_Firestore_V1_Value()
        badTime.timestampValue.seconds = 253_402_300_800
        var badReference = Google_Firestore_V1_Value()
        badReference.referenceValue = "not/a/name"

        let declined: [(String, [UInt8])] = [
            ("the legacy transform write", try bytes { $0.writes = [legacyTransform] }),
            ("a document with an update time", try bytes { $0.writes = [withTimes] }),
            ("a document in another database", try bytes { $0.writes = [otherDatabase] }),
            ("maps nested deeper than 20", try bytes { $0.writes = [set(["d": deep])] }),
            ("a timestamp past 9999", try bytes { $0.writes = [set(["t": badTime])] }),
            ("an invalid reference", try bytes { $0.writes = [set(["r": badReference])] }),
            ("a value with no type", try bytes { $0.writes = [set(["v": Google_Firestore_V1_Value()])] }),
            ("request options", try bytes { $0.requestOptions.requestTags = ["tag"] }),
            ("no database", try Google_Firestore_V1_CommitRequest().serializedBytes()),
            ("a field number no version knows", try bytes { _ in } + [0xF8, 0x3E, 0x01]),
            ("the database field twice", try bytes { _ in } + bytes { _ in }),
            ("invalid UTF-8 in the database", [0x0A, 0x02, 0xC3, 0x28]),
        ]
        for (shape, encoded) in declined {
            #expect(direct(encoded) == nil, "\(shape)")
        }
    }

    /// A length-delimited field (lengths under 128 here).
    private func delimited(_ field: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [field << 3 | 2, UInt8(payload.count)] + payload
    }

    @Test("unusual but valid encodings decode as SwiftProtobuf decodes them")
    func unusualEncodingsMatch() throws {
        let database = Array("projects/p/databases/(default)".utf8)
        func commit(_ values: [[UInt8]]) -> [UInt8] {
            let entries = values.enumerated().flatMap { index, value in
                delimited(2, delimited(1, Array("f\(index)".utf8)) + delimited(2, value))
            }
            let document = delimited(1, database + Array("/documents/c/d".utf8)) + entries
            // The writes come before the database: protobuf allows any field order.
            return delimited(2, delimited(1, document)) + delimited(1, database)
        }
        let shapes: [(String, [[UInt8]])] = [
            ("a boolean sent as 2", [[1 << 3, 2]]),
            ("an integer in a non-minimal varint", [[2 << 3, 0x81, 0x80, 0x00]]),
            ("a null with an unknown enum number", [[11 << 3, 5]]),
            ("nanoseconds in a ten-byte varint (negative, refused by both)", [delimited(10, [1 << 3, 1, 2 << 3] + [UInt8](repeating: 0xFF, count: 9) + [0x01])]),
            ("nanoseconds past 32 bits (truncated by both)", [delimited(10, [2 << 3, 0x80, 0x80, 0x80, 0x80, 0x10])]),
            ("an empty map and an empty array", [[6 << 3 | 2, 0], [9 << 3 | 2, 0]]),
            ("a geo point with only a longitude", [delimited(8, [2 << 3 | 1] + withUnsafeBytes(of: (12.5).bitPattern.littleEndian, Array.init))]),
        ]
        for (shape, values) in shapes {
            let bytes = commit(values)
            let expected = reference(bytes)
            let found = direct(bytes)
            #expect((found == nil) == (expected == nil), "\(shape)")
            #expect((found == nil) == shape.contains("refused"), "\(shape)")
            if let found, let expected { expectSame(found, expected) }
        }
        #expect(direct(commit([[1 << 3, 2]]))?.writes.first?.operation == .set(try DocumentKey(validating: "c/d"), fields: ["f0": .boolean(true)]))
    }

    @Test("a plain batch of sets decodes to the writes the engine would be given")
    func plainBatch() throws {
        var request = Google_Firestore_V1_CommitRequest()
        request.database = "projects/p/databases/(default)"
        request.writes = (0..<3).map { index in
            var write = Google_Firestore_V1_Write()
            write.update.name = "\(request.database)/documents/rooms/r\(index)"
            write.update.fields = ["price": ProtoValue.proto(.integer(Int64(index))), "city": ProtoValue.proto(.string("Bilbao"))]
            return write
        }
        let found = try #require(direct(try request.serializedBytes()))
        let expected = try (0..<3).map { index in
            Write(.set(try DocumentKey(validating: "rooms/r\(index)"), fields: ["price": .integer(Int64(index)), "city": .string("Bilbao")]))
        }
        #expect(found.writes == expected)
        #expect(found.transaction == nil)
        #expect(found.database == (try testDatabase()))
    }
}
