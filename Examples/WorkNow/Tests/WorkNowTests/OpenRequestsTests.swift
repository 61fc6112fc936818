import Hearth
import Testing
import WorkNow

/// Requesting a service, and the workers' live view of open requests by trade, status and distance.
@Suite("Open requests")
struct OpenRequestsTests {
    @Test func requestsNeedADescriptionAndALocation() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
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

    @Test func aNewRequestReachesEveryMatchingWorkerAndNoOther() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.client()
        let near = try await fixture.session(People.worker("Luis", at: People.chamberi))
        let wide = try await fixture.session(People.worker("Eva", at: People.alcala, radiusKm: 40))
        let short = try await fixture.session(People.worker("Raul", at: People.alcala, radiusKm: 10))
        let plumber = try await fixture.session(People.worker("Pilar", at: People.chamberi, trades: [.fontaneria]))
        let far = try await fixture.session(People.worker("Jordi", at: People.barcelona, radiusKm: 50))
        let workers = [near, wide, short, plumber, far]
        let inboxes = workers.map { _ in ListenerInbox<[Solicitud]>() }
        var registrations: [any ListenerRegistration] = []
        for (worker, inbox) in zip(workers, inboxes) {
            registrations.append(await worker.listenToOpenRequests(inbox.deliver))
        }
        defer { registrations.forEach { $0.remove() } }
        for inbox in inboxes { #expect(try await inbox.next().isEmpty) }

        let job = try await ana.requestService(People.sockets())
        #expect(try await inboxes[0].next().map(\.requestID) == [job.requestID])
        #expect(try await inboxes[1].next().map(\.requestID) == [job.requestID])

        // A marker request each of the others does see: their next update holds only the marker,
        // so the first request never entered their view (updates come in commit order).
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
        #expect(try await inboxes[2].next().map(\.requestID) == [markers[0].requestID])
        #expect(try await inboxes[3].next().map(\.requestID) == [markers[1].requestID])
        #expect(try await inboxes[4].next().map(\.requestID) == [markers[2].requestID])
        // Eva's 40 km reach Alcalá's request too, newest first.
        #expect(try await inboxes[1].next().map(\.requestID) == [markers[0].requestID, job.requestID])
        #expect(inboxes[0].pendingCount == 0)
    }

    @Test func aRequestLeavesTheViewWhenAcceptedOrCancelled() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.client()
        let luis = try await fixture.session(People.worker("Luis", at: People.chamberi))
        let view = ListenerInbox<[Solicitud]>()
        let registration = await luis.listenToOpenRequests(view.deliver)
        defer { registration.remove() }
        #expect(try await view.next().isEmpty)
        let first = try await ana.requestService(People.sockets())
        #expect(try await view.next().map(\.requestID) == [first.requestID])
        let second = try await ana.requestService(People.sockets(maximum: 90))
        #expect(try await view.next().map(\.requestID) == [second.requestID, first.requestID])

        _ = try await luis.sendOffer(OfferForm(price: 50, duration: "1 hora"), to: first.requestID)
        _ = try await ana.acceptOffer(of: luis.uid, on: first.requestID)
        #expect(try await view.next().map(\.requestID) == [second.requestID])
        _ = try await ana.cancelRequest(second.requestID)
        #expect(try await view.next().isEmpty)
    }

    @Test func aWorkerWithoutTradesSeesNothingAndOwnRequestsAreHidden() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.client()
        let none = ListenerInbox<[Solicitud]>()
        _ = await ana.listenToOpenRequests(none.deliver)
        #expect(try await none.next().isEmpty)

        _ = try await ana.subscribe(to: [.electricista])
        let luis = try await fixture.session(People.worker("Luis", at: People.chamberi))
        let mine = ListenerInbox<[Solicitud]>()
        let registration = await ana.listenToOpenRequests(mine.deliver)
        defer { registration.remove() }
        #expect(try await mine.next().isEmpty)
        _ = try await ana.requestService(People.sockets())
        let luisJob = try await luis.requestService(People.sockets())
        #expect(try await mine.next().map(\.requestID) == [luisJob.requestID])
    }
}
