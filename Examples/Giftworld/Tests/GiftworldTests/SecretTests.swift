import Foundation
import Giftworld
import Hearth
import HearthTesting
import Testing

/// The secret: a gift's owner can never learn whether it is bought. Ana's Cafetera is bought
/// (jointly by Luis and Pablo), her Sábanas are not; every read, query, listener and write Ana
/// could send about either gets the same refusal, so no answer tells them apart.
@Suite("The secret")
struct SecretTests {
    /// The wedding with the Cafetera bought by Luis with Pablo.
    private static func scene() async throws -> (Wedding, bought: String, unbought: String) {
        let wedding = try await Wedding()
        try await wedding.luis.buyJointly(
            giftID: wedding.coffee.id ?? "", of: wedding.ana.uid, in: wedding.group, with: [wedding.pablo.uid])
        return (
            wedding, Purchase.documentID(owner: wedding.ana.uid, giftID: wedding.coffee.id ?? ""),
            Purchase.documentID(owner: wedding.ana.uid, giftID: wedding.sheets.id ?? "")
        )
    }

    /// The denial's message with the purchase id blanked, to compare the two cases.
    private static func message(_ error: FirestoreError, _ id: String) -> String {
        error.message.replacingOccurrences(of: id, with: "<id>")
    }

    @Test func getAndListenAsTheOwnerAreRefusedAlike() async throws {
        let (wedding, bought, unbought) = try await Self.scene()
        defer { wedding.close() }
        let purchases = wedding.ana.db.collection(Collections.purchases)
        var messages: [String] = []
        for id in [bought, unbought] {
            let error = try await assertFails { try await purchases.document(id).getDocument() }
            messages.append(Self.message(error, id))
            let inTransaction = try await assertFails {
                try await wedding.ana.db.runTransaction { try $0.getDocument(purchases.document(id)) }
            }
            messages.append(Self.message(inTransaction, id))
            #expect(
                await firstListenerVerdict { verdict in
                    purchases.document(id).addSnapshotListener { verdict(isRefusal($0, $1)) }
                })
        }
        #expect(messages[0] == messages[2])
        #expect(messages[1] == messages[3])
    }

    @Test func everyQueryAsTheOwnerIsRefusedAsAWhole() async throws {
        let (wedding, bought, _) = try await Self.scene()
        defer { wedding.close() }
        let db = wedding.ana.db
        let ana = wedding.ana.uid
        let purchases = db.collection(Collections.purchases)
        let queries: [Query] = [
            purchases,
            purchases.whereField("owner", isEqualTo: ana),
            purchases.whereField("owner", in: [ana, wedding.luis.uid]),
            purchases.whereField("owner", isNotEqualTo: wedding.luis.uid),
            purchases.whereField("owner", isNotEqualTo: ana),
            purchases.whereField("owner", isGreaterThanOrEqualTo: ana).whereField("owner", isLessThanOrEqualTo: ana),
            purchases.whereField("groupId", isEqualTo: wedding.group),
            purchases.whereField("buyers", arrayContains: wedding.luis.uid),
            purchases.whereField("giftPath", isEqualTo: "users/\(ana)/gifts/\(wedding.coffee.id ?? "")"),
            purchases.whereField("price", isEqualTo: 120.0),
            purchases.order(by: "purchasedAt").limit(to: 1),
            db.collectionGroup(Collections.purchases),
            db.collectionGroup(Collections.purchases).whereField("owner", isEqualTo: ana),
            db.collection(Collections.debts).whereField("purchase", isEqualTo: bought),
            db.collection(Collections.debts).whereField("groupId", isEqualTo: wedding.group),
            db.collectionGroup(Collections.debts),
        ]
        for query in queries {
            try await assertFails { try await query.getDocuments() }
            try await assertFails { try await query.count.getAggregation(source: .server) }
            #expect(
                await firstListenerVerdict { verdict in query.addSnapshotListener { verdict(isRefusal($0, $1)) } },
                "a listener on \(query) was not refused")
        }
        // Her own debts are allowed, and hold nothing about her gifts.
        let mine = try await assertSucceeds {
            try await db.collection(Collections.debts).whereField("debtor", isEqualTo: ana).getDocuments()
        }
        #expect(mine.isEmpty)
    }

    /// Writes are refused with the same code whether the purchase exists or not. (Their detail
    /// text, like the Firebase emulator's, names the method the write was judged as — `create`
    /// for a missing document, `update` for a stored one — so only reads compare messages; see
    /// README.md, "The secret".)
    @Test func everyWriteAsTheOwnerIsRefusedAlike() async throws {
        let (wedding, bought, unbought) = try await Self.scene()
        defer { wedding.close() }
        let db = wedding.ana.db
        let ana = wedding.ana.uid
        var outcomes: [[String]] = []
        for (id, gift) in [(bought, wedding.coffee.id ?? ""), (unbought, wedding.sheets.id ?? "")] {
            let reference = db.collection(Collections.purchases).document(id)
            let data: [String: Any] = [
                "giftPath": "users/\(ana)/gifts/\(gift)", "owner": ana, "groupId": wedding.group,
                "buyers": [wedding.marta.uid], "price": 1.0, "purchasedAt": FieldValue.serverTimestamp(),
            ]
            var mine = data
            mine["buyers"] = [ana]
            var codes: [String] = []
            codes.append("\(try await assertFails { try await reference.setData(mine) }.code)")
            codes.append("\(try await assertFails { try await reference.setData(data) }.code)")
            codes.append("\(try await assertFails { try await reference.setData(["price": 2.0], merge: true) }.code)")
            codes.append("\(try await assertFails { try await reference.updateData(["price": 2.0]) }.code)")
            codes.append(Self.message(try await assertFails { try await reference.delete() }, id))
            let debtID = Debt.documentID(purchase: id, debtor: wedding.pablo.uid)
            let debt = db.collection(Collections.debts).document(debtID)
            codes.append(Self.message(try await assertFails { try await debt.getDocument() }, id))
            codes.append(Self.message(try await assertFails { try await debt.delete() }, id))
            codes.append(Self.message(try await assertFails { try await debt.updateData(["amount": 1.0]) }, id))
            outcomes.append(codes)
        }
        #expect(outcomes[0] == outcomes[1])
    }

    @Test func theAppShowsTheOwnerNothing() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let before = try await wedding.ana.myGifts()
        try await wedding.luis.buyJointly(
            giftID: wedding.coffee.id ?? "", of: wedding.ana.uid, in: wedding.group, with: [wedding.pablo.uid])
        #expect(try await wedding.ana.myGifts() == before)
        // Editing a bought gift and an unbought one answers alike, and so does lowering a guessed debt.
        let coffee = GiftForm(name: "Cafetera", brand: "Nespresso", price: 120)
        #expect(try await wedding.ana.editGift(wedding.coffee.id ?? "", coffee) == before[0])
        #expect(try await wedding.ana.editGift(wedding.sheets.id ?? "", GiftForm(name: "Sábanas", price: 90)) == before[1])
        for gift in [wedding.coffee, wedding.sheets] {
            let debt = Debt.documentID(
                purchase: Purchase.documentID(owner: wedding.ana.uid, giftID: gift.id ?? ""), debtor: wedding.pablo.uid)
            await #expect(throws: GiftworldError.debtNotFound(id: debt)) {
                try await wedding.ana.lowerDebt(debt, to: 1)
            }
        }
        await #expect(throws: GiftworldError.ownGift) { _ = try await wedding.ana.wishList(of: wedding.ana.uid) }
        await #expect(throws: GiftworldError.ownGift) {
            try await wedding.ana.buy(giftID: wedding.coffee.id ?? "", of: wedding.ana.uid, in: wedding.group)
        }
        #expect(try await wedding.ana.simplifiedPayments(in: wedding.group).isEmpty)
        let balances = try await wedding.ana.balances()
        #expect(balances.owing.isEmpty && balances.owed.isEmpty && balances.perPerson.isEmpty)
    }

    /// The control: the same requests by a fellow member succeed, so the refusals above come from
    /// the owner rule and not from a broken one.
    @Test func fellowMembersDoSeeTheStatus() async throws {
        let (wedding, bought, unbought) = try await Self.scene()
        defer { wedding.close() }
        let purchases = wedding.marta.db.collection(Collections.purchases)
        #expect(try await assertSucceeds { try await purchases.document(bought).getDocument() }.exists)
        #expect(try await !assertSucceeds { try await purchases.document(unbought).getDocument() }.exists)
        let found = try await assertSucceeds {
            try await purchases.whereField("owner", isEqualTo: wedding.ana.uid).getDocuments()
        }
        #expect(found.documents.map(\.documentID) == [bought])
        let outsider = wedding.eva.db.collection(Collections.purchases)
        try await assertFails { try await outsider.document(bought).getDocument() }
        try await assertFails { try await outsider.whereField("owner", isEqualTo: wedding.ana.uid).getDocuments() }
    }
}
