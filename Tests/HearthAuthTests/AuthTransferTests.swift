import Foundation
import HearthAuth
import Testing

@Suite("Auth emulator: auth_export folders")
struct AuthTransferTests {
    /// The real `auth_export` folders Google's tools wrote (`../shared/exports/*/…/auth_export`).
    static let samples: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/exports")
            .standardizedFileURL
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent == "auth_export" }
    }()

    @Test("Google's emulator's auth_export samples import, and their settings apply", .enabled(if: !samples.isEmpty))
    func importsRealSamples() throws {
        for sample in Self.samples {
            let auth = try AuthFixture()
            defer { auth.close() }
            let accounts = try AuthJSON.parse(Data(contentsOf: sample.appendingPathComponent("accounts.json")))
            let imported = try auth.service.importFolder(sample, project: AuthFixture.project)
            #expect(imported == accounts["users"]?.elements?.count ?? 0)
            #expect(try auth.admin(.query, [:])["recordsCount"] == .string(String(imported)))
            let config = try AuthJSON.parse(Data(contentsOf: sample.appendingPathComponent("config.json")))
            #expect(try auth.admin(.getConfig, [:]) == config)
        }
    }

    @Test("an emulator-style export with fake hashes imports, re-hashed, and signs in; Hearth's export round-trips")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("auth-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let accounts = #"""
        {"kind":"identitytoolkit#DownloadAccountResponse","users":[
         {"localId":"u1","createdAt":"1764935796049","lastLoginAt":"1765712762671","displayName":"Ana",
          "passwordHash":"fakeHash:salt=fakeSaltAbc:password=hunter22","salt":"fakeSaltAbc","passwordUpdatedAt":1765712742325,
          "providerUserInfo":[{"providerId":"password","email":"ana@x.io","federatedId":"ana@x.io","rawId":"ana@x.io","displayName":"Ana"}],
          "validSince":"1765712742","email":"ana@x.io","emailVerified":true,"disabled":false,"lastRefreshAt":"2025-12-14T11:46:02.671Z",
          "customAttributes":"{\"role\":\"admin\"}"},
         {"localId":"g1","createdAt":"1764935796000","email":"gee@x.io","emailVerified":true,
          "providerUserInfo":[{"providerId":"google.com","rawId":"1234","federatedId":"1234","email":"gee@x.io","displayName":"Gee"}]}]}
        """#
        try Data(accounts.utf8).write(to: folder.appendingPathComponent("accounts.json"))
        try Data(#"{"signIn":{"allowDuplicateEmails":false},"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false}}"#.utf8)
            .write(to: folder.appendingPathComponent("config.json"))

        let first = try AuthFixture()
        defer { first.close() }
        #expect(try first.service.importFolder(folder, project: AuthFixture.project) == 2)
        let signedIn = try first.app(.signInWithPassword, ["email": "ana@x.io", "password": "hunter22"])
        let claims = AuthFixture.claims(signedIn["idToken"]?.string)
        #expect(claims["role"] == "admin" && claims["name"] == "Ana" && claims["email_verified"] == true)
        let ana = try #require(try first.admin(.lookup, ["localId": ["u1"]])["users"]?.elements?.first)
        #expect(ana["createdAt"] == "1764935796049" && ana["validSince"] == "1765712742")
        let gee = try #require(try first.admin(.lookup, ["localId": ["g1"]])["users"]?.elements?.first)
        #expect(gee["providerUserInfo"]?.elements?.first?["providerId"] == "google.com")

        let out = folder.appendingPathComponent("again")
        try first.service.export(project: AuthFixture.project, toFolder: out)
        let exported = String(decoding: try Data(contentsOf: out.appendingPathComponent("accounts.json")), as: UTF8.self)
        #expect(!exported.contains("hunter22"))
        let second = try AuthFixture()
        defer { second.close() }
        #expect(try second.service.importFolder(out, project: AuthFixture.project) == 2)
        _ = try second.app(.signInWithPassword, ["email": "ana@x.io", "password": "hunter22"])
        #expect(second.failure { try second.app(.signInWithPassword, ["email": "ana@x.io", "password": "hunter23"]) } == "INVALID_PASSWORD")
    }

    @Test("an import with a bad record writes nothing")
    func badImportWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("auth-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"users":[{"localId":"ok","email":"ok@x.io"},{"email":"no-id@x.io"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("accounts.json"))
        let auth = try AuthFixture()
        defer { auth.close() }
        #expect(throws: AuthError.self) { try auth.service.importFolder(folder, project: AuthFixture.project) }
        #expect(try auth.admin(.query, [:])["recordsCount"] == "0")
    }
}
