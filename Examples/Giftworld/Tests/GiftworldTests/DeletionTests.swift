import ExampleSupport
import Giftworld
import Hearth
import Testing

/// "Deleting gifts and groups without losing data" (an improvement of §3.6 the thesis did not
/// make): a deleted bought gift or a deleted group keeps its purchases and debts.
@Suite("Deleting keeps purchases and debts")
struct DeletionTests {
    @Test func deletingABoughtGiftKeepsItsPurchaseAndDebts() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = try #require(wedding.coffee.id)
        try await wedding.luis.buyJointly(
            giftID: coffee, of: wedding.ana.uid, in: wedding.group, with: [wedding.pablo.uid])
        // Deleting it answers the owner as deleting an unbought one does.
        try await wedding.ana.deleteGift(coffee)
        try await wedding.ana.deleteGift(try #require(wedding.sheets.id))
        #expect(try await wedding.ana.myGifts().map(\.name) == ["Robot"])
        let admin = try wedding.test.adminView()
        defer { admin.close() }
        let purchase = try await admin.collection(Collections.purchases)
            .document(Purchase.documentID(owner: wedding.ana.uid, giftID: coffee)).getDocument()
        #expect(purchase.exists)
        #expect(try await wedding.pablo.balances().owing.map(\.amount) == [60])
        #expect(try await wedding.luis.balances().owed.map(\.debtor) == [wedding.pablo.uid])
        // The gift is gone from the lists, so nobody can buy it again.
        #expect(try await wedding.marta.wishList(of: wedding.ana.uid).map(\.gift.name) == ["Robot"])
        await #expect(throws: GiftworldError.giftNotFound(id: coffee)) {
            try await wedding.marta.buy(giftID: coffee, of: wedding.ana.uid, in: wedding.group)
        }
    }

    @Test func deletingAGroupKeepsItsPurchasesAndDebts() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await wedding.marta.buyJointly(
            giftID: wedding.robot.id ?? "", of: wedding.ana.uid, in: wedding.group, with: [wedding.luis.uid])
        try await wedding.ana.deleteGroup(wedding.group)
        #expect(try await wedding.luis.myGroups().isEmpty)
        let owing = try await wedding.luis.balances().owing
        #expect(owing.map(\.amount) == [50])
        #expect(owing.first?.groupId == wedding.group)
        // Either party can still lower and resolve it.
        let id = try #require(owing.first?.id)
        try await wedding.marta.lowerDebt(id, to: 20)
        try await wedding.luis.resolveDebt(id)
        #expect(try await wedding.marta.balances().owed.isEmpty)
        let admin = try wedding.test.adminView()
        defer { admin.close() }
        #expect(try await admin.collection(Collections.purchases).documentCount() == 1)
    }
}
