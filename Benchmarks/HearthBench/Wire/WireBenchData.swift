import FirestoreWire
package import HearthTestSupport
package import HearthCore

/// The documents, keys and requests the wire workloads use (`hearth-bench`'s other workloads use
/// the same ids and documents).
package enum WireBenchData {
    /// Documents per batch commit.
    static let batchSize = 500

    /// A 20-character id like the SDK's auto-ids, deterministic per index.
    package static func id(_ index: Int) -> String {
        var generator = WireBenchRandom(seed: UInt64(index) &* 7919 &+ 1)
        return AutoID.generate(using: &generator)
    }

    /// The key of document `index` in `collection`.
    /// - Throws: `INVALID_ARGUMENT` for an invalid collection id.
    static func key(_ index: Int, in collection: String) throws(FirestoreError) -> DocumentKey {
        try DocumentKey(validating: "\(collection)/\(id(index))")
    }

    /// A document of ten fields of mixed types (~250 bytes encoded).
    package static func document(index: Int) -> [String: Value] {
        [
            "title": .string("Room \(index) near the university"),
            "price": .integer(Int64(300 + index % 900)),
            "rating": .double(Double(index % 50) / 10),
            "available": .boolean(index % 3 == 0),
            "createdAt": .timestamp(Timestamp(microseconds: 1_700_000_000_000_000 + Int64(index) * 1_000)),
            "city": .string(["Madrid", "Sevilla", "Valencia", "Bilbao"][index % 4]),
            "owner": .string("user\(index % 1_000)"),
            "tags": .array([.string("wifi"), .string(index % 2 == 0 ? "balcony" : "parking")]),
            "address": .map(["street": .string("Calle \(index % 200)"), "number": .integer(Int64(index % 99))]),
            "rooms": .integer(Int64(1 + index % 4)),
        ]
    }

    /// The core `set` writes of documents `range` in `collection`.
    /// - Throws: `INVALID_ARGUMENT` for an invalid collection id.
    static func writes(_ range: Range<Int>, in collection: String) throws(FirestoreError) -> [Write] {
        try range.map { index throws(FirestoreError) in .set(try key(index, in: collection), fields: document(index: index)) }
    }

    /// The wire `Commit` request setting documents `range` of `collection` in `database`.
    /// - Throws: `INVALID_ARGUMENT` for an invalid collection id.
    static func commitRequest(
        _ range: Range<Int>, in collection: String, database: DatabaseID
    ) throws(FirestoreError) -> Google_Firestore_V1_CommitRequest {
        var request = Google_Firestore_V1_CommitRequest()
        request.database = database.resourceName
        request.writes = try range.map { index throws(FirestoreError) in
            var document = Google_Firestore_V1_Document()
            document.name = try key(index, in: collection).resourceName(in: database)
            document.fields = ProtoValue.protoFields(self.document(index: index))
            var write = Google_Firestore_V1_Write()
            write.update = document
            return write
        }
        return request
    }

    /// The wire `GetDocument` request for `key` in `database`.
    static func getRequest(_ key: DocumentKey, database: DatabaseID) -> Google_Firestore_V1_GetDocumentRequest {
        var request = Google_Firestore_V1_GetDocumentRequest()
        request.name = key.resourceName(in: database)
        return request
    }

    /// `count` pseudo-random indexes below `bound`, deterministic per `seed`.
    static func randomIndexes(count: Int, below bound: Int, seed: UInt64) -> [Int] {
        var generator = WireBenchRandom(seed: seed)
        return (0..<count).map { _ in Int(generator.next() % UInt64(max(bound, 1))) }
    }
}

/// A small deterministic random generator (SplitMix64, shared with the fuzz tests).
package typealias WireBenchRandom = SplitMix64Random
