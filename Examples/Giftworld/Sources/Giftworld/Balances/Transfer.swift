/// One payment of a simplified settlement between people numbered 0…n−1.
public struct Transfer: Sendable, Equatable, CustomStringConvertible {
    /// Who pays.
    public let from: Int
    /// Who is paid.
    public let to: Int
    /// How much, in cents.
    public let cents: Int

    /// The amount in euros.
    public var amount: Double { Money.euros(cents) }

    /// The thesis's wording, `P 1 sends 4000.0 to P2` (its spacing included).
    public var description: String { "P \(from) sends \(amount) to P\(to)" }
}
