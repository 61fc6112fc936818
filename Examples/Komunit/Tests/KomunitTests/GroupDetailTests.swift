import Hearth
import Komunit
import Testing

/// CU04 step 2 (A.3): a group's detail with its members, to any signed-in user before joining, and
/// what it offers — join, full, «Salir del grupo» (alt. 3.1), or the last member's deletion (CU05 alt. 6.1).
@Suite("Group detail and members")
final class GroupDetailTests: AppSuite {
    @Test func anyoneSeesTheMembersBeforeJoining() async throws {
        let (ana, bruno, carmen, groupId) = try await fixture.band(limit: 3, brunoJoins: false)
        var seen = try await carmen.groupDetail(groupId)
        #expect(seen.group.title == "Banda de rock" && seen.group.description == "Buscamos batería")
        #expect(seen.members.map(\.user.username) == ["ana"] && seen.members.map(\.isOwner) == [true])
        #expect(!seen.isMember && !seen.isOwner && seen.action == .join)
        _ = try await bruno.joinGroup(groupId)
        seen = try await carmen.groupDetail(groupId)
        #expect(seen.members.map(\.user.username) == ["ana", "bruno"])
        #expect(seen.members.map(\.isOwner) == [true, false] && seen.members.allSatisfy { $0.joinedAt != nil })
        #expect(seen.members.map(\.user.id) == [ana.uid, bruno.uid])
        #expect(try await carmen.members(of: groupId) == seen.members)
        await #expect(throws: KomunitError.groupNotFound(id: "nope")) { try await carmen.groupDetail("nope") }
    }

    @Test func theDetailOffersWhatTheUserCanDo() async throws {
        let (ana, bruno, carmen, groupId) = try await fixture.band(limit: 2, brunoJoins: false)
        #expect(try await ana.groupDetail(groupId).action == .leaveDeletingTheGroup)
        #expect(try await bruno.groupDetail(groupId).action == .join)
        _ = try await bruno.joinGroup(groupId)
        let owner = try await ana.groupDetail(groupId)
        #expect(owner.isOwner && owner.isMember && owner.action == .none)
        let member = try await bruno.groupDetail(groupId)
        #expect(member.isMember && !member.isOwner && member.action == .leave)
        #expect(try await carmen.groupDetail(groupId).action == .full)
        #expect(try await bruno.leaveGroup(groupId) == .left)
        #expect(try await carmen.groupDetail(groupId).action == .join)
        #expect(try await ana.groupDetail(groupId).action == .leaveDeletingTheGroup)
    }
}
