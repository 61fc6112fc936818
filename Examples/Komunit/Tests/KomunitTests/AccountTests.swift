import Hearth
import Komunit
import Testing

/// CU01 register, CU02 sign in, CU3 sign out, RF4 edit profile.
@Suite("Accounts")
struct AccountTests {
    @Test func registeringStoresTheUserAndSigningInFindsIt() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.user(named: "ana")
        let profile = try await ana.profile()
        #expect(profile.username == "ana" && profile.email == "ana@uma.es")
        #expect(profile.groupIds.isEmpty && profile.ownedGroupIds.isEmpty && profile.joinedAt != nil)
        let again = try await fixture.app.signIn(email: " ANA@uma.es", password: "secreto-ana")
        #expect(again.uid == ana.uid)
        await #expect(throws: KomunitError.wrongCredentials) {
            try await fixture.app.signIn(email: "ana@uma.es", password: "otra-cosa")
        }
        await #expect(throws: KomunitError.wrongCredentials) {
            try await fixture.app.signIn(email: "nadie@uma.es", password: "secreto")
        }
    }

    @Test func registrationValidatesEveryField() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        var form = Person("ana").form
        form.password = "12345"
        await #expect(throws: KomunitError.invalidField(name: "password", reason: "debe tener al menos 6 caracteres")) {
            try await fixture.app.register(form)
        }
        form = Person("ana").form
        form.username = "  "
        await #expect(throws: KomunitError.invalidField(name: "username", reason: "es obligatorio")) {
            try await fixture.app.register(form)
        }
        form = Person("ana", latitude: 95).form
        await #expect(throws: KomunitError.invalidField(name: "preferredLocation", reason: "no es una posición válida")) {
            try await fixture.app.register(form)
        }
        form = Person("ana").form
        form.email = "ana-at-uma.es"
        await #expect(throws: KomunitError.invalidField(name: "email", reason: "no es un correo válido")) {
            try await fixture.app.register(form)
        }
        _ = try await fixture.app.register(Person("ana").form)
        await #expect(throws: KomunitError.emailAlreadyInUse("ana@uma.es")) {
            try await fixture.app.register(Person("ana").form)
        }
        #expect(try await fixture.app.statistics().users == 1)
    }

    @Test func editingTheProfileAndSigningOut() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.user(named: "ana")
        let edited = try await ana.editProfile(username: "ana_bajo", latitude: 40.4168, longitude: -3.7038)
        #expect(edited.username == "ana_bajo" && edited.preferredLocation.latitude == 40.4168)
        await #expect(throws: KomunitError.invalidField(name: "username", reason: "es obligatorio")) {
            try await ana.editProfile(username: "", latitude: 0, longitude: 0)
        }
        ana.signOut()
        await #expect(throws: KomunitError.unavailable) { try await ana.profile() }
    }
}
