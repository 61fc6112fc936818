import Giftworld
import Hearth
import Testing

/// Buying a gift alone or jointly: once per gift, with the debts of a joint purchase in the same
/// transaction.
@Suite("Purchases")
struct PurchaseTests {
    @Test func individualPurchase() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let purchase = try await wedding.luis.buy(
            giftID: wedding.coffee.id ?? "", of: wedding.ana.uid, in: wedding.group)
        #expect(purchase.buyers == [wedding.luis.uid])
        #expect(purchase.price == 120)
        #expect(purchase.owner == wedding.ana.uid)
        #expect(purchase.giftPath == "users/\(wedding.ana.uid)/gifts/\(wedding.coffee.id ?? "")")
        #expect(purchase.purchasedAt != nil)
        #expect(try await wedding.luis.balances().owed.isEmpty)
    }

    @Test func jointPurchaseCreatesTheDebtsOfTheSpec() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let purchase = try await wedding.marta.buyJointly(
            giftID: wedding.robot.id ?? "", of: wedding.ana.uid, in: wedding.group,
            with: [wedding.luis.uid, wedding.pablo.uid])
        #expect(purchase.isJoint)
        #expect(purchase.payer == wedding.marta.uid)
        let owed = try await wedding.marta.balances().owed.sorted { $0.debtor < $1.debtor }
        #expect(owed.map(\.debtor) == [wedding.luis.uid, wedding.pablo.uid].sorted())
        #expect(owed.allSatisfy { $0.amount == 100.0 / 3 && $0.creditor == wedding.marta.uid })
        #expect(owed.allSatisfy { $0.purchase == purchase.id && $0.groupId == wedding.group })
        #expect(try await wedding.luis.balances().owing.map(\.amount) == [100.0 / 3])
    }

    @Test func aGiftIsBoughtOnce() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = wedding.coffee.id ?? ""
        try await wedding.luis.buy(giftID: coffee, of: wedding.ana.uid, in: wedding.group)
        await #expect(throws: GiftworldError.alreadyBought) {
            try await wedding.pablo.buyJointly(
                giftID: coffee, of: wedding.ana.uid, in: wedding.group, with: [wedding.marta.uid])
        }
        #expect(try await wedding.marta.balances().owing.isEmpty)
        #expect(try await wedding.pablo.balances().owed.isEmpty)
    }

    @Test func refusals() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = wedding.coffee.id ?? ""
        let (ana, luis, group) = (wedding.ana, wedding.luis, wedding.group)
        await #expect(throws: GiftworldError.ownGift) { try await ana.buy(giftID: coffee, of: ana.uid, in: group) }
        await #expect(throws: GiftworldError.notInGroup(uid: wedding.eva.uid)) {
            try await luis.buyJointly(giftID: coffee, of: ana.uid, in: group, with: [wedding.eva.uid])
        }
        await #expect(throws: GiftworldError.self) {
            try await luis.buyJointly(giftID: coffee, of: ana.uid, in: group, with: [ana.uid])
        }
        await #expect(throws: GiftworldError.self) {
            try await luis.buyJointly(
                giftID: coffee, of: ana.uid, in: group, with: [wedding.pablo.uid, wedding.pablo.uid])
        }
        await #expect(throws: GiftworldError.groupNotFound(id: group)) {
            try await wedding.eva.buy(giftID: coffee, of: ana.uid, in: group)
        }
        await #expect(throws: GiftworldError.giftNotFound(id: "nothing")) {
            try await luis.buy(giftID: "nothing", of: ana.uid, in: group)
        }
        #expect(try await wedding.pablo.wishList(of: ana.uid).allSatisfy { !$0.isBought })
    }

    @Test func forgedPurchasesAreRefusedByTheRules() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = wedding.coffee.id ?? ""
        let (ana, luis, pablo) = (wedding.ana, wedding.luis, wedding.pablo)
        let reference = luis.db.collection(Collections.purchases).document("\(ana.uid)_\(coffee)")
        func purchase(buyers: [String], price: Double = 120, owner: String? = nil) -> [String: Any] {
            [
                "giftPath": "users/\(owner ?? ana.uid)/gifts/\(coffee)", "owner": owner ?? ana.uid,
                "groupId": wedding.group, "buyers": buyers, "price": price,
                "purchasedAt": FieldValue.serverTimestamp(),
            ]
        }
        // Someone else named as payer, a cheaper price, an outsider as co-buyer, a wrong owner.
        await #expect(throws: FirestoreError.self) { try await reference.setData(purchase(buyers: [pablo.uid])) }
        await #expect(throws: FirestoreError.self) {
            try await reference.setData(purchase(buyers: [luis.uid], price: 1))
        }
        await #expect(throws: FirestoreError.self) {
            try await reference.setData(purchase(buyers: [luis.uid, wedding.eva.uid]))
        }
        await #expect(throws: FirestoreError.self) {
            try await reference.setData(purchase(buyers: [luis.uid], owner: wedding.marta.uid))
        }
        // A debt added after the purchase, or out of thin air.
        try await luis.buyJointly(giftID: coffee, of: ana.uid, in: wedding.group, with: [pablo.uid])
        let debts = luis.db.collection(Collections.debts)
        await #expect(throws: FirestoreError.self) {
            try await debts.document("\(ana.uid)_\(coffee)_\(wedding.marta.uid)").setData([
                "groupId": wedding.group, "debtor": wedding.marta.uid, "creditor": luis.uid, "amount": 60.0,
                "purchase": "\(ana.uid)_\(coffee)",
            ])
        }
        await #expect(throws: FirestoreError.self) {
            try await debts.document("\(ana.uid)_\(coffee)_\(pablo.uid)").updateData(["amount": 600.0])
        }
        await #expect(throws: FirestoreError.self) { try await reference.updateData(["buyers": [luis.uid]]) }
        await #expect(throws: FirestoreError.self) { try await reference.delete() }
    }

    /// Many members race to buy one gift, alone or jointly: exactly one purchase wins; every other
    /// attempt gets "already bought" and leaves no debt behind.
    @Test func concurrentPurchasesOfOneGiftExactlyOneWins() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        var buyers: [UserSession] = []
        for number in 0..<12 { buyers.append(try await test.session(People.extra(number))) }
        defer { ([ana] + buyers).forEach { $0.signOut() } }
        let group = try await ana.createGroup(GroupForm(name: "Todos", members: buyers.map(\.uid))).id ?? ""
        let gift = try await ana.addGift(GiftForm(name: "Bicicleta", price: 450)).id ?? ""
        let owner = ana.uid
        let outcomes = await withTaskGroup(of: Result<Purchase, GiftworldError>.self) { tasks in
            for (index, buyer) in buyers.enumerated() {
                let partner = buyers[(index + 1) % buyers.count].uid
                let coBuyers = index.isMultiple(of: 2) ? [] : [partner]
                tasks.addTask {
                    do throws(GiftworldError) {
                        return .success(try await buyer.buyJointly(giftID: gift, of: owner, in: group, with: coBuyers))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var all: [Result<Purchase, GiftworldError>] = []
            for await outcome in tasks { all.append(outcome) }
            return all
        }
        let winners = outcomes.compactMap { try? $0.get() }
        let losers = outcomes.compactMap { outcome -> GiftworldError? in
            if case .failure(let error) = outcome { return error }
            return nil
        }
        #expect(winners.count == 1)
        #expect(losers.count == buyers.count - 1)
        #expect(losers.allSatisfy { $0 == .alreadyBought })
        let admin = try test.adminView()
        defer { admin.close() }
        #expect(try await admin.collection(Collections.purchases).getDocuments().count == 1)
        let debts = try await admin.collection(Collections.debts).getDocuments()
        let winner = try #require(winners.first)
        #expect(debts.count == winner.buyers.count - 1)
        #expect(debts.documents.allSatisfy { $0.get("creditor") as? String == winner.payer })
    }
}
