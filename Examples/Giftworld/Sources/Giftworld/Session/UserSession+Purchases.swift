import Hearth

extension UserSession {
    /// The most buyers one purchase may have, the payer included (the rules hold the same bound).
    public static let maximumBuyers = 20

    /// Marks `owner`'s gift bought by the signed-in user alone.
    /// - Throws: as `buyJointly`.
    @discardableResult
    public func buy(giftID: String, of owner: String, in groupID: String) async throws(GiftworldError) -> Purchase {
        try await buyJointly(giftID: giftID, of: owner, in: groupID, with: [])
    }

    /// Marks `owner`'s gift bought by the signed-in user (who pays) together with `coBuyers`,
    /// all members of `groupID`, as is the owner. In one transaction: the purchase
    /// `purchases/<owner>_<giftId>` and one debt per co-buyer of `price / buyers` to the payer.
    /// A gift can be bought once: when another purchase wins the race, this one throws
    /// `alreadyBought` and writes nothing.
    /// - Throws: `ownGift`; `invalidField` for a co-buyer listed twice or being the owner;
    ///   `groupNotFound`; `notInGroup`; `giftNotFound`; `alreadyBought`.
    @discardableResult
    public func buyJointly(giftID: String, of owner: String, in groupID: String, with coBuyers: [String])
        async throws(GiftworldError) -> Purchase
    {
        guard owner != uid else { throw .ownGift }
        guard FieldCheck.identifier(owner) else { throw .userNotFound(uid: owner) }
        guard FieldCheck.identifier(giftID) else { throw .giftNotFound(id: giftID) }
        let buyers = [uid] + coBuyers
        guard Set(buyers).count == buyers.count else {
            throw .invalidField(name: "coBuyers", reason: "each buyer may be listed once, the payer included")
        }
        guard !coBuyers.contains(owner) else { throw .invalidField(name: "coBuyers", reason: "the owner cannot buy") }
        guard buyers.count <= Self.maximumBuyers else {
            throw .invalidField(name: "coBuyers", reason: "at most \(Self.maximumBuyers) buyers")
        }
        let members = try await self.group(groupID).members
        for member in [owner] + coBuyers where !members.contains(member) { throw .notInGroup(uid: member) }
        let giftReference = db.collection(Collections.giftList(of: owner)).document(giftID)
        let gift: Gift
        do {
            guard let found = try await giftReference.decoded(as: Gift.self) else {
                throw GiftworldError.giftNotFound(id: giftID)
            }
            gift = found
        } catch {
            throw GiftworldError.mapped(error)
        }
        let purchaseID = Purchase.documentID(owner: owner, giftID: giftID)
        let purchase = Purchase(owner: owner, giftID: giftID, groupID: groupID, buyers: buyers, price: gift.price)
        let share = gift.price / Double(buyers.count)
        let purchaseReference = db.collection(Collections.purchases).document(purchaseID)
        return try await GiftworldError.mapping {
            try await db.runTransaction { transaction in
                guard try !transaction.getDocument(purchaseReference).exists else { throw GiftworldError.alreadyBought }
                transaction.setData(from: purchase, forDocument: purchaseReference)
                guard share > 0 else { return }
                for debtor in coBuyers {
                    let debt = Debt(
                        groupID: groupID, debtor: debtor, creditor: self.uid, amount: share, purchase: purchaseID)
                    transaction.setData(
                        from: debt,
                        forDocument: self.db.collection(Collections.debts).document(
                            Debt.documentID(purchase: purchaseID, debtor: debtor)))
                }
            }
            guard let stored = try await purchaseReference.decoded(as: Purchase.self) else {
                throw GiftworldError.alreadyBought
            }
            return stored
        }
    }
}
