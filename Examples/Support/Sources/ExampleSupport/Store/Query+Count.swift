import Foundation
public import Hearth

extension Query {
    /// The number of documents the query matches, by a server-side count aggregation.
    public func documentCount() async throws -> Int {
        try await count.getAggregation(source: .server).count.intValue
    }
}
