import Giftworld
import Hearth
import Testing

/// CU-005 create group, RF3.2 edit group, RF3.3 add members, CU-006 delete group, and the
/// membership triggers behind the rules.
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
        let membership = try await wedding.luis.db.collection(Collections.memberships).document(wedding.luis.uid)
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
        let groups = wedding.eva.db.collection(Collections.groups)
        await #expect(throws: FirestoreError.self) {
            try await groups.addDocument(data: [
                "name": "Falso", "image_url": "", "members": [wedding.ana.uid, wedding.luis.uid],
                "createdBy": wedding.ana.uid,
            ])
        }
        await #expect(throws: FirestoreError.self) {
            try await wedding.eva.db.collection(Collections.memberships).document(wedding.eva.uid)
                .setData(["groups": [wedding.group]])
        }
    }

    @Test func anyMemberRenamesTheGroupOrChangesItsPicture() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let renamed = try await wedding.luis.editGroup(
            wedding.group, name: " Boda de Ana y Luis ", imageURL: "https://img.example.com/boda.png")
        #expect(renamed.name == "Boda de Ana y Luis")
        #expect(renamed.imageURL == "https://img.example.com/boda.png")
        #expect(renamed.createdBy == wedding.ana.uid)
        #expect(renamed.members.count == 4)
        #expect(try await wedding.ana.myGroups().map(\.name) == ["Boda de Ana y Luis"])
        #expect(try await wedding.marta.editGroup(wedding.group, name: "Boda").imageURL == "")
        await #expect(throws: GiftworldError.invalidField(name: "name", reason: "required")) {
            try await wedding.ana.editGroup(wedding.group, name: " ")
        }
        await #expect(throws: GiftworldError.groupNotFound(id: wedding.group)) {
            try await wedding.eva.editGroup(wedding.group, name: "Mía")
        }
        let asEva = wedding.eva.db.collection(Collections.groups).document(wedding.group)
        await #expect(throws: FirestoreError.self) { try await asEva.updateData(["name": "Mía"]) }
        // A member may not take the group over nor drop anyone from it.
        let asLuis = wedding.luis.db.collection(Collections.groups).document(wedding.group)
        await #expect(throws: FirestoreError.self) { try await asLuis.updateData(["createdBy": wedding.luis.uid]) }
        await #expect(throws: FirestoreError.self) {
            try await asLuis.updateData(["members": FieldValue.arrayRemove([wedding.pablo.uid])])
        }
        await #expect(throws: FirestoreError.self) { try await asLuis.updateData(["name": ""]) }
        #expect(try await wedding.pablo.group(wedding.group).members.count == 4)
    }

    @Test func anyMemberAddsUsersAndTheyGetTheMembershipFromTheTrigger() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        await #expect(throws: GiftworldError.self) { _ = try await wedding.eva.wishList(of: wedding.ana.uid) }
        let group = try await wedding.marta.addMembers([wedding.eva.uid, wedding.eva.uid], to: wedding.group)
        #expect(
            group.members == [wedding.ana.uid, wedding.luis.uid, wedding.marta.uid, wedding.pablo.uid, wedding.eva.uid])
        #expect(group.name == "Boda" && group.createdBy == wedding.ana.uid)
        // The trigger copied the group into Eva's membership: she and the others see each other's lists.
        let membership = try await wedding.eva.db.collection(Collections.memberships).document(wedding.eva.uid)
            .getDocument()
        #expect(membership.get("groups") as? [String] == [wedding.group])
        #expect(try await wedding.eva.myGroups().map(\.name) == ["Boda"])
        let seenByEva = try await wedding.eva.wishList(of: wedding.ana.uid)
        #expect(seenByEva.map(\.gift.name) == ["Cafetera", "Sábanas", "Robot"])
        _ = try await wedding.eva.addGift(GiftForm(name: "Bicicleta", price: 250))
        #expect(try await wedding.ana.wishList(of: wedding.eva.uid).map(\.gift.name) == ["Bicicleta"])
        // The newcomer may buy in the group, and add members too.
        try await wedding.eva.buyJointly(
            giftID: wedding.robot.id ?? "", of: wedding.ana.uid, in: wedding.group, with: [wedding.luis.uid])
        #expect(try await wedding.luis.balances().owing.map(\.creditor) == [wedding.eva.uid])
        // Adding people already in it changes nothing.
        #expect(try await wedding.eva.addMembers([wedding.ana.uid], to: wedding.group).members.count == 5)
        #expect(try await wedding.eva.addMembers([], to: wedding.group).members.count == 5)
    }

    @Test func addingMembersIsChecked() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        await #expect(throws: GiftworldError.userNotFound(uid: "ghost")) {
            try await wedding.luis.addMembers(["ghost"], to: wedding.group)
        }
        await #expect(throws: GiftworldError.invalidField(name: "members", reason: "not a user id")) {
            try await wedding.luis.addMembers(["a/b"], to: wedding.group)
        }
        await #expect(throws: GiftworldError.groupNotFound(id: wedding.group)) {
            try await wedding.eva.addMembers([wedding.eva.uid], to: wedding.group)
        }
        let tooMany = (0..<(GroupForm.maximumMembers - 3)).map { "u\($0)" }
        await #expect(throws: GiftworldError.invalidField(name: "members", reason: "at most 50 members")) {
            try await wedding.luis.addMembers(tooMany, to: wedding.group)
        }
        // An outsider cannot add themself with a direct write either.
        await #expect(throws: FirestoreError.self) {
            try await wedding.eva.db.collection(Collections.groups).document(wedding.group)
                .updateData(["members": FieldValue.arrayUnion([wedding.eva.uid])])
        }
        #expect(try await wedding.luis.group(wedding.group).members.count == 4)
        #expect(try await wedding.eva.myGroups().isEmpty)
    }

    /// The created, updated and deleted triggers of one group may run at once; whichever commits
    /// last has read the latest group, so a group gone leaves no membership behind.
    @Test func aGroupChangedAndDeletedInQuickSuccessionLeavesNoMembership() async throws {
        let wedding = try await Wedding()
        defer { wedding.close() }
        let admin = try wedding.test.adminView()
        defer { admin.close() }
        for round in 0..<5 {
            let groups = wedding.pablo.db.collection(Collections.groups)
            let reference = try await groups.addDocument(data: [
                "name": "Fugaz \(round)", "image_url": "", "members": [wedding.pablo.uid, wedding.eva.uid],
                "createdBy": wedding.pablo.uid,
            ])
            try await reference.updateData(["members": FieldValue.arrayUnion([wedding.marta.uid])])
            try await reference.updateData(["members": FieldValue.arrayUnion([wedding.luis.uid])])
            if round % 2 == 0 { try await admin.waitForTriggers() }
            try await reference.delete()
        }
        try await admin.waitForTriggers()
        for session in [wedding.pablo, wedding.eva, wedding.marta, wedding.luis] {
            let membership = try await admin.collection(Collections.memberships).document(session.uid).getDocument()
            let groups = membership.get("groups") as? [String] ?? []
            #expect(groups == (session.uid == wedding.eva.uid ? [] : [wedding.group]), "membership of \(session.uid)")
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
