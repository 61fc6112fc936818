import Testing
@testable import HearthCore

/// The pure query-listener step (`QueryView.applying`) against the query evaluated from scratch:
/// for random commit sequences, every new view equals a full re-evaluation, replaying the reported
/// changes over the old view gives the new one, and the changes name exactly the documents whose
/// state in the results changed — the same set `ViewChanges.between` reports.
@Suite("Query view property tests")
struct QueryViewPropertyTests {
    static let database = DatabaseID(uncheckedProject: "p", database: "(default)")

    /// Queries over `c` with different filters and orders (unlimited, unprojected: the views the
    /// incremental step serves).
    static func queries() -> [StructuredQuery] {
        var byN = StructuredQuery(collectionID: "c")
        byN.filter = .field(.p("n"), .greaterThanOrEqual, .integer(3))
        byN.orderBy = [QueryOrder(.p("n"))]
        var tagged = StructuredQuery(collectionID: "c")
        tagged.filter = .field(.p("tag"), .equal, .string("a"))
        var descending = StructuredQuery(collectionID: "c")
        descending.orderBy = [QueryOrder(.p("n"), descending: true)]
        var bounded = StructuredQuery(collectionID: "c")
        bounded.orderBy = [QueryOrder(.p("n"))]
        bounded.startAt = QueryBound(values: [.integer(2)], before: true)
        bounded.endAt = QueryBound(values: [.integer(7)], before: false)
        return [StructuredQuery(collectionID: "c"), byN, tagged, descending, bounded]
    }

    @Test(arguments: 0..<5)
    func incrementalViewsMatchAFullEvaluation(queryIndex: Int) throws {
        let target = try QueryTarget(Self.queries()[queryIndex], database: Self.database)
        for seed in UInt64(1)...40 {
            var random = SeededGenerator(seed: seed &* 7_919 &+ UInt64(queryIndex))
            var store: [DocumentKey: Document] = [:]
            var view = QueryView()
            var time: Int64 = 1_000
            for step in 0..<30 {
                time += 1
                let changes = try Self.randomCommit(store: &store, time: time, random: &random)
                let old = view.documents
                let (next, events) = view.applying(changes, target: target)
                view = next
                let expected = target.evaluate(Array(store.values))
                let context = "seed \(seed) step \(step)"
                #expect(view.documents == expected, "\(context): the view is the query's results")
                #expect(Self.replay(events, over: old) == expected, "\(context): the changes lead there")
                let reported = Set(events.map { "\($0.kind) \($0.document.key)" })
                let between = Set(ViewChanges.between(old, expected, compare: target.compare)
                    .map { "\($0.kind) \($0.document.key)" })
                #expect(reported == between, "\(context): the same documents changed")
                // The SDKs' order: removals first, then additions and modifications in query order.
                let firstEntry = events.firstIndex { $0.kind != .removed } ?? events.count
                #expect(events[firstEntry...].allSatisfy { $0.kind != .removed }, "\(context): removals first")
                let entering = events[firstEntry...].map(\.document)
                #expect(zip(entering, entering.dropFirst()).allSatisfy { target.compare($0, $1) < 0 },
                        "\(context): entries in query order")
            }
        }
    }

    /// Windows of thousands of documents (chunks of the window split and empty out): commits of
    /// 400 sets, rewrites and deletes still lead to the full evaluation, and replaying the changes too.
    @Test(arguments: [0, 1, 3])
    func largeWindowsMatchAFullEvaluation(queryIndex: Int) throws {
        let target = try QueryTarget(Self.queries()[queryIndex], database: Self.database)
        var random = SeededGenerator(seed: 99 &+ UInt64(queryIndex))
        var store: [DocumentKey: Document] = [:]
        var view = QueryView()
        for step in 0..<12 {
            let time = Int64(2_000 + step)
            var changes: [ChangeSet.Change] = []
            var touched: Set<DocumentKey> = []
            for _ in 0..<400 {
                let key = try DocumentKey(validating: "c/d\(random.next() % 3_000)")
                guard touched.insert(key).inserted else { continue }
                let before = store[key]
                // Deletes only once the window is large, so it grows, then shrinks.
                let after: Document? = step >= 8 && random.next() % 2 == 0 ? nil : Document(
                    key: key, fields: ["n": .integer(Int64(random.next() % 40)), "tag": .string(random.pick(["a", "b"]))],
                    createTime: before?.createTime ?? Timestamp(microseconds: time), updateTime: Timestamp(microseconds: time))
                store[key] = after
                changes.append(ChangeSet.Change(key: key, before: before, after: after))
            }
            let old = view.documents
            let (next, events) = view.applying(changes, target: target)
            view = next
            let expected = target.evaluate(Array(store.values))
            #expect(view.documents == expected, "step \(step): the view is the query's results")
            #expect(Self.replay(events, over: old) == expected, "step \(step): the changes lead there")
        }
    }

    @Test func anUnchangedRewriteReportsNothing() throws {
        let target = try QueryTarget(StructuredQuery(collectionID: "c"), database: Self.database)
        let key = try DocumentKey(validating: "c/a")
        let document = Document(
            key: key, fields: ["n": .integer(1)], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
        let view = QueryView([document])
        let (next, events) = view.applying([ChangeSet.Change(key: key, before: document, after: document)], target: target)
        #expect(events.isEmpty)
        #expect(next.documents == [document])
    }

    /// Sets, rewrites or deletes one to three of twelve documents; returns the commit's changes.
    static func randomCommit(
        store: inout [DocumentKey: Document], time: Int64, random: inout SeededGenerator
    ) throws -> [ChangeSet.Change] {
        var changes: [ChangeSet.Change] = []
        var touched: Set<DocumentKey> = []
        for _ in 0..<(1 + Int(random.next() % 3)) {
            let key = try DocumentKey(validating: "c/d\(random.next() % 12)")
            guard touched.insert(key).inserted else { continue }
            let before = store[key]
            var after: Document?
            if random.next() % 4 != 0 {
                var fields: [String: Value] = ["n": .integer(Int64(random.next() % 10))]
                if random.next() % 2 == 0 { fields["tag"] = .string(random.pick(["a", "b"])) }
                after = Document(
                    key: key, fields: fields, createTime: before?.createTime ?? Timestamp(microseconds: time),
                    updateTime: Timestamp(microseconds: time))
            }
            store[key] = after
            changes.append(ChangeSet.Change(key: key, before: before, after: after))
        }
        return changes
    }

    /// `old` with each change applied in order, as a client applies them.
    static func replay(_ events: [DocumentChangeEvent], over old: [Document]) -> [Document] {
        var list = old
        for event in events {
            switch event.kind {
            case .removed:
                list.remove(at: event.oldIndex)
            case .added:
                list.insert(event.document, at: event.newIndex)
            case .modified:
                list.remove(at: event.oldIndex)
                list.insert(event.document, at: event.newIndex)
            }
        }
        return list
    }
}
