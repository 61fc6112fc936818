import Foundation
public import Hearth

/// The create/edit event form (RF11/CU08, A.8): title, description, place, date and time, and
/// whether the time is flexible.
public struct EventForm: Sendable {
    /// The event's title.
    public var title: String
    /// Details.
    public var description: String
    /// Where it takes place (the "lugar" of CU08).
    public var placeName: String
    /// When it takes place.
    public var date: Timestamp
    /// Whether attendees may give a preferred window of time.
    public var isFlexible: Bool

    /// A form with every field given.
    public init(title: String, description: String, placeName: String, date: Timestamp, isFlexible: Bool) {
        self.title = title
        self.description = description
        self.placeName = placeName
        self.date = date
        self.isFlexible = isFlexible
    }

    /// The fields as stored (without `createdAt`), or the first invalid field.
    func validated() throws(KomunitError) -> [String: Any] {
        [
            "title": try FieldCheck.required(title, "title"),
            "description": description.trimmingCharacters(in: .whitespacesAndNewlines),
            "placeName": try FieldCheck.required(placeName, "placeName"),
            "date": date,
            "isFlexible": isFlexible,
        ]
    }
}

/// When an attendee of a flexible event would like it to happen: `start` strictly before `end`.
public struct AvailabilityWindow: Sendable, Equatable {
    /// The earliest time that suits the attendee.
    public var start: Timestamp
    /// The latest time that suits the attendee.
    public var end: Timestamp

    /// A window from `start` to `end`.
    public init(start: Timestamp, end: Timestamp) {
        self.start = start
        self.end = end
    }
}
