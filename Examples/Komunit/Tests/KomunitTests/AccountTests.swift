import Hearth
import Komunit
import Testing

/// CU01 register, RNF0 e-mail confirmation, CU02 sign in, RF2 password reset, CU3 sign out,
/// RF4 edit profile.
@Suite("Accounts")
final class AccountTests: AppSuite {
    @Test func registeringStoresTheUserAndSigningInFindsIt() async throws {
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
        form.repeatPassword = "secreto-otro"
        await #expect(throws: KomunitError.passwordsDoNotMatch) { try await fixture.app.register(form) }
        form = Person("ana").form
        form.acceptsTerms = false
        await #expect(throws: KomunitError.termsNotAccepted) { try await fixture.app.register(form) }
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
        #expect(try await fixture.app.statistics().accounts == 1)
    }

    @Test func aNewAccountEntersOnlyOnceItsEmailIsConfirmed() async throws {
        let registration = try await fixture.app.register(Person("ana").form)
        // The user document exists (the rules let an unconfirmed account write its own)…
        #expect(try await fixture.app.statistics().users == 1)
        // …but «Correo confirmado» before confirming keeps the waiting screen.
        await #expect(throws: KomunitError.emailNotConfirmed) { try await fixture.app.enterApp(as: registration.account) }
        await #expect(throws: KomunitError.invalidCode) { try await fixture.app.confirmEmail(code: "not-a-code") }
        try await fixture.app.confirmEmail(code: registration.confirmationCode)
        await #expect(throws: KomunitError.invalidCode) {
            try await fixture.app.confirmEmail(code: registration.confirmationCode)
        }
        let ana = try await fixture.app.enterApp(as: registration.account)
        // The session's token now says email_verified: the rules let Ana explore and create.
        let groupId = try id(try await ana.createGroup(.band()))
        #expect(try await ana.groupDetail(groupId).members.map(\.user.username) == ["ana"])
    }

    @Test func signingInUnconfirmedOffersToResendTheConfirmation() async throws {
        let first = try await fixture.app.register(Person("bruno").form)
        first.account.signOut()
        // CU02 alt. 3.1: the credentials are right, the address is not confirmed.
        let account = try await fixture.app.signIn(email: "bruno@uma.es", password: "secreto-bruno")
        await #expect(throws: KomunitError.emailNotConfirmed) { try await fixture.app.enterApp(as: account) }
        let code = try await fixture.app.resendConfirmation(for: account)  // «Reenviar confirmación»
        try await fixture.app.confirmEmail(code: code)
        // The user signs in again and enters.
        let again = try await fixture.app.signIn(email: "bruno@uma.es", password: "secreto-bruno")
        let bruno = try await fixture.app.enterApp(as: again)
        #expect(try await bruno.profile().email == "bruno@uma.es")
        // The first device, confirmed meanwhile, enters too once it checks («Correo confirmado»).
        #expect(try await fixture.app.enterApp(as: account).uid == bruno.uid)
    }

    @Test func aForgottenPasswordIsResetWithTheEmailedCodeOnce() async throws {
        let ana = try await fixture.user(named: "ana")
        await #expect(throws: KomunitError.unknownEmail) { try await fixture.app.requestPasswordReset(email: "nadie@uma.es") }
        await #expect(throws: KomunitError.invalidField(name: "email", reason: "no es un correo válido")) {
            try await fixture.app.requestPasswordReset(email: "ana")
        }
        let code = try await fixture.app.requestPasswordReset(email: " Ana@uma.es ")
        await #expect(throws: KomunitError.invalidField(name: "password", reason: "debe tener al menos 6 caracteres")) {
            try await fixture.app.resetPassword(code: code, newPassword: "corta")
        }
        await #expect(throws: KomunitError.invalidCode) { try await fixture.app.resetPassword(code: "nope", newPassword: "olvidada1") }
        try await fixture.app.resetPassword(code: code, newPassword: "olvidada1")
        await #expect(throws: KomunitError.wrongCredentials) {
            try await fixture.app.signIn(email: "ana@uma.es", password: "secreto-ana")
        }
        let account = try await fixture.app.signIn(email: "ana@uma.es", password: "olvidada1")
        #expect(try await fixture.app.enterApp(as: account).uid == ana.uid)
        await #expect(throws: KomunitError.invalidCode) { try await fixture.app.resetPassword(code: code, newPassword: "otra-vez1") }
    }

    @Test func editingTheProfileAndSigningOut() async throws {
        let ana = try await fixture.user(named: "ana")
        let edited = try await ana.editProfile(username: "ana_bajo", latitude: 40.4168, longitude: -3.7038)
        #expect(edited.username == "ana_bajo" && edited.preferredLocation.latitude == 40.4168)
        await #expect(throws: KomunitError.invalidField(name: "username", reason: "es obligatorio")) {
            try await ana.editProfile(username: "", latitude: 0, longitude: 0)
        }
        #expect(edited.photoPath == nil)
        #expect(try await ana.setPhoto(path: "fotos/\(ana.uid).jpg").photoPath == "fotos/\(ana.uid).jpg")
        #expect(try await ana.editProfile(username: "ana", latitude: 36.72, longitude: -4.42).photoPath == "fotos/\(ana.uid).jpg")
        await #expect(throws: KomunitError.invalidField(name: "photoPath", reason: "es obligatorio")) {
            try await ana.setPhoto(path: " ")
        }
        await #expect(throws: KomunitError.invalidField(name: "photoPath", reason: "no puede superar 1024 bytes")) {
            try await ana.setPhoto(path: String(repeating: "a", count: 1025))
        }
        #expect(try await ana.setPhoto(path: nil).photoPath == nil)
        ana.signOut()
        await #expect(throws: KomunitError.unavailable) { try await ana.profile() }
    }
}
