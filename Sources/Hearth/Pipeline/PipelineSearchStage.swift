internal import HearthCore

extension FunctionExpression {
    /// A full-text match of the document against `query` (words, `OR`, `-word`, `"phrase"`),
    /// for a search stage's query, as the SDKs' `DocumentMatches`.
    public static func documentMatches(_ query: String) -> BooleanExpression {
        FunctionExpression("document_matches", [Constant(query)])
    }

    /// The row's search score: higher for documents holding the query's words more often (0 with
    /// no text query); for a search stage's sort and added fields.
    public static func score() -> FunctionExpression { FunctionExpression("score", []) }
}

extension Pipeline {
    /// Full-text and geographic search: the rows whose `query` is true, ordered by `sort`
    /// (highest score first when empty), with `addFields`, then `offset` and `limit`; at most
    /// `retrievalDepth` best-scored matches are considered. Must come right after the source.
    public func search(
        query: BooleanExpression, sort: [Ordering] = [], addFields: [AliasedExpression] = [], limit: Int? = nil,
        offset: Int = 0, retrievalDepth: Int? = nil, languageCode: String? = nil
    ) -> Pipeline {
        adding { () throws(FirestoreError) in
            for count in [limit, offset, retrievalDepth].compactMap({ $0 }) where count < 0 {
                throw FirestoreError(.invalidArgument, "search() takes non-negative counts, not \(count).")
            }
            var keys: [PipelineOrdering] = []
            for ordering in sort {
                keys.append(PipelineOrdering(expression: try PipelineNodes.node(ordering.expression), descending: ordering.descending))
            }
            return .search(PipelineSearch(
                query: try PipelineNodes.node(query), sort: keys, addFields: try PipelineNodes.named(addFields), limit: limit,
                offset: offset, retrievalDepth: retrievalDepth, languageCode: languageCode))
        }
    }

    /// `search(query:)` with a text query (`documentMatches(text)`).
    public func search(_ text: String) -> Pipeline { search(query: .documentMatches(text)) }
}
