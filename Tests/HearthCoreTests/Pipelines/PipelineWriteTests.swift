import Testing
@testable import HearthCore

/// Pipeline DML (`update`, `delete` as the last stage) and what a run reports (`explain_stats`).
@Suite("Pipeline DML and reports")
struct PipelineWriteTests {
    static func path(_ text: String) -> FieldPath { FieldPath(uncheckedSegments: text.split(separator: ".").map(String.init)) }
    static let books = PipelineStage.collection(ResourcePath(uncheckedSegments: ["books"]))

    /// An Enterprise engine holding four books.
    static func library() async throws -> TestEngine {
        let t = try TestEngine()
        try await t.engine.setEdition(.enterprise, project: nil, database: t.database.database)
        try await t.commit([
            .set(try t.key("books/a"), fields: ["title": .string("A"), "price": .integer(10), "status": .string("new")]),
            .set(try t.key("books/b"), fields: ["title": .string("B"), "price": .integer(60), "status": .string("archived")]),
            .set(try t.key("books/c"), fields: ["title": .string("C"), "price": .integer(80), "status": .string("archived")]),
            .set(try t.key("books/d"), fields: ["title": .string("D"), "price": .integer(55), "old": .boolean(true)]),
        ])
        return t
    }

    @Test func deleteRemovesTheMatchingDocumentsInOneCommit() async throws {
        let t = try await Self.library()
        let before = t.engine.latestCommitTime
        let rows = try await t.engine.executePipeline(Pipeline(stages: [
            Self.books,
            .where(.function("equal", [.field(Self.path("status")), .constant(.string("archived"))])),
            .delete,
        ]), in: t.database)
        #expect(rows == [PipelineRow(fields: ["documents_modified": .integer(2)])])
        #expect(try await t.engine.getDocument(try t.key("books/b"), in: t.database) == nil)
        #expect(try await t.engine.getDocument(try t.key("books/c"), in: t.database) == nil)
        #expect(try await t.engine.getDocument(try t.key("books/a"), in: t.database) != nil)
        // History keeps what was deleted: a read at the earlier time still sees it.
        #expect(try await t.engine.getDocument(try t.key("books/b"), in: t.database, consistency: .readTime(before)) != nil)
        let left = try await t.engine.runQuery(StructuredQuery(collectionID: "books"), in: t.database)
        #expect(left.map(\.key.path.segments.last) == ["a", "d"])
    }

    @Test func updateWithoutFieldsWritesTheRowBackWhole() async throws {
        let t = try await Self.library()
        let rows = try await t.engine.executePipeline(Pipeline(stages: [
            Self.books,
            .where(.function("exists", [.field(Self.path("old"))])),
            .addFields(["genre": .constant(.string("Fiction"))]),
            .removeFields([Self.path("old")]),
            .update([:]),
        ]), in: t.database)
        #expect(rows.first?.fields["documents_modified"] == .integer(1))
        let document = try #require(try await t.engine.getDocument(try t.key("books/d"), in: t.database))
        #expect(document.fields == ["title": .string("D"), "price": .integer(55), "genre": .string("Fiction")])
    }

