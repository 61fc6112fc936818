import Giftworld
import Hearth
import Testing

/// RF1.3 / CU-003 editing one's own profile, and RF1.4 searching users.
@Suite("Profile and user search")
struct ProfileTests {
    @Test func aUserEditsTheirNamesAndPictureButNotTheEmail() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        let luis = try await test.session(People.luis)
        defer { [ana, luis].forEach { $0.signOut() } }
        let edited = try await ana.editProfile(
            ProfileForm(
                firstname: " Ana María ", lastname: "García López", imageURL: "https://img.example.com/ana.png"))
        #expect(edited.fullName == "Ana María García López")
        #expect(edited.imageURL == "https://img.example.com/ana.png")
        #expect(edited.email == "ana@test.es")
        // Everyone sees the new card; it stays read-only for them.
        #expect(try await luis.user(ana.uid) == edited)
        var picture = ProfileForm(edited)
        picture.imageURL = ""
        #expect(try await ana.editProfile(picture).imageURL == "")
        #expect(try await ana.user(ana.uid).fullName == "Ana María García López")
    }

    @Test func profileValidation() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        defer { ana.signOut() }
        await #expect(throws: GiftworldError.invalidField(name: "firstname", reason: "required")) {
            try await ana.editProfile(ProfileForm(firstname: " ", lastname: "García"))
        }
        await #expect(throws: GiftworldError.invalidField(name: "lastname", reason: "required")) {
            try await ana.editProfile(ProfileForm(firstname: "Ana", lastname: ""))
        }
        await #expect(throws: GiftworldError.invalidField(name: "image_url", reason: "must be an http(s) link")) {
            try await ana.editProfile(ProfileForm(firstname: "Ana", lastname: "García", imageURL: "file:///etc/passwd"))
        }
        #expect(try await ana.user(ana.uid).fullName == "Ana García")
        // Signing up checks the picture the same way.
        var withPicture = People.luis
        withPicture.imageURL = "luis.png"
        await #expect(throws: GiftworldError.invalidField(name: "image_url", reason: "must be an http(s) link")) {
            _ = try await test.app.register(withPicture)
        }
        withPicture.imageURL = " https://img.example.com/luis.png "
        let luis = try await test.app.enterApp(as: try await test.app.register(withPicture))
        defer { luis.signOut() }
        #expect(try await luis.user(luis.uid).imageURL == "https://img.example.com/luis.png")
    }

    @Test func nobodyEditsSomeoneElsesCard() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        let luis = try await test.session(People.luis)
        defer { [ana, luis].forEach { $0.signOut() } }
        let card = luis.db.collection(Collections.users).document(ana.uid)
        for change in [["firstname": "Anita"], ["lastname": "X"], ["image_url": "https://evil.example.com/x.png"]] {
            await #expect(throws: FirestoreError.self) { try await card.updateData(change) }
        }
        await #expect(throws: FirestoreError.self) {
            try await card.setData(["firstname": "A", "lastname": "B", "email": "luis@test.es", "image_url": ""])
        }
        // Nor changes their own email, nor adds fields to their card.
        let own = ana.db.collection(Collections.users).document(ana.uid)
        await #expect(throws: FirestoreError.self) { try await own.updateData(["email": "otra@test.es"]) }
        await #expect(throws: FirestoreError.self) { try await own.updateData(["admin": true]) }
        #expect(try await luis.user(ana.uid).fullName == "Ana García")
    }

    @Test func searchMatchesTheStartOfTheFirstOrLastNameIgnoringCase() async throws {
        let test = try await TestApp()
        defer { test.close() }
        var sessions: [UserSession] = []
        for person in [People.ana, People.luis, People.marta, People.pablo, People.eva] {
            sessions.append(try await test.session(person))
        }
        defer { sessions.forEach { $0.signOut() } }
        let luis = sessions[1]
        let names = { (text: String) in try await luis.searchUsers(text).map(\.fullName) }
        #expect(try await names("ga") == ["Ana García"])
        #expect(try await names("AN") == ["Ana García"])
        #expect(try await names(" pa ") == ["Pablo Sanz"])
        #expect(try await names("PÉR") == ["Luis Pérez"])
        #expect(try await names("l") == ["Eva Lobo", "Luis Pérez"])
        #expect(try await names("arcía").isEmpty)
        #expect(try await names("Ana García").isEmpty)
        #expect(try await names("zz").isEmpty)
        #expect(try await names("") == ["Ana García", "Eva Lobo", "Luis Pérez", "Marta Ruiz", "Pablo Sanz"])
        // A renamed user is found by the new name only.
        try await sessions[4].editProfile(ProfileForm(firstname: "Eva", lastname: "Martín"))
        #expect(try await names("mar") == ["Eva Martín", "Marta Ruiz"])
        #expect(try await names("lo").isEmpty)
        // Signed out, the search is refused like the directory.
        luis.signOut()
        await #expect(throws: GiftworldError.unavailable) { _ = try await luis.searchUsers("a") }
    }

    @Test func theMatchingRule() async throws {
        let test = try await TestApp()
        defer { test.close() }
        let ana = try await test.session(People.ana)
        defer { ana.signOut() }
        var card = try await ana.user(ana.uid)
        card.firstname = "Álvaro"
        card.lastname = "de la Fuente"
        #expect(UserSearch.matches(card, "álv"))
        #expect(UserSearch.matches(card, "ÁLVARO"))
        #expect(UserSearch.matches(card, "de la"))
        #expect(!UserSearch.matches(card, "fuente"))
        #expect(!UserSearch.matches(card, "alvaro"))
        #expect(UserSearch.matches(card, "   "))
    }
}
