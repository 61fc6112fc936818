import Hearth
import HearthTesting
import Testing

/// What hangs from `groups/g1` — its messages, its events and their attendances — only members
/// read (`exists()` on the membership), each document and the whole collection alike.
@Suite("Rules matrix: members-only reads")
final class MemberReadsRulesTests: RulesSuite {
    @Test(arguments: ["groups/g1/messages/m1", "groups/g1/events/e1", "groups/g1/events/e1/attendances/bob"])
    func getAndList(document: String) async throws {
        try await rules.expectMembersOnlyReads(of: document)
    }
}
