import Foundation
import Testing
@testable import HearthCore
import HearthTestSupport

/// Runs every case in `specs/cases/*.json` against a fresh engine.
///
/// A file holds `{"cases": [{"description", "steps": [...]}]}`. A step is one of
/// `{"commit": [writes], "expectError": {"code", "message"?}, "expectTransformResults": [[values]]}`
/// or `{"get": "path", "expectFields": {...}, "expectMissing": true, "expectUpdateTimeOfStep": n}`
/// or `{"query": <StructuredQuery JSON>, "parent": "path"?, "expectPaths": [...], "expectFields": [{...}], "expectError": {...}}`
/// or `{"listen": "name", "query": <StructuredQuery JSON>}` / `{"listen": "name", "document": "path"}`, then
/// `{"expectEvent": "name", "paths": [...], "changes": [["added"|"modified"|"removed", "path", oldIndex, newIndex], ...]}`
/// (a document listener's event: `{"expectEvent": "name", "exists": bool}`) and `{"expectNoEvent": "name"}`.
/// Writes and values use Firestore's proto3 JSON; names may be relative paths.
@Suite("specs/cases")
struct SpecCaseTests {
    typealias Case = SpecCases.Case

    /// Every case, read strictly (`SpecCases`); a file that does not read gives one failing case.
    static func allCases() -> [Case] {
        do {
            return try SpecCases.load(from: RepositoryPaths.specCases)
        } catch {
            return [Case(file: "specs/cases", title: "\(error)", json: "{}")]
        }
    }

    @Test func everyCaseReadsStrictly() throws {
        let cases = try SpecCases.load(from: RepositoryPaths.specCases)
        #expect(cases.count == 40)
    }

    @Test("a misspelled or unknown key is refused, naming the step and the key")
    func unknownKeysAreRefused() throws {
        let misspelled: [String: Any] = ["description": "d", "steps": [["query": [:], "expectPath": ["c/a"]]]]
        #expect(throws: SpecCases.Malformed.self) { try SpecCases.validate(misspelled) }
        do {
            try SpecCases.validate(misspelled)
        } catch {
            #expect("\(error)".contains("expectPath"))
            #expect("\(error)".contains("step 0 (query)"))
        }
        let twoKinds: [String: Any] = ["description": "d", "steps": [["commit": [], "get": "c/a"]]]
        #expect(throws: SpecCases.Malformed.self) { try SpecCases.validate(twoKinds) }
        let badError: [String: Any] = ["description": "d", "steps": [["commit": [], "expectError": ["cod": "ABORTED"]]]]
        #expect(throws: SpecCases.Malformed.self) { try SpecCases.validate(badError) }
        let extraCaseKey: [String: Any] = ["description": "d", "step": [["commit": []]]]
        #expect(throws: SpecCases.Malformed.self) { try SpecCases.validate(extraCaseKey) }
        let fine: [String: Any] = ["description": "d", "steps": [["get": "c/a", "expectMissing": true]]]
        #expect(throws: Never.self) { try SpecCases.validate(fine) }
    }