    @Test func updateWithFieldsSetsOnlyThoseAndAnAbsentOneRemovesItsField() async throws {
        let t = try await Self.library()
        _ = try await t.engine.executePipeline(Pipeline(stages: [
            Self.books,
            .where(.function("greater_than", [.field(Self.path("price")), .constant(.integer(50))])),
            .update([
                "status": .constant(.string("Discounted")),
                "prefs.color": .function("string_concat", [.field(Self.path("title")), .constant(.string("-red"))]),
                "old": .field(Self.path("nothing")),
            ]),
        ]), in: t.database)
        let b = try #require(try await t.engine.getDocument(try t.key("books/b"), in: t.database))
        #expect(b.fields == [
            "title": .string("B"), "price": .integer(60), "status": .string("Discounted"), "prefs": .map(["color": .string("B-red")]),
        ])
        let d = try #require(try await t.engine.getDocument(try t.key("books/d"), in: t.database))
        #expect(d.fields["old"] == nil)
        #expect(d.fields["status"] == .string("Discounted"))
        let a = try #require(try await t.engine.getDocument(try t.key("books/a"), in: t.database))
        #expect(a.fields["status"] == .string("new"))
    }

    @Test func anUpdateOfAMissingDocumentFailsAndWritesNothing() async throws {
        let t = try await Self.library()
        let existing = DocumentReferenceValue(database: t.database, key: try t.key("books/a"))
        let missing = DocumentReferenceValue(database: t.database, key: try t.key("books/zz"))
        let pipeline = Pipeline(stages: [
            .literals([
                ["__name__": .constant(.reference(existing)), "status": .constant(.string("Updated"))],
                ["__name__": .constant(.reference(missing)), "status": .constant(.string("Updated"))],
            ]),
            .update([:]),
        ])
        await #expect(throws: FirestoreError.self) { _ = try await t.engine.executePipeline(pipeline, in: t.database) }
        do {
            _ = try await t.engine.executePipeline(pipeline, in: t.database)
        } catch {
            #expect(error.code == .notFound)
        }
        let a = try #require(try await t.engine.getDocument(try t.key("books/a"), in: t.database))
        #expect(a.fields["status"] == .string("new"))
        #expect(try await t.engine.getDocument(try t.key("books/zz"), in: t.database) == nil)
    }

    @Test func misplacedOrUnanchoredWritesAreRefused() async throws {
        let t = try await Self.library()
        func code(_ pipeline: Pipeline, _ consistency: ReadConsistency = .strong) async -> FirestoreError.Code? {
            do {
                _ = try await t.engine.executePipeline(pipeline, in: t.database, consistency: consistency)
                return nil
            } catch { return error.code }
        }
        #expect(await code(Pipeline(stages: [Self.books, .delete, .limit(1)])) == .invalidArgument)
        #expect(await code(Pipeline(stages: [
            Self.books, .aggregate(accumulators: ["n": PipelineAggregate(name: "count", argument: nil)], groups: [:]), .delete,
        ])) == .invalidArgument)
        #expect(await code(Pipeline(stages: [Self.books, .delete]), .readTime(t.engine.latestCommitTime)) == .invalidArgument)
        let readOnly = try t.engine.beginTransaction(in: t.database, options: .readOnly(readTime: nil))
        #expect(await code(Pipeline(stages: [Self.books, .delete]), .transaction(readOnly)) == .invalidArgument)
        #expect(try await t.engine.runQuery(StructuredQuery(collectionID: "books"), in: t.database).count == 4)
    }

    @Test func inATransactionWithAutoCommitTheWritesCommitWithIt() async throws {
        let t = try await Self.library()
        let transaction = try t.engine.beginTransaction(in: t.database)
        let execution = try await t.engine.executePipelineReporting(
            Pipeline(stages: [Self.books, .where(.function("equal", [.field(Self.path("title")), .constant(.string("A"))])), .delete]),
            in: t.database, consistency: .transaction(transaction), autoCommit: true)
        #expect(execution.rows.first?.fields["documents_modified"] == .integer(1))
        #expect(execution.commitTime != nil)
        #expect(try await t.engine.getDocument(try t.key("books/a"), in: t.database) == nil)
    }

    @Test func inATransactionTheWritesWaitForItsCommitAndARollbackDropsThem() async throws {
        let t = try await Self.library()
        let archived = PipelineStage.where(.function("equal", [.field(Self.path("status")), .constant(.string("archived"))]))
        let transaction = try t.engine.beginTransaction(in: t.database)
        let rows = try await t.engine.executePipeline(
            Pipeline(stages: [Self.books, archived, .delete]), in: t.database, consistency: .transaction(transaction))
        #expect(rows.first?.fields["documents_modified"] == .integer(2))
        #expect(try await t.engine.getDocument(try t.key("books/b"), in: t.database) != nil, "nothing is written before the commit")
        let result = try await t.engine.commit(
            [.set(try t.key("books/e"), fields: ["title": .string("E")])], in: t.database, transaction: transaction)
        #expect(result.writeResults.count == 1, "results for the commit's own writes only")
        #expect(try await t.engine.getDocument(try t.key("books/b"), in: t.database) == nil)
        #expect(try await t.engine.getDocument(try t.key("books/e"), in: t.database) != nil)

        let dropped = try t.engine.beginTransaction(in: t.database)
        _ = try await t.engine.executePipeline(
            Pipeline(stages: [Self.books, .delete]), in: t.database, consistency: .transaction(dropped))
        try t.engine.rollback(dropped, in: t.database)
        #expect(try await t.engine.runQuery(StructuredQuery(collectionID: "books"), in: t.database).count == 3)
    }

    /// Rules judge each DML write like any other: a refused write leaves every document as it was.
    struct NoDeletes: AccessPolicy {
        func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
            request.method == .delete ? .deny(detail: "") : .allow
        }
    }

    @Test func theRulesJudgeEachWrite() async throws {
        let t = try await Self.library()
        t.engine.setAccessPolicy(NoDeletes())
        let user = AccessContext.user(uid: "alice", claims: [:])
        do {
            _ = try await t.engine.executePipeline(Pipeline(stages: [Self.books, .delete]), in: t.database, access: user)
            Issue.record("expected PERMISSION_DENIED")
        } catch {
            #expect(error.code == .permissionDenied)
        }
        #expect(try await t.engine.runQuery(StructuredQuery(collectionID: "books"), in: t.database).count == 4)
        let rows = try await t.engine.executePipeline(
            Pipeline(stages: [Self.books, .update(["seen": .constant(.boolean(true))])]), in: t.database, access: user)
        #expect(rows.first?.fields["documents_modified"] == .integer(4))
    }

    @Test func theReportSaysHowEachPartRan() async throws {
        let t = try await Self.library()
        let price = Self.path("price")
        let indexed = try await t.engine.executePipelineReporting(Pipeline(stages: [
            Self.books,
            .where(.function("greater_than", [.field(price), .constant(.integer(50))])),
            .sort([PipelineOrdering(expression: .field(price), descending: false)]),
            .limit(2),
            .select(["t": .field(Self.path("title"))]),
        ]), in: t.database)
        #expect(indexed.rows.map { $0.fields["t"] } == [.string("D"), .string("B")])
        #expect(indexed.report.steps.map(\.stages) == [["collection", "where", "sort", "limit"], ["select"]])
        #expect(indexed.report.steps.first?.execution == "index scan")
        #expect(indexed.report.steps.first?.indexes == ["(price ASC, __name__ ASC)"])
        #expect(indexed.report.resultsReturned == 2)
        #expect(indexed.report.text.contains("1. collection, where, sort, limit: index scan using (price ASC, __name__ ASC)"))
        #expect(indexed.report.text.contains("Results returned: 2"))

        let grouped = try await t.engine.executePipelineReporting(Pipeline(stages: [
            Self.books, .aggregate(accumulators: ["n": PipelineAggregate(name: "count", argument: nil)], groups: [:]),
        ]), in: t.database)
        #expect(grouped.report.documentsRead == 4)
        #expect(grouped.report.steps.map(\.stages) == [["collection", "aggregate"]])
        #expect(grouped.report.json.contains("\"documents_read\":4"))

        let deleted = try await t.engine.executePipelineReporting(Pipeline(stages: [Self.books, .delete]), in: t.database)
        #expect(deleted.report.documentsWritten == 4)
        #expect(deleted.report.steps.last?.stages == ["delete"])
    }
}

