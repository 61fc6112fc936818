import FirestoreWire
import Foundation
import HearthCore

/// Google's REST error bodies: `{"error": {"code": <http>, "message": …, "status": "<CODE>"}}`.
enum RESTErrors {
    /// The body's shape, encoded with `Codable`.
    private struct Body: Encodable {
        /// The error itself.
        struct Detail: Encodable {
            let code: Int
            let message: String
            let status: String
        }

        let error: Detail
    }

    /// The response for a Firestore error.
    static func response(_ error: FirestoreError) -> RESTResponse {
        response(status: WireStatus.httpStatus(error.code), code: error.code.name, message: error.message)
    }

    /// An error response with an explicit HTTP status and status name.
    static func response(status: Int, code: String, message: String) -> RESTResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = Body(error: .init(code: status, message: message, status: code))
        let data = (try? encoder.encode(body)) ?? Data(#"{"error":{}}"#.utf8)
        return RESTResponse(status: status, contentType: "application/json; charset=utf-8", body: data)
    }
}
