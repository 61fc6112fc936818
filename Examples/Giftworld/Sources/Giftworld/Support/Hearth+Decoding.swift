import ExampleSupport
import Hearth

// ExampleSupport's decoding helpers, failing with Giftworld's errors.

extension DocumentReference {
    /// The document decoded as `T`, or nil when it does not exist.
    func decoded<T: Decodable>(as type: T.Type) async throws -> T? { try await decoded(as: type, failing: GiftworldError.self) }
}

extension DocumentSnapshot {
    /// The document decoded as `T`; a shape mismatch names the document.
    func decoded<T: Decodable>(as type: T.Type) throws(GiftworldError) -> T { try decoded(as: type, failing: GiftworldError.self) }
}

extension QuerySnapshot {
    /// Every document decoded as `T`, in query order.
    func decoded<T: Decodable>(as type: T.Type) throws(GiftworldError) -> [T] { try decoded(as: type, failing: GiftworldError.self) }
}
