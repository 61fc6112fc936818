import ExampleSupport
import Hearth

// ExampleSupport's decoding helpers, failing with RoomieFinder's errors.

extension DocumentReference {
    /// The document decoded as `T`, or nil when it does not exist.
    func decoded<T: Decodable>(as type: T.Type) async throws -> T? { try await decoded(as: type, failing: RoomieFinderError.self) }
}

extension DocumentSnapshot {
    /// The document decoded as `T`; a shape mismatch names the document.
    func decoded<T: Decodable>(as type: T.Type) throws(RoomieFinderError) -> T { try decoded(as: type, failing: RoomieFinderError.self) }
}

extension QuerySnapshot {
    /// Every document decoded as `T`, in query order.
    func decoded<T: Decodable>(as type: T.Type) throws(RoomieFinderError) -> [T] { try decoded(as: type, failing: RoomieFinderError.self) }
}
