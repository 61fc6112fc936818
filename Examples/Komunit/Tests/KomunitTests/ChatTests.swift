import Hearth
import Komunit
import Testing

/// CU07 chat, read receipts, unread counts and RF9 "my groups".
@Suite("Chat")
final class ChatTests: AppSuite {
    @Test(.timeLimit(.minutes(1))) func membersSeeMessagesArriveLive() async throws {
        let (ana, bruno, _, groupId) = try await fixture.band()
        var view = bruno.chat(groupId).makeAsyncIterator()
        #expect(try await view.next()?.isEmpty == true)
        try await ana.sendMessage("¿Ensayamos el sábado?", to: groupId)
        let first = try #require(try await view.next())
        #expect(first.map(\.content) == ["¿Ensayamos el sábado?"])
        #expect(first.first?.readBy == [ana.uid] && first.first?.senderId == ana.uid)
        try await bruno.sendMessage("¡Vale!", to: groupId)
        #expect(try await view.next()?.map(\.content) == ["¿Ensayamos el sábado?", "¡Vale!"])
    }

    @Test(.timeLimit(.minutes(1))) func nonMembersCannotReadOrWriteTheChat() async throws {
        let (ana, _, carmen, groupId) = try await fixture.band(brunoJoins: false)
        try await ana.sendMessage("Solo para la banda", to: groupId)
        var view = carmen.chat(groupId).makeAsyncIterator()
        let refusal = await #expect(throws: KomunitError.self) { try await view.next() }
        guard case .notAllowed = refusal else {
            Issue.record("expected notAllowed, got \(String(describing: refusal))")
            return
        }
        await #expect(throws: KomunitError.notMember) { try await carmen.sendMessage("Hola", to: groupId) }
        await #expect(throws: KomunitError.notMember) { try await carmen.unreadCount(in: groupId) }
        await #expect(throws: KomunitError.notMember) { try await carmen.markRead(in: groupId) }
        await #expect(throws: KomunitError.emptyMessage) { try await ana.sendMessage(" \n", to: groupId) }
    }

    @Test func readReceiptsAndUnreadCounts() async throws {
        let (ana, bruno, _, groupId) = try await fixture.band()
        for text in ["uno", "dos", "tres"] { try await ana.sendMessage(text, to: groupId) }
        #expect(try await bruno.unreadCount(in: groupId) == 3)
        #expect(try await ana.unreadCount(in: groupId) == 0)
        #expect(try await bruno.markRead(in: groupId) == 3)
        #expect(try await bruno.markRead(in: groupId) == 0)
        #expect(try await bruno.unreadCount(in: groupId) == 0)
        try await bruno.sendMessage("cuatro", to: groupId)
        #expect(try await ana.unreadCount(in: groupId) == 1)
        let admin = try fixture.adminView()
        defer { admin.close() }
        let messages = try await admin.collection("groups/\(groupId)/messages").order(by: "sentAt").getDocuments()
        #expect(messages.documents.map { $0.get("readBy") as? [String] ?? [] }.prefix(3).allSatisfy {
            Set($0) == [ana.uid, bruno.uid] && $0.count == 2
        })
    }

    @Test func myGroupsPutsTheNewestMessageFirstWithUnreadCounts() async throws {
        let (ana, bruno, rock, jazz) = try await fixture.crossedGroups("Rock", "Jazz")
        try await bruno.sendMessage("jazz 1", to: jazz)
        try await ana.sendMessage("rock 1", to: rock)
        try await ana.sendMessage("rock 2", to: rock)
        var mine = try await bruno.myGroups()
        #expect(mine.map(\.group.title) == ["Rock", "Jazz"])
        #expect(mine.map(\.unreadCount) == [2, 0])
        try await ana.sendMessage("jazz 2", to: jazz)
        mine = try await bruno.myGroups()
        #expect(mine.map(\.group.title) == ["Jazz", "Rock"])
        #expect(mine.map(\.unreadCount) == [1, 2])
        let carmen = try await fixture.user(named: "carmen")
        #expect(try await carmen.myGroups().isEmpty)
    }
}
