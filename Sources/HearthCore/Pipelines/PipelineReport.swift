import Foundation

/// What running a pipeline did, for its `explain_stats`: how each part ran (an index-served
/// query, a walk over stored records, a whole read, stages in memory, a commit), how many
/// documents it read, how many results it gave and how long it took.
package struct PipelineReport: Sendable, Equatable {
    /// One part of the run.
    package struct Step: Sendable, Equatable {
        /// The stages this part stands for, by wire name (`collection`, `where`, …).
        package var stages: [String]
        /// How they ran.
        package var execution: String
        /// The indexes read, as production prints them (`(price ASC, __name__ ASC)`); empty when none.
        package var indexes: [String]

        /// A part of the run.
        package init(stages: [String], execution: String, indexes: [String] = []) {
            self.stages = stages
            self.execution = execution
            self.indexes = indexes
        }
    }

    /// The parts, in the order they ran (a union's inner pipeline follows its own steps).
    package var steps: [Step] = []
    /// Documents read from storage.
    package var documentsRead = 0
    /// Rows the pipeline gave.
    package var resultsReturned = 0
    /// Documents a DML stage wrote.
    package var documentsWritten = 0
    /// How long the run took.
    package var duration: Duration = .zero

    /// An empty report.
    package init() {}

    /// The report as text (`output_format` `text`, the default): one line per step, then the totals.
    package var text: String {
        var lines = ["Execution:"]
        for (index, step) in steps.enumerated() {
            var line = "  \(index + 1). \(step.stages.joined(separator: ", ")): \(step.execution)"
            if !step.indexes.isEmpty { line += " using \(step.indexes.joined(separator: ", "))" }
            lines.append(line)
        }
        lines.append("Documents read: \(documentsRead)")
        if documentsWritten > 0 { lines.append("Documents written: \(documentsWritten)") }
        lines.append("Results returned: \(resultsReturned)")
        lines.append("Execution duration: \(Self.milliseconds(duration)) ms")
        return lines.joined(separator: "\n")
    }

    /// The report as JSON (`output_format` `json`): `steps`, `documents_read`, `results_returned`,
    /// `documents_written`, `execution_duration_ms`.
    package var json: String {
        let object: [String: Any] = [
            "steps": steps.map { step in
                ["stages": step.stages, "execution": step.execution, "indexes": step.indexes] as [String: Any]
            },
            "documents_read": documentsRead,
            "results_returned": resultsReturned,
            "documents_written": documentsWritten,
            "execution_duration_ms": Self.milliseconds(duration),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `duration` in milliseconds, to the microsecond.
    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return (Double(seconds) * 1_000_000 + Double(attoseconds / 1_000_000_000_000)).rounded() / 1_000
    }
}

/// A pipeline's results and what running it did.
package struct PipelineExecution: Sendable {
    /// The rows, in order.
    package var rows: [PipelineRow]
    /// What ran.
    package var report: PipelineReport
    /// When a DML stage committed, the commit's time.
    package var commitTime: Timestamp?
}

extension PipelineStage {
    /// The stage's wire name.
    package var wireName: String {
        switch self {
        case .collection: "collection"
        case .collectionGroup: "collection_group"
        case .database: "database"
        case .documents: "documents"
        case .literals: "literals"
        case .where: "where"
        case .select: "select"
        case .addFields: "add_fields"
        case .removeFields: "remove_fields"
        case .sort: "sort"
        case .offset: "offset"
        case .limit: "limit"
        case .aggregate: "aggregate"
        case .distinct: "distinct"
        case .replaceWith: "replace_with"
        case .unnest: "unnest"
        case .union: "union"
        case .findNearest: "find_nearest"
        case .sample: "sample"
        case .search: "search"
        case .define: "let"
        case .subcollection: "subcollection"
        case .update: "update"
        case .delete: "delete"
        }
    }

    /// The error of a DML stage anywhere but last.
    static let misplacedWriteMessage = "DML stages (update, delete) must come at the end of the pipeline."
}

extension PipelineReport {
    /// Notes a classic query run for `stages`: its plan's indexes and what it read.
    mutating func note(_ explanation: QueryExplanation, stages: [String]) {
        let indexes = explanation.plan.indexesRead.map(\.properties)
        documentsRead += explanation.stats.documentsScanned
        steps.append(Step(
            stages: stages, execution: indexes.isEmpty ? "scan of the collection's documents" : "index scan", indexes: indexes))
    }
}
