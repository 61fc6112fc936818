import Hearth
import Komunit
import Testing

/// CU06 create, edit, CU04 join, CU05 leave, and the limits one user at a time.
@Suite("Groups")
final class GroupTests: AppSuite {
    @Test func theCreatorOwnsTheGroupAndIsItsFirstMember() async throws {
        let ana = try await fixture.user(named: "ana")
        let group = try await ana.createGroup(.band())
        let groupId = try id(group)
        #expect(group.ownerId == ana.uid && group.memberCount == 1 && group.memberLimit == 5)
        #expect(group.geohash.count == 9 && group.geohash.hasPrefix("eysbgkt"))
        #expect(try await ana.isMember(of: groupId))
        let profile = try await ana.profile()
        #expect(profile.groupIds == [groupId] && profile.ownedGroupIds == [groupId])
    }

    @Test func aUserOwnsAtMostTwoGroupsAndBelongsToAtMostFour() async throws {
        let ana = try await fixture.user(named: "ana")
        _ = try await ana.createGroup(.band("Uno"))
        _ = try await ana.createGroup(.band("Dos"))
        await #expect(throws: KomunitError.tooManyOwnedGroups(limit: 2)) { try await ana.createGroup(.band("Tres")) }
        let bruno = try await fixture.user(named: "bruno")
        var joined: [String] = []
        for title in ["A", "B", "C", "D"] {
            let other = try await fixture.user(named: "owner\(title.lowercased())")
            joined.append(try id(try await other.createGroup(.band(title))))
        }
        for groupId in joined { _ = try await bruno.joinGroup(groupId) }
        let extra = try await fixture.user(named: "extra")
        let fifth = try id(try await extra.createGroup(.band("E")))
        await #expect(throws: KomunitError.tooManyGroups(limit: 4)) { try await bruno.joinGroup(fifth) }
        await #expect(throws: KomunitError.tooManyGroups(limit: 4)) { try await bruno.createGroup(.band("Mío")) }
        await #expect(throws: KomunitError.alreadyMember) { try await bruno.joinGroup(joined[0]) }
        #expect(try await bruno.profile().groupIds.count == 4)
    }

    @Test func formsAreValidated() async throws {
        let ana = try await fixture.user(named: "ana")
        await #expect(throws: KomunitError.invalidField(name: "memberLimit", reason: "debe estar entre 1 y 1000")) {
            try await ana.createGroup(.band(limit: 0))
        }
        var form = GroupForm.band()
        form.title = " "
        await #expect(throws: KomunitError.invalidField(name: "title", reason: "es obligatorio")) {
            try await ana.createGroup(form)
        }
        form = .band()
        form.longitude = 200
        await #expect(throws: KomunitError.invalidField(name: "location", reason: "no es una posición válida")) {
            try await ana.createGroup(form)
        }
        #expect(try await fixture.app.statistics().groups == 0)
    }

    @Test func onlyTheOwnerEditsAndTheLimitKeepsTheMembers() async throws {
        let (ana, bruno, carmen, groupId) = try await fixture.band()
        _ = try await carmen.joinGroup(groupId)
        var form = GroupForm.band("Banda de blues", limit: 4)
        form.latitude = 36.70
        let edited = try await ana.editGroup(groupId, with: form)
        #expect(edited.title == "Banda de blues" && edited.memberLimit == 4 && edited.memberCount == 3)
        #expect(edited.geohash == Geohash.encode(latitude: 36.70, longitude: -4.4200))
        await #expect(throws: KomunitError.notOwner) { try await bruno.editGroup(groupId, with: .band()) }
        await #expect(
            throws: KomunitError.invalidField(name: "memberLimit", reason: "no puede ser menor que los 3 miembros actuales")
        ) { try await ana.editGroup(groupId, with: .band(limit: 2)) }
    }

    @Test func joiningAFullGroupIsRefused() async throws {
        let (_, bruno, carmen, groupId) = try await fixture.band(limit: 2, brunoJoins: false)
        #expect(try await bruno.joinGroup(groupId).memberCount == 2)
        await #expect(throws: KomunitError.groupFull) { try await carmen.joinGroup(groupId) }
        await #expect(throws: KomunitError.groupNotFound(id: "nope")) { try await carmen.joinGroup("nope") }
        #expect(try await carmen.profile().groupIds.isEmpty)
    }

    @Test func leavingKeepsTheCountAndTheOwnerStaysWhileOthersRemain() async throws {
        let (ana, bruno, _, groupId) = try await fixture.band()
        await #expect(throws: KomunitError.ownerCannotLeave) { try await ana.leaveGroup(groupId) }
        #expect(try await bruno.leaveGroup(groupId) == .left)
        #expect(try await ana.group(groupId).memberCount == 1)
        #expect(try await bruno.profile().groupIds.isEmpty)
        await #expect(throws: KomunitError.notMember) { try await bruno.leaveGroup(groupId) }
    }

    @Test func theLastMemberLeavingDeletesTheGroupAndEverythingUnderIt() async throws {
        let (ana, bruno, _, groupId) = try await fixture.band()
        try await ana.sendMessage("Hola", to: groupId)
        try await bruno.sendMessage("¡Hola!", to: groupId)
        let event = try await ana.createEvent(in: groupId, .rehearsal())
        _ = try await bruno.joinEvent(try #require(event.id), in: groupId)
        _ = try await ana.joinEvent(try #require(event.id), in: groupId)
        #expect(try await bruno.leaveGroup(groupId) == .left)
        // CU05 alt. 6.1: the last member is asked first; nothing changes until they confirm.
        await #expect(throws: KomunitError.lastMember) { try await ana.leaveGroup(groupId) }
        #expect(try await ana.group(groupId).memberCount == 1)
        #expect(try await fixture.app.statistics().messages == 2)
        // The clean-up trigger removes the 2 messages, 2 attendances and the event under it.
        #expect(try await ana.leaveGroup(groupId, deletingTheGroup: true) == .groupDeleted)
        let stats = try await fixture.app.statistics()
        #expect(stats.groups == 0 && stats.memberships == 0 && stats.messages == 0)
        #expect(stats.events == 0 && stats.attendances == 0)
        let profile = try await ana.profile()
        #expect(profile.groupIds.isEmpty && profile.ownedGroupIds.isEmpty)
        await #expect(throws: KomunitError.groupNotFound(id: groupId)) { try await bruno.joinGroup(groupId) }
    }
}
