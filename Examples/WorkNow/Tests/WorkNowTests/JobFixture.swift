import Hearth
import WorkNow

/// A client, a worker and a request of the client with the worker's offer accepted.
struct AcceptedJob {
    let client: UserSession
    let worker: UserSession
    let requestID: String

    /// The client asks, `worker` offers, the client accepts; `done` has both parties press
    /// "finalizar", and `paid` has the client pay afterwards (so both may rate).
    static func make(
        _ fixture: TestApp, client: UserSession, worker: UserSession, done: Bool = true, paid: Bool = true
    ) async throws -> AcceptedJob {
        let job = try await client.requestService(People.sockets())
        _ = try await worker.sendOffer(OfferForm(price: 40, duration: "1 hora"), to: job.requestID)
        _ = try await client.acceptOffer(of: worker.uid, on: job.requestID)
        if done {
            _ = try await client.finishJob(job.requestID)
            _ = try await worker.finishJob(job.requestID)
            if paid { _ = try await client.pay(job: job.requestID) }
        }
        return AcceptedJob(client: client, worker: worker, requestID: job.requestID)
    }
}
