import Foundation
import Hearth

/// The create/edit group form (RF5/CU06): place, type, member limit and description.
public struct GroupForm: Sendable {
    /// The group's name.
    public var title: String
    /// What the group is about.
    public var description: String
    /// The kind of activity.
    public var type: String
    /// How many members it admits (1 … 1000).
    public var memberLimit: Int
    /// Where it meets, latitude.
    public var latitude: Double
    /// Where it meets, longitude.
    public var longitude: Double
    /// The name of the place.
    public var placeName: String

    /// A form with every field given.
    public init(
        title: String, description: String, type: String, memberLimit: Int, latitude: Double, longitude: Double,
        placeName: String
    ) {
        self.title = title
        self.description = description
        self.type = type
        self.memberLimit = memberLimit
        self.latitude = latitude
        self.longitude = longitude
        self.placeName = placeName
    }

    /// The largest member limit a group may have.
    public static let maximumMemberLimit = 1000

    /// The editable fields as stored, or the first invalid field.
    func validated() throws(KomunitError) -> [String: Any] {
        guard memberLimit > 0, memberLimit <= Self.maximumMemberLimit else {
            throw .invalidField(name: "memberLimit", reason: "debe estar entre 1 y \(Self.maximumMemberLimit)")
        }
        let location = try FieldCheck.location(latitude: latitude, longitude: longitude, "location")
        return [
            "title": try FieldCheck.required(title, "title"),
            "description": description.trimmingCharacters(in: .whitespacesAndNewlines),
            "type": try FieldCheck.required(type, "type"),
            "memberLimit": memberLimit,
            "location": location,
            "placeName": try FieldCheck.required(placeName, "placeName"),
            "geohash": Geohash.encode(latitude: location.latitude, longitude: location.longitude),
        ]
    }
}
