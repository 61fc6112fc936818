import FirestoreWire
import HearthCore

extension FirestoreOperations {
    /// Results per response message: a large result streams in several.
    static let pipelineResultsPerResponse = 100

    /// ExecutePipeline: runs the request's pipeline on an Enterprise-edition database, inside its
    /// transaction or at its read time when it names one.
    /// - Throws: `INVALID_ARGUMENT` on a Standard-edition database or for a malformed pipeline,
    ///   `PERMISSION_DENIED` when the rules refuse the source's read, `UNIMPLEMENTED` for a stage,
    ///   function or option Hearth does not have.
    func executePipeline(
        _ request: Google_Firestore_V1_ExecutePipelineRequest, access: AccessContext
    ) async throws(FirestoreError) -> [Google_Firestore_V1_ExecutePipelineResponse] {
        let database = try ResourceName.database(request.database)
        guard case .structuredPipeline(let structured)? = request.pipelineType else {
            throw FirestoreError(.invalidArgument, "ExecutePipeline needs a structured_pipeline.")
        }
        if let option = structured.options.keys.sorted().first {
            throw FirestoreError(.unimplemented, "Hearth does not implement the pipeline option \(option) yet.")
        }
        guard !request.autoCommitTransaction else {
            throw FirestoreError(.unimplemented, "Hearth does not implement pipeline writes (auto_commit_transaction) yet.")
        }
        let pipeline = try ProtoPipeline.pipeline(structured.pipeline)
        let read = try resolve(request.selector, in: database)
        let rows = try await engine.executePipeline(pipeline, in: database, consistency: read.consistency, access: access)
        usage?.queried(rows.compactMap(\.key), database: database, collection: .root)
        var responses: [Google_Firestore_V1_ExecutePipelineResponse] = []
        var start = 0
        repeat {
            var response = Google_Firestore_V1_ExecutePipelineResponse()
            if start == 0, let transaction = read.newTransaction { response.transaction = ProtoTransaction.bytes(transaction) }
            let end = min(rows.count, start + Self.pipelineResultsPerResponse)
            response.results = rows[start..<end].map { ProtoPipeline.proto($0, in: database) }
            response.executionTime = read.readTime.proto
            responses.append(response)
            start = end
        } while start < rows.count
        return responses
    }
}

extension Google_Firestore_V1_ExecutePipelineRequest {
    /// This request's read selector.
    var selector: ReadSelector {
        switch consistencySelector {
        case .transaction(let id): .transaction(id)
        case .newTransaction(let options): .newTransaction(options)
        case .readTime(let time): .readTime(time)
        case nil: .strong
        }
    }
}
