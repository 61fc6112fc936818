import ExampleSupport
import Hearth
import Synchronization

// The thesis's "Actualización automática de datos en la aplicación" (§3.4.1): the lists on
// screen update by themselves. Each view is a live stream for `for try await … in` (SwiftUI's
// `.task`): its value now, then again after every commit that changes it; leaving the loop stops
// its listeners; a refusal by the rules or a sign-out ends it with the error.

extension UserSession {
    /// "Mi lista", live: the signed-in user's gifts, oldest first (as `myGifts()`).
    public func liveMyGifts() -> AsyncThrowingStream<[Gift], any Error> {
        giftsQuery(of: uid).liveValues(as: Gift.self, failing: GiftworldError.self)
    }

    /// A fellow member's list with each gift's purchase status, live (as `wishList(of:)`): a gift
    /// added by its owner or bought by anyone in a shared group shows up by itself.
    public func liveWishList(of owner: String) -> AsyncThrowingStream<[GiftListing], any Error> {
        guard owner != uid else { return .failed(GiftworldError.ownGift) }
        guard FieldCheck.identifier(owner) else { return .failed(GiftworldError.userNotFound(uid: owner)) }
        let gifts = giftsQuery(of: owner).liveValues(as: Gift.self, failing: GiftworldError.self)
        let purchases = db.collection(Collections.purchases).whereField("owner", isEqualTo: owner)
            .liveValues(as: Purchase.self, failing: GiftworldError.self)
        return combineLatest(gifts, purchases).compactMapped { gifts, purchases in
            Self.listings(of: owner, gifts: gifts, purchases: purchases)
        }
    }

    /// The user's groups by name, live (as `myGroups()`): a group someone creates with the user
    /// in it, or deletes, shows up or leaves by itself.
    public func liveMyGroups() -> AsyncThrowingStream<[Group], any Error> {
        db.collection(Collections.groups).whereField("members", arrayContains: uid)
            .liveValues(as: Group.self, failing: GiftworldError.self)
            .compactMapped { $0.sorted { ($0.name, $0.id ?? "") < ($1.name, $1.id ?? "") } }
    }

    /// "Mis saldos", live (as `balances()`): a joint purchase's new debts, a lowered amount and a
    /// resolved debt change it by themselves.
    public func liveBalances() -> AsyncThrowingStream<Balances, any Error> {
        let debts = db.collection(Collections.debts)
        let owing = debts.whereField("debtor", isEqualTo: uid).liveValues(as: Debt.self, failing: GiftworldError.self)
        let owed = debts.whereField("creditor", isEqualTo: uid).liveValues(as: Debt.self, failing: GiftworldError.self)
        let me = uid
        return combineLatest(owing, owed).compactMapped { owing, owed in
            Balances(owing: owing, owed: owed, perPerson: Settlement.perPerson(of: me, owing: owing, owed: owed))
        }
    }

    /// RF5.2 "Notificar deudas": while the app runs, an alert for each debt that concerns the user
    /// and appears (a joint purchase naming them, as debtor or creditor) and for each changed
    /// amount; the debts already there when it starts raise none, and a resolved debt none.
    public func debtAlerts() -> AsyncThrowingStream<DebtAlert, any Error> {
        let known = DebtMemory()
        let balances = liveBalances()  // listening starts now: later debts are new to it
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await balances in balances {
                        for alert in known.alerts(after: balances.owing + balances.owed) { continuation.yield(alert) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The gifts of `owner`, oldest first.
    func giftsQuery(of owner: String) -> Query {
        db.collection(Collections.giftList(of: owner)).order(by: "createdAt")
    }

    /// Each gift of `owner` with its purchase, if any.
    static func listings(of owner: String, gifts: [Gift], purchases: [Purchase]) -> [GiftListing] {
        let byGift = Dictionary(purchases.map { ($0.giftPath, $0) }, uniquingKeysWith: { first, _ in first })
        return gifts.map { gift in
            GiftListing(gift: gift, purchase: byGift[Collections.giftPath(owner: owner, giftID: gift.id ?? "")])
        }
    }
}

/// One RF5.2 alert: a debt that concerns the user appeared or its amount changed.
public struct DebtAlert: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A new debt (the user is its debtor or its creditor).
        case newDebt
        /// The amount changed from this value.
        case amountChanged(from: Double)
    }

    /// What happened.
    public let kind: Kind
    /// The debt as it is now.
    public let debt: Debt
}

/// The debts an alert stream has seen, by id, with their amounts.
private final class DebtMemory: Sendable {
    private let amounts = Mutex<[String: Double]?>(nil)

    /// The alerts `debts` raise against what was seen before; none for the first list.
    func alerts(after debts: [Debt]) -> [DebtAlert] {
        let current = Dictionary(debts.map { ($0.id ?? "", $0.amount) }, uniquingKeysWith: { first, _ in first })
        guard let previous = amounts.withLock({ amounts in defer { amounts = current }; return amounts }) else { return [] }
        return debts.compactMap { debt in
            guard let before = previous[debt.id ?? ""] else { return DebtAlert(kind: .newDebt, debt: debt) }
            return before == debt.amount ? nil : DebtAlert(kind: .amountChanged(from: before), debt: debt)
        }
    }
}
