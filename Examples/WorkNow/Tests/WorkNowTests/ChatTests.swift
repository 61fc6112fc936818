import Hearth
import Testing
import WorkNow

/// The chat: the original's id rule, who may chat, and the last-25 live window.
@Suite("Chat")
struct ChatTests {
    @Test(.timeLimit(.minutes(1))) func theChatIDRuleOfTheOriginal() throws {
        let gvu = ChatID.Participant(uid: "Gvu9aXXXXXXX", nombre: "Alberto", apellidos: "Gómez")
        let nan = ChatID.Participant(uid: "NaNNiYYYYYYY", nombre: "Juan", apellidos: "Álvarez")
        #expect(try ChatID.make(gvu, nan) == "Gvu9aAGNaNNiJÁ")
        #expect(try ChatID.make(nan, gvu) == "Gvu9aAGNaNNiJÁ")
        #expect(throws: WorkNowError.invalidChatPartner("you cannot chat with yourself")) { try ChatID.make(gvu, gvu) }
        let short = ChatID.Participant(uid: "abc", nombre: "A", apellidos: "B")
        #expect(throws: WorkNowError.invalidChatPartner("a uid needs five characters and a name and surname")) {
            try ChatID.make(gvu, short)
        }
    }

    @Test(.timeLimit(.minutes(1))) func thePartiesOfAnAcceptedJobChatLive() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let (ana, luis) = try await fixture.anaAndLuis()
        let job = try await AcceptedJob.make(fixture, client: ana, worker: luis, done: false)
        let chat = try await ana.openChat(about: job.requestID)
        let same = try await luis.openChat(about: job.requestID)
        #expect(chat == same && chat.participants == [ana.uid, luis.uid].sorted())
        let (first, second) = ana.uid < luis.uid ? (ana.uid, luis.uid) : (luis.uid, ana.uid)
        let initials = [ana.uid: "AG", luis.uid: "LO"]
        #expect(
            chat.id == String(first.prefix(5)) + (initials[first] ?? "") + String(second.prefix(5))
                + (initials[second] ?? ""))

        var view = ana.messages(in: chat.id ?? "").makeAsyncIterator()
        #expect(try await view.next()?.isEmpty == true)
        try await luis.sendMessage("Hola Ana", in: chat.id ?? "")
        let seen = try #require(try await view.next())
        #expect(seen.map(\.text) == ["Hola Ana"] && seen.first?.senderName == "Luis" && seen.first?.sentAt != nil)
        await #expect(throws: WorkNowError.emptyMessage) { try await ana.sendMessage(" \n", in: chat.id ?? "") }
    }

    @Test(.timeLimit(.minutes(1))) func theViewHoldsTheLast25MessagesAndSlidesWithNewOnes() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let (ana, luis) = try await fixture.anaAndLuis()
        let job = try await AcceptedJob.make(fixture, client: ana, worker: luis)
        let chatID = try await ana.openChat(about: job.requestID).id ?? ""
        for number in 1...30 { try await (number.isMultiple(of: 2) ? ana : luis).sendMessage("m\(number)", in: chatID) }
        var view = luis.messages(in: chatID).makeAsyncIterator()
        #expect(try await view.next()?.map(\.text) == (6...30).map { "m\($0)" })
        try await ana.sendMessage("m31", in: chatID)
        #expect(try await view.next()?.map(\.text) == (7...31).map { "m\($0)" })
    }

    @Test(.timeLimit(.minutes(1))) func onlyThePartiesOfATakenJobMayChat() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()
        let open = try await ana.requestService(People.sockets())
        _ = try await luis.sendOffer(OfferForm(price: 40, duration: "1 hora"), to: open.requestID)
        await #expect(throws: WorkNowError.notAParty) { try await ana.openChat(about: open.requestID) }
        _ = try await ana.acceptOffer(of: luis.uid, on: open.requestID)
        let chatID = try await ana.openChat(about: open.requestID).id ?? ""
        #expect(await refusedByRules { try await marta.sendMessage("Hola", in: chatID) })
        var outsider = marta.messages(in: chatID).makeAsyncIterator()
        #expect(await refusedByRules { _ = try await outsider.next() })
    }

    @Test(.timeLimit(.minutes(1))) func misChatsListsEveryChatOfTheUserLive() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()
        var anas = ana.myChats().makeAsyncIterator()
        var luiss = luis.myChats().makeAsyncIterator()
        #expect(try await anas.next()?.isEmpty == true)
        #expect(try await luiss.next()?.isEmpty == true)
        let job = try await AcceptedJob.make(fixture, client: ana, worker: luis, done: false)
        let jobChat = try await ana.openChat(about: job.requestID)
        #expect(try await anas.next() == [jobChat])
        #expect(try await luiss.next() == [jobChat])
        let contact = try await ana.contact(marta.uid)
        let both = try #require(try await anas.next())
        #expect(Set(both.compactMap(\.id)) == Set([jobChat.id, contact.id].compactMap { $0 }))
        #expect(both.first { $0.id == contact.id }?.requestId == nil && jobChat.requestId == job.requestID)
        var martas = marta.myChats().makeAsyncIterator()
        #expect(try await martas.next() == [contact])
    }
}
