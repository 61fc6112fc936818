import ExampleSupport
import Foundation
import Hearth
import Synchronization
import Testing

/// The facade every app stands on: opening, sign-up with a profile under the rules, sign-in,
/// entering as a user, signing out, triggers.
@Suite("Example apps' host")
struct AppHostTests {
    typealias Error = StoreSupportTests.SampleError
    typealias Host = AppHost<Error, Backstage>

    /// A stand-in for an app's trusted services.
    struct Backstage: Sendable {
        let admin: Firestore
    }

    static let files = AppFiles(
        defaultProjectID: "demo-host",
        rules: """
            rules_version = '2';
            service cloud.firestore {
              match /databases/{database}/documents {
                match /users/{uid} {
                  allow create: if request.auth.uid == uid && request.resource.data.name is string;
                  allow read: if request.auth.uid == uid;
                }
                match /counts/{uid} { allow read: if request.auth.uid == uid; }
              }
            }
            """)

    static func open(_ directory: String, counting: Bool = false) async throws -> Host {
        try await Host(
            directory: directory, configuration: AppConfiguration(passwordIterations: 2, durability: .none),
            files: files, services: { admin, _ in Backstage(admin: admin) },
            triggers: { backstage in
                guard counting else { return [] }
                return [
                    try await backstage.admin.onDocumentCreated("users/{uid}", name: "count") { event in
                        try await backstage.admin.document("counts/\(event.params["uid"] ?? "")").setData(["n": 1])
                    }
                ]
            })
    }

    static func scratch() -> String { NSTemporaryDirectory() + "app-host-" + UUID().uuidString }

    @Test func registerSignInEnterAndSignOut() async throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try await Self.open(directory, counting: true)
        defer { host.close() }
        #expect(host.configuration.projectID == "demo-host")

        let made = try await host.register(email: "ana@x.io", password: "secret1") { user, account in
            try await user.document("users/\(account.uid)").setData(["name": "Ana"])
        }
        await #expect(throws: Error.emailAlreadyInUse("ana@x.io")) {
            _ = try await host.register(email: "ana@x.io", password: "secret1") { _, _ in }
        }
        // A profile the rules refuse leaves no account behind.
        await #expect {
            _ = try await host.register(email: "bad@x.io", password: "secret1") { user, account in
                try await user.document("users/\(account.uid)").setData(["name": 7])
            }
        } throws: { error in
            guard case .notAllowed = error as? Error else { return false }
            return true
        }
        await #expect(throws: Error.wrongCredentials) { _ = try await host.signIn(email: "bad@x.io", password: "secret1") }
        await #expect(throws: Error.wrongCredentials) { _ = try await host.signIn(email: "not an address", password: "x") }
        await #expect(throws: Error.wrongCredentials) { _ = try await host.signIn(email: "ana@x.io", password: "wrong1") }

        let account = try await host.signIn(email: "  ANA@x.io ", password: "secret1")
        #expect(account.uid == made.uid)
        let checked = Atomic(0)
        let session = try await host.enter(as: account) { session throws(Error) in
            checked.add(1, ordering: .relaxed)
            _ = try await Error.mapping { try await session.db.document("users/\(session.uid)").getDocument() }
        }
        #expect(checked.load(ordering: .relaxed) == 1)
        try await host.waitForTriggers()
        #expect(try await session.db.document("counts/\(session.uid)").getDocument().data()?["n"] as? Int == 1)
        session.signOut()
        await #expect(throws: Error.unavailable) {
            _ = try await Error.mapping { try await session.db.document("users/\(session.uid)").getDocument() }
        }
    }

    @Test func aFailedCheckSignsTheSessionOut() async throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try await Self.open(directory)
        defer { host.close() }
        let account = try await host.register(email: "bo@x.io", password: "secret1") { _, _ in }
        let kept = Mutex<AppSession<Backstage>?>(nil)
        await #expect(throws: Error.own) {
            _ = try await host.enter(as: account) { session throws(Error) in
                kept.withLock { $0 = session }
                throw .own
            }
        }
        let session = try #require(kept.withLock { $0 })
        await #expect(throws: Error.unavailable) {
            _ = try await Error.mapping { try await session.db.document("users/\(session.uid)").getDocument() }
        }
    }

    @Test func aFailingTriggerInstallClosesTheDirectoryAgain() async throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        await #expect(throws: Error.own) {
            _ = try await Host(
                directory: directory, configuration: AppConfiguration(passwordIterations: 2), files: Self.files,
                services: { admin, _ in Backstage(admin: admin) }, triggers: { _ in throw Error.own })
        }
        // Reopened with other options: refused if the failed open had left the engine open.
        let again = try Firestore(directory: directory, projectID: "demo-host", options: EngineOptions(durability: .none))
        again.close()
    }

    @Test func emailAddressesAreTrimmedLowercasedAndChecked() {
        #expect(EmailAddress.normalized(" Ana@Example.COM\n") == "ana@example.com")
        for bad in ["", "ana", "ana@", "@x.io", "ana@x", "ana@.x.io", "ana@x.io.", "ana@x..io", "a b@x.io", "a/b@x.io",
                    "a@b@x.io", String(repeating: "a", count: 250) + "@x.io"] {
            #expect(EmailAddress.normalized(bad) == nil, "\(bad)")
        }
    }

    @Test func shippedFilesAreComparedWithTheAppFolderOnDisk() throws {
        let folder = URL(fileURLWithPath: Self.scratch())
        defer { try? FileManager.default.removeItem(at: folder) }
        let tests = folder.appendingPathComponent("Tests/AppTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        let file = tests.appendingPathComponent("ShippedFilesTests.swift").path
        #expect(Self.files.mismatches(inAppFolderOf: file) == ["firestore.rules"])  // no folder holds the rules
        try Data(Self.files.rules.utf8).write(to: folder.appendingPathComponent("firestore.rules"))
        #expect(Self.files.mismatches(inAppFolderOf: file) == [])
        let indexed = AppFiles(defaultProjectID: "x", rules: Self.files.rules, indexes: #"{"indexes": []}"#)
        #expect(indexed.mismatches(inFolder: folder) == ["firestore.indexes.json"])
        try Data("// edited\n".utf8).write(to: folder.appendingPathComponent("firestore.rules"))
        #expect(Self.files.mismatches(inAppFolderOf: file) == ["firestore.rules"])
    }
}
