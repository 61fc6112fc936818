import HearthCore

/// Documents holding every value type, with the edge cases a round trip must keep exactly.
enum TransferFixtures {
    static let otherDatabase = DatabaseID(uncheckedProject: "elsewhere", database: "archive")

    static func everyValue(in database: DatabaseID) throws -> [String: Value] {
        let target = try DocumentKey(validating: "users/ada")
        return [
            "null": .null,
            "true": .boolean(true),
            "false": .boolean(false),
            "max": .integer(.max),
            "min": .integer(.min),
            "zero": .integer(0),
            "negativeZero": .double(-0.0),
            "nan": .double(.nan),
            "infinity": .double(.infinity),
            "minusInfinity": .double(-.infinity),
            "pi": .double(3.141592653589793),
            "tiny": .double(.leastNonzeroMagnitude),
            "time": .timestamp(Timestamp(microseconds: 1_751_379_418_019_123)),
            "early": .timestamp(Timestamp(microseconds: -62_135_596_800_000_000)),
            "text": .string("héllo — 部屋 🐈"),
            "empty": .string(""),
            "bytes": .bytes([0, 1, 2, 254, 255]),
            "noBytes": .bytes([]),
            "here": .reference(DocumentReferenceValue(database: database, key: target)),
            "there": .reference(DocumentReferenceValue(database: otherDatabase, key: try DocumentKey(validating: "a/b/c/d"))),
            "place": .geoPoint(try GeoPoint(latitude: 45.3270631, longitude: -14.442176)),
            "list": .array([.integer(1), .string("two"), .null, .map(["three": .double(3)]), .string("no nested arrays")]),
            "emptyList": .array([]),
            "emptyMap": .map([:]),
            "nested": .map(["a": .map(["b": .map(["c": .array([.boolean(false)]), "d": .array([])])])]),
            "vector": .map(["__type__": .string("__vector__"), "value": .array([.double(1.5), .double(-2), .double(0)])]),
            "dotted.name": .string("field names with dots stay whole"),
        ]
    }
}
