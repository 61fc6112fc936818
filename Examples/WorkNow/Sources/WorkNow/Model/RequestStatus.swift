/// Where a service request is in its life: `open → accepted → done`, or `cancelled` from `open`
/// or `accepted`. `done` and `cancelled` are final. The rules enforce the same table; `accepted →
/// done` happens only when both parties are in `finishedBy`, and payment (`paidAt`) comes after `done`.
public enum RequestStatus: String, Codable, Sendable, CaseIterable {
    /// Waiting for offers; visible to the subscribed workers in range (or to the hired professional).
    case open
    /// The client accepted one offer (`acceptedOffer` names its worker): the job is in progress.
    case accepted
    /// Both parties pressed "finalizar"; the client may pay, then both may rate each other.
    case done
    /// The client withdrew the request, or a party cancelled the job before it was done.
    case cancelled

    /// Whether a request may move from this status to `next`.
    public func canMove(to next: RequestStatus) -> Bool {
        switch (self, next) {
        case (.open, .accepted), (.open, .cancelled), (.accepted, .done), (.accepted, .cancelled): true
        default: false
        }
    }
}
