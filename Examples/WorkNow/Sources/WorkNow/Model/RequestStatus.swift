/// Where a service request is in its life: `open → accepted → done`, or `cancelled` from `open`
/// or `accepted`. `done` and `cancelled` are final. The rules enforce the same table.
public enum RequestStatus: String, Codable, Sendable, CaseIterable {
    /// Waiting for offers; visible to the subscribed workers in range.
    case open
    /// The client accepted one offer (`acceptedOffer` names its worker).
    case accepted
    /// The job was carried out; both parties may rate each other.
    case done
    /// The client withdrew the request.
    case cancelled

    /// Whether a request may move from this status to `next`.
    public func canMove(to next: RequestStatus) -> Bool {
        switch (self, next) {
        case (.open, .accepted), (.open, .cancelled), (.accepted, .done), (.accepted, .cancelled): true
        default: false
        }
    }
}
