import Hearth
import Komunit
import Testing

/// CU08 create/edit events (owner only), CU09 join/leave events (members only), availability windows.
@Suite("Events")
final class EventTests: AppSuite {
    static let day = Timestamp(microseconds: 1_900_000_000_000_000)
    static func at(_ hours: Int64) -> Timestamp { Timestamp(microseconds: (day.seconds + hours * 3600) * 1_000_000) }

    @Test func onlyTheOwnerCreatesAndEditsEvents() async throws {
        let (ana, bruno, _, groupId) = try await fixture.band()
        let form = EventForm(title: "Ensayo", description: "Traed las partituras", placeName: "Local 3", date: Self.day, isFlexible: true)
        await #expect(throws: KomunitError.notOwner) { try await bruno.createEvent(in: groupId, form) }
        let event = try await ana.createEvent(in: groupId, form)
        let eventId = try #require(event.id)
        #expect(event.title == "Ensayo" && event.placeName == "Local 3" && event.isFlexible && event.createdAt != nil)
        var edited = form
        edited.title = "Ensayo general"
        edited.placeName = "  Sala Trinchera "
        edited.date = Self.at(24)
        let moved = try await ana.editEvent(eventId, in: groupId, with: edited)
        #expect(moved.date == Self.at(24) && moved.placeName == "Sala Trinchera")
        await #expect(throws: KomunitError.notOwner) { try await bruno.editEvent(eventId, in: groupId, with: form) }
        edited.isFlexible = false
        await #expect(
            throws: KomunitError.invalidField(name: "isFlexible", reason: "no se puede cambiar después de crear el evento")
        ) { try await ana.editEvent(eventId, in: groupId, with: edited) }
        var blank = form
        blank.title = ""
        await #expect(throws: KomunitError.invalidField(name: "title", reason: "es obligatorio")) {
            try await ana.createEvent(in: groupId, blank)
        }
        var nowhere = form
        nowhere.placeName = " "
        await #expect(throws: KomunitError.invalidField(name: "placeName", reason: "es obligatorio")) {
            try await ana.createEvent(in: groupId, nowhere)
        }
        await #expect(throws: KomunitError.invalidField(name: "placeName", reason: "es obligatorio")) {
            try await ana.editEvent(eventId, in: groupId, with: nowhere)
        }
        #expect(try await bruno.events(of: groupId).map(\.title) == ["Ensayo general"])
    }

    @Test func membersJoinAndLeaveEventsWithOptionalWindows() async throws {
        let (ana, bruno, carmen, groupId) = try await fixture.band()
        let flexible = try #require(
            try await ana.createEvent(in: groupId, .rehearsal("Jam", date: Self.day, isFlexible: true)).id)
        let fixed = try #require(
            try await ana.createEvent(in: groupId, .rehearsal("Concierto", date: Self.at(48))).id)
        let window = AvailabilityWindow(start: Self.at(1), end: Self.at(3))
        let attendance = try await bruno.joinEvent(flexible, in: groupId, window: window)
        #expect(attendance.preferredStart == Self.at(1) && attendance.preferredEnd == Self.at(3))
        _ = try await ana.joinEvent(flexible, in: groupId)
        await #expect(throws: KomunitError.invalidAvailability("el inicio debe ser anterior al final")) {
            try await bruno.joinEvent(flexible, in: groupId, window: AvailabilityWindow(start: Self.at(3), end: Self.at(3)))
        }
        await #expect(throws: KomunitError.invalidAvailability("este evento tiene una hora fija")) {
            try await bruno.joinEvent(fixed, in: groupId, window: window)
        }
        _ = try await bruno.joinEvent(fixed, in: groupId)
        await #expect(throws: KomunitError.notMember) { try await carmen.joinEvent(flexible, in: groupId) }
        await #expect(throws: KomunitError.eventNotFound(id: "nope")) { try await bruno.joinEvent("nope", in: groupId) }
        #expect(Set(try await ana.attendances(of: flexible, in: groupId).map(\.userId)) == [ana.uid, bruno.uid])
        try await bruno.leaveEvent(flexible, in: groupId)
        #expect(try await ana.attendances(of: flexible, in: groupId).map(\.userId) == [ana.uid])
        #expect(try await bruno.attendances(of: fixed, in: groupId).map(\.userId) == [bruno.uid])
    }
}
