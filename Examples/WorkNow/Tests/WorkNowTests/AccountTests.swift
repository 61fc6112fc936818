import Hearth
import Testing
import WorkNow

/// Register and sign in: the form's checks, the profile written under the rules.
@Suite("Accounts")
final class AccountTests: AppSuite {
    @Test func registrationWritesTheProfileWithZeroedCounters() async throws {
        let luis = try await fixture.session(
            People.worker("Luis", at: People.chamberi, trades: [.electricista, .limpieza]))
        let profile = try await luis.ownProfile()
        #expect(profile.nombre == "Luis" && profile.email == "luis@test.es")
        #expect(profile.trades == ["Electricista", "Limpieza"])
        #expect(
            profile.oficios.count == 8
                && profile.oficios.filter(\.selected).map(\.nombre) == ["Electricista", "Limpieza"])
        #expect(profile.latitude == "40.434" && profile.location.latitude == 40.434)
        #expect(profile.ratingSum == 0 && profile.ratingCount == 0 && profile.averageRating == nil)
    }

    @Test func badFormsAreRefusedWithTheAppsMessages() async throws {
        var form = People.client(1)
        form.password = "1234567"
        await #expect(throws: WorkNowError.passwordTooShort) { try await fixture.app.register(form) }
        #expect(WorkNowError.passwordTooShort.alertMessage == "La contraseña debe tener al menos 8 caracteres")
        form = People.client(1)
        form.latitude = nil
        await #expect(throws: WorkNowError.invalidField(name: "location", reason: "required")) {
            try await fixture.app.register(form)
        }
        form = People.client(1)
        form.nombre = " "
        await #expect(throws: WorkNowError.invalidField(name: "nombre", reason: "required")) {
            try await fixture.app.register(form)
        }
        form = People.client(1)
        form.email = "ana-at-test"
        await #expect(throws: WorkNowError.invalidField(name: "email", reason: "not an email address")) {
            try await fixture.app.register(form)
        }
        form = People.client(1)
        form.radiusKm = 0.5
        await #expect(throws: WorkNowError.invalidRadius(0.5)) { try await fixture.app.register(form) }
        #expect(try await fixture.app.statistics().accounts == 0)
    }

    @Test func signInFindsTheAccountAndRefusesWrongPasswords() async throws {
        let account = try await fixture.app.register(People.client(2))
        await #expect(throws: WorkNowError.emailAlreadyInUse("ana2@test.es")) {
            try await fixture.app.register(People.client(2))
        }
        #expect(try await fixture.app.signIn(email: " ANA2@test.es", password: "ana-secreta") == account)
        await #expect(throws: WorkNowError.wrongCredentials) {
            try await fixture.app.signIn(email: "ana2@test.es", password: "ana-secretA")
        }
        await #expect(throws: WorkNowError.wrongCredentials) {
            try await fixture.app.signIn(email: "nadie@test.es", password: "ana-secreta")
        }
    }

    @Test func subscribingChangesTradesAndWorkAreaButNotTheIdentity() async throws {
        let ana = try await fixture.client()
        let updated = try await ana.subscribe(to: [.fontaneria, .cerrajeria])
        #expect(updated.trades == ["Cerrajería", "Fontanería"])
        #expect(updated.oficios.filter(\.selected).map(\.nombre) == ["Cerrajería", "Fontanería"])
        let moved = try await ana.updateWorkArea(latitude: 41.0, longitude: -3.0, radiusKm: 25)
        #expect(moved.location.latitude == 41.0 && moved.radiusKm == 25 && moved.nombre == "Ana0")
        await #expect(throws: WorkNowError.invalidRadius(101)) {
            try await ana.updateWorkArea(latitude: 41, longitude: -3, radiusKm: 101)
        }
    }

    @Test func theProfileChangesThePasswordAndThePhoneButNotTheIdentity() async throws {
        var form = People.client(3)
        form.telefono = "12"
        await #expect(throws: WorkNowError.invalidField(name: "telefono", reason: "an optional + and 6 to 15 digits")) {
            try await fixture.app.register(form)
        }
        form.telefono = " "
        let ana = try await fixture.session(form)
        #expect(try await ana.ownProfile().telefono == nil)
        #expect(try await ana.updatePhone("+34 600 11 22 33").telefono == "+34600112233")
        #expect(try await ana.updatePhone(nil).telefono == nil)

        await #expect(throws: WorkNowError.passwordTooShort) { try await ana.changePassword(to: "corta", repeat: "corta") }
        await #expect(throws: WorkNowError.passwordsDoNotMatch) {
            try await ana.changePassword(to: "nueva-clave", repeat: "nueva-clavE")
        }
        try await ana.changePassword(to: "nueva-clave", repeat: "nueva-clave")
        await #expect(throws: WorkNowError.wrongCredentials) {
            _ = try await fixture.app.signIn(email: "ana3@test.es", password: "ana-secreta")
        }
        let again = try await fixture.app.signIn(email: "ana3@test.es", password: "nueva-clave")
        #expect(again.uid == ana.uid)
        // Nombre, apellidos and email stay as registered (no use case changes them; the rules refuse it).
        let profile = try await ana.ownProfile()
        #expect(profile.nombre == "Ana3" && profile.apellidos == "García" && profile.email == "ana3@test.es")
        ana.signOut()
        await #expect(throws: WorkNowError.unavailable) { try await ana.changePassword(to: "otra-clave", repeat: "otra-clave") }
    }
}
