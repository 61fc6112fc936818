import Hearth
import Testing
import WorkNow

/// The chat: the original's id rule, who may chat, and the last-25 live window.
@Suite("Chat")
struct ChatTests {
    @Test func theChatIDRuleOfTheOriginal() throws {
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

    @Test func thePartiesOfAnAcceptedJobChatLive() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.client()
        let luis = try await fixture.session(People.worker("Luis", at: People.chamberi))
        let job = try await AcceptedJob.make(fixture, client: ana, worker: luis, done: false)
        let chat = try await ana.openChat(about: job.requestID)
        let same = try await luis.openChat(about: job.requestID)
        #expect(chat == same && chat.participants == [ana.uid, luis.uid].sorted())
        let (first, second) = ana.uid < luis.uid ? (ana.uid, luis.uid) : (luis.uid, ana.uid)
        let initials = [ana.uid: "AG", luis.uid: "LO"]
        #expect(
            chat.id == String(first.prefix(5)) + (initials[first] ?? "") + String(second.prefix(5))
                + (initials[second] ?? ""))

        let view = ListenerInbox<[Mensaje]>()
        let registration = ana.listenToMessages(in: chat.id ?? "", view.deliver)
        defer { registration.remove() }
        #expect(try await view.next().isEmpty)
        try await luis.sendMessage("Hola Ana", in: chat.id ?? "")
        let seen = try await view.next()
        #expect(seen.map(\.text) == ["Hola Ana"] && seen.first?.senderName == "Luis" && seen.first?.sentAt != nil)
        await #expect(throws: WorkNowError.emptyMessage) { try await ana.sendMessage(" \n", in: chat.id ?? "") }
    }

    @Test func theViewHoldsTheLast25MessagesAndSlidesWithNewOnes() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.client()
        let luis = try await fixture.session(People.worker("Luis", at: People.chamberi))
        let job = try await AcceptedJob.make(fixture, client: ana, worker: luis)
        let chatID = try await ana.openChat(about: job.requestID).id ?? ""
        for number in 1...30 { try await (number.isMultiple(of: 2) ? ana : luis).sendMessage("m\(number)", in: chatID) }
        let view = ListenerInbox<[Mensaje]>()
        let registration = luis.listenToMessages(in: chatID, view.deliver)
        defer { registration.remove() }
        #expect(try await view.next().map(\.text) == (6...30).map { "m\($0)" })
        try await ana.sendMessage("m31", in: chatID)
        #expect(try await view.next().map(\.text) == (7...31).map { "m\($0)" })
    }

    @Test func onlyThePartiesOfATakenJobMayChat() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.client()
        let luis = try await fixture.session(People.worker("Luis", at: People.chamberi))
        let marta = try await fixture.session(People.worker("Marta", at: People.sol))
        let open = try await ana.requestService(People.sockets())
        _ = try await luis.sendOffer(OfferForm(price: 40, duration: "1 hora"), to: open.requestID)
        await #expect(throws: WorkNowError.notAParty) { try await ana.openChat(about: open.requestID) }
        _ = try await ana.acceptOffer(of: luis.uid, on: open.requestID)
        let chatID = try await ana.openChat(about: open.requestID).id ?? ""
        #expect(await refusedByRules { try await marta.sendMessage("Hola", in: chatID) })
        let outsider = ListenerInbox<[Mensaje]>()
        let registration = marta.listenToMessages(in: chatID, outsider.deliver)
        defer { registration.remove() }
        #expect(await refusedByRules { _ = try await outsider.next() })
    }
}
