import HearthCore

/// The rules language's `==`: numeric across int and float, structural for collections.
extension RuleValue: Equatable {
    /// `lhs == rhs` as rules evaluate it; values of unrelated types are simply unequal.
    static func == (lhs: RuleValue, rhs: RuleValue) -> Bool {
        // The commonest comparisons, answered before pairing the operands up (which copies them).
        if case .null = rhs { return lhs.isNull }
        if case .null = lhs { return false }
        if case .string(let a) = lhs, case .string(let b) = rhs { return String.equalUTF8(a, b) }
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.float(let a), .float(let b)): return a == b
        case (.int(let a), .float(let b)): return Double(a) == b
        case (.float(let a), .int(let b)): return a == Double(b)
        case (.string(let a), .string(let b)): return String.equalUTF8(a, b)
        case (.bytes(let a), .bytes(let b)): return a == b
        case (.list(let a), .list(let b)): return a == b
        case (.map(let a), .map(let b)): return a == b
        case (.set(let a), .set(let b)): return a == b
        case (.path(let a), .path(let b)): return a == b
        case (.timestamp(let a), .timestamp(let b)): return a == b
        case (.duration(let a), .duration(let b)): return a == b
        case (.latlng(let a), .latlng(let b)): return a == b
        case (.mapDiff(let a), .mapDiff(let b)): return a == b
        default: return false
        }
    }

    /// Exact identity: same variant and same contents (an int `1` is not a float `1.0`); for tests.
    func isIdentical(to other: RuleValue) -> Bool {
        switch (self, other) {
        case (.int, .float), (.float, .int): return false
        case (.float(let a), .float(let b)): return a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
        case (.map(let a), .map(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let match = b[key], value.isIdentical(to: match) else { return false }
            }
            return true
        default:
            return typeName == other.typeName && self == other
        }
    }
}

extension RuleValue: Hashable {
    /// Hashes consistently with `==`: ints and floats hash by numeric value, maps and sets by content.
    func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2)
            hasher.combine(RuleValue.numericHashKey(Double(value)))
        case .float(let value):
            hasher.combine(2)
            hasher.combine(RuleValue.numericHashKey(value))
        case .string(let value):
            hasher.combine(3)
            for byte in value.utf8 { hasher.combine(byte) }
            hasher.combine(value.utf8.count)
        case .bytes(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .list(let elements):
            hasher.combine(5)
            hasher.combine(elements.count)
            for element in elements { hasher.combine(element) }
        case .map(let fields):
            hasher.combine(6)
            hasher.combine(RuleValue.unorderedHash(fields.map { RuleValue.entryHash(key: $0.key, value: $0.value) }))
        case .set(let set):
            hasher.combine(7)
            hasher.combine(set)
        case .path(let path):
            hasher.combine(8)
            hasher.combine(path)
        case .timestamp(let value):
            hasher.combine(9)
            hasher.combine(value)
        case .duration(let value):
            hasher.combine(10)
            hasher.combine(value)
        case .latlng(let value):
            hasher.combine(11)
            hasher.combine(value)
        case .mapDiff(let value):
            hasher.combine(12)
            hasher.combine(value)
        }
    }

    /// The bit pattern a number hashes by: `-0.0` folded into `0.0` so both hash alike.
    private static func numericHashKey(_ value: Double) -> UInt64 {
        value == 0 ? 0 : value.bitPattern
    }

    /// One map entry's hash, combined order-independently by `unorderedHash`.
    private static func entryHash(key: String, value: RuleValue) -> Int {
        var hasher = Hasher()
        hasher.combine(RuleValue.string(key))
        hasher.combine(value)
        return hasher.finalize()
    }

    /// Combines element hashes so that their order does not matter.
    static func unorderedHash(_ hashes: [Int]) -> Int {
        var sum = 0
        var xor = 0
        for hash in hashes {
            sum = sum &+ hash
            xor ^= hash
        }
        return sum ^ (xor &* 31) ^ hashes.count
    }
}
