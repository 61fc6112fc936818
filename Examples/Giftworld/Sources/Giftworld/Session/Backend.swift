import ExampleSupport
import Foundation
import Hearth

/// The trusted side of the app — what Firebase would run as Cloud Functions: the admin handle,
/// which the rules do not judge, and the account store. It never acts on a client's word: each
/// trigger reads what it needs itself.
public struct Backend: Sendable {
    /// Admin access to the app's database.
    let admin: Firestore
    /// The accounts (Hearth Auth on the same data directory).
    let accounts: AppAuth

    /// Registers the app's Firestore triggers on the data directory (each resumes from its durable
    /// cursor, so work left by a stopped process is done now): the membership triggers that the
    /// thesis ran as Cloud Functions on `groups/{groupId}` — a group created, updated (members
    /// added, RF3.3) or deleted.
    func installTriggers() async throws(GiftworldError) -> [TriggerRegistration] {
        let pattern = "\(Collections.groups)/{groupId}"
        return try await GiftworldError.mapping {
            var registered: [TriggerRegistration] = []
            registered.append(try await admin.onDocumentCreated(pattern, name: "giftworld-group-created") { event in
                try await syncMemberships(ofGroup: event.params["groupId"] ?? "", naming: Self.members(event.data))
            })
            registered.append(try await admin.onDocumentUpdated(pattern, name: "giftworld-group-updated") { event in
                try await syncMemberships(
                    ofGroup: event.params["groupId"] ?? "",
                    naming: Self.members(event.data.before).union(Self.members(event.data.after)))
            })
            registered.append(try await admin.onDocumentDeleted(pattern, name: "giftworld-group-deleted") { event in
                try await syncMemberships(ofGroup: event.params["groupId"] ?? "", naming: Self.members(event.data))
            })
            return registered
        }
    }

    /// The uids a group snapshot of a trigger event lists (none when it is malformed).
    private static func members(_ group: DocumentSnapshot) -> Set<String> {
        Set(group.get("members") as? [String] ?? [])
    }

    /// Returns once the triggers have done the work of every write made so far (what a screen
    /// that shows their results waits for, as an app waits for a function's effect to arrive).
    func triggersSettled() async throws(GiftworldError) {
        try await GiftworldError.mapping {
            try await admin.waitForTriggers()
        }
    }

    /// The membership trigger's work for `groupID` after any change of it: makes `memberships/<uid>`
    /// name the group exactly when the stored group (read here, not taken from the event) lists
    /// `uid` — adding it for every member, new ones included, and removing it once the group is
    /// gone. It looks at the stored members, at `candidates` (the members the event's two sides
    /// listed) and at every membership that names the group, and decides in one transaction that
    /// reads the group: the triggers of a group created, updated and deleted in quick succession
    /// may run at once, and whichever commits last has read the latest group.
    func syncMemberships(ofGroup groupID: String, naming candidates: Set<String>) async throws(GiftworldError) {
        guard FieldCheck.identifier(groupID) else { return }
        try await GiftworldError.mapping {
            let memberships = admin.collection(Collections.memberships)
            let holders = try await memberships.whereField("groups", arrayContains: groupID).getDocuments()
            let known = candidates.union(holders.documents.map(\.documentID)).filter(FieldCheck.identifier)
            let groupReference = admin.collection(Collections.groups).document(groupID)
            try await admin.runTransaction { transaction in
                let group = try transaction.getDocument(groupReference)
                let members: Set<String> = try group.exists ? Set(group.decoded(as: Group.self).members) : []
                var changes: [(DocumentReference, joins: Bool)] = []
                for uid in known.union(members.filter(FieldCheck.identifier)).sorted() {
                    let reference = memberships.document(uid)
                    let groups = try transaction.getDocument(reference).get("groups") as? [String] ?? []
                    let holds = groups.contains(groupID)
                    if holds != members.contains(uid) { changes.append((reference, joins: !holds)) }
                }
                for (reference, joins) in changes {
                    if joins {
                        transaction.setData(
                            ["groups": FieldValue.arrayUnion([groupID])], forDocument: reference, merge: true)
                    } else {
                        transaction.updateData(["groups": FieldValue.arrayRemove([groupID])], forDocument: reference)
                    }
                }
            }
        }
    }

    /// The settlement function: the debts of `groupID` simplified by minimum cash flow, for
    /// `viewer`. Debts of purchases of the viewer's own gifts are left out, so the answer cannot
    /// reveal that one of them was bought. The caller must have checked that `viewer` is a member.
    func settlement(ofGroup groupID: String, for viewer: String) async throws(GiftworldError) -> [Payment] {
        return try await GiftworldError.mapping {
            let debts = try await admin.collection(Collections.debts).whereField("groupId", isEqualTo: groupID)
                .getDocuments().decoded(as: Debt.self)
            let ownGifts = viewer + "_"
            return Settlement.payments(for: debts.filter { !$0.purchase.hasPrefix(ownGifts) })
        }
    }

    /// How many documents each collection of the data model holds.
    func statistics() async throws(GiftworldError) -> StoreStatistics {
        return try await GiftworldError.mapping {
            return StoreStatistics(
                accounts: try accounts.accountCount(),
                users: try await admin.collection(Collections.users).documentCount(),
                gifts: try await admin.collectionGroup(Collections.gifts).documentCount(),
                groups: try await admin.collection(Collections.groups).documentCount(),
                purchases: try await admin.collection(Collections.purchases).documentCount(),
                debts: try await admin.collection(Collections.debts).documentCount())
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
