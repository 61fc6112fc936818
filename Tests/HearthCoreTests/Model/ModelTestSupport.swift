@testable import HearthCore

/// A small deterministic generator (SplitMix64) so property tests replay the same cases every run.
struct ModelTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Helpers shared by the model tests.
enum ModelTestSupport {
    /// The error thrown by `body`, or nil when it does not throw.
    static func error(_ body: () throws(FirestoreError) -> Void) -> FirestoreError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// A database id known to be valid.
    static let database = DatabaseID(uncheckedProject: "p", database: "(default)")

    /// A reference value to `path` (unchecked) in database `project`/`database`.
    static func reference(_ path: String, project: String = "p", database: String = "(default)") -> Value {
        let segments = path.split(separator: "/").map(String.init)
        return .reference(
            DocumentReferenceValue(
                database: DatabaseID(uncheckedProject: project, database: database),
                key: DocumentKey(unchecked: ResourcePath(uncheckedSegments: segments))))
    }

    /// Firestore's vector encoding of `elements`.
    static func vector(_ elements: [Double]) -> Value {
        .map(["__type__": .string("__vector__"), "value": .array(elements.map(Value.double))])
    }

    /// A timestamp from parts known to be valid.
    static func timestamp(_ seconds: Int64, _ nanoseconds: Int32 = 0) -> Value {
        .timestamp(Timestamp(uncheckedSeconds: seconds, nanoseconds: nanoseconds))
    }

    /// A geopoint from coordinates known to be valid.
    static func geoPoint(_ latitude: Double, _ longitude: Double) -> Value {
        .geoPoint(GeoPoint(uncheckedLatitude: latitude, longitude: longitude))
    }
}
