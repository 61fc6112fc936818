@testable import HearthCore

/// The model tests use the encoding tests' seeded generator.
typealias ModelTestRandom = SeededGenerator

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
