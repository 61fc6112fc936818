import Hearth
import Komunit
import Testing

/// RNF7: deleting an account removes its memberships and the groups it owns.
@Suite("Account deletion")
final class AccountDeletionTests: AppSuite {
    @Test func deletingAnAccountLeavesGroupsAndDeletesOwnedOnes() async throws {
        let (ana, bruno, owned, other) = try await fixture.crossedGroups("De Ana", "De Bruno")
        try await bruno.sendMessage("hola", to: owned)
        try await ana.report(.group(other), reason: "Spam")
        let outcome = try await ana.deleteAccount()
        #expect(outcome.groupsLeft == 1 && outcome.groupsDeleted == 1)
        let stats = try await fixture.app.statistics()
        #expect(stats.accounts == 1 && stats.users == 1 && stats.groups == 1 && stats.memberships == 1)
        #expect(stats.messages == 0)
        #expect(stats.reports == 1)  // the reviewers' record stays
        #expect(try await bruno.group(other).memberCount == 1)
        #expect(try await bruno.profile().groupIds == [other])
        await #expect(throws: KomunitError.wrongCredentials) {
            try await fixture.app.signIn(email: "ana@uma.es", password: "secreto-ana")
        }
        await #expect(throws: KomunitError.unavailable) { try await ana.profile() }
    }
}
