package import HearthCore
import SwiftProtobuf

/// Query Explain on the wire: the request's options in, the report out (`ExplainMetrics`, whose
/// `indexes_used` entries and `debug_stats` are `google.protobuf.Struct`s; production writes the
/// debug counts as strings, and so does Hearth).
package enum ProtoExplain {
    /// The core options of a request's `explain_options`; nil when the request has none.
    package static func options(_ proto: Google_Firestore_V1_ExplainOptions, present: Bool) -> ExplainOptions? {
        present ? ExplainOptions(analyze: proto.analyze) : nil
    }

    /// The wire form of a report.
    package static func proto(_ metrics: ExplainMetrics) -> Google_Firestore_V1_ExplainMetrics {
        var proto = Google_Firestore_V1_ExplainMetrics()
        proto.planSummary.indexesUsed = metrics.planSummary.indexesUsed.map { index in
            Google_Protobuf_Struct(fields: [
                "query_scope": Google_Protobuf_Value(stringValue: index.queryScope),
                "properties": Google_Protobuf_Value(stringValue: index.properties),
            ])
        }
        if let stats = metrics.executionStats {
            var execution = Google_Firestore_V1_ExecutionStats()
            execution.resultsReturned = Int64(stats.resultsReturned)
            execution.readOperations = Int64(stats.readOperations)
            execution.executionDuration = duration(stats.executionDuration)
            execution.debugStats = debugStats(stats.debugStats)
            proto.executionStats = execution
        }
        return proto
    }

    private static func debugStats(_ stats: DebugStats) -> Google_Protobuf_Struct {
        let billing = stats.billingDetails
        return Google_Protobuf_Struct(fields: [
            "index_entries_scanned": count(stats.indexEntriesScanned),
            "documents_scanned": count(stats.documentsScanned),
            "billing_details": Google_Protobuf_Value(structValue: Google_Protobuf_Struct(fields: [
                "documents_billable": count(billing.documentsBillable),
                "index_entries_billable": count(billing.indexEntriesBillable),
                "small_ops": count(billing.smallOps),
                "min_query_cost": count(billing.minQueryCost),
            ])),
        ])
    }

    /// A count as production writes it in a Struct: a decimal string.
    private static func count(_ value: Int) -> Google_Protobuf_Value { Google_Protobuf_Value(stringValue: String(value)) }

    private static func duration(_ value: Duration) -> Google_Protobuf_Duration {
        let (seconds, attoseconds) = value.components
        return Google_Protobuf_Duration(seconds: seconds, nanos: Int32(attoseconds / 1_000_000_000))
    }
}
