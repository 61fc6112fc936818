import ExampleSupport
import Giftworld

/// One-line renderings of the model for the demo's output.
enum Describe {
    /// `Cafetera (Nespresso) · 120.0 €`.
    static func gift(_ gift: Gift) -> String {
        "\(gift.name)\(gift.brand.isEmpty ? "" : " (\(gift.brand))") · \(euros(gift.price))"
    }

    /// `120.00 €`.
    static func euros(_ amount: Double) -> String {
        let cents = Money.cents(amount) ?? 0
        let sign = cents < 0 ? "-" : ""
        let value = abs(cents)
        let fraction = value % 100
        return "\(sign)\(value / 100).\(fraction < 10 ? "0" : "")\(fraction) €"
    }

    /// `3 accounts, 3 users, …`.
    static func statistics(_ statistics: StoreStatistics) -> String {
        [
            count(statistics.accounts, "account"), count(statistics.users, "user"), count(statistics.gifts, "gift"),
            count(statistics.groups, "group"), count(statistics.purchases, "purchase"), count(statistics.debts, "debt"),
        ].joined(separator: ", ")
    }

    /// `1 gift`, `2 gifts`.
    static func count(_ number: Int, _ singular: String) -> String { DemoNarration.count(number, singular) }
}
