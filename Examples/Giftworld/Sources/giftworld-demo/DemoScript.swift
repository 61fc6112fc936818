import ExampleSupport
import Giftworld
import Hearth

/// The scripted session: five friends use every use case around Ana's wedding list, and the
/// output tells what happens. Everything is idempotent across runs: what an earlier run stored
/// is found and shown instead.
struct DemoScript {
    let app: Giftworld
    let directory: String

    /// Runs the whole story.
    func run() async throws {
        let before = try await app.statistics()
        DemoScene.opening("Giftworld", directory: directory, accounts: before.accounts) { Describe.statistics(before) }

        section("CU-001 Register · CU-002 Sign in · CU-003 Users · RF1.3 Profile · RF1.4 Search")
        try await expectRefusal("Ana picks the password \"password1\"") {
            var form = Cast.ana
            form.password = "password1"
            _ = try await app.register(form)
        }
        let ana = try await enter(Cast.ana)
        let luis = try await enter(Cast.luis)
        let marta = try await enter(Cast.marta)
        let pablo = try await enter(Cast.pablo)
        let sofia = try await enter(Cast.sofia)
        defer { [ana, luis, marta, pablo, sofia].forEach { $0.signOut() } }
        let names = [ana.uid: "Ana", luis.uid: "Luis", marta.uid: "Marta", pablo.uid: "Pablo", sofia.uid: "Sofía"]
        let everyone = try await luis.users().map(\.fullName).joined(separator: ", ")
        print("CU-003 Luis opens the user list: \(everyone)")
        print("CU-003 Luis opens Ana's card: \(try await luis.user(ana.uid).email) (read-only for him)")
        let found = try await luis.searchUsers("GA").map(\.fullName).joined(separator: ", ")
        print("RF1.4 Luis searches \"GA\" (start of a first or last name, any case): \(found)")
        var card = ProfileForm(try await luis.user(luis.uid))
        card.imageURL = Cast.luisPicture
        let edited = try await luis.editProfile(card)
        print("RF1.3 Luis edits his card: picture \(edited.imageURL), email \(edited.email) unchanged")
        try await expectRefusal("Luis's app writes a new first name on Ana's card") {
            try await luis.db.collection(Collections.users).document(ana.uid).updateData(["firstname": "Anita"])
        }

        section("CU-005 Create group · CU-008 Add gifts")
        let group = try await weddingGroup(ana: ana, friends: [luis, marta, pablo])
        let groupID = group.id ?? ""
        let gifts = try await wishList(ana)
        try await expectRefusal("Ana adds a gift with a negative price") {
            _ = try await ana.addGift(GiftForm(name: "Vajilla", price: -5))
        }
        if let sheets = gifts.first(where: { $0.name == Cast.sheets.name }) {
            var form = Cast.sheets
            form.price = 95
            let edited = try await ana.editGift(sheets.id ?? "", form)
            print("RF2.2 Ana edits \(sheets.name) (was \(Describe.euros(sheets.price))) → \(Describe.gift(edited))")
        }
        try await expectRefusal("Luis's app edits the price of Ana's Cafetera") {
            let coffee = gifts.first { $0.name == Cast.coffeeMaker.name }?.id ?? ""
            try await luis.db.collection("users/\(ana.uid)/gifts").document(coffee).updateData(["price": 1.0])
        }

        section("RF3.2 Edit group · RF3.3 Add members")
        let pictured = try await marta.editGroup(groupID, name: group.name, imageURL: Cast.weddingPicture)
        print("RF3.2 Marta (a member, not the creator) gives \"\(pictured.name)\" the picture \(pictured.imageURL)")
        if group.members.contains(sofia.uid) {
            print("RF3.3 Sofía is already a member (added in an earlier run)")
        } else {
            let grown = try await luis.addMembers([sofia.uid], to: groupID)
            print("RF3.3 Luis adds Sofía → \(grown.members.count) members; the membership trigger lets her in")
        }
        let seenBySofia = try await sofia.wishList(of: ana.uid).map(\.gift.name).joined(separator: ", ")
        print("CU-007 Sofía opens Ana's list: \(seenBySofia)")

        section("CU-007 A fellow's list · buying alone and jointly")
        let coffee = gifts.first { $0.name == Cast.coffeeMaker.name }?.id ?? ""
        let robot = gifts.first { $0.name == Cast.robot.name }?.id ?? ""
        try await buyOnce("Luis buys the Cafetera alone", luis.uid, names) {
            try await luis.buy(giftID: coffee, of: ana.uid, in: groupID)
        }
        try await buyOnce("Marta buys the Robot aspirador with Luis and Pablo", marta.uid, names) {
            try await marta.buyJointly(giftID: robot, of: ana.uid, in: groupID, with: [luis.uid, pablo.uid])
        }
        try await expectRefusal("Pablo tries to buy the Cafetera too") {
            _ = try await pablo.buy(giftID: coffee, of: ana.uid, in: groupID)
        }
        print("CU-007 Pablo opens Ana's list:")
        for listing in try await pablo.wishList(of: ana.uid) {
            let status = listing.purchase.map { purchase in
                "bought by " + purchase.buyers.map { names[$0] ?? $0 }.joined(separator: " + ")
            }
            print("      \(Describe.gift(listing.gift)) — \(status ?? "available")")
        }

        section("The secret: Ana never learns whether her gifts are bought")
        let own = try await ana.myGifts().map(\.name).joined(separator: ", ")
        print("CU-007 Ana opens her own list: \(own) (no status)")
        try await expectRefusal("Ana reads purchases/<her uid>_<cafetera> directly") {
            _ = try await ana.db.collection(Collections.purchases)
                .document(Purchase.documentID(owner: ana.uid, giftID: coffee)).getDocument()
        }
        try await expectRefusal("Ana queries purchases where owner == her uid") {
            _ = try await ana.db.collection(Collections.purchases).whereField("owner", isEqualTo: ana.uid)
                .getDocuments()
        }

        section("CU-010 Balances · minimum cash flow · RF5.1 Lower · CU-011 Resolve")
        try await balances(of: marta, "Marta", names)
        for payment in try await marta.simplifiedPayments(in: groupID) {
            print(
                "      simplified for the group: \(names[payment.from] ?? payment.from) pays "
                    + "\(names[payment.to] ?? payment.to) \(Describe.euros(payment.amount))")
        }
        let thesis = try MinimumCashFlow.transfers(owes: [[0, 1000, 2000], [0, 0, 5000], [0, 0, 0]])
        print("      the thesis's test case: \(thesis.map(\.description).joined(separator: " · "))")
        if let debt = try await pablo.balances().owing.first(where: { $0.creditor == marta.uid }) {
            let id = debt.id ?? ""
            if debt.amount > 60 {
                try await marta.lowerDebt(id, to: 60)
                print(
                    "RF5.1 Pablo pays Marta \(Describe.euros(debt.amount - 60)); "
                        + "she lowers his debt to \(Describe.euros(60))")
            } else {
                print("RF5.1 Pablo's debt to Marta was lowered to \(Describe.euros(debt.amount)) in an earlier run")
            }
            try await expectRefusal("Pablo's app raises the debt back to \(Describe.euros(100))") {
                try await pablo.db.collection(Collections.debts).document(id).updateData(["amount": 100.0])
            }
        }
        if let debt = try await luis.balances().owing.first(where: { $0.creditor == marta.uid }) {
            try await luis.resolveDebt(debt.id ?? "")
            print("CU-011 Luis pays Marta and resolves his debt of \(Describe.euros(debt.amount)) → deleted")
        } else {
            print("CU-011 Luis's debt to Marta was resolved in an earlier run")
        }
        try await balances(of: marta, "Marta", names)

        section("CU-006 Delete group · the security rules")
        let temporary = try await pablo.createGroup(GroupForm(name: "Amigo invisible", members: [luis.uid, marta.uid]))
        print("CU-005 Pablo creates \"\(temporary.name)\" with Luis and Marta")
        try await expectRefusal("Luis tries to delete Pablo's group") { try await luis.deleteGroup(temporary.id ?? "") }
        try await pablo.deleteGroup(temporary.id ?? "")
        let remaining = try await pablo.myGroups().map(\.name).joined(separator: ", ")
        print("CU-006 Pablo deletes it → his groups: \(remaining)")

        section("Summary")
        print("Stored now: \(Describe.statistics(try await app.statistics())).")
        print("Run it again with --data \(directory): it signs in instead of registering, and finds all of this.")
    }

