internal import HearthCore
import Foundation

extension Firestore {
    /// Encodes `Encodable` values into document data (the SDK's `Firestore.Encoder`), straight
    /// into Hearth's values: `Timestamp`, `Date`, `GeoPoint`, `VectorValue`, `Data`, `DocumentReference` and
    /// `FieldValue` keep their Firestore meaning, `@DocumentID` is skipped, and a nil
    /// `@ServerTimestamp` becomes the server-timestamp sentinel.
    public struct Encoder: Sendable {
        /// Creates an encoder.
        public init() {}

        /// Encodes `value` (a struct, class or dictionary) as document data.
        /// References come back as the caller's own `DocumentReference` objects, sentinels as
        /// `FieldValue`s.
        public func encode<T: Encodable>(_ value: T) throws -> [String: Any] {
            let context = EncodingContext()
            return try encodeNodes(value, context: context).mapValues { NodeEncoding.any($0, references: context.references) }
        }

        /// Encodes `value` as the nodes a write is made of.
        func encodeNodes<T: Encodable>(_ value: T, context: EncodingContext = EncodingContext()) throws -> [String: UserDataNode] {
            switch try NodeEncoding.slot(for: value, at: [], context: context) {
            case .map(let storage): return try storage.nodes()
            default:
                throw EncodingError.invalidValue(value, .init(
                    codingPath: [], debugDescription: "A document must be a map: encode a struct, class or dictionary."))
            }
        }
    }
}

/// What one encoding remembers: the references it met, by resource name, so `encode(_:)` can
/// hand the caller's own objects back.
final class EncodingContext {
    var references: [String: DocumentReference] = [:]
}

/// Where an encoded value lands: a finished node, or a container still being filled.
enum EncodingSlot {
    case node(UserDataNode)
    case map(MapStorage)
    case array(ArrayStorage)

    /// The finished node.
    func node(at path: [any CodingKey]) throws -> UserDataNode {
        switch self {
        case .node(let node): return node
        case .map(let storage): return .map(try storage.nodes())
        case .array(let storage): return .array(try storage.values(at: path))
        }
    }
}

/// A keyed container's contents, shared by reference while the value encodes itself.
final class MapStorage {
    var fields: [String: EncodingSlot] = [:]
    var path: [any CodingKey]

    init(path: [any CodingKey]) { self.path = path }

    /// The finished child nodes.
    /// Field names follow `setData`'s rules: not empty, not `__reserved__`.
    func nodes() throws -> [String: UserDataNode] {
        var nodes: [String: UserDataNode] = [:]
        for (name, slot) in fields {
            let childPath = path + [NodeEncoding.Key(name)]
            if name.isEmpty || ResourceID.isReserved(name) {
                throw EncodingError.invalidValue(name, .init(
                    codingPath: childPath,
                    debugDescription: name.isEmpty
                        ? "Document fields must not be empty." : "Document fields cannot begin and end with \"__\"."))
            }
            nodes[name] = try slot.node(at: childPath)
        }
        return nodes
    }
}

/// An unkeyed container's contents.
final class ArrayStorage {
    var elements: [EncodingSlot] = []

    /// The finished elements: plain values only (no sentinels, no nested arrays).
    func values(at path: [any CodingKey]) throws -> [Value] {
        try elements.enumerated().map { index, slot in
            let elementPath = path + [NodeEncoding.Key(index: index)]
            func refuse(_ why: String) -> EncodingError {
                EncodingError.invalidValue(index, .init(codingPath: elementPath, debugDescription: why))
            }
            switch try slot.node(at: elementPath) {
            case .value(let value): return value
            case .array: throw refuse("Nested arrays are not supported.")
            case .sentinel(let sentinel):
                throw refuse("\(UserDataReader.name(of: sentinel)) is not currently supported inside arrays.")
            case .map(let children): return .map(try NodeEncoding.plain(children, at: elementPath))
            }
        }
    }
}

