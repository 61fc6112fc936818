import ExampleSupport
import Foundation
import Hearth

/// The trusted side of the app — what Firebase would run as Cloud Functions: the admin handle,
/// which the rules do not judge, and the account store. It never acts on a client's word: each
/// trigger reads what it needs itself.
struct Backend: Sendable {
    /// Admin access to the app's database.
    let admin: Firestore
    /// The accounts (Hearth Auth on the same data directory).
    let accounts: AppAuth

    /// A handle whose requests come from `account`, judged by the rules (`request.auth`).
    func handle(for account: Account) async throws(GiftworldError) -> Firestore {
        do {
            return try await account.firestore(on: admin)
        } catch {
            throw GiftworldError(error)
        }
    }

    /// Registers the app's Firestore triggers on the data directory (each resumes from its durable
    /// cursor, so work left by a stopped process is done now): the two membership triggers that
    /// the thesis ran as Cloud Functions on `groups/{groupId}`.
    func installTriggers() async throws(GiftworldError) -> [TriggerRegistration] {
        do {
            var registered: [TriggerRegistration] = []
            registered.append(try await admin.onDocumentCreated("\(Collections.groups)/{groupId}", name: "giftworld-group-created") { event in
                try await groupCreated(event.params["groupId"] ?? "")
            })
            registered.append(try await admin.onDocumentDeleted("\(Collections.groups)/{groupId}", name: "giftworld-group-deleted") { event in
                try await groupDeleted(event.params["groupId"] ?? "")
            })
            return registered
        } catch {
            throw GiftworldError(error)
        }
    }

    /// Returns once the triggers have done the work of every write made so far (what a screen
    /// that shows their results waits for, as an app waits for a function's effect to arrive).
    func triggersSettled() async throws(GiftworldError) {
        do {
            try await admin.waitForTriggers()
        } catch {
            throw GiftworldError(error)
        }
    }

    /// The membership trigger after a group was created: adds the group to `memberships/<uid>`
    /// of every member the stored group lists.
    func groupCreated(_ groupID: String) async throws(GiftworldError) {
        do {
            let group = try await admin.collection(Collections.groups).document(groupID).getDocument()
            guard group.exists else { return }
            let members = try group.decoded(as: Group.self).members
            let batch = admin.batch()
            for member in members {
                batch.setData(
                    ["groups": FieldValue.arrayUnion([groupID])],
                    forDocument: admin.collection(Collections.memberships).document(member), merge: true)
            }
            try await batch.commit()
        } catch {
            throw GiftworldError(error)
        }
    }

    /// The membership trigger after a group was deleted: removes it from every membership that
    /// still names it.
    func groupDeleted(_ groupID: String) async throws(GiftworldError) {
        do {
            guard try await !admin.collection(Collections.groups).document(groupID).getDocument().exists else { return }
            let holders = try await admin.collection(Collections.memberships)
                .whereField("groups", arrayContains: groupID).getDocuments()
            guard !holders.isEmpty else { return }
            let batch = admin.batch()
            for holder in holders.documents {
                batch.updateData(["groups": FieldValue.arrayRemove([groupID])], forDocument: holder.reference)
            }
            try await batch.commit()
        } catch {
            throw GiftworldError(error)
        }
    }

    /// The settlement function: the debts of `groupID` simplified by minimum cash flow, for
    /// `viewer`. Debts of purchases of the viewer's own gifts are left out, so the answer cannot
    /// reveal that one of them was bought. The caller must have checked that `viewer` is a member.
    func settlement(ofGroup groupID: String, for viewer: String) async throws(GiftworldError) -> [Payment] {
        do {
            let debts = try await admin.collection(Collections.debts).whereField("groupId", isEqualTo: groupID)
                .getDocuments().decoded(as: Debt.self)
            let ownGifts = viewer + "_"
            return Settlement.payments(for: debts.filter { !$0.purchase.hasPrefix(ownGifts) })
        } catch {
            throw GiftworldError(error)
        }
    }

    /// How many documents each collection of the data model holds.
    func statistics() async throws(GiftworldError) -> StoreStatistics {
        do {
            return StoreStatistics(
                accounts: try accounts.accountCount(),
                users: try await admin.collection(Collections.users).documentCount(),
                gifts: try await admin.collectionGroup(Collections.gifts).documentCount(),
                groups: try await admin.collection(Collections.groups).documentCount(),
                purchases: try await admin.collection(Collections.purchases).documentCount(),
                debts: try await admin.collection(Collections.debts).documentCount())
        } catch {
            throw GiftworldError(error)
        }
    }
}

/// Document counts of a data directory.
public struct StoreStatistics: Sendable, Equatable {
    /// Accounts in the account store.
    public let accounts: Int
    /// `users` cards.
    public let users: Int
    /// Gifts over every wish list.
    public let gifts: Int
    /// Groups.
    public let groups: Int
    /// Purchases.
    public let purchases: Int
    /// Open debts.
    public let debts: Int
}
