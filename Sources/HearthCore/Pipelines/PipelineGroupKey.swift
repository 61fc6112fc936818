/// The values of one group of an `aggregate` or `distinct` stage, as a dictionary key: numbers
/// that are equal group together (1 and 1.0, 0.0 and -0.0), every NaN is one group, strings
/// compare by their UTF-8 bytes.
struct PipelineGroupKey: Hashable {
    /// The group's values, numbers normalised (`Value.groupingKey`).
    let values: [Value]

    /// The key of a group with these values.
    init(_ values: [Value]) { self.values = values.map(\.groupingKey) }

    static func == (left: PipelineGroupKey, right: PipelineGroupKey) -> Bool { left.values == right.values }

    /// Whether two group values fall in the same group (as their keys would be equal).
    static func sameGroup(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.string(let a), .string(let b)): String.equalUTF8(a, b)
        case (.integer(let a), .integer(let b)): a == b
        case (.boolean(let a), .boolean(let b)): a == b
        case (.null, .null): true
        default: left.groupingKey == right.groupingKey
        }
    }

    func hash(into hasher: inout Hasher) {
        for value in values { Self.hash(value, into: &hasher) }
    }

    /// Hashes `value` consistently with `Value`'s `==` (representation equality).
    static func hash(_ value: Value, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0 as UInt8)
        case .boolean(let flag): hasher.combine(1 as UInt8); hasher.combine(flag)
        case .integer(let number): hasher.combine(2 as UInt8); hasher.combine(number)
        case .double(let number): hasher.combine(3 as UInt8); hasher.combine(number.isNaN ? UInt64.max : number.bitPattern)
        case .timestamp(let time): hasher.combine(4 as UInt8); hasher.combine(time)
        case .string(let text):
            hasher.combine(5 as UInt8)
            var copy = text
            copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .bytes(let bytes): hasher.combine(6 as UInt8); bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        case .reference(let reference): hasher.combine(7 as UInt8); hasher.combine(reference)
        case .geoPoint(let point):
            hasher.combine(8 as UInt8)
            hasher.combine(point.latitude.bitPattern)
            hasher.combine(point.longitude.bitPattern)
        case .array(let elements):
            hasher.combine(9 as UInt8)
            hasher.combine(elements.count)
            for element in elements { hash(element, into: &hasher) }
        case .map(let fields):
            hasher.combine(10 as UInt8)
            hasher.combine(fields.count)
            for name in fields.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                var copy = name
                copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
                if let member = fields[name] { hash(member, into: &hasher) }
            }
        }
    }
}

extension Value {
    /// The value as a group key: numbers that are equal (1 and 1.0) group together.
    var groupingKey: Value {
        switch self {
        case .double(let number) where number.isFinite && number == number.rounded() && Swift.abs(number) < 9.2e18:
            .integer(Int64(number))
        case .array(let elements): .array(elements.map(\.groupingKey))
        case .map(let fields): .map(fields.mapValues(\.groupingKey))
        default: self
        }
    }
}
