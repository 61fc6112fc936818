import Hearth
import Medspace
import Testing

/// UC26: deleting an account cascades; the administrator cannot leave.
@Suite("Account deletion")
struct AccountDeletionTests {
    @Test func deletingAnAccountRemovesEverythingOfTheUser() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        let anasCase = try await ana.createPost(.cases, .chestPain)
        _ = try await ana.createPost(.researches, .vaccines)
        let luisPost = try await luis.createPost(.discussions, .migraine)
        try await luis.addComment("On Ana's case", on: .cases, anasCase.id)
        try await ana.addComment("On Luis's post", on: .discussions, luisPost.id)
        try await luis.addComment("Luis on his own", on: .discussions, luisPost.id)
        try await ana.addKeyword("migraine")
        #expect(try await ana.deleteAccount(confirmed: false) == false)
        #expect(try await ana.deleteAccount(confirmed: true))
        await #expect(throws: MedspaceError.unavailable) { _ = try await ana.profile() }
        await #expect(throws: MedspaceError.wrongCredentials) {
            _ = try await fixture.app.signIn(email: "ana@ulpgc.es", password: "secreto1")
        }
        let stats = try await fixture.app.statistics()
        #expect(stats.accounts == 2 && stats.users == 2)
        #expect(stats.posts == [.news: 0, .cases: 0, .discussions: 1, .researches: 0])
        #expect(stats.comments == 1 && stats.keywords == 0)
        #expect(try await luis.comments(on: .discussions, luisPost.id).map(\.comment.message) == ["Luis on his own"])
        // The user name is free again.
        _ = try await fixture.member(.ana)
        await fixture.close()
    }

    @Test func theAdministratorCannotLeave() async throws {
        let fixture = try await TestApp()
        let admin = try await fixture.administrator()
        await #expect(throws: MedspaceError.adminCannotLeave) { try await admin.deleteAccount(confirmed: true) }
        #expect(try await admin.profile().type == .admin)
        await fixture.close()
    }
}
