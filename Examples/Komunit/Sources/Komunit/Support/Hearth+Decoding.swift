import Hearth

extension DocumentSnapshot {
    /// The document decoded as `T`; a shape mismatch names the document.
    func decoded<T: Decodable>(as type: T.Type) throws(KomunitError) -> T {
        do {
            return try data(as: type)
        } catch {
            throw .corruptDocument(path: reference.path, detail: "\(error)")
        }
    }
}

extension QuerySnapshot {
    /// Every document decoded as `T`, in query order.
    func decoded<T: Decodable>(as type: T.Type) throws(KomunitError) -> [T] {
        var values: [T] = []
        for document in documents { values.append(try document.decoded(as: type)) }
        return values
    }
}
