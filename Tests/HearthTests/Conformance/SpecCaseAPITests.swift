import Foundation
import HearthCore
import HearthTestSupport
import Testing
@testable import Hearth

/// `specs/cases` through the `Hearth` API's door: each case's proto3 JSON becomes the calls an app
/// makes (`WriteBatch.setData`/`updateData`/`deleteDocument`, the query builders,
/// `addSnapshotListener`), and what comes back is compared with the case, as the engine runner
/// (`HearthCoreTests/Specs/SpecCaseTests.swift`) and the emulator runner
/// (`Tests/python/test_spec_cases.py`) compare theirs.
///
/// Writes the SDK cannot express (a `create`-style `exists: false` precondition, a precondition on a
/// delete, a legacy `transform` write) and queries it cannot build make the case one that this
/// door skips; `expressibleCases` names how many remain, so the skips stay few and deliberate. A
/// failing step is compared by its code only: the SDK checks arguments itself, with its own texts.
@Suite("specs/cases through the Hearth API")
struct SpecCaseAPITests {
    /// A case this door cannot express.
    struct Inexpressible: Error, CustomStringConvertible {
        let description: String
    }

    static let cases = (try? SpecCases.load(from: RepositoryPaths.specCases)) ?? []

    @Test func mostCasesAreExpressibleThroughTheAPI() throws {
        let expressible = try Self.cases.filter { specCase in
            let json = try WireJSON.object(try JSONSerialization.jsonObject(with: Data(specCase.json.utf8)), "case")
            do {
                try Self.check(json)
                return true
            } catch {
                print("inexpressible: \(specCase): \(error)")
                return false
            }
        }
        #expect(Self.cases.count == 40)
        #expect(expressible.count >= 34, "only \(expressible.count) of \(Self.cases.count) cases go through the API")
    }

