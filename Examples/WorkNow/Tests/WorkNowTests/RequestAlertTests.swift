import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// The request fan-out trigger: a new request becomes an alert for every worker of its trade whose
/// radius covers its place, and for nobody else; only the worker reads it, nobody writes it.
@Suite("Request alerts")
struct RequestAlertTests {
    @Test func aNewRequestAlertsEveryWorkerOfTheTradeWithinItsRadiusAndNoOther() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let (ana, near, alcala, plumber, far) = try await fixture.anaAndFourWorkers()

        let job = try await ana.requestService(People.sockets(radiusKm: 40))
        try await fixture.app.waitForTriggers()
        let nearAlerts = try await near.myAlerts()
        #expect(nearAlerts.map(\.requestId) == [job.requestID])
        #expect(nearAlerts.first?.categoria == "Electricista" && nearAlerts.first?.descripcion == "Cambiar dos enchufes")
        let distance = try #require(nearAlerts.first?.distanceKm)
        #expect(distance > 1.5 && distance < 2.5, "Chamberí is about 1.9 km from Sol: \(distance)")
        #expect(nearAlerts.first?.createdAt == job.createdAt)
        #expect(try await alcala.myAlerts().map(\.requestId) == [job.requestID])
        for worker in [plumber, far, ana] { #expect(try await worker.myAlerts().isEmpty) }

        let second = try await ana.requestService(People.sockets(maximum: 90))
        try await fixture.app.waitForTriggers()
        #expect(try await near.myAlerts().map(\.requestId) == [second.requestID, job.requestID], "newest first")
        #expect(try await alcala.myAlerts().map(\.requestId) == [job.requestID], "10 km do not reach Alcalá")
    }

    @Test func alertsAreTheWorkersAloneToReadAndNobodysToWrite() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let path = "users/bobby/alerts/req-1"
        try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document(path).setData(["requestId": "req-1", "categoria": "Electricista"])
        }
        try await assertSucceeds { try await rules.bobby.document(path).getDocument() }
        try await assertSucceeds { try await rules.bobby.collection("users/bobby/alerts").getDocuments() }
        try await assertFails { try await rules.alice.document(path).getDocument() }
        try await assertFails { try await rules.anonymous.document(path).getDocument() }
        try await assertFails { try await rules.bobby.document(path).setData(["requestId": "forged"]) }
        try await assertFails { try await rules.bobby.document("users/bobby/alerts/req-2").setData(["requestId": "req-2"]) }
        try await assertFails { try await rules.bobby.document(path).delete() }
    }
}
