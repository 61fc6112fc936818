import ExampleSupport
import Hearth

// ExampleSupport's decoding helpers, failing with WorkNow's errors.

extension DocumentSnapshot {
    /// The document decoded as `T`; a shape mismatch names the document.
    func decoded<T: Decodable>(as type: T.Type) throws(WorkNowError) -> T { try decoded(as: type, failing: WorkNowError.self) }
}

extension QuerySnapshot {
    /// Every document decoded as `T`, in query order.
    func decoded<T: Decodable>(as type: T.Type) throws(WorkNowError) -> [T] { try decoded(as: type, failing: WorkNowError.self) }
}
