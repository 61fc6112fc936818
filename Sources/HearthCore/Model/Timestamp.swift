/// A point in time: seconds since the Unix epoch plus nanoseconds, in Firestore's range
/// (0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z).
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int64
    /// Nanoseconds within the second, 0 … 999,999,999.
    public let nanoseconds: Int32

    /// The smallest representable second (0001-01-01T00:00:00Z).
    public static let minSeconds: Int64 = -62_135_596_800
    /// The largest representable second (9999-12-31T23:59:59Z).
    public static let maxSeconds: Int64 = 253_402_300_799

    /// Creates a timestamp, validating both parts.
    /// - Throws: `FirestoreError` (`INVALID_ARGUMENT`) when out of range, with the SDK's message.
    public init(seconds: Int64, nanoseconds: Int32) throws(FirestoreError) {
        guard nanoseconds >= 0, nanoseconds <= 999_999_999 else {
            throw FirestoreError(.invalidArgument, "Timestamp nanoseconds out of range: \(nanoseconds)")
        }
        guard seconds >= Timestamp.minSeconds, seconds <= Timestamp.maxSeconds else {
            throw FirestoreError(.invalidArgument, "Timestamp seconds out of range: \(seconds)")
        }
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Creates a timestamp from parts the caller has already validated.
    package init(uncheckedSeconds seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Creates a timestamp from microseconds since the epoch (Firestore's version unit).
    public init(microseconds: Int64) {
        let (q, r) = microseconds.quotientAndRemainder(dividingBy: 1_000_000)
        if r < 0 {
            self.init(uncheckedSeconds: q - 1, nanoseconds: Int32((r + 1_000_000) * 1_000))
        } else {
            self.init(uncheckedSeconds: q, nanoseconds: Int32(r * 1_000))
        }
    }

    /// Microseconds since the epoch, rounding down as Firestore stores timestamps.
    public var microseconds: Int64 { seconds * 1_000_000 + Int64(nanoseconds / 1_000) }

    /// This timestamp truncated to whole microseconds ("rounded down", as Firestore stores it).
    public var truncatedToMicroseconds: Timestamp {
        Timestamp(uncheckedSeconds: seconds, nanoseconds: nanoseconds - nanoseconds % 1_000)
    }

    /// Orders chronologically.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `Timestamp(seconds=…, nanoseconds=…)`.
    public var description: String { "Timestamp(seconds=\(seconds), nanoseconds=\(nanoseconds))" }
}
