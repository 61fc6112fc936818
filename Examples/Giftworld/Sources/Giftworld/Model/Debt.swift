public import Hearth

/// What one co-buyer of a joint purchase owes its payer, `debts/{purchaseId}_{debtor}`.
/// Read and resolved only by its two parties.
public struct Debt: Codable, Sendable, Equatable {
    /// The document id, `<purchaseId>_<debtor>`.
    @DocumentID public var id: String?
    /// The group of the purchase.
    public var groupId: String
    /// Who owes.
    public var debtor: String
    /// Who is owed (the purchase's payer).
    public var creditor: String
    /// How much, in euros: the price divided by the number of buyers.
    public var amount: Double
    /// The purchase's document id.
    public var purchase: String

    /// The document id of `debtor`'s debt for `purchase`.
    public static func documentID(purchase: String, debtor: String) -> String { "\(purchase)_\(debtor)" }

    /// A new debt.
    init(groupID: String, debtor: String, creditor: String, amount: Double, purchase: String) {
        groupId = groupID
        self.debtor = debtor
        self.creditor = creditor
        self.amount = amount
        self.purchase = purchase
    }
}