    @Test(arguments: allCases())
    func run(_ specCase: Case) async throws {
        let json = try WireJSON.object(try JSONSerialization.jsonObject(with: Data(specCase.json.utf8)), "case")
        try SpecCases.validate(json)
        let steps = try #require(json["steps"] as? [[String: Any]], "case without steps")
        let t = try TestEngine()
        var commitTimes: [Int: Timestamp] = [:]
        var listeners: [String: (log: EventLog<SpecEvent>, handle: ListenHandle)] = [:]
        var consumed: [String: Int] = [:]
        defer { listeners.values.forEach { $0.handle.cancel() } }
        for (index, step) in steps.enumerated() {
            if let writesJSON = step["commit"] as? [Any] {
                let parsed = try writesJSON.map(WireJSON.write)
                let database = parsed.first?.0 ?? WireJSON.defaultDatabase
                let result: CommitResult
                do {
                    result = try await t.engine.commit(parsed.map(\.1), in: database)
                } catch {
                    let expected = try #require(step["expectError"] as? [String: Any], "step \(index) failed: \(error)")
                    #expect(error.code.name == expected["code"] as? String, "step \(index): \(error)")
                    if let message = expected["message"] as? String { #expect(error.message == message, "step \(index)") }
                    continue
                }
                commitTimes[index] = result.commitTime
                #expect(step["expectError"] == nil, "step \(index) should have failed")
                if let expected = step["expectTransformResults"] as? [[Any]] {
                    let values = try expected.map { try $0.map(WireJSON.value) }
                    #expect(result.writeResults.map(\.transformResults) == values, "step \(index)")
                }
            } else if let path = step["get"] as? String {
                let (database, key) = try WireJSON.documentName(path)
                let doc = try await t.engine.getDocument(key, in: database)
                if step["expectMissing"] as? Bool == true { #expect(doc == nil, "step \(index)") }
                if let fields = step["expectFields"] {
                    #expect(doc?.fields == (try WireJSON.fields(fields)), "step \(index)")
                }
                if let earlier = step["expectUpdateTimeOfStep"] as? Int {
                    #expect(doc?.updateTime == commitTimes[earlier], "step \(index)")
                }
            } else if let name = step["listen"] as? String {
                let log = EventLog<SpecEvent>()
                let handle: ListenHandle
                if let path = step["document"] as? String {
                    let (database, key) = try WireJSON.documentName(path)
                    handle = try t.engine.listen(key, in: database) { document, _ in log.append(SpecEvent(exists: document != nil)) }
                } else {
                    let query = try WireJSON.structuredQuery(step["query"])
                    handle = try t.engine.listen(query, in: WireJSON.defaultDatabase) { result in
                        if case .success(let event) = result { log.append(SpecEvent(event)) }
                    }
                }
                listeners[name] = (log, handle)
            } else if let name = step["expectEvent"] as? String {
                let listener = try #require(listeners[name], "step \(index): no listener \(name)")
                let mismatch = await SpecCases.checkNextEvent(in: listener.log, consumed: &consumed[name, default: 0], step: step)
                #expect(mismatch == nil, "step \(index) (\(name)): \(mismatch ?? "")")
            } else if let name = step["expectNoEvent"] as? String {
                let listener = try #require(listeners[name], "step \(index): no listener \(name)")
                await listener.handle.settled()
                #expect(listener.log.all.count == consumed[name, default: 0], "step \(index): unexpected event for \(name)")
            } else if let queryJSON = step["query"] {
                let parent = try (step["parent"] as? String).map { try ResourcePath(validating: $0) } ?? .root
                let documents: [Document]
                do {
                    // The wire mapping validates as the server does, so its errors count as the query's.
                    let query = try WireJSON.structuredQuery(queryJSON, parent: parent)
                    documents = try await t.engine.runQuery(query, in: WireJSON.defaultDatabase)
                } catch let error as FirestoreError {
                    let expected = try #require(step["expectError"] as? [String: Any], "step \(index) failed: \(error)")
                    #expect(error.code.name == expected["code"] as? String, "step \(index): \(error)")
                    if let message = expected["message"] as? String { #expect(error.message == message, "step \(index)") }
                    continue
                }
                #expect(step["expectError"] == nil, "step \(index) should have failed")
                if let paths = step["expectPaths"] as? [String] {
                    #expect(documents.map(\.key.path.canonicalString) == paths, "step \(index)")
                }
                if let fields = step["expectFields"] as? [Any] {
                    #expect(documents.map(\.fields) == (try fields.map(WireJSON.fields)), "step \(index)")
                }
            } else {
                Issue.record("step \(index) has no commit, get or query")
            }
        }
    }
}

extension SpecEvent {
    /// An engine listener event, flattened.
    init(_ event: QuerySnapshotEvent) {
        self.init()
        paths = event.documents.map(\.key.path.canonicalString)
        changes = event.changes.map { change in
            let kind = switch change.kind {
            case .added: "added"
            case .modified: "modified"
            case .removed: "removed"
            }
            return "\(kind) \(change.document.key.path.canonicalString) \(change.oldIndex) \(change.newIndex)"
        }
    }
}
