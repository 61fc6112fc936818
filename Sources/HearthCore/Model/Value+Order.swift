extension Value {
    /// The rank of a value's type in Firestore's cross-type order; NaN is its own rank, before numbers.
    package enum TypeOrder: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// `null`.
        case null = 0
        /// BSON MinKey: below every value but null.
        case minKey = 1
        /// `false < true`.
        case boolean = 2
        /// A double (or Decimal128) holding NaN: below every other number.
        case nan = 3
        /// Integers, doubles, BSON Int32 and Decimal128, interleaved by numeric value.
        case number = 4
        /// Timestamps, chronologically.
        case timestamp = 5
        /// BSON timestamps: seconds, then increment.
        case bsonTimestamp = 6
        /// Strings, by UTF-8 bytes.
        case string = 7
        /// Bytes, unsigned lexicographically.
        case bytes = 8
        /// BSON binary: subtype, then the data's bytes.
        case bsonBinary = 9
        /// Document references: project, database, then path segments.
        case reference = 10
        /// BSON ObjectIds, by their 12 bytes.
        case objectID = 11
        /// Geopoints: latitude, then longitude.
        case geoPoint = 12
        /// BSON regular expressions: pattern, then options.
        case regex = 13
        /// Arrays, element by element.
        case array = 14
        /// Vectors (maps with `__type__: "__vector__"`): dimension first, then elements.
        case vector = 15
        /// Maps, key-value pair by pair in UTF-8 key order.
        case map = 16
        /// BSON MaxKey: above every value.
        case maxKey = 17

        /// Orders by rank.
        package static func < (lhs: TypeOrder, rhs: TypeOrder) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The rank of this value's type in Firestore's order.
    package var typeOrder: TypeOrder {
        switch self {
        case .null: return .null
        case .boolean: return .boolean
        case .integer: return .number
        case .double(let d): return d.isNaN ? .nan : .number
        case .timestamp: return .timestamp
        case .string: return .string
        case .bytes: return .bytes
        case .reference: return .reference
        case .geoPoint: return .geoPoint
        case .array: return .array
        case .map(let fields):
            if fields.count == 1, let bson = BSONValue(fields: fields) { return bson.typeOrder }
            return isVector ? .vector : .map
        }
    }

    /// Firestore's total order over values: returns -1, 0 or 1.
    ///
    /// null < MinKey < boolean < NaN < numbers < timestamp < BSON timestamp < string < bytes <
    /// BSON binary < reference < ObjectId < geopoint < regex < array < vector < map < MaxKey.
    /// Integers, doubles, Int32 and Decimal128 compare exactly by numeric value (`-0.0 == 0.0`;
    /// see `BSONDecimal.swift` for the one band where a decimal's fraction is dropped); strings
    /// and map keys compare by UTF-8 bytes; arrays and maps element by element with the shorter
    /// one first on a tie; vectors by dimension first; the BSON types as `Value+BSONOrder.swift` says.
    package static func compare(_ lhs: Value, _ rhs: Value) -> Int {
        let leftType = lhs.typeOrder
        let rightType = rhs.typeOrder
        if leftType != rightType { return leftType < rightType ? -1 : 1 }
        switch (lhs, rhs) {
        case (.null, .null): return 0
        case (.boolean(let a), .boolean(let b)): return a == b ? 0 : (b ? -1 : 1)
        case (.integer(let a), .integer(let b)): return sign(a, b)
        case (.double(let a), .double(let b)): return compareDoubles(a, b)
        case (.integer(let a), .double(let b)): return -compareMixed(b, a)
        case (.double(let a), .integer(let b)): return compareMixed(a, b)
        case (.timestamp(let a), .timestamp(let b)):
            return a.seconds != b.seconds ? sign(a.seconds, b.seconds) : sign(a.nanoseconds, b.nanoseconds)
        case (.string(let a), .string(let b)): return String.compareUTF8(a, b)
        case (.bytes(let a), .bytes(let b)): return UTF8KeyOrder.compareBytes(a, b)
        case (.reference(let a), .reference(let b)): return compareReferences(a, b)
        case (.geoPoint(let a), .geoPoint(let b)):
            let latitude = compareDoubles(a.latitude, b.latitude)
            return latitude != 0 ? latitude : compareDoubles(a.longitude, b.longitude)
        case (.array(let a), .array(let b)): return compareArrays(a, b)
        case (.map(let a), .map(let b)):
            switch leftType {
            case .vector: return compareVectors(a, b)
            case .map: return compareMaps(a, b)
            default: return compareBSON(lhs, rhs, type: leftType)
            }
        default:
            // A BSON number (or NaN) against an int64 or double; other equal type orders are above.
            return compareBSON(lhs, rhs, type: leftType)
        }
    }

    /// Firestore's query and transform equality: `compare(self, other) == 0` (`1 == 1.0`, NaN == NaN, `-0.0 == 0.0`).
    package func isEquivalent(to other: Value) -> Bool { Value.compare(self, other) == 0 }

    /// -1, 0 or 1 as `a` is below, equal to or above `b`.
    static func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a > b ? 1 : 0) }

    /// Doubles numerically, `-0.0 == 0.0`, NaN below everything and equal to NaN.
    static func compareDoubles(_ a: Double, _ b: Double) -> Int {
        if a.isNaN || b.isNaN { return a.isNaN ? (b.isNaN ? 0 : -1) : 1 }
        return sign(a, b)
    }

    /// Compares a double with an integer exactly, as Firestore's `CompareMixedNumber` does.
    static func compareMixed(_ d: Double, _ i: Int64) -> Int {
        if d.isNaN { return -1 }
        if d < -0x1p63 { return -1 }  // also -infinity
        if d >= 0x1p63 { return 1 }   // also +infinity
        // Here -2^63 <= d < 2^63, so truncation toward zero is exact and fits in Int64.
        let truncated = Int64(d)
        if truncated != i { return truncated < i ? -1 : 1 }
        return sign(d - Double(truncated), 0)
    }

    private static func compareReferences(_ a: DocumentReferenceValue, _ b: DocumentReferenceValue) -> Int {
        let project = String.compareUTF8(a.database.project, b.database.project)
        if project != 0 { return project }
        let database = String.compareUTF8(a.database.database, b.database.database)
        if database != 0 { return database }
        return ResourcePath.compare(a.key.path, b.key.path)
    }

    private static func compareArrays(_ a: [Value], _ b: [Value]) -> Int {
        for (left, right) in zip(a, b) {
            let result = compare(left, right)
            if result != 0 { return result }
        }
        return sign(a.count, b.count)
    }

    private static func compareVectors(_ a: [String: Value], _ b: [String: Value]) -> Int {
        let left = a["value"]?.arrayValue ?? []
        let right = b["value"]?.arrayValue ?? []
        if left.count != right.count { return sign(left.count, right.count) }
        return compareArrays(left, right)
    }

    private static func compareMaps(_ a: [String: Value], _ b: [String: Value]) -> Int {
        let leftKeys = sortedKeys(a)
        let rightKeys = sortedKeys(b)
        for (leftKey, rightKey) in zip(leftKeys, rightKeys) {
            let keyOrder = String.compareUTF8(leftKey, rightKey)
            if keyOrder != 0 { return keyOrder }
            let valueOrder = compare(a[leftKey] ?? .null, b[rightKey] ?? .null)
            if valueOrder != 0 { return valueOrder }
        }
        return sign(leftKeys.count, rightKeys.count)
    }

    /// A map's keys in UTF-8 byte order, the order Firestore stores and compares them in.
    package static func sortedKeys(_ fields: [String: Value]) -> [String] {
        fields.keys.sorted { String.compareUTF8($0, $1) < 0 }
    }
}
