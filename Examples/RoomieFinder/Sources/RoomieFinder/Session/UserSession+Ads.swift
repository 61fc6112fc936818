import Hearth

/// What became of a deletion request (CU-18).
public enum AdDeletion: Sendable, Equatable {
    /// The user did not confirm (alternate flow 3b): nothing was deleted.
    case cancelled
    /// The ad is gone, and the clean-up trigger removed the favourites that pointed to it
    /// before the call returned.
    case deleted
}

extension UserSession {
    /// CU-15: the user's own ads (`userID == uid`), newest first.
    ///
    /// Server-side: the equality filter and the order (production Firestore needs the composite
    /// index `userID ASC, creadoEn DESC` for it).
    public func ownAds() async throws(RoomieFinderError) -> [Anuncio] {
        return try await RoomieFinderError.mapping {
            let snapshot = try await db.collection(Collections.ads)
                .whereField("userID", isEqualTo: uid)
                .order(by: "creadoEn", descending: true)
                .getDocuments()
            return try snapshot.decoded(as: Anuncio.self)
        }
    }

    /// CU-16: publishes an ad by the signed-in user, stamped with the commit time (`creadoEn`).
    /// - Throws: `invalidField` for a missing neighbourhood, stay or budget, or a budget or room
    ///   count that is not a whole number.
    public func createAd(_ form: AdForm) async throws(RoomieFinderError) -> Anuncio {
        let valid = try form.validated()
        let reference: DocumentReference = try await RoomieFinderError.mapping {
            try await db.collection(Collections.ads).addDocument(from: Anuncio(userID: uid, form: valid))
        }
        return try await ad(reference.documentID)
    }

    /// CU-17: rewrites an ad's details from `form`. Only the owner may: for anyone else the
    /// rules refuse the write and this throws `notAllowed`.
    /// - Throws: `invalidField`; `adNotFound`; `notAllowed`.
    public func editAd(_ id: String, with form: AdForm) async throws(RoomieFinderError) -> Anuncio {
        let valid = try form.validated()
        _ = try await ad(id)
        try await RoomieFinderError.mapping {
            try await db.collection(Collections.ads).document(id).updateData([
                "barrio": valid.barrio,
                "tiempoEstancia": valid.tiempoEstancia,
                "presupuesto": valid.presupuesto,
                "num_hab": valid.habitaciones.map { $0 as Any } ?? FieldValue.delete(),
            ])
        }
        return try await ad(id)
    }

    /// CU-18: deletes an ad once the user confirmed; the clean-up trigger removes the favourites
    /// that pointed to it, and the call returns once it has. Only the owner may delete: for anyone else the rules refuse.
    /// - Parameter confirmed: the answer to "¿Borrar anuncio?"; false ends the use case.
    /// - Throws: `adNotFound`; `notAllowed`.
    public func deleteAd(_ id: String, confirmed: Bool) async throws(RoomieFinderError) -> AdDeletion {
        guard confirmed else { return .cancelled }
        _ = try await ad(id)
        try await RoomieFinderError.mapping {
            try await db.collection(Collections.ads).document(id).delete()
        }
        try await backend.triggersSettled()
        return .deleted
    }
}
