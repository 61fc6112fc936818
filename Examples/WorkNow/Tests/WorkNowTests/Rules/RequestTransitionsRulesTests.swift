import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// The request's status machine: the client's status-only changes (exactly `open → accepted`,
/// `open → cancelled` and `accepted → cancelled`), "finalizar" through `finishedBy` by either party
/// (`done` exactly when both are there), the accepted worker's cancellation, and the client's
/// single payment after `done`.
@Suite("Rules matrix: request status machine")
final class RequestTransitionsRulesTests: RulesSuite {
    /// What the client may do by changing `status` alone (plus `acceptedOffer` when accepting).
    static let byStatusAlone: Set<String> = ["open>accepted", "open>cancelled", "accepted>cancelled"]

    @Test(arguments: RequestStatus.allCases)
    func fromStatus(_ from: RequestStatus) async throws {
        for to in RequestStatus.allCases {
            let id = "t-\(from.rawValue)-\(to.rawValue)"
            let worker: String? = from == .open || from == .cancelled ? nil : "bobby"
            try await rules.env.withSecurityRulesDisabled { admin in
                try await admin.document("requests/\(id)").setData(
                    try RulesFixture.request(status: from.rawValue, worker: worker))
                try await admin.document("requests/\(id)/offers/bobby").setData(
                    try RulesFixture.offer("bobby", price: 50))
            }
            var change: [AnyHashable: Any] = ["status": to.rawValue]
            if from == .open && to == .accepted { change["acceptedOffer"] = "bobby" }
            let reference = rules.alice.document("requests/\(id)")
            let pair = "\(from.rawValue)>\(to.rawValue)"
            if Self.byStatusAlone.contains(pair) {
                try await assertSucceeds { try await reference.updateData(change) }
            } else {
                try await assertFails { try await reference.updateData(change) }
            }
            // The life cycle adds accepted → done, reached only through finishedBy.
            #expect(from.canMove(to: to) == (Self.byStatusAlone.contains(pair) || pair == "accepted>done"))
        }
    }

    @Test func acceptingNeedsAnOfferThatWasNotRejectedAndKeepsItAfterwards() async throws {
        let open = rules.alice.document("requests/req-open")
        try await assertFails { try await open.updateData(["status": "accepted"]) }
        try await assertFails { try await open.updateData(["status": "accepted", "acceptedOffer": "carol"]) }
        try await assertFails { try await open.updateData(["status": "cancelled", "acceptedOffer": "bobby"]) }
        try await assertFails {
            try await open.updateData(["status": "accepted", "acceptedOffer": "bobby", "finishedBy": ["alice"]])
        }
        let accepted = rules.alice.document("requests/req-accepted")
        try await assertFails { try await accepted.updateData(["status": "done", "acceptedOffer": "carol"]) }
        try await assertFails { try await accepted.updateData(["acceptedOffer": "carol"]) }
        try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document("requests/req-open/offers/carol").setData(
                try RulesFixture.offer("carol", price: 40, rejected: true))
        }
        try await assertFails { try await open.updateData(["status": "accepted", "acceptedOffer": "carol"]) }
        try await assertFails {
            try await rules.bobby.document("requests/req-open").updateData(["status": "accepted", "acceptedOffer": "bobby"])
        }
        try await assertSucceeds { try await open.updateData(["status": "accepted", "acceptedOffer": "bobby"]) }
    }

    @Test func aDirectHireAcceptsOnlyTheHiredProfessionalsOffer() async throws {
        let hire = rules.alice.document("requests/req-direct")
        try await assertFails { try await hire.updateData(["status": "accepted", "acceptedOffer": "carol"]) }
        try await assertSucceeds { try await hire.updateData(["status": "accepted", "acceptedOffer": "bobby"]) }
    }

    @Test func bothPartiesFinishAndTheJobIsDoneExactlyWhenBothHave() async throws {
        let job = "requests/req-accepted"
        try await assertFails { try await rules.carol.document(job).updateData(["finishedBy": ["carol"]]) }
        try await assertFails { try await rules.alice.document(job).updateData(["finishedBy": ["bobby"]]) }
        try await assertFails {
            try await rules.alice.document(job).updateData(["finishedBy": ["alice"], "status": "done"])
        }
        try await assertFails {
            try await rules.alice.document(job).updateData(["finishedBy": ["alice", "bobby"], "status": "done"])
        }
        try await assertFails {
            try await rules.bobby.document(job).updateData(["finishedBy": ["bobby"], "acceptedOffer": "carol"])
        }
        try await assertSucceeds { try await rules.bobby.document(job).updateData(["finishedBy": ["bobby"]]) }
        try await assertFails { try await rules.bobby.document(job).updateData(["finishedBy": ["bobby", "bobby"]]) }
        try await assertFails { try await rules.alice.document(job).updateData(["finishedBy": ["bobby", "alice"]]) }
        try await assertFails { try await rules.alice.document(job).updateData(["status": "done"]) }
        try await assertSucceeds {
            try await rules.alice.document(job).updateData(["finishedBy": ["bobby", "alice"], "status": "done"])
        }
        // Done is final: nobody cancels or finishes again.
        try await assertFails { try await rules.bobby.document(job).updateData(["status": "cancelled"]) }
        try await assertFails { try await rules.alice.document(job).updateData(["status": "cancelled"]) }
        // Not on an open request (no accepted worker yet).
        try await assertFails { try await rules.alice.document("requests/req-open").updateData(["finishedBy": ["alice"]]) }
    }

    @Test func theAcceptedWorkerMayCancelBeforeDoneAndNobodyElse() async throws {
        try await assertFails { try await rules.bobby.document("requests/req-open").updateData(["status": "cancelled"]) }
        try await assertFails { try await rules.bobby.document("requests/req-carol").updateData(["status": "cancelled"]) }
        try await assertFails { try await rules.bobby.document("requests/req-unpaid").updateData(["status": "cancelled"]) }
        try await assertFails {
            try await rules.carol.document("requests/req-carol").updateData(["status": "cancelled", "finishedBy": ["carol"]])
        }
        try await assertSucceeds { try await rules.carol.document("requests/req-carol").updateData(["status": "cancelled"]) }
        try await assertSucceeds {
            try await rules.bobby.document("requests/req-accepted").updateData(["status": "cancelled"])
        }
    }

    @Test func onlyTheClientPaysOnceAfterDone() async throws {
        let now = FieldValue.serverTimestamp()
        let unpaid = "requests/req-unpaid"
        try await assertFails { try await rules.bobby.document(unpaid).updateData(["paidAt": now]) }
        try await assertFails { try await rules.alice.document(unpaid).updateData(["paidAt": Timestamp()]) }
        try await assertFails { try await rules.alice.document(unpaid).updateData(["paidAt": now, "status": "cancelled"]) }
        try await assertFails { try await rules.alice.document("requests/req-accepted").updateData(["paidAt": now]) }
        try await assertFails { try await rules.alice.document("requests/req-open").updateData(["paidAt": now]) }
        try await assertFails { try await rules.alice.document("requests/req-done").updateData(["paidAt": now]) }
        try await assertSucceeds { try await rules.alice.document(unpaid).updateData(["paidAt": now]) }
        try await assertFails { try await rules.alice.document(unpaid).updateData(["paidAt": now]) }
    }
}
