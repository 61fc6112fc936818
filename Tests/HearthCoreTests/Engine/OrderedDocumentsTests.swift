import Testing
@testable import HearthCore

/// The chunked ordered list a query listener keeps its window in, against a plain sorted array:
/// windows large enough that chunks split (over 512 documents) and empty out.
@Suite("Ordered documents (chunked window)")
struct OrderedDocumentsTests {
    /// Orders by `n`, then by id (as a query's comparator, which always ends with the name).
    static func compare(_ a: Document, _ b: Document) -> Int {
        let c = Value.compare(a.fields["n"] ?? .null, b.fields["n"] ?? .null)
        return c != 0 ? c : String.compareUTF8(a.key.documentID, b.key.documentID)
    }

    static func document(_ id: String, _ n: Int64) -> Document {
        Document(key: DocumentKey(unchecked: ResourcePath(uncheckedSegments: ["c", id])), fields: ["n": .integer(n)],
                 createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
    }

    /// The index a sorted array would give `document`: the first that does not sort before it.
    static func referenceIndex(of document: Document, in list: [Document]) -> Int {
        list.firstIndex { compare($0, document) >= 0 } ?? list.count
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func insertsAndRemovesAgreeWithASortedArray(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var ordered = OrderedDocuments()
        var reference: [Document] = []
        var live: [String: Document] = [:]
        var liveIDs: [String] = []  // the keys of `live`, for a seeded pick
        for step in 0..<6_000 {
            // Mostly inserts while the window grows, then mostly removals, so chunks split and empty.
            let removing = !live.isEmpty && random.next() % 100 < (step < 4_000 ? 25 : 85)
            if removing {
                let pick = Int(random.next() % UInt64(liveIDs.count))
                liveIDs.swapAt(pick, liveIDs.count - 1)
                let id = liveIDs.removeLast()
                guard let document = live.removeValue(forKey: id) else { continue }
                let expected = Self.referenceIndex(of: document, in: reference)
                #expect(ordered.remove(document, compare: Self.compare) == expected, "step \(step): removal index")
                reference.remove(at: expected)
            } else {
                let document = Self.document("d\(random.next() % 100_000)", Int64(random.next() % 50))
                guard live[document.key.documentID] == nil else { continue }
                let expected = Self.referenceIndex(of: document, in: reference)
                #expect(ordered.insert(document, compare: Self.compare) == expected, "step \(step): insertion index")
                reference.insert(document, at: expected)
                live[document.key.documentID] = document
                liveIDs.append(document.key.documentID)
            }
            if step % 500 == 0 || step == 5_999 {
                #expect(ordered.elements == reference, "step \(step): same documents in the same order")
                #expect(ordered.count == reference.count)
            }
        }
        for document in reference.shuffled(using: &random).prefix(50) {
            #expect(ordered.index(of: document, compare: Self.compare) == Self.referenceIndex(of: document, in: reference))
        }
    }

    @Test func aDocumentThatIsNotThereIsNotRemoved() {
        let documents = (0..<1_200).map { Self.document("d" + String(100_000 + $0).dropFirst(), Int64($0)) }
        var ordered = OrderedDocuments(sorted: documents)
        // Same position as d00600, another key: nothing may go.
        #expect(ordered.remove(Self.document("d00600x", 600), compare: Self.compare) == nil)
        #expect(ordered.remove(Self.document("zz", 5_000), compare: Self.compare) == nil)
        #expect(ordered.count == 1_200)
        #expect(ordered.elements == documents)
        #expect(OrderedDocuments().elements.isEmpty)
    }

    @Test func viewChangesOverLargeWindowsReplayToTheNewWindow() {
        var random = SeededGenerator(seed: 11)
        let old = (0..<2_000).map { Self.document("d\($0)", Int64(random.next() % 100)) }.sorted { Self.compare($0, $1) < 0 }
        var new: [Document] = []
        for document in old {
            switch random.next() % 4 {
            case 0: continue  // removed
            case 1: new.append(Self.document(document.key.documentID, Int64(random.next() % 100)))  // moved or rewritten
            default: new.append(document)
            }
        }
        new += (2_000..<2_800).map { Self.document("d\($0)", Int64(random.next() % 100)) }
        new.sort { Self.compare($0, $1) < 0 }
        let changes = ViewChanges.between(old, new, compare: Self.compare)
        #expect(QueryViewPropertyTests.replay(changes, over: old) == new)
        #expect(Set(changes.map(\.document.key)).count == changes.count, "one change per document")
        let added = changes.filter { $0.kind == .added }.count
        #expect(added == 800, "the 800 new documents, and no kept one, are added")
        // A first snapshot: every document added, at its own index.
        let first = ViewChanges.between([], new, compare: Self.compare)
        #expect(first.map(\.newIndex) == Array(new.indices))
        #expect(first.allSatisfy { $0.kind == .added })
    }
}