    /// CU-001, or CU-002 when an earlier run registered the email.
    private func enter(_ form: RegistrationForm) async throws -> UserSession {
        let account: Account
        do {
            account = try await app.register(form)
            print("CU-001 \(form.firstname) registers as \(form.email) → uid \(account.uid)")
        } catch .emailAlreadyInUse {
            account = try await app.signIn(email: form.email, password: form.password)
            print("CU-002 \(form.email) is already registered (earlier run) → \(form.firstname) signs in")
        }
        return try await app.enterApp(as: account)
    }

    /// CU-005 once: Ana's wedding group with her three friends.
    private func weddingGroup(ana: UserSession, friends: [UserSession]) async throws -> Group {
        if let existing = try await ana.myGroups().first(where: { $0.name == Cast.weddingGroup }) {
            print("CU-005 Ana's groups already include \"\(existing.name)\" (earlier run)")
            return existing
        }
        let group = try await ana.createGroup(GroupForm(name: Cast.weddingGroup, members: friends.map(\.uid)))
        print("CU-005 Ana creates \"\(group.name)\" with Luis, Marta and Pablo → groups/\(group.id ?? "?")")
        return group
    }

    /// CU-008 once per gift; returns Ana's list.
    private func wishList(_ ana: UserSession) async throws -> [Gift] {
        var gifts = try await ana.myGifts()
        for form in [Cast.coffeeMaker, Cast.sheets, Cast.robot] where !gifts.contains(where: { $0.name == form.name }) {
            let gift = try await ana.addGift(form)
            print("CU-008 Ana adds \(Describe.gift(gift)) to her list")
            gifts.append(gift)
        }
        if gifts.count >= 3 { print("CU-007 Ana's list: \(gifts.map(Describe.gift).joined(separator: ", "))") }
        guard gifts.count >= 3 else { throw DemoFailure(description: "Ana's list is missing gifts") }
        return gifts
    }

