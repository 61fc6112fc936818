internal import HearthCore

extension DocumentReference {
    /// Writes an `Encodable` value as the document (with `merge: true`, only its fields change).
    nonisolated(nonsending) public func setData<T: Encodable>(
        from value: T, merge: Bool = false, encoder: Firestore.Encoder = Firestore.Encoder()
    ) async throws {
        let nodes = try encoder.encodeNodes(value)
        let key = try key()
        let write = merge ? try WriteFactory.merge(nodes: nodes, to: key) : try WriteFactory.set(nodes: nodes, to: key)
        try await firestore.openEngine().commit([write], in: firestore.databaseID, access: firestore.access)
    }
}

extension CollectionReference {
    /// Adds an `Encodable` value as a new document with an auto-generated id.
    nonisolated(nonsending) public func addDocument<T: Encodable>(
        from value: T, encoder: Firestore.Encoder = Firestore.Encoder()
    ) async throws -> DocumentReference {
        _ = try collectionPath()
        let reference = document()
        try await reference.setData(from: value, encoder: encoder)
        return reference
    }
}

extension DocumentSnapshot {
    /// Decodes the document as `T`; `@DocumentID` properties get this document's id. A missing
    /// document decodes as nil when `T` is optional (as in the Firebase SDK).
    /// - Throws: `DecodingError.valueNotFound` when the document does not exist and `T` is not optional.
    public func data<T: Decodable>(as type: T.Type, decoder: Firestore.Decoder = Firestore.Decoder()) throws -> T {
        guard let fields else {
            if let optional = T.self as? any ExpressibleByNilLiteral.Type, let none = optional.init(nilLiteral: ()) as? T {
                return none
            }
            throw DecodingError.valueNotFound(type, .init(
                codingPath: [], debugDescription: "The document \(reference.path) does not exist."))
        }
        return try decoder.decode(type, fromFields: fields, in: reference)
    }
}

extension DocumentReference {
    /// Reads the document and decodes it as `T` (the SDK's `getDocument(as:)`).
    /// - Throws: the read's `FirestoreError`; `DecodingError.valueNotFound` when the document does
    ///   not exist and `T` is not optional, or another `DecodingError` when its fields do not fit `T`.
    nonisolated(nonsending) public func getDocument<T: Decodable>(
        as type: T.Type, decoder: Firestore.Decoder = Firestore.Decoder()
    ) async throws -> T {
        try await getDocument().data(as: type, decoder: decoder)
    }
}

extension Query {
    /// Runs the query and decodes each document as `T`, in query order.
    /// - Throws: the query's `FirestoreError`, or the `DecodingError` of the first document that does not fit `T`.
    nonisolated(nonsending) public func getDocuments<T: Decodable>(
        as type: T.Type, decoder: Firestore.Decoder = Firestore.Decoder()
    ) async throws -> [T] {
        try await getDocuments().documents.map { try $0.data(as: type, decoder: decoder) }
    }
}

extension WriteBatch {
    /// Writes an `Encodable` value as `document`.
    @discardableResult
    public func setData<T: Encodable>(
        from value: T, forDocument document: DocumentReference, merge: Bool = false,
        encoder: Firestore.Encoder = Firestore.Encoder()
    ) -> WriteBatch {
        addEncoded(value, document, merge: merge, encoder: encoder)
    }
}

extension Transaction {
    /// Writes an `Encodable` value as `document`.
    @discardableResult
    public func setData<T: Encodable>(
        from value: T, forDocument document: DocumentReference, merge: Bool = false,
        encoder: Firestore.Encoder = Firestore.Encoder()
    ) -> Transaction {
        addEncoded(value, document, merge: merge, encoder: encoder)
    }
}

/// Turns an encoding failure into the `INVALID_ARGUMENT` a batch or transaction reports at commit.
func encodedNodes<T: Encodable>(_ value: T, _ encoder: Firestore.Encoder) throws(FirestoreError) -> [String: UserDataNode] {
    do {
        return try encoder.encodeNodes(value)
    } catch let error as FirestoreError {
        throw error
    } catch {
        throw FirestoreError(.invalidArgument, "Invalid data. \(error)")
    }
}
