import Hearth
import Testing
import WorkNow

/// Requesting a service, and the workers' live view of open requests by trade, status and distance.
@Suite("Open requests")
final class OpenRequestsTests: AppSuite {
    @Test(.timeLimit(.minutes(1))) func requestsNeedADescriptionAndALocation() async throws {
        let ana = try await fixture.client()
        var form = People.sockets()
        form.descripcion = "   "
        await #expect(throws: WorkNowError.invalidField(name: "descripcion", reason: "required")) {
            try await ana.requestService(form)
        }
        form = People.sockets()
        form.longitude = nil
        await #expect(throws: WorkNowError.invalidField(name: "location", reason: "required")) {
            try await ana.requestService(form)
        }
        await #expect(throws: WorkNowError.invalidField(name: "precio_max", reason: "a positive amount")) {
            try await ana.requestService(People.sockets(maximum: -5))
        }
        let request = try await ana.requestService(People.sockets(maximum: nil))
        #expect(request.status == .open && request.precio_max == nil && request.acceptedOffer == nil)
        #expect(request.client == ana.uid && request.createdAt != nil)
        #expect(try await ana.myRequests().map(\.requestID) == [request.requestID])
    }

    @Test(.timeLimit(.minutes(1))) func aNewRequestReachesEveryWorkerOfTheTradeWithinItsRadiusAndNoOther() async throws {
        let (ana, near, alcala, plumber, far) = try await fixture.anaAndFourWorkers()
        let workers = [near, alcala, plumber, far]
        var inboxes: [AsyncThrowingStream<[Solicitud], any Error>.Iterator] = []
        for worker in workers { inboxes.append(await worker.openRequests().makeAsyncIterator()) }
        for index in inboxes.indices { #expect(try await inboxes[index].next()?.isEmpty == true) }

        // 40 km from Sol reach Alcalá (about 30 km); the client's usual 10 km do not.
        let wide = try await ana.requestService(People.sockets(radiusKm: 40))
        #expect(wide.radiusKm == 40)
        #expect(try await inboxes[0].next()?.map(\.requestID) == [wide.requestID])
        #expect(try await inboxes[1].next()?.map(\.requestID) == [wide.requestID])
        let local = try await ana.requestService(People.sockets())
        #expect(local.radiusKm == 10)
        #expect(try await inboxes[0].next()?.map(\.requestID) == [local.requestID, wide.requestID])

        // A marker request each of the others does see: their next update holds only the marker
        // (and, for Eva, the wide request), so `local` never entered their view (updates come in
        // commit order).
        let markers = [
            try await ana.requestService(
                RequestForm(
                    categoria: .electricista, descripcion: "Alcalá", latitude: People.alcala.latitude,
                    longitude: People.alcala.longitude)),
            try await ana.requestService(People.sockets(trade: .fontaneria)),
            try await ana.requestService(
                RequestForm(
                    categoria: .electricista, descripcion: "Barcelona", latitude: People.barcelona.latitude,
                    longitude: People.barcelona.longitude)),
        ]
        #expect(try await inboxes[1].next()?.map(\.requestID) == [markers[0].requestID, wide.requestID])
        #expect(try await inboxes[2].next()?.map(\.requestID) == [markers[1].requestID])
        // Jordi travels 100 km, but the requests' radii (10 and 40 km from Sol) do not reach Barcelona.
        #expect(try await inboxes[3].next()?.map(\.requestID) == [markers[2].requestID])
    }

    @Test(.timeLimit(.minutes(1))) func aDirectHireReachesOnlyTheHiredProfessional() async throws {
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()
        let pilar = try await fixture.session(People.worker("Pilar", at: People.sol, trades: [.fontaneria]))
        var martasView = await marta.openRequests().makeAsyncIterator()
        var luisView = await luis.openRequests().makeAsyncIterator()
        var hires = luis.directRequests().makeAsyncIterator()
        #expect(try await martasView.next()?.isEmpty == true)
        #expect(try await luisView.next()?.isEmpty == true)
        #expect(try await hires.next()?.isEmpty == true)

        await #expect(throws: WorkNowError.notAProfessional(uid: pilar.uid)) {
            try await ana.hire(pilar.uid, for: People.sockets())
        }
        let client = try await fixture.client(1)
        await #expect(throws: WorkNowError.notAProfessional(uid: client.uid)) {
            try await ana.hire(client.uid, for: People.sockets())
        }
        await #expect(throws: WorkNowError.notAProfessional(uid: ana.uid)) {
            try await ana.hire(ana.uid, for: People.sockets())
        }
        let hire = try await ana.hire(luis.uid, for: People.sockets())
        #expect(hire.worker == luis.uid && hire.isDirect && hire.status == .open)
        #expect(try await hires.next()?.map(\.requestID) == [hire.requestID])
        await #expect(throws: WorkNowError.requestNotFound(id: hire.requestID)) { try await marta.request(hire.requestID) }
        await #expect(throws: WorkNowError.requestNotFound(id: hire.requestID)) {
            try await marta.sendOffer(OfferForm(price: 30, duration: "1 hora"), to: hire.requestID)
        }
        let marker = try await ana.requestService(People.sockets())
        #expect(try await martasView.next()?.map(\.requestID) == [marker.requestID])
        #expect(try await luisView.next()?.map(\.requestID) == [marker.requestID])

        try await fixture.app.waitForTriggers()
        #expect(try await luis.myAlerts().map(\.requestId) == [marker.requestID, hire.requestID])
        #expect(try await marta.myAlerts().map(\.requestId) == [marker.requestID])
        #expect(try await pilar.myAlerts().isEmpty)

        _ = try await luis.sendOffer(OfferForm(price: 45, duration: "1 hora"), to: hire.requestID)
        _ = try await ana.acceptOffer(of: luis.uid, on: hire.requestID)
        #expect(try await hires.next()?.isEmpty == true)
    }

    @Test(.timeLimit(.minutes(1))) func aRequestLeavesTheViewWhenAcceptedOrCancelled() async throws {
        let (ana, luis) = try await fixture.anaAndLuis()
        var view = await luis.openRequests().makeAsyncIterator()
        #expect(try await view.next()?.isEmpty == true)
        let first = try await ana.requestService(People.sockets())
        #expect(try await view.next()?.map(\.requestID) == [first.requestID])
        let second = try await ana.requestService(People.sockets(maximum: 90))
        #expect(try await view.next()?.map(\.requestID) == [second.requestID, first.requestID])

        _ = try await luis.sendOffer(OfferForm(price: 50, duration: "1 hora"), to: first.requestID)
        _ = try await ana.acceptOffer(of: luis.uid, on: first.requestID)
        #expect(try await view.next()?.map(\.requestID) == [second.requestID])
        _ = try await ana.cancelRequest(second.requestID)
        #expect(try await view.next()?.isEmpty == true)
    }

    @Test(.timeLimit(.minutes(1))) func aWorkerWithoutTradesSeesNothingAndOwnRequestsAreHidden() async throws {
        let ana = try await fixture.client()
        var none = await ana.openRequests().makeAsyncIterator()
        #expect(try await none.next()?.isEmpty == true)
        #expect(try await none.next() == nil)  // no trades: nothing to follow, the view ends

        _ = try await ana.subscribe(to: [.electricista])
        let luis = try await fixture.luis()
        var mine = await ana.openRequests().makeAsyncIterator()
        #expect(try await mine.next()?.isEmpty == true)
        _ = try await ana.requestService(People.sockets())
        let luisJob = try await luis.requestService(People.sockets())
        #expect(try await mine.next()?.map(\.requestID) == [luisJob.requestID])
    }
}
