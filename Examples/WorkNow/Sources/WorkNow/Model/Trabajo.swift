/// One job as its two parties see it: the job in progress (screen 15: the chat and both phone
/// numbers) and, afterwards, its detail in the history (screens 11–12).
public struct JobDetail: Sendable, Equatable {
    /// The request.
    public let request: Solicitud
    /// The client's profile (with their phone number, if any).
    public let client: Usuario
    /// The accepted worker's profile; nil before an offer was accepted.
    public let worker: Usuario?
    /// The accepted offer; nil before one was accepted.
    public let offer: Oferta?
    /// The chat of the two parties, when one was opened.
    public let chatID: String?
    /// The ratings given for this job (at most one per party).
    public let ratings: [Valoracion]
}

/// The user's past and current jobs (screens 10–12): requests of theirs whose offer was accepted,
/// and requests where they were the accepted worker; newest first.
public struct JobHistory: Sendable, Equatable {
    /// Jobs where the user was the client.
    public let asClient: [Solicitud]
    /// Jobs where the user was the worker.
    public let asWorker: [Solicitud]
}
