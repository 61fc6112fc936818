internal import HearthCore

/// The `Swift.Encoder` behind `Firestore.Encoder`: values encode themselves into slots.
final class NodeEncoder: Swift.Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// What the value encoded itself as (nil until it encodes something).
    var slot: EncodingSlot?
    /// Shared by every encoder of one `encode` call.
    let context: EncodingContext

    init(path: [any CodingKey], context: EncodingContext) {
        codingPath = path
        self.context = context
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let storage: MapStorage
        if case .map(let existing) = slot {
            storage = existing
        } else {
            storage = MapStorage(path: codingPath)
            slot = .map(storage)
        }
        return KeyedEncodingContainer(KeyedNodeContainer(storage: storage, codingPath: codingPath, context: context))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage: ArrayStorage
        if case .array(let existing) = slot {
            storage = existing
        } else {
            storage = ArrayStorage()
            slot = .array(storage)
        }
        return UnkeyedNodeContainer(storage: storage, codingPath: codingPath, context: context)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleNodeContainer(encoder: self) }
}

/// Encodes a scalar the standard library knows.
private func scalar(_ value: Value) -> EncodingSlot { .node(.value(value)) }

/// Checks an unsigned integer fits Firestore's 64-bit signed integers.
private func signed<T: BinaryInteger>(_ value: T, _ path: [any CodingKey]) throws -> EncodingSlot {
    guard let exact = Int64(exactly: value) else {
        throw EncodingError.invalidValue(value, .init(
            codingPath: path, debugDescription: "\(value) does not fit in a 64-bit signed integer."))
    }
    return scalar(.integer(exact))
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: MapStorage
    let codingPath: [any CodingKey]
    let context: EncodingContext

    private func set(_ slot: EncodingSlot, _ key: Key) { storage.fields[key.stringValue] = slot }

    mutating func encodeNil(forKey key: Key) throws { set(scalar(.null), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(scalar(.boolean(value)), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(scalar(.string(value)), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(scalar(.double(value)), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(scalar(.double(Double(value))), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(scalar(.integer(Int64(value))), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(scalar(.integer(Int64(value))), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(scalar(.integer(Int64(value))), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(scalar(.integer(Int64(value))), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(scalar(.integer(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(try signed(value, codingPath + [key]), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(scalar(.integer(Int64(value))), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(scalar(.integer(Int64(value))), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(scalar(.integer(Int64(value))), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(try signed(value, codingPath + [key]), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if value is any DocumentIDProperty { return }  // the id is the document's name, never a field
        set(try NodeEncoding.slot(for: value, at: codingPath + [key], context: context), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = MapStorage(path: codingPath + [key])
        set(.map(nested), key)
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(storage: nested, codingPath: codingPath + [key], context: context))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayStorage()
        set(.array(nested), key)
        return UnkeyedNodeContainer(storage: nested, codingPath: codingPath + [key], context: context)
    }

    /// The superclass's encoder, under the conventional key "super" (whatever `Key` can spell).
    mutating func superEncoder() -> any Swift.Encoder {
        let path = codingPath + [NodeEncoding.Key("super")]
        let encoder = NodeEncoder(path: path, context: context)
        let nested = MapStorage(path: path)
        encoder.slot = .map(nested)
        storage.fields["super"] = .map(nested)
        return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Swift.Encoder {
        let encoder = NodeEncoder(path: codingPath + [key], context: context)
        let nested = MapStorage(path: codingPath + [key])
        encoder.slot = .map(nested)
        set(.map(nested), key)
        return encoder
    }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let storage: ArrayStorage
    let codingPath: [any CodingKey]
    let context: EncodingContext
    var count: Int { storage.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [NodeEncoding.Key(index: count)] }
    private func append(_ slot: EncodingSlot) { storage.elements.append(slot) }

    mutating func encodeNil() throws { append(scalar(.null)) }
    mutating func encode(_ value: Bool) throws { append(scalar(.boolean(value))) }
    mutating func encode(_ value: String) throws { append(scalar(.string(value))) }
    mutating func encode(_ value: Double) throws { append(scalar(.double(value))) }
    mutating func encode(_ value: Float) throws { append(scalar(.double(Double(value)))) }
    mutating func encode(_ value: Int) throws { append(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: Int8) throws { append(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: Int16) throws { append(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: Int32) throws { append(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: Int64) throws { append(scalar(.integer(value))) }
    mutating func encode(_ value: UInt) throws { append(try signed(value, nextPath)) }
    mutating func encode(_ value: UInt8) throws { append(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt16) throws { append(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt32) throws { append(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt64) throws { append(try signed(value, nextPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws { append(try NodeEncoding.slot(for: value, at: nextPath, context: context)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = MapStorage(path: nextPath)
        let path = nextPath
        append(.map(nested))
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(storage: nested, codingPath: path, context: context))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayStorage()
        let path = nextPath
        append(.array(nested))
        return UnkeyedNodeContainer(storage: nested, codingPath: path, context: context)
    }

    mutating func superEncoder() -> any Swift.Encoder {
        let encoder = NodeEncoder(path: nextPath, context: context)
        let nested = MapStorage(path: nextPath)
        encoder.slot = .map(nested)
        append(.map(nested))
        return encoder
    }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
    let encoder: NodeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ slot: EncodingSlot) { encoder.slot = slot }

    mutating func encodeNil() throws { set(scalar(.null)) }
    mutating func encode(_ value: Bool) throws { set(scalar(.boolean(value))) }
    mutating func encode(_ value: String) throws { set(scalar(.string(value))) }
    mutating func encode(_ value: Double) throws { set(scalar(.double(value))) }
    mutating func encode(_ value: Float) throws { set(scalar(.double(Double(value)))) }
    mutating func encode(_ value: Int) throws { set(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: Int8) throws { set(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: Int16) throws { set(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: Int32) throws { set(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: Int64) throws { set(scalar(.integer(value))) }
    mutating func encode(_ value: UInt) throws { set(try signed(value, codingPath)) }
    mutating func encode(_ value: UInt8) throws { set(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt16) throws { set(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt32) throws { set(scalar(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt64) throws { set(try signed(value, codingPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws { set(try NodeEncoding.slot(for: value, at: codingPath, context: encoder.context)) }
}
