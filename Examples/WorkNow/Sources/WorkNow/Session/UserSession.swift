public import ExampleSupport
import Hearth

/// A signed-in user inside WorkNow. Each method is one use case; every request it makes runs
/// under the security rules as this user (`db`), so the rules — not this code — have the last word.
public typealias UserSession = AppSession<Backend>

extension UserSession {
    /// Trusted server-side work (the accounts and the request fan-out).
    var backend: Backend { services }

    /// `requests/<id>`.
    func requestReference(_ id: String) throws(WorkNowError) -> DocumentReference {
        guard FieldCheck.identifier(id) else { throw .requestNotFound(id: id) }
        return db.collection(Collections.requests).document(id)
    }

    /// `users/<uid>`.
    func userReference(_ uid: String) throws(WorkNowError) -> DocumentReference {
        guard FieldCheck.identifier(uid) else { throw .profileNotFound(uid: uid) }
        return db.collection(Collections.users).document(uid)
    }

    /// The request `id` as the user may see it.
    /// - Throws: `requestNotFound` when it does not exist or the rules hide it.
    public func request(_ id: String) async throws(WorkNowError) -> Solicitud {
        let reference = try requestReference(id)
        do {
            let snapshot = try await reference.getDocument()
            guard snapshot.exists else { throw WorkNowError.requestNotFound(id: id) }
            return try snapshot.decoded(as: Solicitud.self)
        } catch {
            let mapped = WorkNowError.mapped(error)
            if case .notAllowed = mapped { throw .requestNotFound(id: id) }
            throw mapped
        }
    }
}
