import ExampleSupport
import Foundation
import Hearth

/// The trusted side of the app — what Firebase would run as Cloud Functions or the Admin SDK:
/// the admin handle, which the rules do not judge, and the account store.
public struct Backend: Sendable {
    /// Admin access to the app's database.
    let admin: Firestore
    /// The accounts (Hearth Auth on the same data directory).
    let accounts: AppAuth
    /// Most writes per clean-up batch.
    static let batchSize = 400

    /// Registers the clean-up trigger (`onDocumentDeleted` on `groups/{groupId}`, the thesis's
    /// Cloud Function); it resumes from its durable cursor, so a purge a stopped process left
    /// undone runs now.
    func installTriggers() async throws(KomunitError) -> [TriggerRegistration] {
        return try await KomunitError.mapping {
            var registered: [TriggerRegistration] = []
            registered.append(try await admin.onDocumentDeleted("\(Collections.groups)/{groupId}", name: "komunit-purge-group") { event in
                _ = try await purgeGroup(event.params["groupId"] ?? "")
            })
            return registered
        }
    }

    /// Returns once the triggers have done the work of every write made so far.
    func triggersSettled() async throws(KomunitError) {
        try await KomunitError.mapping {
            try await admin.waitForTriggers()
        }
    }

    /// Deletes a group outright (its owner's account is being deleted); the clean-up trigger
    /// purges what hung from it.
    func dissolveGroup(_ groupId: String) async throws(KomunitError) {
        try await KomunitError.mapping {
            try await admin.collection(Collections.groups).document(groupId).delete()
        }
    }

    /// The clean-up trigger of a deleted group: removes its messages, its events with their
    /// attendances, and the memberships left (taking the group off those users' lists). Does nothing
    /// while the group exists. Returns how many documents it deleted.
    func purgeGroup(_ groupId: String) async throws(KomunitError) -> Int {
        return try await KomunitError.mapping {
            guard try await !admin.collection(Collections.groups).document(groupId).getDocument().exists else { return 0 }
            var deletions: [DocumentReference] = []
            var userUpdates: [DocumentReference] = []
            deletions += try await admin.collection(Collections.messages(of: groupId)).getDocuments().documents
                .map(\.reference)
            for event in try await admin.collection(Collections.events(of: groupId)).getDocuments().documents {
                deletions += try await admin.collection(Collections.attendances(of: groupId, event: event.documentID))
                    .getDocuments().documents.map(\.reference)
                deletions.append(event.reference)
            }
            for membership in try await admin.collection(Collections.memberships)
                .whereField("groupId", isEqualTo: groupId).getDocuments().documents
            {
                deletions.append(membership.reference)
                if let userId = membership.get("userId") as? String {
                    userUpdates.append(admin.collection(Collections.users).document(userId))
                }
            }
            var batch = admin.batch()
            var pending = 0
            for update in userUpdates {
                batch.updateData(
                    ["groupIds": FieldValue.arrayRemove([groupId]), "ownedGroupIds": FieldValue.arrayRemove([groupId])],
                    forDocument: update)
                pending += 1
            }
            for reference in deletions {
                if pending == Self.batchSize {
                    try await batch.commit()
                    batch = admin.batch()
                    pending = 0
                }
                batch.deleteDocument(reference)
                pending += 1
            }
            if pending > 0 { try await batch.commit() }
            return deletions.count
        }
    }

    /// How many documents each collection of the data model holds.
    func statistics() async throws(KomunitError) -> StoreStatistics {
        return try await KomunitError.mapping {
            return StoreStatistics(
                accounts: try accounts.accountCount(),
                users: try await admin.collection(Collections.users).documentCount(),
                groups: try await admin.collection(Collections.groups).documentCount(),
                memberships: try await admin.collection(Collections.memberships).documentCount(),
                messages: try await admin.collectionGroup(Collections.messages).documentCount(),
                events: try await admin.collectionGroup(Collections.events).documentCount(),
                attendances: try await admin.collectionGroup(Collections.attendances).documentCount(),
                reports: try await admin.collection(Collections.reports).documentCount())
        }
    }
}

/// Document counts of a data directory.
public struct StoreStatistics: Sendable, Equatable {
    /// Accounts in the account store.
    public let accounts: Int
    /// `users` documents.
    public let users: Int
    /// `groups` documents.
    public let groups: Int
    /// `memberships` documents.
    public let memberships: Int
    /// Messages over all groups.
    public let messages: Int
    /// Events over all groups.
    public let events: Int
    /// Attendances over all events.
    public let attendances: Int
    /// Reports of content, waiting for the reviewers.
    public let reports: Int
}