    @Test(arguments: cases)
    func run(_ specCase: SpecCases.Case) async throws {
        let json = try WireJSON.object(try JSONSerialization.jsonObject(with: Data(specCase.json.utf8)), "case")
        try SpecCases.validate(json)
        guard (try? Self.check(json)) != nil else { return }
        let steps = try #require(json["steps"] as? [[String: Any]])
        let t = try TestFirestore(projectID: "p")
        var updateTimes: [Int: Timestamp] = [:]
        var listeners: [String: (log: EventLog<SpecEvent>, registration: EngineListenerRegistration)] = [:]
        var consumed: [String: Int] = [:]
        defer { listeners.values.forEach { $0.registration.remove() } }
        for (index, step) in steps.enumerated() {
            switch try SpecCases.kind(of: step, at: index) {
            case "commit":
                let batch = t.db.batch()
                var touched: [DocumentReference] = []
                for write in step["commit"] as? [Any] ?? [] {
                    touched.append(try Self.add(write, to: batch, in: t.db))
                }
                do {
                    try await batch.commit()
                } catch {
                    let expected = try #require(step["expectError"] as? [String: Any], "step \(index) failed: \(error)")
                    #expect(error.code.name == expected["code"] as? String, "step \(index): \(error)")
                    continue
                }
                #expect(step["expectError"] == nil, "step \(index) should have failed")
                if let reference = touched.first {
                    updateTimes[index] = try await reference.getDocument().updateTime
                }
                if let expected = step["expectTransformResults"] as? [[Any]] {
                    // The API returns no transform results; the fields they landed in are checked by the case's gets.
                    #expect(!expected.isEmpty)
                }
            case "get":
                let path = try #require(step["get"] as? String)
                let snapshot = try await t.db.document(path).getDocument()
                if step["expectMissing"] as? Bool == true { #expect(!snapshot.exists, "step \(index)") }
                if let fields = step["expectFields"] {
                    #expect(snapshot.fields == (try WireJSON.fields(fields)), "step \(index)")
                }
                if let earlier = step["expectUpdateTimeOfStep"] as? Int {
                    #expect(snapshot.updateTime == updateTimes[earlier], "step \(index)")
                }
            case "query":
                let documents: [QueryDocumentSnapshot]
                do {
                    let query = try Self.query(
                        step["query"], parent: step["parent"] as? String, expectsError: step["expectError"] != nil, in: t.db)
                    documents = try await query.getDocuments().documents
                } catch let error as FirestoreError {
                    let expected = try #require(step["expectError"] as? [String: Any], "step \(index) failed: \(error)")
                    #expect(error.code.name == expected["code"] as? String, "step \(index): \(error)")
                    continue
                }
                #expect(step["expectError"] == nil, "step \(index) should have failed")
                if let paths = step["expectPaths"] as? [String] {
                    #expect(documents.map(\.reference.path) == paths, "step \(index)")
                }
                if let fields = step["expectFields"] as? [Any] {
                    #expect(documents.map { $0.fields ?? [:] } == (try fields.map(WireJSON.fields)), "step \(index)")
                }
            case "listen":
                let name = try #require(step["listen"] as? String)
                let log = EventLog<SpecEvent>()
                let registration: any ListenerRegistration
                if let path = step["document"] as? String {
                    registration = t.db.document(path).addSnapshotListener { snapshot, _ in
                        if let snapshot { log.append(SpecEvent(exists: snapshot.exists)) }
                    }
                } else {
                    registration = try Self.query(step["query"], parent: nil, in: t.db).addSnapshotListener { snapshot, _ in
                        if let snapshot { log.append(SpecEvent(snapshot)) }
                    }
                }
                listeners[name] = (log, try #require(registration as? EngineListenerRegistration))
            case "expectEvent":
                let name = try #require(step["expectEvent"] as? String)
                let listener = try #require(listeners[name], "step \(index): no listener \(name)")
                let mismatch = await SpecCases.checkNextEvent(in: listener.log, consumed: &consumed[name, default: 0], step: step)
                #expect(mismatch == nil, "step \(index) (\(name)): \(mismatch ?? "")")
            default:
                let name = try #require(step["expectNoEvent"] as? String)
                let listener = try #require(listeners[name], "step \(index): no listener \(name)")
                await listener.registration.settled()
                #expect(listener.log.all.count == consumed[name, default: 0], "step \(index): unexpected event for \(name)")
            }
        }
    }

    /// Throws `Inexpressible` when a step of the case has no equivalent in the SDK's API.
    static func check(_ json: [String: Any]) throws {
        let directory = NSTemporaryDirectory() + "hearth-spec-check-" + UUID().uuidString
        let database = try Firestore(
            directory: directory, projectID: "p", options: EngineOptions(durability: .none, initialMapSize: 16 << 20))
        defer {
            database.close()
            try? FileManager.default.removeItem(atPath: directory)
        }
        for step in json["steps"] as? [[String: Any]] ?? [] {
            for write in step["commit"] as? [Any] ?? [] { _ = try add(write, to: database.batch(), in: database) }
            if step["listen"] == nil, let query = step["query"] {
                do {
                    _ = try self.query(query, parent: step["parent"] as? String, expectsError: step["expectError"] != nil, in: database)
                } catch is Inexpressible {
                    throw Inexpressible(description: "query")
                } catch {
                    continue  // an SDK argument error is a case expecting an error; the run compares it
                }
            }
        }
    }

    /// Adds one proto3 JSON write to `batch` as the SDK's call for it; returns the document.
    static func add(_ any: Any, to batch: WriteBatch, in db: Firestore) throws -> DocumentReference {
        let write = try WireJSON.object(any, "write")
        let precondition = write["currentDocument"] as? [String: Any]
        if let precondition, Set(precondition.keys) != ["exists"] {
            throw Inexpressible(description: "a precondition other than exists: \(precondition)")
        }
        if let name = write["delete"] as? String {
            guard precondition == nil else { throw Inexpressible(description: "a delete with a precondition") }
            let reference = db.document(name)
            batch.deleteDocument(reference)
            return reference
        }
        guard let update = write["update"] as? [String: Any], let name = update["name"] as? String else {
            throw Inexpressible(description: "a write other than update or delete")
        }
        let reference = db.document(name)
        var data = ValueBridge.map(try WireJSON.fields(update["fields"]), firestore: db)
        var transformed: [String] = []
        for transform in write["updateTransforms"] as? [[String: Any]] ?? [] {
            guard let path = transform["fieldPath"] as? String else { throw Inexpressible(description: "transform \(transform)") }
            data[path] = try fieldValue(transform)
            transformed.append(path)
        }
        let mask = (write["updateMask"] as? [String: Any])?["fieldPaths"] as? [String]
        switch (mask, precondition?["exists"] as? Bool) {
        case (nil, nil):
            batch.setData(data, forDocument: reference)
        case (let mask?, true?):
            var fields: [AnyHashable: Any] = [:]
            let values = try WireJSON.fields(update["fields"])
            for path in mask {
                let fieldPath = try HearthCore.FieldPath(serverFormat: path)
                fields[Hearth.FieldPath(fieldPath.segments)] = values.value(at: fieldPath).map { ValueBridge.any($0, firestore: db) }
                    ?? FieldValue.delete()
            }
            for path in transformed { fields[Hearth.FieldPath(try HearthCore.FieldPath(serverFormat: path).segments)] = data[path] }
            batch.updateData(fields, forDocument: reference)
        case (let mask?, nil):
            // A masked path the fields lack is deleted: the SDK says so with FieldValue.delete().
            let values = try WireJSON.fields(update["fields"])
            for path in mask {
                let fieldPath = try HearthCore.FieldPath(serverFormat: path)
                if values.value(at: fieldPath) == nil { setNested(&data, fieldPath.segments, FieldValue.delete()) }
            }
            let paths = try (mask + transformed).map { Hearth.FieldPath(try HearthCore.FieldPath(serverFormat: $0).segments) }
            batch.setData(data, forDocument: reference, mergeFields: paths)
        default:
            throw Inexpressible(description: "an update with precondition \(precondition ?? [:])")
        }
        return reference
    }

    /// Sets `value` at `segments` inside nested maps of `data`, creating the maps on the way.
    static func setNested(_ data: inout [String: Any], _ segments: [String], _ value: Any) {
        guard let first = segments.first else { return }
        guard segments.count > 1 else {
            data[first] = value
            return
        }
        var child = data[first] as? [String: Any] ?? [:]
        setNested(&child, Array(segments.dropFirst()), value)
        data[first] = child
    }

    /// The SDK sentinel for one `FieldTransform`.
    static func fieldValue(_ transform: [String: Any]) throws -> Any {
        if transform["setToServerValue"] as? String == "REQUEST_TIME" { return FieldValue.serverTimestamp() }
        if let operand = transform["increment"] {
            switch try WireJSON.value(operand) {
            case .integer(let n): return FieldValue.increment(n)
            case .double(let d): return FieldValue.increment(d)
            default: throw Inexpressible(description: "increment by \(operand)")
            }
        }
        for (key, make) in [("appendMissingElements", FieldValue.arrayUnion), ("removeAllFromArray", FieldValue.arrayRemove)] {
            if let array = transform[key] {
                guard case .array(let elements) = try WireJSON.value(["arrayValue": array]) else { continue }
                return make(elements.map { ValueBridge.any($0, firestore: nil) })
            }
        }
        throw Inexpressible(description: "transform \(transform)")
    }

    /// The SDK query for a case's StructuredQuery JSON, under `parent` (a document path) or the root.
    static func query(_ any: Any?, parent: String?, expectsError: Bool = false, in db: Firestore) throws -> Query {
        let json = try WireJSON.object(any, "query")
        let unknown = Set(json.keys).subtracting(["from", "where", "orderBy", "limit", "startAt", "endAt", "offset", "select"])
        guard unknown.isEmpty else { throw Inexpressible(description: "query keys \(unknown)") }
        guard let from = json["from"] as? [[String: Any]], from.count == 1, let id = from[0]["collectionId"] as? String else {
            throw Inexpressible(description: "a query without exactly one collection")
        }
        var query: Query
        if from[0]["allDescendants"] as? Bool == true {
            guard parent == nil else { throw Inexpressible(description: "a collection group under a parent") }
            query = db.collectionGroup(id)
        } else if let parent {
            query = db.document(parent).collection(id)
        } else {
            query = db.collection(id)
        }
        if let filter = json["where"] { query = query.whereFilter(try self.filter(filter, in: db)) }
        for order in json["orderBy"] as? [[String: Any]] ?? [] {
            query = query.order(by: try fieldPath(order["field"]), descending: order["direction"] as? String == "DESCENDING")
        }
        if let select = json["select"] as? [String: Any] {
            query = query.select(try (select["fields"] as? [Any] ?? []).map(fieldPath))
        }
        if let offset = json["offset"] as? Int { query = query.offset(offset) }
        if let limit = json["limit"] {
            guard let count = (limit as? Int) ?? ((limit as? [String: Any])?["value"] as? Int) else {
                throw Inexpressible(description: "limit \(limit)")
            }
            query = query.limit(to: count)
        }
        for (key, isStart) in [("startAt", true), ("endAt", false)] {
            guard let cursor = json[key] as? [String: Any] else { continue }
            let values = try (cursor["values"] as? [Any] ?? []).map { ValueBridge.any(try WireJSON.value($0), firestore: db) }
            // The SDK takes cursor values for its explicit orders only (the wire allows the implicit ones too).
            // (A step expecting an error keeps them: the SDK refuses them with INVALID_ARGUMENT too.)
            guard expectsError || values.count <= (json["orderBy"] as? [Any] ?? []).count else {
                throw Inexpressible(description: "a cursor with values for implicit orders")
            }
            let before = cursor["before"] as? Bool ?? false
            switch (isStart, before) {
            case (true, true): query = query.start(at: values)
            case (true, false): query = query.start(after: values)
            case (false, true): query = query.end(before: values)
            case (false, false): query = query.end(at: values)
            }
        }
        return query
    }

    /// The SDK filter for a proto3 JSON filter.
    static func filter(_ any: Any, in db: Firestore) throws -> Filter {
        let json = try WireJSON.object(any, "filter")
        if let composite = json["compositeFilter"] as? [String: Any] {
            let filters = try (composite["filters"] as? [Any] ?? []).map { try filter($0, in: db) }
            switch composite["op"] as? String {
            case "AND": return Filter.andFilter(filters)
            case "OR": return Filter.orFilter(filters)
            default: throw Inexpressible(description: "composite \(composite)")
            }
        }
        if let unary = json["unaryFilter"] as? [String: Any] {
            let path = try fieldPath(unary["field"])
            switch unary["op"] as? String {
            case "IS_NULL": return Filter.whereField(path, .equal, NSNull())
            case "IS_NOT_NULL": return Filter.whereField(path, .notEqual, NSNull())
            case "IS_NAN": return Filter.whereField(path, .equal, Double.nan)
            case "IS_NOT_NAN": return Filter.whereField(path, .notEqual, Double.nan)
            default: throw Inexpressible(description: "unary \(unary)")
            }
        }
        guard let field = json["fieldFilter"] as? [String: Any], let op = field["op"] as? String,
              let fieldOperator = operators[op]
        else { throw Inexpressible(description: "filter \(json)") }
        let value = ValueBridge.any(try WireJSON.value(field["value"]), firestore: db)
        return Filter.whereField(try fieldPath(field["field"]), fieldOperator, value)
    }

    /// The proto's operator names and the SDK's operators.
    static let operators: [String: FieldOperator] = [
        "LESS_THAN": .lessThan, "LESS_THAN_OR_EQUAL": .lessThanOrEqual, "GREATER_THAN": .greaterThan,
        "GREATER_THAN_OR_EQUAL": .greaterThanOrEqual, "EQUAL": .equal, "NOT_EQUAL": .notEqual,
        "ARRAY_CONTAINS": .arrayContains, "IN": .in, "ARRAY_CONTAINS_ANY": .arrayContainsAny, "NOT_IN": .notIn,
    ]

    /// The SDK field path for a `{"fieldPath": …}` reference (server format, `__name__` included).
    static func fieldPath(_ any: Any?) throws -> Hearth.FieldPath {
        let json = try WireJSON.object(any, "field reference")
        guard let text = json["fieldPath"] as? String else { throw Inexpressible(description: "field \(json)") }
        if text == "__name__" { return .documentID() }
        return Hearth.FieldPath(try HearthCore.FieldPath(serverFormat: text).segments)
    }
}

extension SpecEvent {
    /// A query listener's snapshot as the API delivers it: its paths and its changes with indexes.
    init(_ snapshot: QuerySnapshot) {
        self.init(exists: true)
        paths = snapshot.documents.map(\.reference.path)
        changes = snapshot.documentChanges.map { change in
            let kind = switch change.type {
            case .added: "added"
            case .modified: "modified"
            case .removed: "removed"
            }
            let old = change.oldIndex == UInt(NSNotFound) ? "-1" : "\(change.oldIndex)"
            let new = change.newIndex == UInt(NSNotFound) ? "-1" : "\(change.newIndex)"
            return "\(kind) \(change.document.reference.path) \(old) \(new)"
        }
    }
}
