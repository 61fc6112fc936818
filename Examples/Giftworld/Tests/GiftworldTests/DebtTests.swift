import Giftworld
import Hearth
import Testing

/// CU-010 balances and simplified payments, CU-011 resolving a debt.
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
}
