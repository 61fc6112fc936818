import Hearth
import Komunit
import Testing

/// The limits hold under concurrency: joins run in transactions, so no limit is exceeded and no
/// update is lost, whatever the interleaving.
@Suite("Limits under concurrency")
final class ConcurrencyTests: AppSuite {
    /// What a batch of concurrent joins came to.
    struct Tally: Sendable {
        var joined = 0
        var full = 0
        var tooMany = 0
        var other: [String] = []
    }

    /// Runs `join(0)` … `join(count - 1)` concurrently and counts the outcomes.
    static func tally(_ count: Int, _ join: @escaping @Sendable (Int) async throws(KomunitError) -> Void) async -> Tally {
        await withTaskGroup(of: Result<Void, KomunitError>.self) { group in
            for index in 0..<count {
                group.addTask {
                    do throws(KomunitError) {
                        try await join(index)
                        return .success(())
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var tally = Tally()
            for await outcome in group {
                switch outcome {
                case .success: tally.joined += 1
                case .failure(.groupFull): tally.full += 1
                case .failure(.tooManyGroups): tally.tooMany += 1
                case .failure(let error): tally.other.append("\(error)")
                }
            }
            return tally
        }
    }

    @Test func fiftyUsersRaceForTenPlaces() async throws {
        let owner = try await fixture.user(named: "owner")
        let groupId = try id(try await owner.createGroup(.band(limit: 11)))
        let users = try await fixture.users("user", 50)
        let tally = await Self.tally(users.count) { index throws(KomunitError) in _ = try await users[index].joinGroup(groupId) }
        #expect(tally.joined == 10 && tally.full == 40 && tally.other.isEmpty, "\(tally)")
        let admin = try fixture.adminView()
        defer { admin.close() }
        let members = try await admin.collection(Collections.memberships).whereField("groupId", isEqualTo: groupId)
            .getDocuments()
        let group = try await owner.group(groupId)
        #expect(group.memberCount == 11 && members.count == 11)
        var inGroup = 0
        for user in users where try await user.profile().groupIds == [groupId] { inGroup += 1 }
        #expect(inGroup == 10)
    }

    @Test func oneUserJoiningTenGroupsAtOnceGetsFour() async throws {
        var created: [String] = []
        for index in 0..<10 {
            let owner = try await fixture.user(named: "owner\(index)")
            created.append(try id(try await owner.createGroup(.band("Grupo \(index)"))))
        }
        let groups = created
        let eva = try await fixture.user(named: "eva")
        let tally = await Self.tally(groups.count) { index throws(KomunitError) in _ = try await eva.joinGroup(groups[index]) }
        #expect(tally.joined == 4 && tally.tooMany == 6 && tally.other.isEmpty, "\(tally)")
        let profile = try await eva.profile()
        #expect(profile.groupIds.count == 4)
        let admin = try fixture.adminView()
        defer { admin.close() }
        let memberships = try await admin.collection(Collections.memberships).whereField("userId", isEqualTo: eva.uid)
            .getDocuments()
        #expect(Set(memberships.documents.compactMap { $0.get("groupId") as? String }) == Set(profile.groupIds))
        for groupId in groups {
            let group = try await eva.group(groupId)
            #expect(group.memberCount == (profile.groupIds.contains(groupId) ? 2 : 1))
        }
    }

    @Test func concurrentJoinsAndLeavesKeepTheCounterExact() async throws {
        let owner = try await fixture.user(named: "owner")
        let groupId = try id(try await owner.createGroup(.band(limit: 30)))
        let stayers = try await fixture.users("stay", 10)
        let leavers = try await fixture.users("leave", 10)
        for user in leavers { _ = try await user.joinGroup(groupId) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for user in stayers { group.addTask { _ = try await user.joinGroup(groupId) } }
            for user in leavers { group.addTask { _ = try await user.leaveGroup(groupId) } }
            try await group.waitForAll()
        }
        let admin = try fixture.adminView()
        defer { admin.close() }
        let members = try await admin.collection(Collections.memberships).whereField("groupId", isEqualTo: groupId)
            .getDocuments()
        #expect(try await owner.group(groupId).memberCount == members.count)
        #expect(members.count == 11)
    }
}
