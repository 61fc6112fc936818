import Giftworld
import Hearth
import Testing

/// CU-001 register, CU-002 sign in, CU-003 users, CU-004 sign out.
@Suite("Accounts and users")
struct AccountTests {
    @Test func registerWritesTheCardAsTheNewUser() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        defer { ana.signOut() }
        let card = try await ana.user(ana.uid)
        #expect(card.fullName == "Ana García")
        #expect(card.email == "ana@test.es")
        #expect(card.imageURL == "")
    }

    @Test func duplicateEmailAndMissingFields() async throws {
        let test = try await TestApp()
        defer { test.close() }
        _ = try await test.app.register(People.ana)
        var again = People.ana
        again.email = "  ANA@test.es "
        await #expect(throws: GiftworldError.emailAlreadyInUse("ana@test.es")) {
            _ = try await test.app.register(again)
        }
        var nameless = People.luis
        nameless.firstname = "  "
        await #expect(throws: GiftworldError.invalidField(name: "firstname", reason: "required")) {
            _ = try await test.app.register(nameless)
        }
        var badEmail = People.luis
        badEmail.email = "luis-at-test"
        await #expect(throws: GiftworldError.self) { _ = try await test.app.register(badEmail) }
    }

    @Test func signIn() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let registered = try await test.app.register(People.ana)
        #expect(try await test.app.signIn(email: "Ana@Test.es", password: People.ana.password) == registered)
        await #expect(throws: GiftworldError.wrongCredentials) {
            _ = try await test.app.signIn(email: "ana@test.es", password: "pmdl1c1234%")
        }
        await #expect(throws: GiftworldError.wrongCredentials) {
            _ = try await test.app.signIn(email: "nadie@test.es", password: People.ana.password)
        }
    }

    @Test func usersSeeTheDirectoryButEditOnlyTheirOwnCard() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        let luis = try await test.session(People.luis)
        defer { [ana, luis].forEach { $0.signOut() } }
        #expect(try await luis.users().map(\.firstname) == ["Ana", "Luis"])
        #expect(try await luis.user(ana.uid).lastname == "García")
        await #expect(throws: GiftworldError.userNotFound(uid: "nobody")) { _ = try await luis.user("nobody") }
        try await luis.changePicture(to: "https://img.example.com/luis.png")
        #expect(try await luis.user(luis.uid).imageURL == "https://img.example.com/luis.png")
        await #expect(throws: FirestoreError.self) {
            try await luis.db.collection(Collections.users).document(ana.uid).updateData(["firstname": "Anita"])
        }
        await #expect(throws: FirestoreError.self) {
            try await luis.db.collection(Collections.users).document(luis.uid).updateData(["email": "x@test.es"])
        }
        #expect(try await ana.user(ana.uid).firstname == "Ana")
    }

    @Test func signOutEndsTheSession() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        ana.signOut()
        await #expect(throws: GiftworldError.unavailable) { _ = try await ana.myGifts() }
    }
}
