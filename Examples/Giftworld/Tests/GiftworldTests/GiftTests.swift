import Giftworld
import Hearth
import Testing

/// CU-007 view a list, CU-008 add a gift, CU-009 delete a gift.
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

    @Test func onlyTheOwnerDeletes() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let coffee = wedding.coffee.id ?? ""
        await #expect(throws: GiftworldError.giftNotFound(id: "missing")) {
            try await wedding.ana.deleteGift("missing")
        }
        await #expect(throws: FirestoreError.self) {
            try await wedding.luis.db().collection("users/\(wedding.ana.uid)/gifts").document(coffee).delete()
        }
        await #expect(throws: FirestoreError.self) {
            try await wedding.luis.db().collection("users/\(wedding.ana.uid)/gifts").document(coffee)
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
            try await wedding.eva.db().collection("users/\(wedding.ana.uid)/gifts").getDocuments()
        }
        await #expect(throws: GiftworldError.ownGift) { _ = try await wedding.ana.wishList(of: wedding.ana.uid) }
    }
}
