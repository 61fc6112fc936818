import ExampleSupport
import Foundation
import Hearth

/// The trusted side of the app (what Firebase runs as the Admin SDK): the admin handle, which the
/// rules do not judge, and the account store. Users never get it.
struct Backend: Sendable {
    /// Admin access to the app's database.
    let admin: Firestore
    /// The accounts (Hearth Auth on the same data directory).
    let accounts: AppAuth

    /// A handle whose requests come from `account`, judged by the rules (`request.auth`).
    func handle(for account: Account) async throws(WorkNowError) -> Firestore {
        do {
            return try await account.firestore(on: admin)
        } catch {
            throw WorkNowError(error)
        }
    }

    /// How many documents each collection holds.
    func statistics() async throws(WorkNowError) -> StoreStatistics {
        do {
            return StoreStatistics(
                accounts: try accounts.accountCount(),
                users: try await admin.collection(Collections.users).documentCount(),
                requests: try await admin.collection(Collections.requests).documentCount(),
                offers: try await admin.collectionGroup(Collections.offers).documentCount(),
                ratings: try await admin.collection(Collections.ratings).documentCount(),
                messages: try await admin.collectionGroup(Collections.messages).documentCount())
        } catch {
            throw WorkNowError(error)
        }
    }
}
