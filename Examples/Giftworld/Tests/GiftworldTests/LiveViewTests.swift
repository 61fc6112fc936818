import Giftworld
import Hearth
import Testing

/// The thesis's manual tests of "Actualización automática de datos" (§3.4.1) as live views: after
/// a gift is added, a gift bought, a group created or a debt resolved, each list updates by itself.
@Suite("Live views")
struct LiveViewTests {
    @Test(.timeLimit(.minutes(1))) func myListShowsANewGiftByItself() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        var mine = wedding.ana.liveMyGifts().makeAsyncIterator()
        #expect(try await mine.next()?.map(\.name) == ["Cafetera", "Sábanas", "Robot"])
        _ = try await wedding.ana.addGift(GiftForm(name: "Tostadora", price: 35))
        #expect(try await mine.next()?.map(\.name) == ["Cafetera", "Sábanas", "Robot", "Tostadora"])
        try await wedding.ana.deleteGift(wedding.sheets.id ?? "")
        #expect(try await mine.next()?.map(\.name) == ["Cafetera", "Robot", "Tostadora"])
    }

    @Test(.timeLimit(.minutes(1))) func aFellowMembersListShowsPurchasesByThemselves() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        var seenByMarta = wedding.marta.liveWishList(of: wedding.ana.uid).makeAsyncIterator()
        let first = try #require(try await seenByMarta.next())
        #expect(first.map(\.gift.name) == ["Cafetera", "Sábanas", "Robot"])
        #expect(first.allSatisfy { !$0.isBought })

        try await wedding.luis.buy(giftID: wedding.coffee.id ?? "", of: wedding.ana.uid, in: wedding.group)
        let bought = try #require(try await seenByMarta.next())
        #expect(bought.map(\.isBought) == [true, false, false])
        #expect(bought.first?.purchase?.buyers == [wedding.luis.uid])

        // The owner's own list is refused, and so is the list of someone sharing no group.
        var own = wedding.ana.liveWishList(of: wedding.ana.uid).makeAsyncIterator()
        await #expect(throws: GiftworldError.ownGift) { try await own.next() }
        var stranger = wedding.eva.liveWishList(of: wedding.ana.uid).makeAsyncIterator()
        let refusal = await #expect(throws: GiftworldError.self) { try await stranger.next() }
        guard case .notAllowed? = refusal else {
            Issue.record("expected notAllowed, got \(String(describing: refusal))")
            return
        }
    }

    @Test(.timeLimit(.minutes(1))) func myGroupsShowAGroupCreatedWithMeInIt() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        var groups = wedding.eva.liveMyGroups().makeAsyncIterator()
        #expect(try await groups.next()?.isEmpty == true)
        let party = try await wedding.marta.createGroup(GroupForm(name: "Cumpleaños", members: [wedding.eva.uid]))
        #expect(try await groups.next()?.map(\.name) == ["Cumpleaños"])
        try await wedding.marta.deleteGroup(party.id ?? "")
        #expect(try await groups.next()?.isEmpty == true)
    }

    @Test(.timeLimit(.minutes(1))) func aGroupIAmAddedToOrThatIsRenamedShowsUpByItself() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        var evasGroups = wedding.eva.liveMyGroups().makeAsyncIterator()
        #expect(try await evasGroups.next()?.isEmpty == true)
        try await wedding.luis.addMembers([wedding.eva.uid], to: wedding.group)
        #expect(try await evasGroups.next()?.map(\.name) == ["Boda"])
        try await wedding.eva.editGroup(wedding.group, name: "Boda de Ana")
        #expect(try await evasGroups.next()?.map(\.name) == ["Boda de Ana"])
        // Her new fellow member's list opens live too.
        var anasList = wedding.eva.liveWishList(of: wedding.ana.uid).makeAsyncIterator()
        #expect(try await anasList.next()?.count == 3)
    }

    @Test(.timeLimit(.minutes(1))) func balancesAndDebtAlertsFollowJointPurchasesAndResolvedDebts() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        var balances = wedding.luis.liveBalances().makeAsyncIterator()
        var alerts = wedding.luis.debtAlerts().makeAsyncIterator()
        #expect(try await balances.next()?.owing.isEmpty == true)

        try await wedding.marta.buyJointly(
            giftID: wedding.robot.id ?? "", of: wedding.ana.uid, in: wedding.group, with: [wedding.luis.uid])
        let owing = try #require(try await balances.next())
        #expect(owing.owing.map(\.amount) == [50])
        #expect(owing.owing.first?.creditor == wedding.marta.uid)
        let alert = try #require(try await alerts.next())
        #expect(alert.kind == .newDebt)
        #expect(alert.debt.amount == 50 && alert.debt.debtor == wedding.luis.uid)

        // RF5.1: Marta records part of the payment; the amount changes on screen and raises an alert.
        let debtID = try #require(owing.owing.first?.id)
        try await wedding.marta.lowerDebt(debtID, to: 30)
        #expect(try await balances.next()?.owing.map(\.amount) == [30])
        let lowered = try #require(try await alerts.next())
        #expect(lowered.kind == .amountChanged(from: 50) && lowered.debt.amount == 30)

        try await wedding.luis.resolveDebt(debtID)
        #expect(try await balances.next()?.owing.isEmpty == true)
        // A resolved debt raises no alert: the next alert is the next new debt.
        try await wedding.pablo.buyJointly(
            giftID: wedding.sheets.id ?? "", of: wedding.ana.uid, in: wedding.group, with: [wedding.luis.uid])
        let next = try #require(try await alerts.next())
        #expect(next.kind == .newDebt && next.debt.creditor == wedding.pablo.uid && next.debt.amount == 45)
    }
}
