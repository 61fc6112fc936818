import Hearth
import Komunit
import Testing

/// CU07 chat, read receipts, unread counts and RF9 "my groups".
@Suite("Chat")
struct ChatTests {
    @Test(.timeLimit(.minutes(1))) func membersSeeMessagesArriveLive() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.user(named: "ana")
        let bruno = try await fixture.user(named: "bruno")
        let groupId = try id(try await ana.createGroup(.band()))
        _ = try await bruno.joinGroup(groupId)
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
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.user(named: "ana")
        let carmen = try await fixture.user(named: "carmen")
        let groupId = try id(try await ana.createGroup(.band()))
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
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.user(named: "ana")
        let bruno = try await fixture.user(named: "bruno")
        let groupId = try id(try await ana.createGroup(.band()))
        _ = try await bruno.joinGroup(groupId)
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
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.user(named: "ana")
        let bruno = try await fixture.user(named: "bruno")
        let rock = try id(try await ana.createGroup(.band("Rock")))
        let jazz = try id(try await bruno.createGroup(.band("Jazz")))
        _ = try await bruno.joinGroup(rock)
        _ = try await ana.joinGroup(jazz)
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
