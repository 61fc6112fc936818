import Hearth
import Testing
import WorkNow

/// Sending offers: one per worker and request, never above `precio_max`, only in the worker's trades.
@Suite("Offers")
final class OfferTests: AppSuite {
    @Test func anOfferIsStoredUnderTheWorkersUid() async throws {
        let (ana, luis) = try await fixture.anaAndLuis()
        let job = try await ana.requestService(People.sockets())
        let offer = try await luis.sendOffer(
            OfferForm(price: 60, duration: " 1 hora ", message: "Hoy"), to: job.requestID)
        #expect(offer.worker == luis.uid && offer.price == 60 && offer.duration == "1 hora" && offer.createdAt != nil)
        #expect(offer.priceTo == nil && offer.rejected == false)
        #expect(offer.location == (try await luis.ownProfile()).location)
        #expect(try await luis.myOffer(on: job.requestID) == offer)
        #expect(try await ana.offers(on: job.requestID) == [offer])
        let admin = try fixture.adminView()
        defer { admin.close() }
        #expect(try await admin.document("requests/\(job.requestID)/offers/\(luis.uid)").getDocument().exists)
    }

    @Test func offersAboveTheMaximumOrRepeatedAreRefused() async throws {
        let (ana, luis) = try await fixture.anaAndLuis()
        let job = try await ana.requestService(People.sockets(maximum: 60))
        await #expect(throws: WorkNowError.priceAboveMaximum(price: 60.5, maximum: 60)) {
            try await luis.sendOffer(OfferForm(price: 60.5, duration: "1 hora"), to: job.requestID)
        }
        #expect(
            WorkNowError.priceAboveMaximum(price: 1, maximum: 0).alertMessage == "La oferta supera el precio máximo")
        await #expect(throws: WorkNowError.invalidField(name: "price", reason: "a positive amount")) {
            try await luis.sendOffer(OfferForm(price: 0, duration: "1 hora"), to: job.requestID)
        }
        await #expect(throws: WorkNowError.invalidField(name: "duration", reason: "required")) {
            try await luis.sendOffer(OfferForm(price: 10, duration: ""), to: job.requestID)
        }
        _ = try await luis.sendOffer(OfferForm(price: 40, duration: "1 hora"), to: job.requestID)
        await #expect(throws: WorkNowError.offerAlreadySent) {
            try await luis.sendOffer(OfferForm(price: 30, duration: "1 hora"), to: job.requestID)
        }
        #expect(try await luis.myOffer(on: job.requestID)?.price == 40)
    }

    @Test func onlySubscribedOtherWorkersOfferOnOpenRequests() async throws {
        let ana = try await fixture.client()
        let pilar = try await fixture.session(People.worker("Pilar", at: People.chamberi, trades: [.fontaneria]))
        let luis = try await fixture.luis()
        let job = try await ana.requestService(People.sockets())
        await #expect(throws: WorkNowError.notSubscribed(trade: "Electricista")) {
            try await pilar.sendOffer(OfferForm(price: 30, duration: "1 hora"), to: job.requestID)
        }
        _ = try await ana.subscribe(to: [.electricista])
        await #expect(throws: WorkNowError.ownRequest) {
            try await ana.sendOffer(OfferForm(price: 30, duration: "1 hora"), to: job.requestID)
        }
        await #expect(throws: WorkNowError.requestNotFound(id: "nope")) {
            try await luis.sendOffer(OfferForm(price: 30, duration: "1 hora"), to: "nope")
        }
        _ = try await ana.cancelRequest(job.requestID)
        await #expect(throws: WorkNowError.requestNotOpen(status: .cancelled)) {
            try await ana.sendOffer(OfferForm(price: 30, duration: "1 hora"), to: job.requestID)
        }
    }

    @Test func offersAreReadableOnlyByTheirWorkerAndTheClient() async throws {
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()
        let job = try await ana.requestService(People.sockets())
        _ = try await luis.sendOffer(OfferForm(price: 50, duration: "1 hora"), to: job.requestID)
        _ = try await marta.sendOffer(OfferForm(price: 45, duration: "2 horas"), to: job.requestID)
        #expect(try await ana.offers(on: job.requestID).map(\.worker) == [marta.uid, luis.uid])
        #expect(try await marta.myOffer(on: job.requestID)?.price == 45)
        #expect(await refusedByRules { _ = try await luis.offers(on: job.requestID) })
    }

    @Test func concurrentOffersByOneWorkerStoreExactlyOne() async throws {
        let (ana, luis) = try await fixture.anaAndLuis()
        let job = try await ana.requestService(People.sockets())
        let prices = await withTaskGroup(of: Double?.self) { group in
            for price in 20...35 {
                group.addTask {
                    do throws(WorkNowError) {
                        return try await luis.sendOffer(
                            OfferForm(price: Double(price), duration: "1 hora"), to: job.requestID
                        )
                        .price
                    } catch {
                        return nil
                    }
                }
            }
            var stored: [Double] = []
            for await price in group { if let price { stored.append(price) } }
            return stored
        }
        #expect(prices.count == 1)
        #expect(try await ana.offers(on: job.requestID).map(\.price) == prices)
    }

    @Test func aPriceRangeCountsByItsTop() async throws {
        let (ana, luis) = try await fixture.anaAndLuis()
        let job = try await ana.requestService(People.sockets(maximum: 60))
        await #expect(throws: WorkNowError.invalidField(name: "priceTo", reason: "the top of the range must be above the price")) {
            try await luis.sendOffer(OfferForm(price: 40, priceTo: 40, duration: "1 hora"), to: job.requestID)
        }
        await #expect(throws: WorkNowError.priceAboveMaximum(price: 65, maximum: 60)) {
            try await luis.sendOffer(OfferForm(price: 40, priceTo: 65, duration: "1 hora"), to: job.requestID)
        }
        let range = try await luis.sendOffer(OfferForm(price: 40, priceTo: 60, duration: "1-2 horas"), to: job.requestID)
        #expect(range.price == 40 && range.priceTo == 60 && range.top == 60)
        #expect(try await ana.offers(on: job.requestID) == [range])
    }

    @Test(.timeLimit(.minutes(1))) func offersReachTheClientLiveAndSheRejectsOne() async throws {
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()
        let job = try await ana.requestService(People.sockets())
        var live = ana.liveOffers(on: job.requestID).makeAsyncIterator()
        #expect(try await live.next()?.isEmpty == true)
        _ = try await luis.sendOffer(OfferForm(price: 50, duration: "1 hora"), to: job.requestID)
        let first = try #require(try await live.next())
        let luisPlace = try await luis.ownProfile().location
        #expect(first.map(\.worker) == [luis.uid] && first.first?.location == luisPlace)
        _ = try await marta.sendOffer(OfferForm(price: 45, priceTo: 55, duration: "2 horas"), to: job.requestID)
        #expect(try await live.next()?.map(\.worker) == [marta.uid, luis.uid])

        await #expect(throws: WorkNowError.notTheClient) { try await luis.rejectOffer(of: marta.uid, on: job.requestID) }
        let rejected = try await ana.rejectOffer(of: marta.uid, on: job.requestID)
        #expect(rejected.rejected && rejected.price == 45)
        #expect(try await live.next()?.map(\.rejected) == [true, false])
        #expect(try await marta.myOffer(on: job.requestID)?.rejected == true)
        #expect(try await ana.rejectOffer(of: marta.uid, on: job.requestID) == rejected)
        await #expect(throws: WorkNowError.offerNotFound(worker: "nadie")) {
            try await ana.rejectOffer(of: "nadie", on: job.requestID)
        }
        await #expect(throws: WorkNowError.offerRejected(worker: marta.uid)) {
            try await ana.acceptOffer(of: marta.uid, on: job.requestID)
        }
        _ = try await ana.acceptOffer(of: luis.uid, on: job.requestID)
        await #expect(throws: WorkNowError.requestNotOpen(status: .accepted)) {
            try await ana.rejectOffer(of: luis.uid, on: job.requestID)
        }
        var outsider = marta.liveOffers(on: job.requestID).makeAsyncIterator()
        #expect(await refusedByRules { _ = try await outsider.next() })
    }
}
