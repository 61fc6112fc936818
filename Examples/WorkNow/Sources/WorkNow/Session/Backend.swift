import ExampleSupport
import Foundation
import Hearth

/// The trusted side of the app (what Firebase runs as the Admin SDK and Cloud Functions): the
/// admin handle, which the rules do not judge, the account store and the request fan-out
/// trigger. Users never get it.
public struct Backend: Sendable {
    /// Admin access to the app's database.
    let admin: Firestore
    /// The accounts (Hearth Auth on the same data directory).
    let accounts: AppAuth

    /// Registers the request fan-out (`onDocumentCreated` on `requests/{requestId}`, the Cloud
    /// Function behind the thesis's push notifications); it resumes from its durable cursor.
    func installTriggers() async throws(WorkNowError) -> [TriggerRegistration] {
        return try await WorkNowError.mapping {
            return [try await admin.onDocumentCreated("\(Collections.requests)/{requestId}", name: "worknow-request-alerts") { event in
                try await alertWorkers(about: event.data)
            }]
        }
    }

    /// The fan-out: one alert for every worker subscribed to the request's trade whose place the
    /// request's radius covers (the client excluded), with the distance; a direct hire (CU008)
    /// goes to no trade and alerts only the hired professional. Alerts are keyed by request, so a
    /// delivery made twice writes the same documents.
    func alertWorkers(about request: QueryDocumentSnapshot) async throws {
        guard let trade = request.get("categoria") as? String, let place = request.get("location") as? GeoPoint else { return }
        let client = request.get("client") as? String
        let radius = (request.get("radiusKm") as? Double) ?? Double(request.get("radiusKm") as? Int ?? 0)
        let candidates: [DocumentSnapshot]
        if let hired = request.get("worker") as? String {
            candidates = [try await admin.collection(Collections.users).document(hired).getDocument()]
        } else {
            candidates = try await admin.collection(Collections.users).whereField("trades", arrayContains: trade)
                .getDocuments().documents
        }
        let direct = request.get("worker") is String
        var batch = admin.batch()
        var pending = 0
        for worker in candidates where worker.exists && worker.documentID != client {
            guard let home = worker.get("location") as? GeoPoint else { continue }
            let distance = Distance.km(home, place)
            guard direct || distance <= radius else { continue }
            var alert: [String: Any] = [
                "requestId": request.documentID, "categoria": trade,
                "descripcion": request.get("descripcion") as? String ?? "", "distanceKm": distance,
            ]
            alert["createdAt"] = request.get("createdAt") as? Timestamp ?? FieldValue.serverTimestamp()
            batch.setData(alert, forDocument: admin.collection(Collections.alerts(of: worker.documentID)).document(request.documentID))
            pending += 1
            if pending == 500 {
                try await batch.commit()
                batch = admin.batch()
                pending = 0
            }
        }
        if pending > 0 { try await batch.commit() }
    }

    /// How many documents each collection holds.
    func statistics() async throws(WorkNowError) -> StoreStatistics {
        return try await WorkNowError.mapping {
            return StoreStatistics(
                accounts: try accounts.accountCount(),
                users: try await admin.collection(Collections.users).documentCount(),
                requests: try await admin.collection(Collections.requests).documentCount(),
                offers: try await admin.collectionGroup(Collections.offers).documentCount(),
                ratings: try await admin.collection(Collections.ratings).documentCount(),
                chats: try await admin.collection(Collections.chats).documentCount(),
                messages: try await admin.collectionGroup(Collections.messages).documentCount())
        }
    }
}
