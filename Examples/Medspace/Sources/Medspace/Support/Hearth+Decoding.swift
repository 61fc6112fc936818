import Hearth

extension DocumentReference {
    /// The document decoded as `T`, or nil when it does not exist.
    func decoded<T: Decodable>(as type: T.Type) async throws -> T? {
        let snapshot = try await getDocument()
        guard snapshot.exists else { return nil }
        return try snapshot.decoded(as: type)
    }
}

extension DocumentSnapshot {
    /// The document decoded as `T`; a shape mismatch names the document.
    func decoded<T: Decodable>(as type: T.Type) throws(MedspaceError) -> T {
        do {
            return try data(as: type)
        } catch {
            throw .corruptDocument(path: reference.path, detail: "\(error)")
        }
    }
}

extension QuerySnapshot {
    /// Every document decoded as `T`, in query order.
    func decoded<T: Decodable>(as type: T.Type) throws(MedspaceError) -> [T] {
        var values: [T] = []
        for document in documents { values.append(try document.decoded(as: type)) }
        return values
    }
}
