import Foundation
import HearthAuth
import Testing

/// The account store opens its environment on first use, not when it is acquired.
@Suite("Auth store: opened on first use")
struct AuthStoreOpeningTests {
    @Test("acquiring creates nothing; the first request creates auth/ and later ones see its accounts")
    func opensOnFirstUse() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-auth-lazy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = AuthStore.acquire(directory: directory.path)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        let service = AuthService(store: store, hasher: PasswordHasher(rounds: 2))
        let app = AuthCaller(project: "demo-lazy", privileged: false)
        let made = try service.perform(.signUp, caller: app, body: ["email": "a@b.co", "password": "secret1"])
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("data.mdb").path))
        let uid = try #require(made["localId"])
        let found = try service.perform(.lookup, caller: AuthCaller(project: "demo-lazy", privileged: true), body: ["localId": [uid]])
        #expect(found["users"]?.elements?.first?["email"] == "a@b.co")
        store.release()
        #expect(throws: AuthError.self) { try store.prepare() }
    }

    @Test("a store closed before any use stays closed and never creates its directory")
    func closedBeforeUse() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-auth-lazy-\(UUID().uuidString)")
        let store = AuthStore(directory: directory.path)
        store.close()
        let service = AuthService(store: store, hasher: PasswordHasher(rounds: 2))
        #expect(throws: AuthError.self) {
            _ = try service.perform(.signUp, caller: AuthCaller(project: "p", privileged: false), body: ["email": "a@b.co", "password": "secret1"])
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("prepare reports an unusable directory up front")
    func prepareReportsAnUnusableDirectory() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-auth-file-\(UUID().uuidString)")
        try Data("not a directory".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let store = AuthStore(directory: file.appendingPathComponent("auth").path)
        defer { store.close() }
        #expect(throws: AuthError.self) { try store.prepare() }
    }
}
