import Foundation
import Hearth
import HearthTesting
import Synchronization
import Testing

@Suite("Auth, embedded: the FirebaseAuth shape over the data directory, and Firestore as the signed-in user")
struct EmbeddedAuthTests {
    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("hearth-embedded-auth-\(UUID().uuidString)").path
    }

    @Test("sign up, sign out, sign in; listeners hear each change; errors carry FirebaseAuth's codes")
    func signInFlow() async throws {
        let directory = Self.directory()
        let auth = try Auth(directory: directory, projectID: "demo-embedded", passwordRounds: 2)
        defer { auth.close() }
        let heard = Mutex<[String?]>([])
        let handle = auth.addStateDidChangeListener { _, user in heard.withLock { $0.append(user?.email) } }
        let made = try await auth.createUser(withEmail: "Ada@Example.com", password: "secret1")
        #expect(made.isNewUser && made.user.email == "ada@example.com" && !made.user.isAnonymous && !made.user.isEmailVerified)
        #expect(auth.currentUser?.uid == made.user.uid)
        try auth.signOut()
        #expect(auth.currentUser == nil)
        await #expect(throws: AuthErrorCode(.wrongPassword, "INVALID_PASSWORD")) {
            try await auth.signIn(withEmail: "ada@example.com", password: "nope123")
        }
        await #expect(throws: AuthErrorCode(.emailAlreadyInUse, "EMAIL_EXISTS")) {
            try await auth.createUser(withEmail: "ada@example.com", password: "secret1")
        }
        do {
            try await auth.createUser(withEmail: "b@x.io", password: "123")
            Issue.record("a short password was accepted")
        } catch {
            #expect(error.code == .weakPassword)
        }
        let again = try await auth.signIn(withEmail: "ada@example.com", password: "secret1")
        #expect(again.user.uid == made.user.uid && !again.isNewUser)
        auth.removeStateDidChangeListener(handle)
        try auth.signOut()
        #expect(heard.withLock { $0 } == [nil, "ada@example.com", nil, "ada@example.com"])

        let anonymous = try await auth.signInAnonymously()
        #expect(anonymous.user.isAnonymous && anonymous.user.email == nil)
    }

    @Test("a password reset and an e-mail verification go through the recorded codes")
    func codes() async throws {
        let auth = try Auth(directory: Self.directory(), projectID: "demo-embedded", passwordRounds: 2)
        defer { auth.close() }
        let user = try await auth.createUser(withEmail: "c@x.io", password: "first-pw").user
        try await user.sendEmailVerification()
        let verify = try #require(try auth.outOfBandCodes().last)
        #expect(verify.requestType == "VERIFY_EMAIL" && verify.email == "c@x.io")
        try await auth.applyActionCode(verify.code)
        #expect(auth.currentUser?.isEmailVerified == true)
        let claims = try await user.getIDTokenClaims(forcingRefresh: true)
        #expect(claims["email_verified"] as? Bool == true)

        try await auth.sendPasswordReset(withEmail: "c@x.io")
        let reset = try #require(try auth.outOfBandCodes().last)
        #expect(reset.requestType == "PASSWORD_RESET")
        try await auth.confirmPasswordReset(withCode: reset.code, newPassword: "second-pw")
        try auth.signOut()
        _ = try await auth.signIn(withEmail: "c@x.io", password: "second-pw")
        try await auth.currentUser?.updatePassword(to: "third-pw")
        try auth.signOut()
        _ = try await auth.signIn(withEmail: "c@x.io", password: "third-pw")
        try await auth.currentUser?.delete()
        #expect(auth.currentUser == nil)
        await #expect(throws: AuthErrorCode(.userNotFound, "EMAIL_NOT_FOUND")) {
            try await auth.signIn(withEmail: "c@x.io", password: "third-pw")
        }
    }

    @Test("accounts made embedded persist in the data directory for the next Auth on it")
    func persistsAcrossInstances() async throws {
        let directory = Self.directory()
        let first = try Auth(directory: directory, projectID: "demo-embedded", passwordRounds: 2)
        let uid = try await first.createUser(withEmail: "p@x.io", password: "secret1").user.uid
        first.close()
        let second = try Auth(directory: directory, projectID: "demo-embedded", passwordRounds: 2)
        defer { second.close() }
        #expect(try await second.signIn(withEmail: "p@x.io", password: "secret1").user.uid == uid)
    }

    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /notes/{uid} {
              allow read, write: if request.auth != null && request.auth.uid == uid;
            }
            match /verified/{doc} {
              allow read: if request.auth != null && request.auth.token.email_verified == true;
            }
            match /staff/{doc} {
              allow read: if request.auth.token.role == 'editor'
                && request.auth.token.firebase.sign_in_provider == 'custom';
            }
          }
        }
        """

    @Test("the rules see the signed-in user's token: uid, email_verified and custom claims")
    func rulesMatrix() async throws {
        let directory = Self.directory()
        let db = try Firestore(directory: directory, projectID: "demo-embedded")
        defer { db.close() }
        try db.loadSecurityRules(source: Self.rules)
        try await db.document("verified/doc").setData(["a": 1])
        try await db.document("staff/doc").setData(["a": 2])
        let auth = try Auth(directory: directory, projectID: "demo-embedded", passwordRounds: 2)
        defer { auth.close() }

        let ada = try await auth.createUser(withEmail: "ada@x.io", password: "secret1").user
        let asAda = try await db.signedIn(as: ada)
        defer { asAda.close() }
        _ = try await assertSucceeds { try await asAda.document("notes/\(ada.uid)").setData(["mine": true]) }
        _ = try await assertFails { try await asAda.document("notes/someone-else").setData(["mine": false]) }
        _ = try await assertFails { try await asAda.document("verified/doc").getDocument() }
        _ = try await assertFails { try await asAda.document("staff/doc").getDocument() }

        try await ada.sendEmailVerification()
        try await auth.applyActionCode(try #require(try auth.outOfBandCodes().last).code)
        _ = try await ada.getIDToken(forcingRefresh: true)
        let verifiedAda = try await db.signedIn(as: ada)
        defer { verifiedAda.close() }
        _ = try await assertSucceeds { try await verifiedAda.document("verified/doc").getDocument() }

        let editor = try await auth.signIn(withCustomToken: #"{"uid":"ed","claims":{"role":"editor"}}"#).user
        let asEditor = try await db.signedIn(as: editor)
        defer { asEditor.close() }
        _ = try await assertSucceeds { try await asEditor.document("staff/doc").getDocument() }
        _ = try await assertFails { try await asEditor.document("verified/doc").getDocument() }
        let viewer = try await auth.signIn(withCustomToken: #"{"uid":"vi","claims":{"role":"viewer"}}"#).user
        let asViewer = try await db.signedIn(as: viewer)
        defer { asViewer.close() }
        _ = try await assertFails { try await asViewer.document("staff/doc").getDocument() }
    }
}
