public import Hearth

extension DocumentSnapshot {
    /// The document decoded as `T`; a shape mismatch is the app's `corruptDocument` naming the document.
    public func decoded<T: Decodable, Failure: ExampleAppError>(as type: T.Type, failing: Failure.Type)
        throws(Failure) -> T
    {
        do {
            return try data(as: type)
        } catch {
            throw .corruptDocument(path: reference.path, detail: "\(error)")
        }
    }
}

extension QuerySnapshot {
    /// Every document decoded as `T`, in query order.
    public func decoded<T: Decodable, Failure: ExampleAppError>(as type: T.Type, failing: Failure.Type)
        throws(Failure) -> [T]
    {
        var values: [T] = []
        values.reserveCapacity(count)
        for document in documents { values.append(try document.decoded(as: type, failing: failing)) }
        return values
    }
}

extension DocumentReference {
    /// The document decoded as `T`, or nil when it does not exist.
    public func decoded<T: Decodable, Failure: ExampleAppError>(as type: T.Type, failing: Failure.Type)
        async throws -> T?
    {
        let snapshot = try await getDocument()
        guard snapshot.exists else { return nil }
        return try snapshot.decoded(as: type, failing: failing)
    }
}
