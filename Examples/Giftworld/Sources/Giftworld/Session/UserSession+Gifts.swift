import Hearth

extension UserSession {
    /// CU-008: adds a gift to the signed-in user's list, stamped with the commit time.
    /// - Throws: `invalidField` for a missing name, a negative price or a malformed link.
    @discardableResult
    public func addGift(_ form: GiftForm) async throws(GiftworldError) -> Gift {
        let valid = try form.validated()
        return try await GiftworldError.mapping {
            let list = db.collection(Collections.giftList(of: uid))
            let reference = try await list.addDocument(from: Gift(form: valid))
            guard let gift = try await reference.decoded(as: Gift.self) else {
                throw GiftworldError.giftNotFound(id: reference.documentID)
            }
            return gift
        }
    }

    /// RF2.2 "Ficha de regalo propio": the owner changes any field of a gift of their list, with
    /// the checks of `addGift`; `createdAt` (the list's order) stays. A purchase of it, if any, is
    /// untouched and the answer is the same whether it is bought or not.
    /// - Throws: `invalidField` as `addGift`; `giftNotFound` when the owner's list has no such gift.
    @discardableResult
    public func editGift(_ giftID: String, _ form: GiftForm) async throws(GiftworldError) -> Gift {
        guard FieldCheck.identifier(giftID) else { throw .giftNotFound(id: giftID) }
        let valid = try form.validated()
        let reference = db.collection(Collections.giftList(of: uid)).document(giftID)
        return try await GiftworldError.mapping {
            guard try await reference.getDocument().exists else { throw GiftworldError.giftNotFound(id: giftID) }
            try await reference.updateData([
                "name": valid.name, "brand": valid.brand, "price": valid.price, "link": valid.link,
                "image_url": valid.imageURL,
            ])
            guard let gift = try await reference.decoded(as: Gift.self) else {
                throw GiftworldError.giftNotFound(id: giftID)
            }
            return gift
        }
    }

    /// CU-009: deletes a gift from the signed-in user's list. A purchase of it, if any, stays
    /// (its buyers' debts still stand), and the owner learns nothing either way.
    /// - Throws: `giftNotFound`.
    public func deleteGift(_ giftID: String) async throws(GiftworldError) {
        guard FieldCheck.identifier(giftID) else { throw .giftNotFound(id: giftID) }
        let reference = db.collection(Collections.giftList(of: uid)).document(giftID)
        try await GiftworldError.mapping {
            guard try await reference.getDocument().exists else { throw GiftworldError.giftNotFound(id: giftID) }
            try await reference.delete()
        }
    }

    /// CU-007 for the signed-in user ("Mi lista"): their gifts, oldest first — with no purchase
    /// status, which the owner can never know.
    public func myGifts() async throws(GiftworldError) -> [Gift] {
        try await gifts(of: uid)
    }

    /// CU-007 for a fellow group member: their gifts, oldest first, each with whether it is
    /// bought and by whom.
    /// - Throws: `ownGift` for the user's own list (use `myGifts()`); `notAllowed` when the two
    ///   share no group.
    public func wishList(of owner: String) async throws(GiftworldError) -> [GiftListing] {
        guard owner != uid else { throw .ownGift }
        guard FieldCheck.identifier(owner) else { throw .userNotFound(uid: owner) }
        let gifts = try await gifts(of: owner)
        let purchases: [Purchase] = try await GiftworldError.mapping {
            try await db.collection(Collections.purchases).whereField("owner", isEqualTo: owner)
                .getDocuments().decoded(as: Purchase.self)
        }
        return Self.listings(of: owner, gifts: gifts, purchases: purchases)
    }

    /// The gifts of `owner`, oldest first.
    private func gifts(of owner: String) async throws(GiftworldError) -> [Gift] {
        return try await GiftworldError.mapping {
            return try await giftsQuery(of: owner).getDocuments().decoded(as: Gift.self)
        }
    }
}