    /// Runs a purchase, or reports that an earlier run made it.
    private func buyOnce(_ what: String, _ payer: String, _ names: [String: String], _ buy: () async throws -> Purchase)
        async throws
    {
        do {
            let purchase = try await buy()
            let share = Describe.euros(purchase.price / Double(purchase.buyers.count))
            let shares = purchase.isJoint ? ", each co-buyer owes \(share)" : ""
            print("\(what) → \(Describe.euros(purchase.price)) paid by \(names[payer] ?? payer)\(shares)")
        } catch GiftworldError.alreadyBought {
            print("\(what) → already bought in an earlier run")
        }
    }

    /// CU-010 for one user.
    private func balances(of session: UserSession, _ name: String, _ names: [String: String]) async throws {
        let balances = try await session.balances()
        let people = balances.perPerson.map { "\(names[$0.uid] ?? $0.uid) \(Describe.euros($0.net))" }
        print(
            "CU-010 \(name)'s balances: owed by \(Describe.count(balances.owed.count, "debt")), owing "
                + "\(Describe.count(balances.owing.count, "debt")); net per person: "
                + (people.isEmpty ? "none" : people.joined(separator: ", ")))
    }

    /// Runs `attempt`, which must be refused, and prints the message the app would show (a raw
    /// request the rules refuse shows as the app's `notAllowed`).
    private func expectRefusal(_ what: String, _ attempt: () async throws -> Void) async throws {
        try await DemoScene.expectRefusal(what, as: GiftworldError.self) { try await GiftworldError.mapping(attempt) }
    }

    /// Prints a section title.
    private func section(_ title: String) { DemoScene.section(title) }
}
