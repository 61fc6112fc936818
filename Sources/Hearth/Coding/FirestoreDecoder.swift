internal import HearthCore
import Foundation

extension Firestore {
    /// Decodes document data into `Decodable` values (the SDK's `Firestore.Decoder`), reading
    /// Hearth's values directly: timestamps into `Timestamp` or `Date`, bytes into `Data`,
    /// references into `DocumentReference`, and `@DocumentID` from the document's reference.
    public struct Decoder: Sendable {
        /// Creates a decoder.
        public init() {}

        /// Decodes `data` (a document's `[String: Any]`), with `reference` filling `@DocumentID`
        /// properties and resolving references.
        public func decode<T: Decodable>(_ type: T.Type, from data: Any, in reference: DocumentReference? = nil) throws -> T {
            var reader = UserDataReader(method: "decode")
            let value: Value
            do {
                value = try reader.readPlain(data)
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.message))
            }
            return try NodeDecoder(value: value, path: [], reference: reference).decodeValue(type)
        }

        /// Decodes stored fields.
        func decode<T: Decodable>(_ type: T.Type, fromFields fields: [String: Value], in reference: DocumentReference?) throws -> T {
            try NodeDecoder(value: .map(fields), path: [], reference: reference).decodeValue(type)
        }
    }
}

/// The `Swift.Decoder` behind `Firestore.Decoder`.
struct NodeDecoder: Swift.Decoder {
    let value: Value
    let codingPath: [any CodingKey]
    let reference: DocumentReference?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: Value, path: [any CodingKey], reference: DocumentReference?) {
        self.value = value
        self.codingPath = path
        self.reference = reference
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .map(let fields) = value else { throw mismatch([String: Any].self) }  // null → valueNotFound
        return KeyedDecodingContainer(KeyedValueContainer<Key>(fields: fields, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self) }
        return UnkeyedValueContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueContainer(decoder: self) }

    /// A decoder for a child value.
    func child(_ value: Value, key: any CodingKey) -> NodeDecoder {
        NodeDecoder(value: value, path: codingPath + [key], reference: reference)
    }

    /// `valueNotFound` for null, `typeMismatch` otherwise, naming what was found.
    func mismatch(_ type: Any.Type) -> DecodingError {
        if value == .null {
            return DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Expected \(type) but found null."))
        }
        return DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected \(type) but found \(Self.kind(of: value)) (\(value))."))
    }

    /// The kind of a stored value, in words.
    static func kind(of value: Value) -> String {
        switch value {
        case .null: "null"
        case .boolean: "a boolean"
        case .integer: "an integer"
        case .double: "a double"
        case .timestamp: "a timestamp"
        case .string: "a string"
        case .bytes: "bytes"
        case .reference: "a document reference"
        case .geoPoint: "a geopoint"
        case .array: "an array"
        case .map: "a map"
        }
    }

    /// Decodes this value as `T`: Firestore's own types natively, everything else through `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Timestamp.Type:
            guard case .timestamp(let t) = value else { throw mismatch(type) }
            return try cast(t)
        case is Date.Type:
            guard case .timestamp(let t) = value else { throw mismatch(type) }
            return try cast(t.dateValue())
        case is GeoPoint.Type:
            guard case .geoPoint(let g) = value else { throw mismatch(type) }
            return try cast(g)
        case is VectorValue.Type:
            guard let numbers = VectorSearch.elements(of: value) else { throw mismatch(type) }
            return try cast(VectorValue(numbers))
        case is Data.Type:
            guard case .bytes(let b) = value else { throw mismatch(type) }
            return try cast(Data(b))
        case is Decimal.Type:
            switch value {
            case .integer(let i): return try cast(Decimal(i))
            case .double(let d): return try cast(Decimal(d))
            default: throw mismatch(type)
            }
        case is URL.Type:
            guard case .string(let s) = value, let url = URL(string: s) else { throw mismatch(type) }
            return try cast(url)
        case is DocumentReference.Type:
            guard case .reference(let r) = value else { throw mismatch(type) }
            guard let firestore = reference?.firestore else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: codingPath,
                    debugDescription: "A DocumentReference can only be decoded with a reference context (decode(_:from:in:))."))
            }
            return try cast(ValueBridge.reference(r, firestore: firestore))
        default:
            return try T(from: self)
        }
    }

    private func cast<T>(_ value: Any) throws -> T {
        guard let typed = value as? T else { throw mismatch(T.self) }
        return typed
    }

    // MARK: Scalars

    func decodeBool() throws -> Bool {
        guard case .boolean(let b) = value else { throw mismatch(Bool.self) }
        return b
    }

    func decodeString() throws -> String {
        guard case .string(let s) = value else { throw mismatch(String.self) }
        return s
    }

    /// A Float, refusing finite values beyond Float's range.
    func decodeFloat() throws -> Float {
        let double = try decodeDouble()
        guard !double.isFinite || abs(double) <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(double) does not fit in Float."))
        }
        return Float(double)
    }

    func decodeDouble() throws -> Double {
        switch value {
        case .double(let d): return d
        case .integer(let i): return Double(i)
        default: throw mismatch(Double.self)
        }
    }

    /// An integer of type `T`: from an integer in range, or a double with an exact integral value.
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let result: T?
        switch value {
        case .integer(let i): result = T(exactly: i)
        case .double(let d): result = T(exactly: d)
        default: throw mismatch(type)
        }
        guard let result else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath, debugDescription: "\(value) does not fit in \(type)."))
        }
        return result
    }
}

struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: Value]
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func child(_ key: Key) throws -> NodeDecoder {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(
                codingPath: codingPath, debugDescription: "No field named '\(key.stringValue)'."))
        }
        return decoder.child(value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = fields[key.stringValue] else { return true }
        return value == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeDouble() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decodeFloat() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decodeInteger(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decodeInteger(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decodeInteger(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decodeInteger(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decodeInteger(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decodeInteger(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decodeInteger(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decodeInteger(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decodeInteger(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decodeInteger(type) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let property = type as? any DocumentIDProperty.Type {
            guard let reference = decoder.reference else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: codingPath + [key],
                    debugDescription: "A @DocumentID property can only be decoded with a document reference (decode(_:from:in:))."))
            }
            guard fields[key.stringValue] == nil else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: codingPath + [key],
                    debugDescription: "Decoding a @DocumentID property '\(key.stringValue)' found a field of the same "
                        + "name in the document \(reference.path); remove the field or rename the property."))
            }
            guard let made = try property.make(for: decoder.reference) as? T else { throw decoder.mismatch(type) }
            return made
        }
        return try child(key).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    /// The superclass's decoder: the value under the conventional key "super" (null when absent).
    func superDecoder() throws -> any Swift.Decoder {
        decoder.child(fields["super"] ?? .null, key: NodeEncoding.Key("super"))
    }
    func superDecoder(forKey key: Key) throws -> any Swift.Decoder { try child(key) }
}

struct UnkeyedValueContainer: UnkeyedDecodingContainer {
    let elements: [Value]
    let decoder: NodeDecoder
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [Value], decoder: NodeDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    private mutating func next() throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "The array has no more elements."))
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: NodeEncoding.Key(index: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeDouble() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeFloat() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInteger(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeInteger(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Swift.Decoder { try next() }
}

struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloat() }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
