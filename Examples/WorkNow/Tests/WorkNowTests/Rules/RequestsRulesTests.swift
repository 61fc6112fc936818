import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// `requests/{id}`: open requests to a trade are visible to signed-in users, the others (and every
/// direct hire) only to their parties; the client creates open requests, a direct hire names a
/// professional of the trade; the status machine has its own suite; nobody deletes.
@Suite("Rules matrix: requests")
struct RequestsRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.carol.document("requests/req-open").getDocument() }
        try await assertSucceeds { try await rules.alice.document("requests/req-accepted").getDocument() }
        try await assertSucceeds { try await rules.bobby.document("requests/req-accepted").getDocument() }
        try await assertFails { try await rules.carol.document("requests/req-accepted").getDocument() }
        try await assertFails { try await rules.carol.document("requests/req-cancelled").getDocument() }
        try await assertFails { try await rules.anonymous.document("requests/req-open").getDocument() }
        // A direct hire: its client and the hired professional only, even while open.
        try await assertSucceeds { try await rules.alice.document("requests/req-direct").getDocument() }
        try await assertSucceeds { try await rules.bobby.document("requests/req-direct").getDocument() }
        try await assertFails { try await rules.carol.document("requests/req-direct").getDocument() }
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let open = try await assertSucceeds {
            try await rules.carol.collection("requests").whereField("categoria", in: ["Electricista"])
                .whereField("status", isEqualTo: "open").whereField("worker", isEqualTo: NSNull()).getDocuments()
        }
        #expect(open.documents.map(\.documentID) == ["req-open"])
        // Without `worker == null` the query could return direct hires: refused.
        try await assertFails {
            try await rules.carol.collection("requests").whereField("categoria", in: ["Electricista"])
                .whereField("status", isEqualTo: "open").getDocuments()
        }
        let hires = try await assertSucceeds {
            try await rules.bobby.collection("requests").whereField("worker", isEqualTo: "bobby")
                .whereField("status", isEqualTo: "open").getDocuments()
        }
        #expect(hires.documents.map(\.documentID) == ["req-direct"])
        try await assertFails {
            try await rules.carol.collection("requests").whereField("worker", isEqualTo: "bobby").getDocuments()
        }
        let own = try await assertSucceeds {
            try await rules.alice.collection("requests").whereField("client", isEqualTo: "alice").getDocuments()
        }
        #expect(own.count == 7)
        try await assertSucceeds {
            try await rules.bobby.collection("requests").whereField("acceptedOffer", isEqualTo: "bobby").getDocuments()
        }
        try await assertFails { try await rules.carol.collection("requests").getDocuments() }
        try await assertFails {
            try await rules.carol.collection("requests").whereField("client", isEqualTo: "alice").getDocuments()
        }
        try await assertFails {
            try await rules.anonymous.collection("requests").whereField("status", isEqualTo: "open").getDocuments()
        }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let requests = rules.alice.collection("requests")
        try await assertSucceeds {
            try await requests.document("new").setData(try RulesFixture.request(status: "open"))
        }
        try await assertFails {
            try await rules.carol.collection("requests").document("forged").setData(
                try RulesFixture.request(status: "open"))
        }
        try await assertFails {
            try await requests.document("taken").setData(try RulesFixture.request(status: "accepted", worker: "bobby"))
        }
        try await assertFails {
            try await requests.document("clock").setData(try RulesFixture.request(status: "open", time: Timestamp()))
        }
        var changes: [(String, Any?)] = [
            ("descripcion", " "), ("descripcion", nil), ("location", nil), ("location", "Madrid"), ("precio_max", "60"),
            ("precio_max", 0.0), ("categoria", "Astronauta"), ("extra", 1),
        ]
        changes += [
            ("acceptedOffer", "bobby"), ("radiusKm", 0.5), ("radiusKm", 101.0), ("radiusKm", nil), ("finishedBy", ["alice"]),
            ("finishedBy", nil), ("paidAt", Timestamp()), ("worker", nil), ("worker", "alice"), ("worker", "diego"),
            ("worker", "fermin"), ("worker", "nadie"),
        ]
        for (field, value) in changes {
            var data = try RulesFixture.request(status: "open")
            data[field] = value
            try await assertFails { try await requests.document("bad-\(field)").setData(data) }
        }
        // A direct hire of an electrician for an electrician's job.
        try await assertSucceeds {
            try await requests.document("hire").setData(try RulesFixture.request(status: "open", hired: "bobby"))
        }
        var noLimit = try RulesFixture.request(status: "open")
        noLimit["precio_max"] = NSNull()
        try await assertSucceeds { try await requests.document("nolimit").setData(noLimit) }
        try await assertFails {
            try await rules.anonymous.collection("requests").document("anon").setData(
                try RulesFixture.request(status: "open"))
        }
    }

    @Test func update() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        // Only the client, only status and acceptedOffer (the transitions have their own suite).
        try await assertFails {
            try await rules.bobby.document("requests/req-open").updateData(["status": "cancelled"])
        }
        try await assertFails { try await rules.bobby.document("requests/req-accepted").updateData(["status": "done"]) }
        try await assertFails {
            try await rules.bobby.document("requests/req-open").updateData([
                "status": "accepted", "acceptedOffer": "bobby",
            ])
        }
        try await assertFails {
            try await rules.alice.document("requests/req-open").updateData(["descripcion": "Otra"])
        }
        try await assertFails { try await rules.alice.document("requests/req-open").updateData(["precio_max": 500.0]) }
        try await assertFails {
            try await rules.alice.document("requests/req-open").updateData(["status": "cancelled", "client": "carol"])
        }
        try await assertFails {
            try await rules.anonymous.document("requests/req-open").updateData(["status": "cancelled"])
        }
        try await assertSucceeds {
            try await rules.alice.document("requests/req-open").updateData(["status": "cancelled"])
        }
    }

    @Test func delete() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertFails { try await rules.alice.document("requests/req-open").delete() }
        try await assertFails { try await rules.bobby.document("requests/req-accepted").delete() }
        try await assertFails { try await rules.anonymous.document("requests/req-open").delete() }
    }
}
