import FirestoreWire
import Foundation
import HearthCore

/// Google's REST error bodies: `{"error": {"code": <http>, "message": …, "status": "<CODE>"}}`.
enum RESTErrors {
    /// The response for a Firestore error.
    static func response(_ error: FirestoreError) -> RESTResponse {
        response(status: WireStatus.httpStatus(error.code), code: error.code.name, message: error.message)
    }

    /// An error response with an explicit HTTP status and status name.
    static func response(status: Int, code: String, message: String) -> RESTResponse {
        let body: [String: Any] = ["error": ["code": status, "message": message, "status": code]]
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data("{}".utf8)
        return RESTResponse(status: status, contentType: "application/json; charset=utf-8", body: data)
    }
}
