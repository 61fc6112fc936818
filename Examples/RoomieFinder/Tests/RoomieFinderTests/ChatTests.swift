import Hearth
import RoomieFinder
import Testing

/// CU-09 (start chat), CU-10 (send), CU-11 (chat list) and the chat view.
@Suite("Chat")
struct ChatTests {
    @Test func startingAChatStoresNothingUntilTheFirstMessage() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        let opened = try await marcos.startChat(with: lucia.uid)
        #expect(opened.partner.nombre == "Lucía" && !opened.hasMessages)
        #expect(try await fixture.app.statistics().conversations == 0)
        try await marcos.sendMessage("Hola Lucía", to: lucia.uid)
        #expect(try await marcos.startChat(with: lucia.uid).hasMessages)
        #expect(try await lucia.startChat(with: marcos.uid).hasMessages)
        #expect(try await fixture.app.statistics().conversations == 2)
    }

    @Test func chatPartnersAreChecked() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let lucia = try await fixture.member(.lucia)
        await #expect(throws: RoomieFinderError.invalidChatPartner("you cannot chat with yourself")) {
            try await lucia.startChat(with: lucia.uid)
        }
        await #expect(throws: RoomieFinderError.invalidChatPartner("not a valid user id")) {
            try await lucia.startChat(with: "a/b")
        }
        await #expect(throws: RoomieFinderError.profileNotFound(uid: "nobody")) {
            try await lucia.startChat(with: "nobody")
        }
        await #expect(throws: RoomieFinderError.profileNotFound(uid: "nobody")) {
            try await lucia.sendMessage("Hola", to: "nobody")
        }
        await #expect(throws: RoomieFinderError.invalidChatPartner("you cannot chat with yourself")) {
            try await lucia.sendMessage("Hola", to: lucia.uid)
        }
    }

    @Test func emptyMessagesAreRejected() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        await #expect(throws: RoomieFinderError.emptyMessage) { try await marcos.sendMessage("", to: lucia.uid) }
        await #expect(throws: RoomieFinderError.emptyMessage) { try await marcos.sendMessage(" \n\t", to: lucia.uid) }
        #expect(try await !marcos.startChat(with: lucia.uid).hasMessages)
    }

    @Test func aMessageIsOneBatchOfFourWritesAtTheServersTime() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        let id = try await marcos.sendMessage("¿Sigue libre la habitación?", to: lucia.uid)
        let admin = try fixture.adminView()
        defer { admin.close() }
        let mine = try await admin.document("Chats/\(marcos.uid)/\(lucia.uid)/\(id)").getDocument()
        let theirs = try await admin.document("Chats/\(lucia.uid)/\(marcos.uid)/\(id)").getDocument()
        let marcosEntry = try await admin.document("recent_messages/\(marcos.uid)/messages/\(lucia.uid)").getDocument()
        let luciaEntry = try await admin.document("recent_messages/\(lucia.uid)/messages/\(marcos.uid)").getDocument()
        for document in [mine, theirs, marcosEntry, luciaEntry] {
            #expect(document.exists)
            #expect(document.get("fromID") as? String == marcos.uid && document.get("toID") as? String == lucia.uid)
            #expect(document.get("text") as? String == "¿Sigue libre la habitación?")
            // One commit: every document has the commit time as its timestamp.
            #expect(document.get("timestamp") as? Timestamp == mine.createTime)
        }
        #expect(
            marcosEntry.get("nombre") as? String == "Lucía"
                && marcosEntry.get("profileImage") as? String == "images/\(lucia.uid).jpg")
        #expect(luciaEntry.get("nombre") as? String == "Marcos" && luciaEntry.get("apellido") as? String == "Rivas")
    }

    @Test func bothPartiesSeeMessagesArriveLive() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        let luciaView = LiveUpdates<[MensajeChat]>()
        let marcosView = LiveUpdates<[MensajeChat]>()
        let registrations = [
            lucia.listenToMessages(with: marcos.uid, luciaView.deliver),
            marcos.listenToMessages(with: lucia.uid, marcosView.deliver),
        ]
        defer { registrations.forEach { $0.remove() } }
        #expect(try await luciaView.next().isEmpty)
        #expect(try await marcosView.next().isEmpty)

        try await marcos.sendMessage("Hola Lucía", to: lucia.uid)
        #expect(try await luciaView.next().map(\.text) == ["Hola Lucía"])
        #expect(try await marcosView.next().map(\.text) == ["Hola Lucía"])
        try await lucia.sendMessage("¡Hola Marcos!", to: marcos.uid)
        let seenByMarcos = try await marcosView.next()
        #expect(seenByMarcos.map(\.text) == ["Hola Lucía", "¡Hola Marcos!"])
        #expect(seenByMarcos.map(\.fromID) == [marcos.uid, lucia.uid])
        #expect(try await luciaView.next().count == 2)
        #expect(luciaView.pendingCount == 0 && marcosView.pendingCount == 0)
    }

    @Test func theChatListPutsTheNewestConversationFirst() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        let sara = try await fixture.member(.sara)
        let chats = LiveUpdates<[MensajeReciente]>()
        let registration = lucia.listenToChats(chats.deliver)
        defer { registration.remove() }
        #expect(try await chats.next().isEmpty)

        try await marcos.sendMessage("Hola, soy Marcos", to: lucia.uid)
        #expect(try await chats.next().map(\.nombre) == ["Marcos"])
        try await sara.sendMessage("Hola, soy Sara", to: lucia.uid)
        #expect(try await chats.next().map(\.nombre) == ["Sara", "Marcos"])
        try await lucia.sendMessage("Hola Marcos, ¿cuándo lo vemos?", to: marcos.uid)
        let reordered = try await chats.next()
        #expect(reordered.map(\.nombre) == ["Marcos", "Sara"])
        #expect(reordered.first?.text == "Hola Marcos, ¿cuándo lo vemos?")
        #expect(reordered.first?.partner(of: lucia.uid) == marcos.uid)
        #expect(reordered.first?.id == marcos.uid)
    }

    @Test func listenersReportSignOutAndBadPartners() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let lucia = try await fixture.member(.lucia)
        let updates = LiveUpdates<[MensajeChat]>()
        _ = lucia.listenToMessages(with: lucia.uid, updates.deliver)
        await #expect(throws: RoomieFinderError.invalidChatPartner("you cannot chat with yourself")) {
            try await updates.next()
        }
        lucia.signOut()
        let chats = LiveUpdates<[MensajeReciente]>()
        _ = lucia.listenToChats(chats.deliver)
        await #expect(throws: RoomieFinderError.unavailable) { try await chats.next() }
        await #expect(throws: LiveUpdatesTimeout.self) { try await chats.next(timeout: .milliseconds(50)) }
    }
}
