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

    /// Registers CU-18's clean-up trigger (`onDocumentDeleted` on `Anuncios/{adId}`); it resumes
    /// from its durable cursor, so a clean-up a stopped process left undone runs now.
    func installTriggers() async throws(RoomieFinderError) -> [TriggerRegistration] {
        return try await RoomieFinderError.mapping {
            var registered: [TriggerRegistration] = []
            registered.append(try await admin.onDocumentDeleted("\(Collections.ads)/{adId}", name: "roomiefinder-ad-deleted") { event in
                _ = try await removeFavorites(ofDeletedAd: event.params["adId"] ?? "")
            })
            return registered
        }
    }

    /// Returns once the triggers have done the work of every write made so far.
    func triggersSettled() async throws(RoomieFinderError) {
        try await RoomieFinderError.mapping {
            try await admin.waitForTriggers()
        }
    }

    /// CU-18's clean-up trigger: once an ad is gone, removes every favourite that points to it
    /// (other users' included, which no client may touch) and returns how many.
    func removeFavorites(ofDeletedAd adID: String) async throws(RoomieFinderError) -> Int {
        return try await RoomieFinderError.mapping {
            let ad = try await admin.collection(Collections.ads).document(adID).getDocument()
            guard !ad.exists else { return 0 }
            let favorites = try await admin.collection(Collections.favorites).whereField("anuncioID", isEqualTo: adID)
                .getDocuments()
            guard !favorites.isEmpty else { return 0 }
            let batch = admin.batch()
            for favorite in favorites.documents { batch.deleteDocument(favorite.reference) }
            try await batch.commit()
            return favorites.count
        }
    }

    /// How many documents each collection of the data model holds.
    func statistics() async throws(RoomieFinderError) -> StoreStatistics {
        return try await RoomieFinderError.mapping {
            return StoreStatistics(
                accounts: try accounts.accountCount(),
                profiles: try await admin.collection(Collections.profiles).documentCount(),
                ads: try await admin.collection(Collections.ads).documentCount(),
                favorites: try await admin.collection(Collections.favorites).documentCount(),
                conversations: try await admin.collectionGroup(Collections.recentMessagesEntries).documentCount())
        }
    }
}

/// Document counts of a data directory.
public struct StoreStatistics: Sendable, Equatable {
    /// Accounts in the account store.
    public let accounts: Int
    /// `Perfiles` documents.
    public let profiles: Int
    /// `Anuncios` documents.
    public let ads: Int
    /// `Favoritos` documents.
    public let favorites: Int
    /// `recent_messages` entries: one per conversation and participant.
    public let conversations: Int
}
