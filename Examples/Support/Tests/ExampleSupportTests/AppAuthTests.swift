import ExampleSupport
import Foundation
import Hearth
import Testing

/// The apps' Auth client: accounts in Hearth's Auth, tokens the rules read, codes from the mailbox.
@Suite("Example apps' Auth client")
struct AppAuthTests {
    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /users/{uid} {
              allow create: if request.auth.uid == uid && request.resource.data.name is string
                && request.auth.token.email == request.resource.data.email
                && request.auth.token.firebase.sign_in_provider == 'password';
              allow read: if request.auth.uid == uid;
            }
            match /verified/{uid} { allow write: if request.auth.uid == uid && request.auth.token.email_verified == true; }
          }
        }
        """

    /// A scratch directory with the rules above, its admin handle and the Auth client.
    struct Scratch {
        let directory = NSTemporaryDirectory() + "app-auth-" + UUID().uuidString
        let admin: Firestore
        let auth: AppAuth

        init() throws {
            admin = try Firestore(directory: directory, projectID: "app-auth")
            try admin.loadSecurityRules(source: AppAuthTests.rules)
            auth = try AppAuth(directory: directory, projectID: "app-auth", passwordRounds: 10)
        }

        func close() {
            auth.close()
            admin.close()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    @Test func aRegistrationWhoseProfileIsRefusedLeavesNoAccount() async throws {
        let scratch = try Scratch()
        defer { scratch.close() }
        await #expect(throws: FirestoreError.self) {
            _ = try await scratch.auth.register(email: "ana@example.com", password: "secreto1", through: scratch.admin) {
                user, account in try await user.document("users/\(account.uid)").setData(["name": 7, "email": account.email])
            }
        }
        #expect(try scratch.auth.accountCount() == 0)
        await #expect(throws: AccountError.wrongCredentials) {
            _ = try await scratch.auth.signIn(email: "ana@example.com", password: "secreto1")
        }
        let account = try await scratch.auth.register(email: "ana@example.com", password: "secreto1", through: scratch.admin) {
            user, account in try await user.document("users/\(account.uid)").setData(["name": "Ana", "email": account.email])
        }
        #expect(try await scratch.admin.document("users/\(account.uid)").getDocument().get("name") as? String == "Ana")
        #expect(try await scratch.auth.signIn(email: "ana@example.com", password: "secreto1") == account)
        #expect(try scratch.auth.accountCount() == 1)
        await #expect(throws: AccountError.emailAlreadyInUse("ana@example.com")) {
            _ = try await scratch.auth.createAccount(email: "ana@example.com", password: "otra-clave")
        }
        await #expect(throws: AccountError.wrongCredentials) {
            _ = try await scratch.auth.signIn(email: "ana@example.com", password: "wrong-one")
        }
    }

    @Test func twoDevicesAreSignedInAtOnceAndSigningOutEndsOnlyOne() async throws {
        let scratch = try Scratch()
        defer { scratch.close() }
        let ana = try await scratch.auth.createAccount(email: "ana@example.com", password: "secreto1")
        let bob = try await scratch.auth.createAccount(email: "bob@example.com", password: "secreto1")
        let anaDB = try await ana.firestore(on: scratch.admin)
        defer { anaDB.close() }
        try await anaDB.document("users/\(ana.uid)").setData(["name": "Ana", "email": "ana@example.com"])
        await #expect(throws: FirestoreError.self) {
            try await anaDB.document("users/\(bob.uid)").setData(["name": "Bob", "email": "ana@example.com"])
        }
        ana.signOut()
        await #expect(throws: AccountError.signedOut) { _ = try await ana.firestore(on: scratch.admin) }
        let bobDB = try await bob.firestore(on: scratch.admin)
        defer { bobDB.close() }
        try await bobDB.document("users/\(bob.uid)").setData(["name": "Bob", "email": "bob@example.com"])
    }

    @Test func aPasswordResetCodeFromTheMailboxSetsANewPasswordOnce() async throws {
        let scratch = try Scratch()
        defer { scratch.close() }
        let ana = try await scratch.auth.createAccount(email: "ana@example.com", password: "secreto1")
        await #expect(throws: AccountError.wrongCredentials) {
            _ = try await scratch.auth.requestPasswordReset(email: "nobody@example.com")
        }
        let code = try await scratch.auth.requestPasswordReset(email: "ana@example.com")
        await #expect(throws: AccountError.weakPassword) {
            try await scratch.auth.confirmPasswordReset(code: code, newPassword: "abc")
        }
        try await scratch.auth.confirmPasswordReset(code: code, newPassword: "nueva-clave")
        await #expect(throws: AccountError.invalidCode) {
            try await scratch.auth.confirmPasswordReset(code: code, newPassword: "otra-clave")
        }
        await #expect(throws: AccountError.wrongCredentials) {
            _ = try await scratch.auth.signIn(email: "ana@example.com", password: "secreto1")
        }
        #expect(try await scratch.auth.signIn(email: "ana@example.com", password: "nueva-clave").uid == ana.uid)
        try await ana.changePassword(to: "tercera-clave")
        #expect(try await scratch.auth.signIn(email: "ana@example.com", password: "tercera-clave").uid == ana.uid)
    }

    @Test func aConfirmedAddressReachesTheRulesAsEmailVerified() async throws {
        let scratch = try Scratch()
        defer { scratch.close() }
        let ana = try await scratch.auth.createAccount(email: "ana@example.com", password: "secreto1")
        #expect(try await ana.isEmailVerified() == false)
        let before = try await ana.firestore(on: scratch.admin)
        defer { before.close() }
        await #expect(throws: FirestoreError.self) { try await before.document("verified/\(ana.uid)").setData(["ok": true]) }
        let code = try await ana.sendEmailVerification()
        try await scratch.auth.confirmEmail(code: code)
        await #expect(throws: AccountError.invalidCode) { try await scratch.auth.confirmEmail(code: code) }
        #expect(try await ana.isEmailVerified())
        _ = try await ana.user.getIDToken(forcingRefresh: true)
        let after = try await ana.firestore(on: scratch.admin)
        defer { after.close() }
        try await after.document("verified/\(ana.uid)").setData(["ok": true])
    }

    @Test func accountsOutliveTheClientAndADeletedOneCannotSignIn() async throws {
        let scratch = try Scratch()
        defer { scratch.close() }
        let ana = try await scratch.auth.createAccount(email: "ana@example.com", password: "secreto1")
        let reopened = try AppAuth(directory: scratch.directory, projectID: "app-auth", passwordRounds: 10)
        defer { reopened.close() }
        #expect(try await reopened.signIn(email: "ana@example.com", password: "secreto1") == ana)
        let other = try AppAuth(directory: scratch.directory, projectID: "another-project", passwordRounds: 10)
        defer { other.close() }
        #expect(try other.accountCount() == 0)
        try await ana.delete()
        await #expect(throws: AccountError.wrongCredentials) {
            _ = try await reopened.signIn(email: "ana@example.com", password: "secreto1")
        }
        #expect(try scratch.auth.accountCount() == 0)
    }
}
