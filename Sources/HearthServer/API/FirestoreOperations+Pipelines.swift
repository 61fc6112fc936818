import FirestoreWire
import HearthCore
import SwiftProtobuf

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
        let explain = try PipelineExplainOptions(structured.options)
        let pipeline = try ProtoPipeline.pipeline(structured.pipeline)
        let read = try resolve(request.selector, in: database)
        let execution = try await engine.executePipelineReporting(
            pipeline, in: database, consistency: read.consistency, access: access, autoCommit: request.autoCommitTransaction)
        let rows = execution.rows
        usage?.queried(rows.compactMap(\.key), database: database, collection: .root)
        var responses: [Google_Firestore_V1_ExecutePipelineResponse] = []
        var start = 0
        repeat {
            var response = Google_Firestore_V1_ExecutePipelineResponse()
            if start == 0, let transaction = read.newTransaction { response.transaction = ProtoTransaction.bytes(transaction) }
            let end = min(rows.count, start + Self.pipelineResultsPerResponse)
            response.results = rows[start..<end].map { ProtoPipeline.proto($0, in: database) }
            response.executionTime = (execution.commitTime ?? read.readTime).proto
            responses.append(response)
            start = end
        } while start < rows.count
        if let explain, let last = responses.indices.last {
            responses[last].explainStats = try explain.stats(execution.report)
        }
        return responses
    }
}

/// A pipeline request's `explain_options` (`{mode: "analyze", output_format: "text" | "json"}`).
struct PipelineExplainOptions {
    /// `text` (the default) or `json`.
    let json: Bool

    /// The explain options among a request's pipeline `options`, nil when it has none.
    /// - Throws: `INVALID_ARGUMENT` for another option, a mode other than `analyze` or an
    ///   unknown output format.
    init?(_ options: [String: Google_Firestore_V1_Value]) throws(FirestoreError) {
        if let other = options.keys.sorted().first(where: { $0 != "explain_options" }) {
            throw FirestoreError(.invalidArgument, "Unknown pipeline option: \(other).")
        }
        guard let value = options["explain_options"] else { return nil }
        guard case .mapValue(let map)? = value.valueType else {
            throw FirestoreError(.invalidArgument, "explain_options must be a map.")
        }
        for name in map.fields.keys where name != "mode" && name != "output_format" {
            throw FirestoreError(.invalidArgument, "Unknown explain option: \(name).")
        }
        if let mode = map.fields["mode"] {
            guard case .stringValue("analyze")? = mode.valueType else {
                throw FirestoreError(.invalidArgument, "Hearth's pipeline explain supports only mode \"analyze\".")
            }
        }
        switch map.fields["output_format"]?.valueType {
        case nil, .stringValue("text")?: json = false
        case .stringValue("json")?: json = true
        default: throw FirestoreError(.invalidArgument, "explain_options output_format must be \"text\" or \"json\".")
        }
    }

    /// The `explain_stats` of a run: its report as a `google.protobuf.StringValue` in an `Any`.
    func stats(_ report: PipelineReport) throws(FirestoreError) -> Google_Firestore_V1_ExplainStats {
        var stats = Google_Firestore_V1_ExplainStats()
        let text = Google_Protobuf_StringValue(json ? report.json : report.text)
        do {
            stats.data = try Google_Protobuf_Any(message: text)
        } catch {
            throw FirestoreError(.internal, "Could not encode the explain stats.")
        }
        return stats
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
