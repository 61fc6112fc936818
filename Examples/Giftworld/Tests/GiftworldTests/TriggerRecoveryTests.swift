import Foundation
import Giftworld
import Hearth
import Testing

/// The membership work runs in durable triggers: a group whose creation landed while no trigger
/// was running (the app's process had stopped) gets its memberships when the app opens again.
@Suite("Membership triggers survive a stopped process")
struct TriggerRecoveryTests {
    @Test func aGroupStoredWhileTheAppWasDownGetsItsMembershipsOnReopening() async throws {
        let test = try await TestApp()
        let sessions = try await test.sessions(People.ana, People.luis)
        let (anaID, luisID) = (sessions[0].uid, sessions[1].uid)
        sessions.forEach { $0.signOut() }
        test.app.close()

        // The group document as a client wrote it, with no trigger registered to see it.
        let raw = try test.adminView()
        try await raw.collection(Collections.groups).document("g-offline").setData([
            "name": "Offline", "image_url": "", "members": [anaID, luisID], "createdBy": anaID,
        ])
        raw.close()

        try await Self.afterReopening(test) { admin in
            for uid in [anaID, luisID] {
                let membership = try await admin.collection(Collections.memberships).document(uid).getDocument()
                #expect(membership.get("groups") as? [String] == ["g-offline"], "membership of \(uid)")
            }
        }
    }

    @Test func membersAddedWhileTheAppWasDownGetTheirMembershipsOnReopening() async throws {
        let test = try await TestApp()
        let ana = try await test.session(People.ana)
        let luis = try await test.session(People.luis)
        let marta = try await test.session(People.marta)
        let group = try await ana.createGroup(GroupForm(name: "Boda", members: [luis.uid])).id ?? ""
        let martaID = marta.uid
        [ana, luis, marta].forEach { $0.signOut() }
        test.app.close()

        // A member's update as it was committed, with no trigger registered to see it.
        let raw = try test.adminView()
        try await raw.collection(Collections.groups).document(group).updateData([
            "members": FieldValue.arrayUnion([martaID])
        ])
        raw.close()

        try await Self.afterReopening(test) { admin in
            let membership = try await admin.collection(Collections.memberships).document(martaID).getDocument()
            #expect(membership.get("groups") as? [String] == [group])
        }
    }

    /// Reopens `test`'s app, waits for its triggers to catch up, runs `check` on an admin view,
    /// then closes everything and removes the directory.
    private static func afterReopening(_ test: TestApp, _ check: (Firestore) async throws -> Void) async throws {
        let reopened = try await test.reopen()
        defer {
            reopened.close()
            try? FileManager.default.removeItem(atPath: test.directory)
        }
        let admin = try test.adminView()
        defer { admin.close() }
        try await admin.waitForTriggers()
        try await check(admin)
    }
}
