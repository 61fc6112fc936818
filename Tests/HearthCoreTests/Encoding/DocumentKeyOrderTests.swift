import Testing
@testable import HearthCore

@Suite("Document keys sort like document ids")
struct DocumentKeyOrderTests {
    /// Random ids of mixed scripts and lengths (short ones, and long ones past the 440-byte cut).
    static func randomIDs(count: Int, seed: UInt64) -> [String] {
        var generator = ModelTestRandom(seed: seed)
        let alphabet: [Character] = Array("aAzZ09_-.~ ") + ["é", "ß", "中", "😀", "\u{7F}", "\u{FFFD}"]
        return (0..<count).map { index in
            let long = index % 7 == 0
            let length = long ? Int.random(in: 430...700, using: &generator) : Int.random(in: 1...12, using: &generator)
            let shared = long && index % 2 == 0 ? String(repeating: "p", count: 440) : ""
            var id = shared
            while id.utf8.count < length { id.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
            return id
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func byteOrderOfKeysIsIDOrderOutsideShortenedRuns(seed: UInt64) {
        let ids = Array(Set(Self.randomIDs(count: 400, seed: seed)))
        let byKey = ids.sorted {
            StorageKeys.document(db: 1, collection: 7, id: $0).lexicographicallyPrecedes(StorageKeys.document(db: 1, collection: 7, id: $1))
        }
        let byID = ids.sorted { String.compareUTF8($0, $1) < 0 }
        // Keys order ids exactly, except among ids longer than 440 bytes that share their first 440
        // bytes, which the listing code re-sorts by full id (specs/storage.md).
        func group(_ id: String) -> [UInt8] { Array(id.utf8.prefix(StorageKeys.maxVerbatimIDBytes)) + [id.utf8.count > 440 ? 1 : 0] }
        #expect(byKey.map(group) == byID.map(group))
        for id in ids {
            #expect(StorageKeys.document(db: 1, collection: 7, id: id).count <= 511, "every key fits LMDB")
        }
    }

    /// The key a point get builds on the stack is byte for byte the stored key, for verbatim ids,
    /// ids at the 440-byte cut and shortened ones, with database and collection numbers at their extremes.
    @Test func theStackBuiltKeyIsTheStoredKey() {
        let edges = [String(repeating: "q", count: 440), String(repeating: "q", count: 441), "é" + String(repeating: "x", count: 439)]
        for id in Self.randomIDs(count: 200, seed: 4) + edges {
            for (db, collection) in [(UInt32(1), UInt64(7)), (.max, .max), (0x0102_0304, 0x0506_0708_090A_0B0C)] {
                let stored = StorageKeys.document(db: db, collection: collection, id: id)
                let built = StorageKeys.withDocumentKey(db: db, collection: collection, id: id) { [UInt8]($0) }
                #expect(built == stored, "\(id.utf8.count)-byte id")
            }
        }
    }

    @Test func aCollectionsKeysShareAPrefixNoOtherCollectionHas() {
        let a = StorageKeys.documentsPrefix(db: 1, collection: 2)
        let b = StorageKeys.documentsPrefix(db: 1, collection: 3)
        let other = StorageKeys.documentsPrefix(db: 2, collection: 2)
        for id in Self.randomIDs(count: 50, seed: 9) {
            let key = StorageKeys.document(db: 1, collection: 2, id: id)
            #expect(key.starts(with: a))
            #expect(!key.starts(with: b) && !key.starts(with: other))
            #expect(key.lexicographicallyPrecedes(StorageKeys.successor(ofPrefix: a) ?? []))
        }
    }
}
