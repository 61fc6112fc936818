public import HearthCore
public import Foundation

extension Timestamp {
    /// The timestamp of `date`, clamped to Firestore's range (year 1 to 9999); a NaN date is the epoch.
    public init(date: Date) {
        let raw = date.timeIntervalSince1970
        let interval = raw.isNaN ? 0 : min(max(raw, Double(Timestamp.minSeconds)), Double(Timestamp.maxSeconds) + 0.999_999_999)
        let seconds = interval.rounded(.down)
        let clamped = min(max(seconds, Double(Timestamp.minSeconds)), Double(Timestamp.maxSeconds))
        let nanos = clamped == seconds ? Int32(min(999_999_999, max(0, ((interval - seconds) * 1e9).rounded()))) : 0
        self.init(uncheckedSeconds: Int64(clamped), nanoseconds: nanos)
    }

    /// The current time.
    public init() { self.init(date: Date()) }

    /// The same instant as a `Date` (sub-microsecond precision may be lost).
    public func dateValue() -> Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }
}
