import Hearth
import Testing
import WorkNow

/// Accepting exactly one offer, and the request's life cycle as the app enforces it.
@Suite("Accepting offers")
struct AcceptOfferTests {
    @Test(arguments: 1...20)
    func concurrentAcceptsOfDifferentOffersLetExactlyOneWin(round: Int) async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.client()
        var workers: [UserSession] = []
        for index in 0..<6 {
            workers.append(try await fixture.session(People.worker("W\(round)x\(index)", at: People.chamberi)))
        }
        let job = try await ana.requestService(People.sockets())
        for (index, worker) in workers.enumerated() {
            _ = try await worker.sendOffer(OfferForm(price: Double(30 + index), duration: "1 hora"), to: job.requestID)
        }
        // Two taps per offer, all at once: 12 transactions race for one request.
        let outcomes = await withTaskGroup(of: (String, Result<Solicitud, WorkNowError>).self) { group in
            for worker in workers + workers {
                let uid = worker.uid
                group.addTask {
                    do throws(WorkNowError) {
                        let accepted = try await ana.acceptOffer(of: uid, on: job.requestID)
                        return (uid, .success(accepted))
                    } catch {
                        return (uid, .failure(error))
                    }
                }
            }
            var all: [(String, Result<Solicitud, WorkNowError>)] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        let winners = outcomes.filter { if case .success = $0.1 { true } else { false } }
        #expect(winners.count == 1)
        for (_, outcome) in outcomes {
            if case .failure(let error) = outcome { #expect(error == .requestNotOpen(status: .accepted)) }
        }
        let stored = try await ana.request(job.requestID)
        #expect(stored.status == .accepted && stored.acceptedOffer == winners.first?.0)
    }

    @Test func onlyTheClientAcceptsAndTheRequestOnlyMovesForward() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()
        let job = try await ana.requestService(People.sockets())
        _ = try await luis.sendOffer(OfferForm(price: 50, duration: "1 hora"), to: job.requestID)
        await #expect(throws: WorkNowError.offerNotFound(worker: marta.uid)) {
            try await ana.acceptOffer(of: marta.uid, on: job.requestID)
        }
        await #expect(throws: WorkNowError.notTheClient) { try await luis.acceptOffer(of: luis.uid, on: job.requestID) }
        await #expect(throws: WorkNowError.illegalTransition(from: .open, to: .done)) {
            try await ana.finishJob(job.requestID)
        }
        let accepted = try await ana.acceptOffer(of: luis.uid, on: job.requestID)
        #expect(accepted.status == .accepted && accepted.acceptedOffer == luis.uid && accepted.finishedBy.isEmpty)
        // Taken by someone else, the request is hidden from Marta.
        await #expect(throws: WorkNowError.requestNotFound(id: job.requestID)) {
            try await marta.sendOffer(OfferForm(price: 20, duration: "1 hora"), to: job.requestID)
        }
        await #expect(throws: WorkNowError.requestNotFound(id: job.requestID)) { try await marta.finishJob(job.requestID) }
        let half = try await luis.finishJob(job.requestID)
        #expect(half.status == .accepted && half.finishedBy == [luis.uid])
        await #expect(throws: WorkNowError.alreadyFinished) { try await luis.finishJob(job.requestID) }
        let done = try await ana.finishJob(job.requestID)
        #expect(done.status == .done && done.finishedBy == [luis.uid, ana.uid] && done.paidAt == nil)
        await #expect(throws: WorkNowError.illegalTransition(from: .done, to: .cancelled)) {
            try await ana.cancelRequest(job.requestID)
        }
        await #expect(throws: WorkNowError.illegalTransition(from: .done, to: .done)) {
            try await ana.finishJob(job.requestID)
        }
    }

    @Test func theLifeCycleTable() {
        let allowed: Set<String> = ["open>accepted", "open>cancelled", "accepted>done", "accepted>cancelled"]
        for from in RequestStatus.allCases {
            for to in RequestStatus.allCases {
                #expect(from.canMove(to: to) == allowed.contains("\(from.rawValue)>\(to.rawValue)"))
            }
        }
    }
}
