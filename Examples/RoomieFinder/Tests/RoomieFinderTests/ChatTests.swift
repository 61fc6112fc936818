import Hearth
import RoomieFinder
import Testing

/// CU-09 (start chat), CU-10 (send), CU-11 (chat list) and the chat view.
@Suite("Chat")
final class ChatTests: AppSuite {
    @Test func startingAChatStoresNothingUntilTheFirstMessage() async throws {
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
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        await #expect(throws: RoomieFinderError.emptyMessage) { try await marcos.sendMessage("", to: lucia.uid) }
        await #expect(throws: RoomieFinderError.emptyMessage) { try await marcos.sendMessage(" \n\t", to: lucia.uid) }
        #expect(try await !marcos.startChat(with: lucia.uid).hasMessages)
    }

    @Test func aMessageIsOneBatchOfFourWritesAtTheServersTime() async throws {
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

    @Test(.timeLimit(.minutes(1))) func bothPartiesSeeMessagesArriveLive() async throws {
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        var luciaView = lucia.messages(with: marcos.uid).makeAsyncIterator()
        var marcosView = marcos.messages(with: lucia.uid).makeAsyncIterator()
        #expect(try await luciaView.next()?.isEmpty == true)
        #expect(try await marcosView.next()?.isEmpty == true)

        try await marcos.sendMessage("Hola Lucía", to: lucia.uid)
        #expect(try await luciaView.next()?.map(\.text) == ["Hola Lucía"])
        #expect(try await marcosView.next()?.map(\.text) == ["Hola Lucía"])
        try await lucia.sendMessage("¡Hola Marcos!", to: marcos.uid)
        let seenByMarcos = try #require(try await marcosView.next())
        #expect(seenByMarcos.map(\.text) == ["Hola Lucía", "¡Hola Marcos!"])
        #expect(seenByMarcos.map(\.fromID) == [marcos.uid, lucia.uid])
        #expect(try await luciaView.next()?.count == 2)
    }

    @Test(.timeLimit(.minutes(1))) func theChatListPutsTheNewestConversationFirst() async throws {
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        let sara = try await fixture.member(.sara)
        var chats = lucia.chats().makeAsyncIterator()
        #expect(try await chats.next()?.isEmpty == true)

        try await marcos.sendMessage("Hola, soy Marcos", to: lucia.uid)
        #expect(try await chats.next()?.map(\.nombre) == ["Marcos"])
        try await sara.sendMessage("Hola, soy Sara", to: lucia.uid)
        #expect(try await chats.next()?.map(\.nombre) == ["Sara", "Marcos"])
        try await lucia.sendMessage("Hola Marcos, ¿cuándo lo vemos?", to: marcos.uid)
        let reordered = try #require(try await chats.next())
        #expect(reordered.map(\.nombre) == ["Marcos", "Sara"])
        #expect(reordered.first?.text == "Hola Marcos, ¿cuándo lo vemos?")
        #expect(reordered.first?.partner(of: lucia.uid) == marcos.uid)
        #expect(reordered.first?.id == marcos.uid)
    }

    @Test(.timeLimit(.minutes(1))) func liveViewsEndWithTheErrorForSignOutAndBadPartners() async throws {
        let lucia = try await fixture.member(.lucia)
        var toSelf = lucia.messages(with: lucia.uid).makeAsyncIterator()
        await #expect(throws: RoomieFinderError.invalidChatPartner("you cannot chat with yourself")) {
            try await toSelf.next()
        }
        lucia.signOut()
        var chats = lucia.chats().makeAsyncIterator()
        await #expect(throws: RoomieFinderError.unavailable) { try await chats.next() }
        // A stream that ended with an error stays ended.
        #expect(try await chats.next() == nil)
    }

    @Test(.timeLimit(.minutes(1))) func leavingTheLoopRemovesTheListener() async throws {
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        // The view a screen's `.task` runs: it takes the first list and leaves.
        for try await list in lucia.chats() {
            #expect(list.isEmpty)
            break
        }
        // A new live view after that still starts from the stored state and follows new messages.
        try await marcos.sendMessage("¿Sigue libre?", to: lucia.uid)
        var again = lucia.chats().makeAsyncIterator()
        #expect(try await again.next()?.map(\.text) == ["¿Sigue libre?"])
    }
}