/// How the rules see a pipeline's read: its simple constant filters, wherever in its `where`
/// stages they are, and no limit or order.
@Suite("Pipeline reads under rules")
struct PipelineRulesTests {
    /// Lists need an equality on `owner` with the caller's uid; gets are allowed.
    struct OwnerPolicy: AccessPolicy {
        func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
            guard request.method == .list else { return .allow }
            guard let filter = request.query?.filter, request.query?.limit == nil else { return .deny(detail: "") }
            let terms: [QueryFilter] = if case .composite(.and, let parts) = filter { parts } else { [filter] }
            let owned = terms.contains { term in
                if case .field(let path, .equal, .string("alice")) = term { return path.segments == ["owner"] }
                return false
            }
            return owned ? .allow : .deny(detail: "")
        }
    }

    static func owner(_ value: String) -> PipelineExpression {
        .function("equal", [.field(FieldPath(uncheckedSegments: ["owner"])), .constant(.string(value))])
    }

    @Test func simpleFiltersAnywhereInTheWhereStagesAreSeen() async throws {
        let t = try TestEngine()
        try await t.engine.setEdition(.enterprise, project: nil, database: t.database.database)
        try await t.commit([
            .set(try t.key("notes/1"), fields: ["owner": .string("alice"), "text": .string("hello")]),
            .set(try t.key("notes/2"), fields: ["owner": .string("bob"), "text": .string("hi")]),
        ])
        t.engine.setAccessPolicy(OwnerPolicy())
        let alice = AccessContext.user(uid: "alice", claims: [:])
        let notes = PipelineStage.collection(ResourcePath(uncheckedSegments: ["notes"]))
        let text = PipelineExpression.field(FieldPath(uncheckedSegments: ["text"]))
        // An `and` with a function the classic planner cannot push down still shows its equality.
        let mixed = PipelineExpression.function("and", [Self.owner("alice"), .function("regex_contains", [text, .constant(.string("^h"))])])
        let rows = try await t.engine.executePipeline(
            Pipeline(stages: [notes, .where(mixed), .limit(5), .select(["text": text])]), in: t.database, access: alice)
        #expect(rows.map(\.fields) == [["text": .string("hello")]])
        // A later where, after the sort and limit, is seen too; the limit is not shown to the rules.
        let later = Pipeline(stages: [notes, .sort([PipelineOrdering(expression: text, descending: false)]), .limit(1), .where(Self.owner("alice"))])
        #expect(try await t.engine.executePipeline(later, in: t.database, access: alice).count == 1)
        // No equality on owner, or one only after a stage that builds new rows: refused.
        for stages: [PipelineStage] in [
            [notes],
            [notes, .where(Self.owner("bob"))],
            [notes, .addFields(["x": .constant(.integer(1))]), .where(Self.owner("alice"))],
        ] {
            do {
                _ = try await t.engine.executePipeline(Pipeline(stages: stages), in: t.database, access: alice)
                Issue.record("expected PERMISSION_DENIED for \(stages.count) stages")
            } catch {
                #expect(error.code == .permissionDenied)
            }
        }
    }
}
