import Foundation
import HearthCore
import Testing

@testable import Hearth

/// Helpers for the Codable tests: nodes turned into stored values by hand, round trips through
/// the internal entry points, error paths, and a scratch database.
enum CodableSupport {
    /// A sentinel met where only stored values were expected.
    struct UnexpectedSentinel: Error {
        let sentinel: UserDataNode.Sentinel
    }

    /// The stored fields for nodes holding no sentinel (what a plain `set` would store).
    static func storedFields(_ nodes: [String: UserDataNode]) throws -> [String: Value] {
        var fields: [String: Value] = [:]
        for (name, node) in nodes { fields[name] = try storedValue(node) }
        return fields
    }

    static func storedValue(_ node: UserDataNode) throws -> Value {
        switch node {
        case .value(let value): return value
        case .array(let elements): return .array(elements)
        case .map(let children): return .map(try storedFields(children))
        case .sentinel(let sentinel): throw UnexpectedSentinel(sentinel: sentinel)
        }
    }

    /// The stored fields `Firestore.Encoder` makes of `value`.
    static func encodeFields<T: Encodable>(_ value: T) throws -> [String: Value] {
        try storedFields(Firestore.Encoder().encodeNodes(value))
    }

    /// `value` encoded to nodes, turned into stored fields, and decoded back.
    static func roundTrip<T: Codable>(_ value: T, in reference: DocumentReference? = nil) throws -> T {
        try Firestore.Decoder().decode(T.self, fromFields: encodeFields(value), in: reference)
    }

    /// Decodes stored fields with no document reference.
    static func decode<T: Decodable>(
        _ type: T.Type, _ fields: [String: Value], in reference: DocumentReference? = nil
    ) throws -> T {
        try Firestore.Decoder().decode(type, fromFields: fields, in: reference)
    }

    /// The coding path an `EncodingError` or `DecodingError` points at (a missing key included),
    /// as the keys' strings; nil for other errors.
    static func path(of error: (any Error)?) -> [String]? {
        let path: [any CodingKey]
        switch error {
        case let error as DecodingError:
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                path = context.codingPath
            case .keyNotFound(let key, let context):
                path = context.codingPath + [key]
            @unknown default:
                return nil
            }
        case let error as EncodingError:
            switch error {
            case .invalidValue(_, let context): path = context.codingPath
            @unknown default: return nil
            }
        default:
            return nil
        }
        return path.map(\.stringValue)
    }

    /// The debug description of an `EncodingError` or `DecodingError`.
    static func message(of error: (any Error)?) -> String {
        switch error {
        case let error as EncodingError:
            if case .invalidValue(_, let context) = error { return context.debugDescription }
        case let error as DecodingError:
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                .dataCorrupted(let context):
                return context.debugDescription
            @unknown default:
                break
            }
        default:
            break
        }
        return ""
    }
}

/// A Firestore on a fresh temporary directory; call `close()` when done.
final class ScratchFirestore {
    let directory: String
    let db: Firestore

    init() throws {
        directory = NSTemporaryDirectory() + "hearth-codable-test-" + UUID().uuidString
        db = try Firestore(
            directory: directory, projectID: "codable-test",
            options: EngineOptions(durability: .none, initialMapSize: 64 << 20))
    }

    /// Closes the database and removes its directory.
    func close() {
        db.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
