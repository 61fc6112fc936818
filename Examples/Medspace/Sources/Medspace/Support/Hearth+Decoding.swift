import ExampleSupport
import Hearth

// ExampleSupport's decoding helpers, failing with Medspace's errors.

extension DocumentReference {
    /// The document decoded as `T`, or nil when it does not exist.
    func decoded<T: Decodable>(as type: T.Type) async throws -> T? { try await decoded(as: type, failing: MedspaceError.self) }
}

extension DocumentSnapshot {
    /// The document decoded as `T`; a shape mismatch names the document.
    func decoded<T: Decodable>(as type: T.Type) throws(MedspaceError) -> T { try decoded(as: type, failing: MedspaceError.self) }
}

extension QuerySnapshot {
    /// Every document decoded as `T`, in query order.
    func decoded<T: Decodable>(as type: T.Type) throws(MedspaceError) -> [T] { try decoded(as: type, failing: MedspaceError.self) }
}
