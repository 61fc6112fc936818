import Giftworld
import Hearth
import Testing

/// CU-010 balances and simplified payments, RF5.1 lowering a debt as it gets paid, CU-011
/// resolving a debt.
@Suite("Debts and balances")
struct DebtTests {
    /// Marta pays the robot (100 €) with Luis and Pablo; Luis pays the sheets (90 €) with Marta.
    private static func twoJointPurchases(_ wedding: Wedding) async throws {
        try await wedding.marta.buyJointly(
            giftID: wedding.robot.id ?? "", of: wedding.ana.uid, in: wedding.group,
            with: [wedding.luis.uid, wedding.pablo.uid])
        try await wedding.luis.buyJointly(
            giftID: wedding.sheets.id ?? "", of: wedding.ana.uid, in: wedding.group, with: [wedding.marta.uid])
    }

    @Test func balancesPerPerson() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await Self.twoJointPurchases(wedding)
        let marta = try await wedding.marta.balances()
        #expect(marta.owed.count == 2)
        #expect(marta.owing.count == 1)
        // Luis owes Marta 33.33 and Marta owes Luis 45: net −11.67 for Marta; Pablo owes her 33.33.
        #expect(marta.perPerson.map(\.uid) == [wedding.pablo.uid, wedding.luis.uid])
        #expect(marta.perPerson.map(\.netCents) == [3333, -1167])
        let ana = try await wedding.ana.balances()
        #expect(ana.owing.isEmpty && ana.owed.isEmpty && ana.perPerson.isEmpty)
    }

    @Test func simplifiedPaymentsSettleTheGroup() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await Self.twoJointPurchases(wedding)
        let payments = try await wedding.pablo.simplifiedPayments(in: wedding.group)
        // Nets in cents: Marta +33.33 +33.33 −45 = +21.66, Luis +45 −33.33 = +11.67, Pablo −33.33.
        var net: [String: Int] = [:]
        for payment in payments {
            net[payment.from, default: 0] -= payment.cents
            net[payment.to, default: 0] += payment.cents
        }
        #expect(net[wedding.marta.uid] == 3333 + 3333 - 4500)
        #expect(net[wedding.luis.uid] == 4500 - 3333)
        #expect(net[wedding.pablo.uid] == -3333)
        #expect(payments.count <= 2)
        await #expect(throws: GiftworldError.groupNotFound(id: wedding.group)) {
            _ = try await wedding.eva.simplifiedPayments(in: wedding.group)
        }
    }

    @Test func theGiftOwnerSeesNoSettlementOfHerGifts() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await Self.twoJointPurchases(wedding)
        #expect(try await wedding.ana.simplifiedPayments(in: wedding.group).isEmpty)
    }

    @Test func eitherPartyResolves() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await Self.twoJointPurchases(wedding)
        let owed = try await wedding.marta.balances().owed
        let luisDebt = try #require(owed.first { $0.debtor == wedding.luis.uid }?.id)
        let pabloDebt = try #require(owed.first { $0.debtor == wedding.pablo.uid }?.id)
        await #expect(throws: GiftworldError.debtNotFound(id: luisDebt)) {
            try await wedding.pablo.resolveDebt(luisDebt)
        }
        await #expect(throws: GiftworldError.debtNotFound(id: luisDebt)) { try await wedding.ana.resolveDebt(luisDebt) }
        try await wedding.luis.resolveDebt(luisDebt)
        try await wedding.marta.resolveDebt(pabloDebt)
        #expect(try await wedding.marta.balances().owed.isEmpty)
        await #expect(throws: GiftworldError.debtNotFound(id: pabloDebt)) {
            try await wedding.marta.resolveDebt(pabloDebt)
        }
        #expect(try await wedding.marta.balances().owing.count == 1)
    }

    @Test func eitherPartyLowersADebtAsItGetsPaid() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await Self.twoJointPurchases(wedding)
        let debt = try #require(try await wedding.pablo.balances().owing.first)
        let id = try #require(debt.id)
        #expect(debt.amount == 100.0 / 3)
        // Pablo pays Marta 13.33 €, then Marta records 10 € more.
        let lowered = try #require(try await wedding.pablo.lowerDebt(id, to: 20))
        #expect(lowered.amount == 20)
        #expect(lowered.debtor == wedding.pablo.uid && lowered.creditor == wedding.marta.uid)
        #expect(try await wedding.marta.lowerDebt(id, to: 10)?.amount == 10)
        #expect(try await wedding.pablo.balances().owing.map(\.amount) == [10])
        #expect(try await wedding.marta.balances().perPerson.first { $0.uid == wedding.pablo.uid }?.netCents == 1000)
        // The group's simplified payments follow the lowered amount.
        var net: [String: Int] = [:]
        for payment in try await wedding.luis.simplifiedPayments(in: wedding.group) {
            net[payment.from, default: 0] -= payment.cents
            net[payment.to, default: 0] += payment.cents
        }
        #expect(net[wedding.pablo.uid] == -1000)
    }

    @Test func loweringToZeroResolvesTheDebt() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await Self.twoJointPurchases(wedding)
        let id = try #require(try await wedding.pablo.balances().owing.first?.id)
        #expect(try await wedding.marta.lowerDebt(id, to: 0) == nil)
        #expect(try await wedding.pablo.balances().owing.isEmpty)
        #expect(try await wedding.marta.balances().owed.map(\.debtor) == [wedding.luis.uid])
        await #expect(throws: GiftworldError.debtNotFound(id: id)) { try await wedding.pablo.lowerDebt(id, to: 0) }
        // Less than a cent left counts as paid.
        let luisDebt = try #require(try await wedding.luis.balances().owing.first?.id)
        #expect(try await wedding.luis.lowerDebt(luisDebt, to: 0.004) == nil)
        #expect(try await wedding.marta.balances().owed.isEmpty)
    }

    @Test func raisingADebtIsRefused() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await Self.twoJointPurchases(wedding)
        let debt = try #require(try await wedding.pablo.balances().owing.first)
        let id = try #require(debt.id)
        let raise = GiftworldError.invalidField(name: "amount", reason: "a debt can only be lowered")
        await #expect(throws: raise) { try await wedding.marta.lowerDebt(id, to: 50) }
        await #expect(throws: raise) { try await wedding.marta.lowerDebt(id, to: debt.amount) }
        await #expect(throws: GiftworldError.self) { try await wedding.marta.lowerDebt(id, to: -1) }
        await #expect(throws: GiftworldError.self) { try await wedding.marta.lowerDebt(id, to: .nan) }
        // The rules refuse what the app would never send: raising, an update to 0, other fields.
        let reference = wedding.marta.db.collection(Collections.debts).document(id)
        for change: [String: Any] in [
            ["amount": 50.0], ["amount": debt.amount], ["amount": 0.0], ["amount": -5.0], ["amount": "10"],
            ["creditor": wedding.luis.uid], ["debtor": wedding.luis.uid], ["groupId": "other"],
        ] {
            await #expect(throws: FirestoreError.self, "\(change)") { try await reference.updateData(change) }
        }
        #expect(try await wedding.pablo.balances().owing.map(\.amount) == [debt.amount])
    }

    @Test func onlyThePartiesLowerADebt() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await Self.twoJointPurchases(wedding)
        let debt = try #require(try await wedding.pablo.balances().owing.first)
        let id = try #require(debt.id)
        for outsider in [wedding.luis, wedding.ana, wedding.eva] {
            await #expect(throws: GiftworldError.debtNotFound(id: id)) { try await outsider.lowerDebt(id, to: 1) }
            await #expect(throws: FirestoreError.self) {
                try await outsider.db.collection(Collections.debts).document(id).updateData(["amount": 1.0])
            }
        }
        await #expect(throws: GiftworldError.debtNotFound(id: "missing")) {
            try await wedding.marta.lowerDebt("missing", to: 1)
        }
        #expect(try await wedding.pablo.balances().owing.map(\.amount) == [debt.amount])
    }
}
