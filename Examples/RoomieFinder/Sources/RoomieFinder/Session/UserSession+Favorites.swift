import Hearth

extension UserSession {
    /// CU-07: marks the ad as favourite, or unmarks it when it already is; returns whether it is
    /// a favourite now. The document is `Favoritos/<uid>_<adId>`, so each pair exists at most once.
    /// - Throws: `adNotFound` when marking an ad that does not exist.
    @discardableResult
    public func toggleFavorite(_ adID: String) async throws(RoomieFinderError) -> Bool {
        guard FieldCheck.identifier(adID) else { throw .adNotFound(id: adID) }
        let reference = db.collection(Collections.favorites).document(Favorito.documentID(user: uid, adID: adID))
        do {
            if try await reference.getDocument().exists {
                try await reference.delete()
                return false
            }
        } catch {
            throw RoomieFinderError.mapped(error)
        }
        _ = try await ad(adID)
        return try await RoomieFinderError.mapping {
            try await reference.setData(from: Favorito(user: uid, adID: adID))
            return true
        }
    }

    /// Whether the user marked the ad as favourite.
    public func isFavorite(_ adID: String) async throws(RoomieFinderError) -> Bool {
        guard FieldCheck.identifier(adID) else { return false }
        return try await RoomieFinderError.mapping {
            return try await db.collection(Collections.favorites).document(Favorito.documentID(user: uid, adID: adID))
                .getDocument().exists
        }
    }
}
