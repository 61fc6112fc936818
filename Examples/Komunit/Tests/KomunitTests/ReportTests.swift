import Hearth
import Komunit
import Testing

/// Report content (§6.2.2): a `reports` document naming a group, message or event, filed as the user.
@Suite("Reports")
final class ReportTests: AppSuite {
    @Test func usersReportWhatTheyCanSee() async throws {
        let (ana, bruno, carmen, groupId) = try await fixture.band()
        let messageId = try await ana.sendMessage("Texto ofensivo", to: groupId)
        let eventId = try #require(try await ana.createEvent(in: groupId, .rehearsal()).id)

        let byBruno = try await bruno.report(.message(messageId, inGroup: groupId), reason: " Insultos ")
        _ = try await bruno.report(.event(eventId, inGroup: groupId), reason: "Evento falso")
        _ = try await carmen.report(.group(groupId), reason: "Spam")  // any signed-in user sees the group

        let admin = try fixture.adminView()
        defer { admin.close() }
        let stored = try await admin.collection("reports").document(byBruno).getDocument()
        #expect(stored.get("reporterId") as? String == bruno.uid)
        #expect(stored.get("target") as? String == "groups/\(groupId)/messages/\(messageId)")
        #expect(stored.get("reason") as? String == "Insultos")
        #expect(stored.get("createdAt") is Timestamp)
        let targets = try await admin.collection("reports").getDocuments().documents.compactMap { $0.get("target") as? String }
        #expect(Set(targets) == ["groups/\(groupId)/messages/\(messageId)", "groups/\(groupId)/events/\(eventId)", "groups/\(groupId)"])
        #expect(try await fixture.app.statistics().reports == 3)
    }

    @Test func reportsNeedAReasonAndExistingContentTheUserSees() async throws {
        let (ana, _, carmen, groupId) = try await fixture.band(brunoJoins: false)
        let messageId = try await ana.sendMessage("Solo para la banda", to: groupId)
        let eventId = try #require(try await ana.createEvent(in: groupId, .rehearsal()).id)
        await #expect(throws: KomunitError.invalidField(name: "reason", reason: "es obligatorio")) {
            try await ana.report(.group(groupId), reason: "  ")
        }
        await #expect(throws: KomunitError.invalidField(name: "reason", reason: "no puede superar 1000 caracteres")) {
            try await ana.report(.group(groupId), reason: String(repeating: "x", count: 1001))
        }
        await #expect(throws: KomunitError.notMember) { try await carmen.report(.message(messageId, inGroup: groupId), reason: "?") }
        await #expect(throws: KomunitError.notMember) { try await carmen.report(.event(eventId, inGroup: groupId), reason: "?") }
        await #expect(throws: KomunitError.groupNotFound(id: "nope")) { try await carmen.report(.group("nope"), reason: "?") }
        await #expect(throws: KomunitError.messageNotFound(id: "nope")) {
            try await ana.report(.message("nope", inGroup: groupId), reason: "?")
        }
        await #expect(throws: KomunitError.eventNotFound(id: "nope")) {
            try await ana.report(.event("nope", inGroup: groupId), reason: "?")
        }
        #expect(try await fixture.app.statistics().reports == 0)
    }
}
