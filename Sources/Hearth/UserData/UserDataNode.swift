internal import HearthCore

/// User data read from Swift values (dictionaries or `Codable`), before it is split into fields,
/// an update mask and field transforms. Scalars are already engine `Value`s; sentinels keep
/// their meaning; containers stay nodes so sentinels can be found at any depth.
indirect enum UserDataNode {
    /// A scalar value (never an array or map: those are the cases below).
    case value(Value)
    /// An array; its elements never contain sentinels or arrays.
    case array([Value])
    /// A map of field names to nodes.
    case map([String: UserDataNode])
    /// A sentinel from `FieldValue`, with array operands already read.
    case sentinel(Sentinel)

    /// A `FieldValue` sentinel after reading its operands.
    enum Sentinel: Equatable {
        case delete
        case transform(FieldTransform.Kind)
    }
}
