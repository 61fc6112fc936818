import Foundation
import HearthTestSupport
import Testing
@testable import Hearth
@testable import HearthCore

/// Google's cross-SDK write vectors, run against the Swift API: each input (user data with
/// sentinels, merge options, preconditions) must become exactly the expected write, or fail
/// where the vector expects an error. Skipped cleanly when `../shared` is absent.
@Suite("Conformance vectors: Swift API")
struct APIConformanceTests {
    static let kinds = ["create", "set", "update", "updatePaths", "delete", "get"]

    static func vectors() -> [ConformanceVector] {
        ConformanceVector.load(kinds: kinds)
    }

    @Test(.enabled(if: RepositoryPaths.conformanceVectors != nil, "../shared/conformance is absent"))
    func everyWriteVectorIsHere() {
        let vectors = Self.vectors()
        #expect(vectors.count >= 170, "create/set/update/delete/get vectors")
    }

    @Test(.enabled(if: RepositoryPaths.conformanceVectors != nil, "../shared/conformance is absent"), arguments: vectors())
    func vector(_ vector: ConformanceVector) throws {
        let body = try WireJSON.object(try JSONSerialization.jsonObject(with: Data(vector.json.utf8)), "vector")
        let name = try #require(body["docRefPath"] as? String)
        let (_, key) = try WireJSON.documentName(name)
        let expectsError = body["isError"] as? Bool == true
        let produced: Result<Write?, FirestoreError> = Result { () throws(FirestoreError) in try Self.makeWrite(vector.kind, body, key) }
        switch produced {
        case .failure(let error):
            #expect(expectsError, "unexpected error: \(error)")
            #expect(error.code == .invalidArgument, "client-side errors are INVALID_ARGUMENT: \(error)")
        case .success(let write):
            #expect(!expectsError, "expected an error, got \(String(describing: write))")
            guard !expectsError else { return }
            let request = try WireJSON.object(body["request"], "request")
            if vector.kind == "get" {
                #expect((request["name"] as? String) == name)
                return
            }
            let writes = try (request["writes"] as? [Any] ?? []).map(WireJSON.write)
            let expected = try #require(writes.first?.1)
            let actual = try #require(write)
            #expect(Self.normalized(actual) == Self.normalized(expected))
        }
    }

    /// Runs the API's translation for one vector; nil for `get`.
    static func makeWrite(_ kind: String, _ body: [String: Any], _ key: DocumentKey) throws(FirestoreError) -> Write? {
        do {
            switch kind {
            case "get":
                return nil
            case "create":
                return try WriteFactory.create(try data(body), to: key)
            case "set":
                let option = body["option"] as? [String: Any]
                if option?["all"] as? Bool == true { return try WriteFactory.merge(try data(body), to: key) }
                if let fields = option?["fields"] as? [[String: Any]] {
                    let paths = fields.map { FieldPath($0["field"] as? [String] ?? []) }
                    return try WriteFactory.merge(try data(body), fields: paths, to: key)
                }
                return try WriteFactory.set(try data(body), to: key)
            case "update":
                let dictionary = try data(body)
                var data: [AnyHashable: Any] = [:]
                for (k, v) in dictionary { data[k] = v }
                return try WriteFactory.update(data, of: key, precondition: try precondition(body))
            case "updatePaths":
                let paths = (body["fieldPaths"] as? [[String: Any]] ?? []).map { FieldPath($0["field"] as? [String] ?? []) }
                let values = try (body["jsonValues"] as? [String] ?? []).map { try sentinels(JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)) }
                var pairs: [(HearthCore.FieldPath, Any)] = []
                for (path, value) in zip(paths, values) { pairs.append((try path.corePath(), value)) }
                return try WriteFactory.update(pairs: pairs, of: key, precondition: try precondition(body))
            case "delete":
                return Write.delete(key, precondition: try precondition(body) ?? .none)
            default:
                return nil
            }
        } catch let error as FirestoreError {
            throw error
        } catch {
            throw FirestoreError(.internal, "test harness: \(error)")
        }
    }

    /// `jsonData` with the vectors' sentinel spellings turned into `FieldValue`s.
    static func data(_ body: [String: Any]) throws -> [String: Any] {
        let text = body["jsonData"] as? String ?? "{}"
        return try sentinels(JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    static func sentinels(_ any: Any) -> Any {
        switch any {
        case let string as String where string == "ServerTimestamp": return FieldValue.serverTimestamp()
        case let string as String where string == "Delete": return FieldValue.delete()
        case let string as String where string == "NaN": return Double.nan
        case let array as [Any]:
            if let tag = array.first as? String, tag == "ArrayUnion" { return FieldValue.arrayUnion(array.dropFirst().map(sentinels)) }
            if let tag = array.first as? String, tag == "ArrayRemove" { return FieldValue.arrayRemove(array.dropFirst().map(sentinels)) }
            return array.map(sentinels)
        case let map as [String: Any]:
            return map.mapValues(sentinels)
        case let number as NSNumber:
            if let bool = any as? Bool, String(cString: number.objCType) == "c" { return bool }
            return String(cString: number.objCType) == "d" ? number.doubleValue as Any : number.intValue as Any
        case is NSNull:
            return NSNull()
        default:
            return any
        }
    }

    static func precondition(_ body: [String: Any]) throws -> Precondition? {
        guard let json = body["precondition"] as? [String: Any] else { return nil }
        if let exists = json["exists"] as? Bool { return .exists(exists) }
        if let time = json["updateTime"] as? String { return .updateTime(try WireJSON.timestamp(time)) }
        return nil
    }

    /// A write with its mask and transforms in a canonical order (their order carries no meaning).
    static func normalized(_ write: Write) -> Write {
        var write = write
        if case .update(let key, let fields, let mask) = write.operation {
            write.operation = .update(key, fields: fields, mask: mask.sorted())
        }
        write.transforms.sort { $0.fieldPath < $1.fieldPath }
        return write
    }
}
