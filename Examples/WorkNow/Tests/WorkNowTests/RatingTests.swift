import Hearth
import Testing
import WorkNow

/// Ratings (RF008): once per job and party, after the job is done and paid, 1.0–5.0, counters kept
/// with `increment`.
@Suite("Ratings")
final class RatingTests: AppSuite {
    @Test func bothPartiesRateOnceAfterTheJobIsDoneAndPaid() async throws {
        let (ana, luis) = try await fixture.anaAndLuis()
        let job = try await AcceptedJob.make(fixture, client: ana, worker: luis, done: false)
        await #expect(throws: WorkNowError.jobNotDone) { try await ana.rate(job: job.requestID, stars: 4) }
        _ = try await ana.finishJob(job.requestID)
        _ = try await luis.finishJob(job.requestID)
        await #expect(throws: WorkNowError.jobNotPaid) { try await ana.rate(job: job.requestID, stars: 4) }
        await #expect(throws: WorkNowError.jobNotPaid) { try await luis.rate(job: job.requestID, stars: 4) }
        _ = try await ana.pay(job: job.requestID)
        await #expect(throws: WorkNowError.invalidStars(0.5)) { try await ana.rate(job: job.requestID, stars: 0.5) }
        await #expect(throws: WorkNowError.invalidStars(5.1)) { try await ana.rate(job: job.requestID, stars: 5.1) }
        let rating = try await ana.rate(job: job.requestID, stars: 4.5, comment: "Muy bien")
        #expect(rating.ratee == luis.uid && rating.rater == ana.uid && rating.stars == 4.5)
        try await luis.rate(job: job.requestID, stars: 1)
        await #expect(throws: WorkNowError.alreadyRated) { try await ana.rate(job: job.requestID, stars: 5) }
        await #expect(throws: WorkNowError.alreadyRated) { try await luis.rate(job: job.requestID, stars: 5) }
        let luisProfile = try await luis.ownProfile()
        #expect(luisProfile.ratingSum == 4.5 && luisProfile.ratingCount == 1 && luisProfile.averageRating == 4.5)
        let anaProfile = try await ana.ownProfile()
        #expect(anaProfile.ratingSum == 1 && anaProfile.ratingCount == 1)
        #expect(try await fixture.app.statistics().ratings == 2)
    }

    @Test func outsidersCannotRateAJob() async throws {
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()
        let job = try await AcceptedJob.make(fixture, client: ana, worker: luis)
        // The done request is hidden from Marta.
        await #expect(throws: WorkNowError.self) { try await marta.rate(job: job.requestID, stars: 5) }
        let open = try await ana.requestService(People.sockets())
        await #expect(throws: WorkNowError.notAParty) { try await marta.rate(job: open.requestID, stars: 5) }
        #expect(try await luis.ownProfile().ratingCount == 0)
    }

    @Test func concurrentRatingsOfOneWorkerLoseNoUpdate() async throws {
        let luis = try await fixture.luis()
        var jobs: [AcceptedJob] = []
        for number in 0..<10 {
            jobs.append(try await AcceptedJob.make(fixture, client: try await fixture.client(number), worker: luis))
        }
        let stars = [1.0, 2.5, 3.0, 4.0, 5.0, 4.5, 3.5, 2.0, 1.5, 5.0]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (job, value) in zip(jobs, stars) {
                group.addTask { try await job.client.rate(job: job.requestID, stars: value) }
                group.addTask { try await luis.rate(job: job.requestID, stars: 5) }
            }
            try await group.waitForAll()
        }
        let profile = try await luis.ownProfile()
        #expect(profile.ratingCount == 10)
        #expect(profile.ratingSum == stars.reduce(0, +))
        for job in jobs { #expect(try await job.client.ownProfile().ratingSum == 5) }
    }
}
