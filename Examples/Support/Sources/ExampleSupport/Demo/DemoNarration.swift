public import Hearth
import Foundation

/// Small renderings every example app's demo prints: counts with their nouns and UTC times.
public enum DemoNarration {
    /// `1 ad`, `2 ads`, `3 chat-list entries` (with `plural` given).
    public static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }

    /// `2026-11-26 14:03:22.123 UTC`, or `(pending)` for a server timestamp not yet resolved.
    public static func time(_ timestamp: Timestamp?) -> String {
        guard let timestamp else { return "(pending)" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS 'UTC'"
        return formatter.string(from: timestamp.dateValue())
    }
}
