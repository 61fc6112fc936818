/// A rating one party of a done job gives the other, `ratings/{requestId}_{raterUid}`.
public struct Valoracion: Codable, Sendable, Equatable {
    /// The request of the job.
    public var requestId: String
    /// Who rates.
    public var rater: String
    /// Who is rated.
    public var ratee: String
    /// 1.0–5.0, fractions allowed.
    public var stars: Double
    /// Free text (may be empty).
    public var comment: String
}
