import Giftworld
import Hearth
import Testing

/// CU-005 create group, CU-006 delete group, and the membership trigger behind the rules.
@Suite("Groups")
struct GroupTests {
    @Test func createListAndMembership() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let groups = try await wedding.marta.myGroups()
        #expect(groups.map(\.name) == ["Boda"])
        #expect(groups.first?.members == [wedding.ana.uid, wedding.luis.uid, wedding.marta.uid, wedding.pablo.uid])
        #expect(groups.first?.createdBy == wedding.ana.uid)
        #expect(try await wedding.eva.myGroups().isEmpty)
        await #expect(throws: GiftworldError.groupNotFound(id: wedding.group)) {
            _ = try await wedding.eva.group(wedding.group)
        }
        let membership = try await wedding.luis.db().collection(Collections.memberships).document(wedding.luis.uid)
            .getDocument()
        #expect(membership.get("groups") as? [String] == [wedding.group])
    }

    @Test func validation() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        await #expect(throws: GiftworldError.invalidField(name: "name", reason: "required")) {
            try await wedding.ana.createGroup(GroupForm(name: "", members: [wedding.luis.uid]))
        }
        await #expect(throws: GiftworldError.invalidField(name: "members", reason: "choose at least one member")) {
            try await wedding.ana.createGroup(GroupForm(name: "Sola", members: [wedding.ana.uid]))
        }
        await #expect(throws: GiftworldError.userNotFound(uid: "ghost")) {
            try await wedding.ana.createGroup(GroupForm(name: "Fantasma", members: ["ghost"]))
        }
    }

    @Test func aGroupMadeByOthersCannotBeForged() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let groups = try wedding.eva.db().collection(Collections.groups)
        await #expect(throws: FirestoreError.self) {
            try await groups.addDocument(data: [
                "name": "Falso", "image_url": "", "members": [wedding.ana.uid, wedding.luis.uid],
                "createdBy": wedding.ana.uid,
            ])
        }
        await #expect(throws: FirestoreError.self) {
            try await wedding.eva.db().collection(Collections.memberships).document(wedding.eva.uid)
                .setData(["groups": [wedding.group]])
        }
    }

    @Test func onlyTheCreatorDeletesAndMembersStopSeeingLists() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let party = try await wedding.pablo.createGroup(GroupForm(name: "Fiesta", members: [wedding.eva.uid]))
        let id = party.id ?? ""
        #expect(try await wedding.eva.wishList(of: wedding.pablo.uid).isEmpty)
        await #expect(throws: GiftworldError.self) { try await wedding.eva.deleteGroup(id) }
        #expect(try await wedding.eva.myGroups().map(\.name) == ["Fiesta"])
        try await wedding.pablo.deleteGroup(id)
        #expect(try await wedding.eva.myGroups().isEmpty)
        await #expect(throws: GiftworldError.self) { _ = try await wedding.eva.wishList(of: wedding.pablo.uid) }
        #expect(try await wedding.pablo.myGroups().map(\.name) == ["Boda"])
        #expect(try await wedding.pablo.wishList(of: wedding.ana.uid).count == 3)
    }
}
