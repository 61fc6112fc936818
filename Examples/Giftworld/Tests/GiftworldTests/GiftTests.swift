import Giftworld
import Hearth
import Testing

/// CU-007 view a list, CU-008 add a gift, RF2.2 edit a gift, CU-009 delete a gift.
@Suite("Gifts")
struct GiftTests {
    @Test func addAndListOwnGifts() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        defer { ana.signOut() }
        let coffee = try await ana.addGift(
            GiftForm(name: " Cafetera ", brand: "Nespresso", price: 120.5, link: "https://shop.example.com/c"))
        _ = try await ana.addGift(GiftForm(name: "Libro", price: 0))
        #expect(coffee.name == "Cafetera")
        #expect(coffee.createdAt != nil)
        #expect(try await ana.myGifts().map(\.name) == ["Cafetera", "Libro"])
    }

    @Test func validation() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        defer { ana.signOut() }
        await #expect(throws: GiftworldError.invalidField(name: "name", reason: "required")) {
            try await ana.addGift(GiftForm(name: " ", price: 10))
        }
        await #expect(throws: GiftworldError.self) { try await ana.addGift(GiftForm(name: "X", price: -1)) }
        await #expect(throws: GiftworldError.self) { try await ana.addGift(GiftForm(name: "X", price: .nan)) }
        await #expect(throws: GiftworldError.invalidField(name: "link", reason: "must be an http(s) link")) {
            try await ana.addGift(GiftForm(name: "X", price: 1, link: "ftp://x"))
        }
        #expect(try await ana.myGifts().isEmpty)
    }

    @Test func theOwnerEditsAnyFieldOfAGift() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = try #require(wedding.coffee.id)
        let edited = try await wedding.ana.editGift(
            coffee,
            GiftForm(
                name: " Cafetera express ", brand: "DeLonghi", price: 149.9, link: "https://shop.example.com/cafetera",
                imageURL: "https://img.example.com/cafetera.png"))
        #expect(edited.id == coffee)
        #expect(edited.name == "Cafetera express")
        #expect(edited.brand == "DeLonghi")
        #expect(edited.price == 149.9)
        #expect(edited.link == "https://shop.example.com/cafetera")
        #expect(edited.imageURL == "https://img.example.com/cafetera.png")
        // `createdAt` stays, so the list keeps its order; fellow members see the new fields.
        #expect(edited.createdAt == wedding.coffee.createdAt)
        #expect(try await wedding.ana.myGifts().map(\.name) == ["Cafetera express", "Sábanas", "Robot"])
        #expect(try await wedding.luis.wishList(of: wedding.ana.uid).first?.gift == edited)
        // Back to no brand, link or picture.
        let plain = try await wedding.ana.editGift(coffee, GiftForm(name: "Cafetera", price: 0))
        #expect(plain.brand == "" && plain.link == "" && plain.imageURL == "" && plain.price == 0)
    }

    @Test func editingChecksTheFormAsAddingDoes() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = try #require(wedding.coffee.id)
        let ana = wedding.ana
        await #expect(throws: GiftworldError.invalidField(name: "name", reason: "required")) {
            try await ana.editGift(coffee, GiftForm(name: "  ", price: 10))
        }
        await #expect(throws: GiftworldError.self) { try await ana.editGift(coffee, GiftForm(name: "X", price: -1)) }
        await #expect(throws: GiftworldError.self) {
            try await ana.editGift(coffee, GiftForm(name: "X", price: .infinity))
        }
        await #expect(throws: GiftworldError.self) {
            try await ana.editGift(coffee, GiftForm(name: "X", price: GiftForm.maximumPrice + 1))
        }
        await #expect(throws: GiftworldError.invalidField(name: "link", reason: "must be an http(s) link")) {
            try await ana.editGift(coffee, GiftForm(name: "X", price: 1, link: "javascript:alert(1)"))
        }
        await #expect(throws: GiftworldError.giftNotFound(id: "missing")) {
            try await ana.editGift("missing", GiftForm(name: "X", price: 1))
        }
        await #expect(throws: GiftworldError.giftNotFound(id: "a/b")) {
            try await ana.editGift("a/b", GiftForm(name: "X", price: 1))
        }
        #expect(try await ana.myGifts().first == wedding.coffee)
    }

    @Test func onlyTheOwnerEdits() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = try #require(wedding.coffee.id)
        // Luis's editGift works on his own list, where the id names nothing.
        await #expect(throws: GiftworldError.giftNotFound(id: coffee)) {
            try await wedding.luis.editGift(coffee, GiftForm(name: "Broma", price: 1))
        }
        let anasGift = wedding.luis.db.collection("users/\(wedding.ana.uid)/gifts").document(coffee)
        await #expect(throws: FirestoreError.self) { try await anasGift.updateData(["name": "Broma"]) }
        await #expect(throws: FirestoreError.self) {
            try await anasGift.setData(["name": "Broma", "price": 1.0], merge: true)
        }
        // Nor can the owner slip a purchase flag or a new date in.
        let own = wedding.ana.db.collection("users/\(wedding.ana.uid)/gifts").document(coffee)
        await #expect(throws: FirestoreError.self) { try await own.updateData(["bought": false]) }
        await #expect(throws: FirestoreError.self) {
            try await own.updateData(["createdAt": FieldValue.serverTimestamp()])
        }
        #expect(try await wedding.ana.myGifts().first == wedding.coffee)
    }

    @Test func editingABoughtGiftKeepsItsPurchase() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = try #require(wedding.coffee.id)
        try await wedding.luis.buyJointly(
            giftID: coffee, of: wedding.ana.uid, in: wedding.group, with: [wedding.pablo.uid])
        try await wedding.ana.editGift(coffee, GiftForm(name: "Cafetera", brand: "Nespresso", price: 200))
        let listing = try #require(try await wedding.marta.wishList(of: wedding.ana.uid).first)
        #expect(listing.gift.price == 200)
        #expect(listing.purchase?.price == 120)
        #expect(try await wedding.pablo.balances().owing.map(\.amount) == [60])
    }

    @Test func onlyTheOwnerDeletes() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = wedding.coffee.id ?? ""
        await #expect(throws: GiftworldError.giftNotFound(id: "missing")) {
            try await wedding.ana.deleteGift("missing")
        }
        await #expect(throws: FirestoreError.self) {
            try await wedding.luis.db.collection("users/\(wedding.ana.uid)/gifts").document(coffee).delete()
        }
        await #expect(throws: FirestoreError.self) {
            try await wedding.luis.db.collection("users/\(wedding.ana.uid)/gifts").document(coffee)
                .updateData(["price": 1.0])
        }
        try await wedding.ana.deleteGift(coffee)
        #expect(try await wedding.ana.myGifts().map(\.name) == ["Sábanas", "Robot"])
    }

    @Test func aFellowMembersListShowsWhatIsBought() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        try await wedding.luis.buy(giftID: wedding.coffee.id ?? "", of: wedding.ana.uid, in: wedding.group)
        let list = try await wedding.pablo.wishList(of: wedding.ana.uid)
        #expect(list.map(\.gift.name) == ["Cafetera", "Sábanas", "Robot"])
        #expect(list.map(\.isBought) == [true, false, false])
        #expect(list.first?.purchase?.buyers == [wedding.luis.uid])
    }

    @Test func outsidersCannotSeeAList() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        await #expect(throws: GiftworldError.self) { _ = try await wedding.eva.wishList(of: wedding.ana.uid) }
        await #expect(throws: FirestoreError.self) {
            try await wedding.eva.db.collection("users/\(wedding.ana.uid)/gifts").getDocuments()
        }
        await #expect(throws: GiftworldError.ownGift) { _ = try await wedding.ana.wishList(of: wedding.ana.uid) }
    }
}