/// The shared logic of the encoder and its containers.
enum NodeEncoding {
    /// A coding key for dictionary keys and array indexes.
    struct Key: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(_ string: String) { stringValue = string; intValue = nil }
        init(index: Int) { stringValue = "Index \(index)"; intValue = index }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { self.init(index: intValue) }
    }

    /// Encodes one value: Firestore's own types natively, everything else through `encode(to:)`.
    static func slot<T: Encodable>(for value: T, at path: [any CodingKey], context: EncodingContext) throws -> EncodingSlot {
        switch value {
        case let timestamp as Timestamp: return .node(.value(.timestamp(timestamp)))
        case let date as Date: return .node(.value(.timestamp(Timestamp(date: date))))
        case let point as GeoPoint: return .node(.value(.geoPoint(point)))
        case let vector as VectorValue: return .node(.value(vector.value))
        case let data as Data: return .node(.value(.bytes(Array(data))))
        case let url as URL: return .node(.value(.string(url.absoluteString)))
        case let decimal as Decimal: return .node(.value(.double(NSDecimalNumber(decimal: decimal).doubleValue)))
        case let reference as DocumentReference:
            do {
                let stored = DocumentReferenceValue(database: reference.firestore.databaseID, key: try reference.key())
                context.references[stored.resourceName] = reference
                return .node(.value(.reference(stored)))
            } catch {
                throw EncodingError.invalidValue(reference.path, .init(codingPath: path, debugDescription: error.message))
            }
        case let sentinel as FieldValue:
            var reader = UserDataReader(method: "setData(from:)")
            do {
                return .node(try reader.read(sentinel))
            } catch {
                throw EncodingError.invalidValue(sentinel.methodName, .init(codingPath: path, debugDescription: error.message))
            }
        default:
            let encoder = NodeEncoder(path: path, context: context)
            try value.encode(to: encoder)
            return encoder.slot ?? .map(MapStorage(path: path))
        }
    }

    /// Children that may hold no sentinel, as plain values.
    static func plain(_ nodes: [String: UserDataNode], at path: [any CodingKey]) throws -> [String: Value] {
        var values: [String: Value] = [:]
        for (name, node) in nodes {
            let childPath = path + [Key(name)]
            switch node {
            case .value(let value): values[name] = value
            case .array(let elements): values[name] = .array(elements)
            case .map(let children): values[name] = .map(try plain(children, at: childPath))
            case .sentinel(let sentinel):
                throw EncodingError.invalidValue(name, .init(
                    codingPath: childPath,
                    debugDescription: "\(UserDataReader.name(of: sentinel)) is not currently supported inside arrays."))
            }
        }
        return values
    }

    /// A node as the SDK's `[String: Any]` output (sentinels as `FieldValue`s).
    static func any(_ node: UserDataNode, references: [String: DocumentReference]) -> Any {
        func plain(_ value: Value) -> Any {
            switch value {
            case .reference(let reference): return references[reference.resourceName] ?? value
            case .array(let elements): return elements.map(plain)
            case .map(let fields): return fields.mapValues(plain)
            default: return ValueBridge.any(value, firestore: nil)
            }
        }
        switch node {
        case .value(let value): return plain(value)
        case .array(let elements): return elements.map(plain)
        case .map(let children): return children.mapValues { any($0, references: references) }
        case .sentinel(.delete): return FieldValue.delete()
        case .sentinel(.transform(.serverTimestamp)): return FieldValue.serverTimestamp()
        case .sentinel(.transform(let kind)): return FieldValue(transform: kind)
        }
    }
}

extension FieldValue {
    /// A sentinel for an already-read transform (used to hand encoded data back as `[String: Any]`).
    convenience init(transform kind: FieldTransform.Kind) {
        switch kind {
        case .serverTimestamp: self.init(.serverTimestamp)
        case .increment(let n): self.init(.increment(n))
        case .maximum(let n): self.init(.maximum(n))
        case .minimum(let n): self.init(.minimum(n))
        case .appendMissingElements(let values): self.init(.arrayUnion(values))
        case .removeAllFromArray(let values): self.init(.arrayRemove(values))
        }
    }
}
