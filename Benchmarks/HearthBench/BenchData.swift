import HearthCore
import HearthServer

/// The documents and keys the workloads use.
enum BenchData {
    /// A 20-character id like the SDK's auto-ids, deterministic per index (the wire workloads' ids).
    static func id(_ index: Int) -> String { WireBenchData.id(index) }

    /// A document of ten fields of mixed types (~250 bytes encoded), the wire workloads' documents.
    static func document(index: Int) -> [String: Value] { WireBenchData.document(index: index) }

    /// The same document as the API's user data (`[String: Any]`).
    static func userData(index: Int) -> [String: Any] {
        [
            "title": "Room \(index) near the university", "price": 300 + index % 900, "rating": Double(index % 50) / 10,
            "available": index % 3 == 0, "createdAt": Timestamp(microseconds: 1_700_000_000_000_000 + Int64(index) * 1_000),
            "city": ["Madrid", "Sevilla", "Valencia", "Bilbao"][index % 4], "owner": "user\(index % 1_000)",
            "tags": ["wifi", index % 2 == 0 ? "balcony" : "parking"],
            "address": ["street": "Calle \(index % 200)", "number": index % 99], "rooms": 1 + index % 4,
        ]
    }

    /// The bytes the engine stores for `fields` (same size for the raw baseline).
    static func storedBytes(_ fields: [String: Value]) -> [UInt8] {
        DocumentRecord(contents: .init(fields: fields, createTime: 1, updateTime: 1), fullID: nil).encoded()
    }

    /// A key of the same shape and length as the engine's `documents` key.
    static func storageKey(_ key: DocumentKey) -> [UInt8] {
        StorageKeys.document(db: 1, collection: 1, id: key.documentID)
    }
}
