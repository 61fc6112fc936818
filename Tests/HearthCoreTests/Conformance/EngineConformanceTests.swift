import Foundation
import Testing
@testable import HearthCore
import HearthTestSupport

/// The server-visible side of Google's write conformance vectors: each vector's expected
/// CommitRequest, sent to the engine, must succeed (or fail exactly as Firestore would for the
/// precondition it carries) and leave the document the request describes.
///
/// Vectors expecting a client-side error (`isError`) concern the Swift API (issue "Swift API") and
/// are counted, not run. Skipped cleanly when `../shared` is absent.
@Suite("Conformance vectors: engine side")
struct EngineConformanceTests {
    static let kinds = ["create", "set", "update", "updatePaths", "delete"]

    static func vectors() -> [ConformanceVector] {
        ConformanceVector.load(kinds: kinds, requiringRequest: true)
    }

    @Test(.enabled(if: RepositoryPaths.conformanceVectors != nil, "../shared/conformance is absent"))
    func vectorsArePresent() {
        #expect(Self.vectors().count >= 100, "expected the create/set/update/delete vectors with requests")
    }

    @Test(.enabled(if: RepositoryPaths.conformanceVectors != nil, "../shared/conformance is absent"), arguments: vectors())
    func vector(_ vector: ConformanceVector) async throws {
        let body = try WireJSON.object(try JSONSerialization.jsonObject(with: Data(vector.json.utf8)), "vector")
        let request = try WireJSON.object(body["request"], "request")
        let writes = try (request["writes"] as? [Any] ?? []).map(WireJSON.write)
        let (database, first) = try #require(writes.first)
        let t = try TestEngine()
        let seed: [String: Value] = ["seeded": true]
        if first.precondition == .exists(true) || vector.kind == "delete" {
            try await t.engine.commit([.set(first.key, fields: seed)], in: database)
        }
        if case .updateTime = first.precondition {
            // The vector's time is fixed; our seeded document's is not: Firestore answers FAILED_PRECONDITION.
            try await t.engine.commit([.set(first.key, fields: seed)], in: database)
            await expectError(.failedPrecondition) { try await t.engine.commit(writes.map(\.1), in: database) }
            return
        }
        let result = try await t.engine.commit(writes.map(\.1), in: database)
        let stored = try await t.engine.getDocument(first.key, in: database)
        switch first.operation {
        case .delete:
            #expect(stored == nil)
        case .set(_, let fields):
            let doc = try #require(stored)
            for leaf in fields.leafPaths() { #expect(doc.fields.value(at: leaf) == fields.value(at: leaf), "field \(leaf)") }
            let transformed = Set(first.transforms.map { $0.fieldPath.firstSegment })
            #expect(Set(doc.fields.keys) == Set(fields.keys).union(transformed))
        case .update(_, let fields, let mask):
            let doc = try #require(stored)
            let transformPaths = first.transforms.map(\.fieldPath)
            for path in mask {
                if transformPaths.contains(where: { path.isPrefix(of: $0) }) {
                    // A transform writes under this path after the mask applies: check the data leaves only.
                    for leaf in fields.leafPaths() where path.isPrefix(of: leaf) {
                        #expect(doc.fields.value(at: leaf) == fields.value(at: leaf), "mask leaf \(leaf)")
                    }
                } else {
                    #expect(doc.fields.value(at: path) == fields.value(at: path), "mask path \(path)")
                }
            }
            if first.precondition == .exists(true) && !mask.contains(where: { $0.firstSegment == "seeded" }) {
                #expect(doc.fields["seeded"] == true, "fields outside the mask are untouched")
            }
        case .verify:
            break
        }
        if let doc = stored {
            for (transform, reported) in zip(first.transforms, result.writeResults[0].transformResults) {
                let value = doc.fields.value(at: transform.fieldPath)
                switch transform.kind {
                case .serverTimestamp: #expect(value == .timestamp(result.commitTime))
                case .increment(let operand), .maximum(let operand), .minimum(let operand): #expect(value == operand)
                case .appendMissingElements(let elements):
                    #expect(value?.arrayValue?.count == elements.count)
                    #expect(reported == .null)
                case .removeAllFromArray: #expect(value == .array([]))
                }
            }
        }
    }
}
