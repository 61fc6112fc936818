import FirestoreWire
import HearthCore

extension FirestoreOperations {
    /// Commit: applies the writes atomically, ending the transaction when one is named.
    func commit(_ request: Google_Firestore_V1_CommitRequest, access: AccessContext) async throws(FirestoreError) -> Google_Firestore_V1_CommitResponse {
        try await commit(try DecodedCommit(request), access: access)
    }

    /// Commit of a request already in the core's terms (`DirectCommitDecoder` or `DecodedCommit(_:)`).
    func commit(_ commit: DecodedCommit, access: AccessContext) async throws(FirestoreError) -> Google_Firestore_V1_CommitResponse {
        commitResponse(try await engine.commit(commit.writes, in: commit.database, transaction: commit.transaction, access: access))
    }

    /// Commit of a large request whose writes are applied as `DirectCommitDecoder.stream` decodes
    /// them; nil when it declined one of them (nothing is written): the caller then decodes the
    /// request with SwiftProtobuf and commits that.
    func commit(_ commit: StreamedCommit, access: AccessContext) async throws(FirestoreError) -> Google_Firestore_V1_CommitResponse? {
        do {
            return commitResponse(try await engine.commit(commit.feed, in: commit.database, access: access))
        } catch {
            // An error of a write applied before the decoder reached a declined one is not the
            // request's answer: the whole request is judged again by the other path.
            guard await commit.feed.completion() else { return nil }
            throw error
        }
    }

    private func commitResponse(_ result: CommitResult) -> Google_Firestore_V1_CommitResponse {
        var response = Google_Firestore_V1_CommitResponse()
        response.writeResults = result.writeResults.map(ProtoWrite.proto)
        response.commitTime = result.commitTime.proto
        return response
    }

    /// BatchWrite: each write commits on its own; one result and one status per write, in order.
    func batchWrite(_ request: Google_Firestore_V1_BatchWriteRequest, access: AccessContext) async throws(FirestoreError) -> Google_Firestore_V1_BatchWriteResponse {
        let database = try ResourceName.database(request.database)
        let engine = self.engine
        typealias Outcome = Result<Google_Firestore_V1_WriteResult, FirestoreError>
        let outcomes: [Outcome?] = await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, proto) in request.writes.enumerated() {
                group.addTask {
                    do {
                        let write = try ProtoWrite.write(proto, in: database)
                        let result = try await engine.commit([write], in: database, access: access)
                        return (index, .success(result.writeResults.first.map(ProtoWrite.proto) ?? Google_Firestore_V1_WriteResult()))
                    } catch {
                        return (index, .failure(WireStatus.firestoreError(error)))
                    }
                }
            }
            var outcomes = [Outcome?](repeating: nil, count: request.writes.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        var response = Google_Firestore_V1_BatchWriteResponse()
        for outcome in outcomes {
            switch outcome {
            case .some(.success(let result)):
                response.writeResults.append(result)
                response.status.append(Google_Rpc_Status())
            case .some(.failure(let error)):
                response.writeResults.append(Google_Firestore_V1_WriteResult())
                response.status.append(WireStatus.status(error))
            case .none:
                response.writeResults.append(Google_Firestore_V1_WriteResult())
                response.status.append(WireStatus.status(FirestoreError(.internal, "The write was not run.")))
            }
        }
        return response
    }

    /// CreateDocument: creates a document (auto id when none is given) and returns it.
    func createDocument(_ request: Google_Firestore_V1_CreateDocumentRequest, access: AccessContext) async throws(FirestoreError) -> Google_Firestore_V1_Document {
        let (database, parent) = try ResourceName.parent(request.parent)
        try ResourceID.validate(request.collectionID)
        let id = request.documentID.isEmpty ? AutoID.generate() : request.documentID
        let key = try DocumentKey(path: parent.appending(request.collectionID).appending(id))
        let fields = try ProtoValue.fields(request.document.fields)
        let result = try await engine.commit([Write.create(key, fields: fields)], in: database, access: access)
        let mask = try FieldMask.optional(request.mask, present: request.hasMask)
        return try written(key, in: database, at: result.commitTime, mask: mask)
    }

    /// UpdateDocument: sets or (with an update mask) updates a document and returns it.
    func updateDocument(_ request: Google_Firestore_V1_UpdateDocumentRequest, access: AccessContext) async throws(FirestoreError) -> Google_Firestore_V1_Document {
        let (database, key) = try ResourceName.document(request.document.name)
        let fields = try ProtoValue.fields(request.document.fields)
        let precondition = request.hasCurrentDocument ? try ProtoWrite.precondition(request.currentDocument) : .none
        let operation: Write.Operation = request.hasUpdateMask
            ? .update(key, fields: fields, mask: try FieldMask(proto: request.updateMask).paths)
            : .set(key, fields: fields)
        let result = try await engine.commit([Write(operation, precondition: precondition)], in: database, access: access)
        let mask = try FieldMask.optional(request.mask, present: request.hasMask)
        return try written(key, in: database, at: result.commitTime, mask: mask)
    }

    /// DeleteDocument: deletes a document (succeeds when it is already missing, unless a precondition says otherwise).
    func deleteDocument(_ request: Google_Firestore_V1_DeleteDocumentRequest, access: AccessContext) async throws(FirestoreError) {
        let (database, key) = try ResourceName.document(request.name)
        let precondition = request.hasCurrentDocument ? try ProtoWrite.precondition(request.currentDocument) : .none
        try await engine.commit([Write.delete(key, precondition: precondition)], in: database, access: access)
    }

    /// The document as the commit at `time` left it (read back for CreateDocument / UpdateDocument).
    private func written(_ key: DocumentKey, in database: DatabaseID, at time: Timestamp, mask: FieldMask?) throws(FirestoreError) -> Google_Firestore_V1_Document {
        let state = try engine.getDocuments([key], in: database, consistency: .readTime(time))[0].document
        guard let state else { return ProtoDocument.nameOnly(key, in: database) }
        return ProtoDocument.proto(state, in: database, mask: mask)
    }
}
