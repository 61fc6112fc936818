import Hearth
import Testing
import WorkNow

/// The job in progress and after (screen 15, CU011, history): "finalizar" by both parties,
/// cancelling, the simulated payment, the job's detail and the history.
@Suite("Jobs")
final class JobTests: AppSuite {
    @Test func bothPartiesFinishingAtOnceAlwaysEndsDone() async throws {
        let luis = try await fixture.luis()
        var jobs: [AcceptedJob] = []
        for number in 0..<8 {
            jobs.append(
                try await AcceptedJob.make(fixture, client: try await fixture.client(number), worker: luis, done: false))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for job in jobs {
                group.addTask { _ = try await job.client.finishJob(job.requestID) }
                group.addTask { _ = try await luis.finishJob(job.requestID) }
            }
            try await group.waitForAll()
        }
        for job in jobs {
            let stored = try await job.client.request(job.requestID)
            #expect(stored.status == .done && Set(stored.finishedBy) == [job.client.uid, luis.uid])
            #expect(stored.finishedBy.count == 2)
        }
    }

    @Test func eitherPartyCancelsBeforeDoneAndNobodyElse() async throws {
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()
        let open = try await ana.requestService(People.sockets())
        _ = try await luis.sendOffer(OfferForm(price: 50, duration: "1 hora"), to: open.requestID)
        await #expect(throws: WorkNowError.notAParty) { try await luis.cancelRequest(open.requestID) }
        _ = try await ana.acceptOffer(of: luis.uid, on: open.requestID)
        _ = try await ana.finishJob(open.requestID)
        await #expect(throws: WorkNowError.requestNotFound(id: open.requestID)) {
            try await marta.cancelRequest(open.requestID)
        }
        // A last-minute problem: the worker cancels although the client already pressed "finalizar".
        let cancelled = try await luis.cancelRequest(open.requestID)
        #expect(cancelled.status == .cancelled && cancelled.finishedBy == [ana.uid])
        await #expect(throws: WorkNowError.illegalTransition(from: .cancelled, to: .done)) {
            try await luis.finishJob(open.requestID)
        }
        let clientSide = try await AcceptedJob.make(fixture, client: ana, worker: luis, done: false)
        #expect(try await ana.cancelRequest(clientSide.requestID).status == .cancelled)
    }

    @Test func theClientPaysOnceAfterDoneAndOnlyThen() async throws {
        let (ana, luis) = try await fixture.anaAndLuis()
        let job = try await AcceptedJob.make(fixture, client: ana, worker: luis, done: false)
        await #expect(throws: WorkNowError.jobNotDone) { try await ana.pay(job: job.requestID) }
        _ = try await ana.finishJob(job.requestID)
        _ = try await luis.finishJob(job.requestID)
        await #expect(throws: WorkNowError.notTheClient) { try await luis.pay(job: job.requestID) }
        let paid = try await ana.pay(job: job.requestID)
        #expect(paid.status == .done && paid.paidAt != nil && paid.isPaid)
        await #expect(throws: WorkNowError.alreadyPaid) { try await ana.pay(job: job.requestID) }
        #expect(try await ana.request(job.requestID).paidAt == paid.paidAt)
        #expect(WorkNowError.alreadyPaid.alertMessage == "Ya pagaste este trabajo")
    }

    @Test func theJobShowsBothPartiesPhonesTheChatTheOfferAndTheRatings() async throws {
        var form = People.client(0)
        form.telefono = "600 111 222"
        let ana = try await fixture.session(form)
        var worker = People.worker("Luis", at: People.chamberi)
        worker.telefono = "+34 611-222-333"
        let luis = try await fixture.session(worker)
        let marta = try await fixture.marta()
        let job = try await AcceptedJob.make(fixture, client: ana, worker: luis, done: false)
        let before = try await luis.job(job.requestID)
        #expect(before.chatID == nil && before.client.telefono == "600111222" && before.worker?.telefono == "+34611222333")
        #expect(before.offer?.price == 40 && before.ratings.isEmpty && before.request.status == .accepted)
        let chat = try await ana.openChat(about: job.requestID)
        _ = try await ana.finishJob(job.requestID)
        _ = try await luis.finishJob(job.requestID)
        _ = try await ana.pay(job: job.requestID)
        try await ana.rate(job: job.requestID, stars: 4, comment: "Bien")
        let after = try await ana.job(job.requestID)
        #expect(after.chatID == chat.id && after.ratings.map(\.stars) == [4] && after.request.isPaid)
        await #expect(throws: WorkNowError.requestNotFound(id: job.requestID)) { try await marta.job(job.requestID) }
    }

    @Test func theHistoryListsJobsAsClientAndAsWorkerNewestFirst() async throws {
        let (ana, luis) = try await fixture.anaAndLuis()
        let first = try await AcceptedJob.make(fixture, client: ana, worker: luis)
        _ = try await ana.requestService(People.sockets())  // still open: not a job yet
        let second = try await AcceptedJob.make(fixture, client: ana, worker: luis, done: false)
        _ = try await ana.subscribe(to: [.electricista])
        let luisJob = try await luis.requestService(People.sockets())
        _ = try await ana.sendOffer(OfferForm(price: 30, duration: "1 hora"), to: luisJob.requestID)
        _ = try await luis.acceptOffer(of: ana.uid, on: luisJob.requestID)
        let anas = try await ana.jobHistory()
        #expect(anas.asClient.map(\.requestID) == [second.requestID, first.requestID])
        #expect(anas.asWorker.map(\.requestID) == [luisJob.requestID])
        let luiss = try await luis.jobHistory()
        #expect(luiss.asClient.map(\.requestID) == [luisJob.requestID])
        #expect(luiss.asWorker.map(\.requestID) == [second.requestID, first.requestID])
        #expect(luiss.asWorker.map(\.status) == [.accepted, .done])
    }
}
