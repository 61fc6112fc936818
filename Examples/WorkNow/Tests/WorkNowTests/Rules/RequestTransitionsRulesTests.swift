import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// Every status transition of a request, by its client: exactly `open → accepted`,
/// `open → cancelled`, `accepted → done` and `accepted → cancelled` are allowed.
@Suite("Rules matrix: request status transitions")
struct RequestTransitionsRulesTests {
    static let legal: Set<String> = ["open>accepted", "open>cancelled", "accepted>done", "accepted>cancelled"]

    @Test(arguments: RequestStatus.allCases)
    func fromStatus(_ from: RequestStatus) async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        for to in RequestStatus.allCases {
            let id = "t-\(from.rawValue)-\(to.rawValue)"
            let worker: String? = from == .open || from == .cancelled ? nil : "bobby"
            try await rules.env.withSecurityRulesDisabled { admin in
                try await admin.document("requests/\(id)").setData(
                    try RulesFixture.request(status: from.rawValue, worker: worker))
                try await admin.document("requests/\(id)/offers/bobby").setData(RulesFixture.offer("bobby", price: 50))
            }
            var change: [AnyHashable: Any] = ["status": to.rawValue]
            if from == .open && to == .accepted { change["acceptedOffer"] = "bobby" }
            let reference = rules.alice.document("requests/\(id)")
            if Self.legal.contains("\(from.rawValue)>\(to.rawValue)") {
                try await assertSucceeds { try await reference.updateData(change) }
                #expect(from.canMove(to: to))
            } else {
                try await assertFails { try await reference.updateData(change) }
                #expect(!from.canMove(to: to))
            }
        }
    }

    @Test func acceptingNeedsAnExistingOfferAndKeepsItAfterwards() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let open = rules.alice.document("requests/req-open")
        try await assertFails { try await open.updateData(["status": "accepted"]) }
        try await assertFails { try await open.updateData(["status": "accepted", "acceptedOffer": "carol"]) }
        try await assertFails { try await open.updateData(["status": "cancelled", "acceptedOffer": "bobby"]) }
        let accepted = rules.alice.document("requests/req-accepted")
        try await assertFails { try await accepted.updateData(["status": "done", "acceptedOffer": "carol"]) }
        try await assertFails { try await accepted.updateData(["acceptedOffer": "carol"]) }
        try await assertSucceeds { try await open.updateData(["status": "accepted", "acceptedOffer": "bobby"]) }
    }
}
