public import Hearth

/// Synthetic groups spread uniformly over mainland Spain's bounding box, reproducible from a
/// seed: what the geo-search tests and the benchmark measure against.
public struct GroupSample: Sendable {
    /// Mainland Spain's bounding box, degrees.
    public static let latitudes = 36.0...43.79
    /// Mainland Spain's bounding box, degrees.
    public static let longitudes = -9.3...3.33

    /// The generator's state (SplitMix64).
    private var state: UInt64

    /// A sample seeded with `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    /// A point in the box.
    /// - Throws: never in practice (the box is valid); `GeoPoint`'s error otherwise.
    public mutating func point() throws(FirestoreError) -> GeoPoint {
        try GeoPoint(latitude: uniform(Self.latitudes), longitude: uniform(Self.longitudes))
    }

    /// The fields of a group document at `location` numbered `number`, owned by `ownerId`.
    public static func groupData(number: Int, location: GeoPoint, ownerId: String) -> [String: Any] {
        [
            "title": "Grupo \(number)", "description": "", "type": "música", "memberLimit": 10,
            "location": location, "placeName": "Lugar \(number)",
            "geohash": Geohash.encode(latitude: location.latitude, longitude: location.longitude),
            "ownerId": ownerId, "memberCount": 1, "lastMessageAt": Timestamp(microseconds: 1_700_000_000_000_000),
        ]
    }
}
