import Hearth
import Medspace
import Testing

/// UC1 register, UC2 sign in, UC3 sign out, UC19 edit profile, UC20 notifications, UC24/25 passwords.
@Suite("Accounts")
struct AccountTests {
    @Test func registrationStoresADoctorWithNotificationsOn() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        let profile = try await ana.profile()
        #expect(profile.username == "DrAnaSosa" && profile.usernameKey == "dranasosa")
        #expect(profile.type == .doctor && profile.notifications && profile.email == "ana@ulpgc.es")
        #expect(try await fixture.app.statistics().users == 2)
        await fixture.close()
    }

    @Test func registrationRefusals() async throws {
        let fixture = try await TestApp()
        _ = try await fixture.member(.ana)
        func register(_ username: String, _ email: String, _ password: String = "secreto1", _ again: String = "secreto1")
            async throws
        {
            _ = try await fixture.app.register(
                RegistrationForm(
                    username: username, fullname: "Someone", email: email, password: password, repeatPassword: again))
        }
        await #expect(throws: MedspaceError.usernameTaken("dranasosa")) { try await register("dranasosa", "x@a.es") }
        await #expect(throws: MedspaceError.emailAlreadyInUse("ana@ulpgc.es")) {
            try await register("other", "ANA@ulpgc.es")
        }
        await #expect(throws: MedspaceError.passwordsDoNotMatch) { try await register("other", "o@a.es", "abcdef", "abcdeg") }
        await #expect(throws: MedspaceError.weakPassword) { try await register("other", "o@a.es", "abc", "abc") }
        await #expect(throws: MedspaceError.missingField("username")) { try await register("  ", "o@a.es") }
        await #expect(throws: MedspaceError.invalidField(name: "username", reason: "must be 3 to 30 letters, digits, '.', '_' or '-'")) {
            try await register("dr ana", "o@a.es")
        }
        await #expect(throws: MedspaceError.invalidField(name: "email", reason: "is not a valid email address")) {
            try await register("other", "not-an-email")
        }
        #expect(MedspaceError.passwordsDoNotMatch.alertMessage == "Passwords do not match")
        #expect(try await fixture.app.statistics().accounts == 2)
        await fixture.close()
    }

    @Test func signInAndSignOut() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        await #expect(throws: MedspaceError.wrongCredentials) {
            _ = try await fixture.app.signIn(email: "ana@ulpgc.es", password: "wrong-one")
        }
        await #expect(throws: MedspaceError.wrongCredentials) {
            _ = try await fixture.app.signIn(email: "nobody@ulpgc.es", password: "secreto1")
        }
        let again = try await fixture.app.signIn(email: " Ana@ULPGC.es ", password: "secreto1")
        #expect(again == ana.account)
        ana.signOut()
        await #expect(throws: MedspaceError.unavailable) { _ = try await ana.listPosts(.cases) }
        await fixture.close()
    }

    @Test func editProfileChecksChangesAndUniqueness() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        await #expect(throws: MedspaceError.nothingChanged) {
            try await ana.editProfile(ProfileForm(username: "DrAnaSosa", fullname: " Ana Sosa "))
        }
        await #expect(throws: MedspaceError.missingField("fullname")) {
            try await ana.editProfile(ProfileForm(username: "DrAnaSosa", fullname: ""))
        }
        await #expect(throws: MedspaceError.usernameTaken("LUISMEDINA")) {
            try await ana.editProfile(ProfileForm(username: "LUISMEDINA", fullname: "Ana Sosa"))
        }
        try await ana.editProfile(ProfileForm(username: "AnaCardio", fullname: "Ana Sosa Pérez"))
        #expect(try await ana.profile().username == "AnaCardio")
        // The old name was released: someone else may take it now.
        try await luis.editProfile(ProfileForm(username: "dranasosa", fullname: "Luis Medina"))
        #expect(try await luis.profile().usernameKey == "dranasosa")
        await fixture.close()
    }

    @Test func notificationsSwitch() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        try await ana.setNotifications(false)
        #expect(try await ana.profile().notifications == false)
        try await ana.setNotifications(true)
        #expect(try await ana.profile().notifications)
        await fixture.close()
    }

    @Test func passwordChangeAndReset() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        await #expect(throws: MedspaceError.passwordsDoNotMatch) { try await ana.changePassword(to: "nuevo123", repeat: "nuevo124") }
        await #expect(throws: MedspaceError.missingField("password")) { try await ana.changePassword(to: "", repeat: "") }
        try await ana.changePassword(to: "nuevo123", repeat: "nuevo123")
        await #expect(throws: MedspaceError.wrongCredentials) {
            _ = try await fixture.app.signIn(email: "ana@ulpgc.es", password: "secreto1")
        }
        _ = try await fixture.app.signIn(email: "ana@ulpgc.es", password: "nuevo123")
        await #expect(throws: MedspaceError.unknownEmail) {
            _ = try await fixture.app.requestPasswordReset(email: "nobody@ulpgc.es")
        }
        let code = try await fixture.app.requestPasswordReset(email: "ana@ulpgc.es")
        try await fixture.app.resetPassword(code: code, newPassword: "olvidada1", repeatPassword: "olvidada1")
        _ = try await fixture.app.signIn(email: "ana@ulpgc.es", password: "olvidada1")
        await #expect(throws: MedspaceError.unknownEmail) {
            try await fixture.app.resetPassword(code: code, newPassword: "otra1234", repeatPassword: "otra1234")
        }
        await fixture.close()
    }

    @Test func thereIsExactlyOneAdministrator() async throws {
        let fixture = try await TestApp()
        let admin = try await fixture.administrator()
        #expect(try await admin.profile().type == .admin)
        let view = try fixture.adminView()
        let admins = try await view.collection("Users").whereField("type", isEqualTo: "Admin").getDocuments()
        #expect(admins.count == 1)
        view.close()
        await fixture.close()
    }
}
