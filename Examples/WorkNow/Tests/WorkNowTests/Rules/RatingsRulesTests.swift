import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// `ratings/{requestId}_{raterUid}` with the ratee's counters: a party of a done and paid job rates the
/// other once, 1–5 stars, in the same write as `increment`s of the ratee's `ratingSum`/`ratingCount`.
@Suite("Rules matrix: ratings")
final class RatingsRulesTests: RulesSuite {
    /// Writes alice's rating of `ratee` for `request` together with the counter update, as the app does.
    static func rate(
        _ db: Firestore, id: String, request: String = "req-done", rater: String = "alice", ratee: String = "bobby",
        stars: Double = 4.5, counted: Double? = nil, countUpdate: Bool = true
    ) async throws {
        let batch = db.batch()
        batch.setData(
            ["requestId": request, "rater": rater, "ratee": ratee, "stars": stars, "comment": "Bien"],
            forDocument: db.document("ratings/\(id)"))
        if countUpdate {
            batch.updateData(
                [
                    "ratingSum": FieldValue.increment(counted ?? stars), "ratingCount": FieldValue.increment(Int64(1)),
                    "lastRatingId": id,
                ], forDocument: db.document("users/\(ratee)"))
        }
        try await batch.commit()
    }

    @Test func getAndList() async throws {
        try await assertSucceeds { try await rules.carol.document("ratings/req-done_bobby").getDocument() }
        try await assertSucceeds {
            try await rules.carol.collection("ratings").whereField("ratee", isEqualTo: "alice").getDocuments()
        }
        try await assertFails { try await rules.anonymous.document("ratings/req-done_bobby").getDocument() }
        try await assertFails { try await rules.anonymous.collection("ratings").getDocuments() }
    }

    @Test func create() async throws {
        try await assertFails { try await Self.rate(rules.alice, id: "req-done_alice", countUpdate: false) }
        try await assertFails { try await Self.rate(rules.alice, id: "req-done_alice", counted: 40) }
        try await assertFails { try await Self.rate(rules.alice, id: "req-done_alice", stars: 6) }
        try await assertFails { try await Self.rate(rules.alice, id: "req-done_alice", stars: 0.5) }
        try await assertFails { try await Self.rate(rules.alice, id: "other-id") }
        try await assertFails { try await Self.rate(rules.alice, id: "req-accepted_alice", request: "req-accepted") }
        // Done but not paid yet.
        try await assertFails { try await Self.rate(rules.alice, id: "req-unpaid_alice", request: "req-unpaid") }
        try await assertFails {
            try await Self.rate(rules.bobby, id: "req-unpaid_bobby", request: "req-unpaid", rater: "bobby", ratee: "alice")
        }
        try await assertFails { try await Self.rate(rules.alice, id: "req-done_alice", ratee: "carol") }
        try await assertFails { try await Self.rate(rules.carol, id: "req-done_carol", rater: "carol") }
        try await assertFails { try await Self.rate(rules.anonymous, id: "req-done_alice") }
        // The counters cannot move without a new rating, nor be pointed at an old one.
        try await assertFails {
            try await rules.carol.document("users/bobby").updateData([
                "ratingSum": FieldValue.increment(5.0), "ratingCount": FieldValue.increment(Int64(1)),
                "lastRatingId": "req-done_bobby",
            ])
        }
        try await assertSucceeds { try await Self.rate(rules.alice, id: "req-done_alice") }
        // Once per job and party: the same id again is an update.
        try await assertFails { try await Self.rate(rules.alice, id: "req-done_alice", stars: 1) }
        // bobby already rated alice for this job (seeded): his second rating is refused too.
        try await assertFails {
            try await Self.rate(rules.bobby, id: "req-done_bobby", rater: "bobby", ratee: "alice")
        }
    }

    @Test func updateAndDelete() async throws {
        try await assertFails { try await rules.bobby.document("ratings/req-done_bobby").updateData(["stars": 1.0]) }
        try await assertFails { try await rules.alice.document("ratings/req-done_bobby").updateData(["stars": 1.0]) }
        try await assertFails { try await rules.bobby.document("ratings/req-done_bobby").delete() }
        try await assertFails { try await rules.alice.document("ratings/req-done_bobby").delete() }
        try await assertFails { try await rules.anonymous.document("ratings/req-done_bobby").delete() }
    }
}
