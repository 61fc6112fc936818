import Foundation
import Hearth

/// The trusted side of the app (what Firebase runs as the Admin SDK): the admin handle, which the
/// rules do not judge, and the account store. Users never get it.
struct Backend: Sendable {
    /// Admin access to the app's database.
    let admin: Firestore
    /// The local accounts.
    let accounts: AccountStore

    /// A handle whose requests come from `account`, judged by the rules (`request.auth`).
    func handle(for account: Account) -> Firestore {
        admin.withAccess(
            .user(
                uid: account.uid,
                claims: [
                    "sub": .string(account.uid),
                    "email": .string(account.email),
                    "email_verified": .boolean(false),
                    "firebase": .map(["sign_in_provider": .string("password")]),
                ]))
    }

    /// How many documents each collection holds.
    func statistics() async throws(WorkNowError) -> StoreStatistics {
        do {
            return StoreStatistics(
                accounts: try await Self.count(accounts.store.collection(AccountStore.collection)),
                users: try await Self.count(admin.collection(Collections.users)),
                requests: try await Self.count(admin.collection(Collections.requests)),
                offers: try await Self.count(admin.collectionGroup(Collections.offers)),
                ratings: try await Self.count(admin.collection(Collections.ratings)),
                messages: try await Self.count(admin.collectionGroup(Collections.messages)))
        } catch {
            throw WorkNowError(error)
        }
    }

    /// The number of documents `query` matches (a count aggregation).
    private static func count(_ query: Query) async throws -> Int {
        try await query.count.getAggregation(source: .server).count.intValue
    }
}
