public import HearthCore
public import Foundation

/// Types `@DocumentID` can hold: the document's id as a `String`, or its `DocumentReference`.
public protocol DocumentIDWrappable {
    /// The value for the document at `reference`.
    static func wrap(_ reference: DocumentReference) throws -> Self
}

extension String: DocumentIDWrappable {
    /// The document's id.
    public static func wrap(_ reference: DocumentReference) throws -> String { reference.documentID }
}

extension DocumentReference: DocumentIDWrappable {
    /// The reference itself.
    public static func wrap(_ reference: DocumentReference) throws -> Self {
        guard let same = reference as? Self else {
            throw DecodingError.typeMismatch(Self.self, .init(codingPath: [], debugDescription: "Not a DocumentReference."))
        }
        return same
    }
}

/// Marks a `@DocumentID` property for Firestore's encoder (skip it) and decoder (fill it).
protocol DocumentIDProperty {
    /// Makes the wrapper for the document at `reference`.
    static func make(for reference: DocumentReference?) throws -> Self
}

/// A property filled with the document's id (or reference) when decoded by `Firestore.Decoder`,
/// and never written as a field (the Firebase SDK's `@DocumentID`).
///
/// Decoding fails when the document also has a field of the property's name, and with any
/// decoder other than Firestore's, as in the SDK.
@propertyWrapper
public struct DocumentID<Value: DocumentIDWrappable & Codable>: Codable, DocumentIDProperty {
    /// The id, or nil before the value was read from Firestore.
    public var wrappedValue: Value?

    /// Wraps `value`.
    public init(wrappedValue value: Value?) { wrappedValue = value }

    static func make(for reference: DocumentReference?) throws -> DocumentID<Value> {
        DocumentID(wrappedValue: try reference.map { try Value.wrap($0) })
    }

    /// Only `Firestore.Decoder` can decode a `@DocumentID`.
    public init(from decoder: any Swift.Decoder) throws {
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath,
            debugDescription: "@DocumentID can only be decoded by Firestore.Decoder."))
    }

    /// Only `Firestore.Encoder` can encode a `@DocumentID` (which writes nothing).
    public func encode(to encoder: any Swift.Encoder) throws {
        throw EncodingError.invalidValue(wrappedValue as Any, .init(
            codingPath: encoder.codingPath,
            debugDescription: "@DocumentID can only be encoded by Firestore.Encoder."))
    }
}

extension DocumentID: Equatable where Value: Equatable {}
extension DocumentID: Hashable where Value: Hashable {}
extension DocumentID: Sendable where Value: Sendable {}

/// Types `@ServerTimestamp` can hold.
public protocol ServerTimestampWrappable {
    /// The value for a stored timestamp.
    static func wrap(_ timestamp: Timestamp) -> Self
    /// The timestamp to store.
    func unwrap() -> Timestamp
}

extension Timestamp: ServerTimestampWrappable {
    /// The timestamp itself.
    public static func wrap(_ timestamp: Timestamp) -> Timestamp { timestamp }
    /// The timestamp itself.
    public func unwrap() -> Timestamp { self }
}

extension Date: ServerTimestampWrappable {
    /// The timestamp's date.
    public static func wrap(_ timestamp: Timestamp) -> Date { timestamp.dateValue() }
    /// The date's timestamp.
    public func unwrap() -> Timestamp { Timestamp(date: self) }
}

/// A timestamp property that, while nil, is written as `FieldValue.serverTimestamp()` — the
/// commit time fills it in (the Firebase SDK's `@ServerTimestamp`).
@propertyWrapper
public struct ServerTimestamp<Value: ServerTimestampWrappable & Codable>: Codable {
    /// The timestamp, or nil until the server has set it.
    public var wrappedValue: Value?

    /// Wraps `value`.
    public init(wrappedValue value: Value?) { wrappedValue = value }

    /// Reads a timestamp; null reads as nil.
    public init(from decoder: any Swift.Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : Value.wrap(try container.decode(Timestamp.self))
    }

    /// Writes the timestamp, or the server-timestamp sentinel while nil.
    public func encode(to encoder: any Swift.Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue.unwrap())
        } else {
            try container.encode(FieldValue.serverTimestamp())
        }
    }
}

extension ServerTimestamp: Equatable where Value: Equatable {}
extension ServerTimestamp: Hashable where Value: Hashable {}
extension ServerTimestamp: Sendable where Value: Sendable {}

extension KeyedDecodingContainer {
    /// A missing `@ServerTimestamp` field decodes as nil (not as a missing key).
    public func decode<T>(_ type: ServerTimestamp<T>.Type, forKey key: Key) throws -> ServerTimestamp<T> {
        try decodeIfPresent(type, forKey: key) ?? ServerTimestamp(wrappedValue: nil)
    }
}

extension FieldValue: Encodable {
    /// Only `Firestore.Encoder` can write sentinels.
    public func encode(to encoder: any Swift.Encoder) throws {
        throw EncodingError.invalidValue(methodName, .init(
            codingPath: encoder.codingPath, debugDescription: "\(methodName) can only be encoded by Firestore.Encoder."))
    }
}

extension DocumentReference: Codable {
    /// Only `Firestore.Decoder` can decode references (it knows the database).
    public convenience init(from decoder: any Swift.Decoder) throws {
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath, debugDescription: "DocumentReference can only be decoded by Firestore.Decoder."))
    }

    /// Only `Firestore.Encoder` can encode references.
    public func encode(to encoder: any Swift.Encoder) throws {
        throw EncodingError.invalidValue(path, .init(
            codingPath: encoder.codingPath, debugDescription: "DocumentReference can only be encoded by Firestore.Encoder."))
    }
}
