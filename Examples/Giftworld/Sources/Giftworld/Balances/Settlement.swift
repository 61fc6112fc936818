/// A payment between two users that settles part of a group's debts.
public struct Payment: Sendable, Equatable {
    /// The uid who pays.
    public let from: String
    /// The uid who is paid.
    public let to: String
    /// How much, in cents.
    public let cents: Int

    /// The amount in euros.
    public var amount: Double { Money.euros(cents) }
}

/// What the signed-in user owes or is owed by one other person, over all their debts.
public struct PersonBalance: Sendable, Equatable {
    /// The other person's uid.
    public let uid: String
    /// Positive: they owe the user; negative: the user owes them. In cents.
    public let netCents: Int

    /// The net amount in euros.
    public var net: Double { Money.euros(netCents) }
}

/// The user's debts and credits (CU-010 "Mis saldos").
public struct Balances: Sendable, Equatable {
    /// Debts where the user is the debtor.
    public let owing: [Debt]
    /// Debts where the user is the creditor.
    public let owed: [Debt]
    /// The net per person, largest credit first.
    public let perPerson: [PersonBalance]
}

/// Minimum cash flow over users' debts.
enum Settlement {
    /// The payments that settle `debts` among the people they name, found by `MinimumCashFlow`
    /// with people ordered by uid (so the answer does not depend on the debts' order).
    static func payments(for debts: [Debt]) -> [Payment] {
        let people = Array(Set(debts.flatMap { [$0.debtor, $0.creditor] })).sorted()
        let index = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($1, $0) })
        var net = [Int](repeating: 0, count: people.count)
        for debt in debts {
            guard let debtor = index[debt.debtor], let creditor = index[debt.creditor],
                let cents = Money.cents(debt.amount)
            else { continue }
            net[debtor] -= cents
            net[creditor] += cents
        }
        return MinimumCashFlow.transfers(net: net).map {
            Payment(from: people[$0.from], to: people[$0.to], cents: $0.cents)
        }
    }

    /// The net per other person of `uid`'s debts.
    static func perPerson(of uid: String, owing: [Debt], owed: [Debt]) -> [PersonBalance] {
        var net: [String: Int] = [:]
        for debt in owing { net[debt.creditor, default: 0] -= Money.cents(debt.amount) ?? 0 }
        for debt in owed { net[debt.debtor, default: 0] += Money.cents(debt.amount) ?? 0 }
        return net.map { PersonBalance(uid: $0.key, netCents: $0.value) }
            .sorted { ($0.netCents, $1.uid) > ($1.netCents, $0.uid) }
    }
}
