import Hearth
import Testing
import WorkNow

/// CU005 → CU009 → CU008 → CU012 → CU010: a client finds a professional, contacts them by chat
/// before any job, hires them directly, gets their proposal in the chat and accepts it.
@Suite("Direct hire and proposals in chat")
final class HireTests: AppSuite {
    @Test(.timeLimit(.minutes(1))) func contactHireProposeInChatAndAccept() async throws {
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()

        // CU009: a chat with no request, before and without any job.
        let chat = try await ana.contact(luis.uid)
        let chatID = try #require(chat.id)
        #expect(chat.requestId == nil && chat.participants == [ana.uid, luis.uid].sorted())
        try await ana.sendMessage("¿Trabajas los sábados?", in: chatID)
        var luisChat = luis.messages(in: chatID).makeAsyncIterator()
        #expect(try await luisChat.next()?.map(\.text) == ["¿Trabajas los sábados?"])
        await #expect(throws: WorkNowError.requestNotFound(id: "direct hire by \(ana.uid)")) {
            try await luis.sendProposal(OfferForm(price: 40, duration: "1 hora"), in: chatID)
        }

        // CU008: the hire; the pair's chat is the same one.
        let hire = try await ana.hire(luis.uid, for: People.sockets(maximum: 60))
        #expect(try await ana.openChat(about: hire.requestID) == chat)
        #expect(try await luis.openChat(about: hire.requestID) == chat)
        await #expect(throws: WorkNowError.offerNotFound(worker: luis.uid)) { try await ana.acceptProposal(in: chatID) }

        // CU012 from the chat: a price range, its top within precio_max; the client sees it live.
        var offers = ana.liveOffers(on: hire.requestID).makeAsyncIterator()
        #expect(try await offers.next()?.isEmpty == true)
        await #expect(throws: WorkNowError.priceAboveMaximum(price: 70, maximum: 60)) {
            try await luis.sendProposal(OfferForm(price: 45, priceTo: 70, duration: "1 hora"), in: chatID)
        }
        let (target, proposal) = try await luis.sendProposal(
            OfferForm(price: 45, priceTo: 55, duration: "1 hora", message: "El sábado a las 10"), in: chatID)
        #expect(target.requestID == hire.requestID && proposal.priceTo == 55)
        #expect(try await offers.next()?.map(\.worker) == [luis.uid])
        await #expect(throws: WorkNowError.invalidChatPartner("not a participant of \(chatID)")) {
            try await marta.acceptProposal(in: chatID)
        }

        // CU010: the client accepts it (the one-offer transaction of CU004).
        let accepted = try await ana.acceptProposal(in: chatID)
        #expect(accepted.requestID == hire.requestID && accepted.status == .accepted && accepted.acceptedOffer == luis.uid)
        await #expect(throws: WorkNowError.requestNotOpen(status: .accepted)) {
            try await ana.acceptOffer(of: luis.uid, on: hire.requestID)
        }
        await #expect(throws: WorkNowError.offerNotFound(worker: luis.uid)) { try await ana.acceptProposal(in: chatID) }
    }

    @Test func onlyProfessionalsAreContactedAndOnlyTheirClientsSeeAHire() async throws {
        let ana = try await fixture.client()
        let bea = try await fixture.client(1)
        let luis = try await fixture.luis()
        await #expect(throws: WorkNowError.notAProfessional(uid: bea.uid)) { try await ana.contact(bea.uid) }
        await #expect(throws: WorkNowError.invalidChatPartner("you cannot chat with yourself")) {
            try await luis.contact(luis.uid)
        }
        // A client without trades may be contacted by nobody, but contacts professionals.
        let chat = try await bea.contact(luis.uid)
        #expect(chat.requestId == nil)
        let hire = try await ana.hire(luis.uid, for: People.sockets())
        await #expect(throws: WorkNowError.requestNotFound(id: hire.requestID)) { try await bea.openChat(about: hire.requestID) }
        _ = try await ana.cancelRequest(hire.requestID)
        await #expect(throws: WorkNowError.requestNotOpen(status: .cancelled)) {
            try await luis.openChat(about: hire.requestID)
        }
    }
}
