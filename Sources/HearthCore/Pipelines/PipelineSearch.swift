import Foundation

/// A `search` stage: the rows whose `query` is true (full text with `document_matches`, places
/// with `geo_distance`), each scored (`score()`), with `addFields` added, ordered by `sort`
/// (by score, highest first, when none is given), then `offset` and `limit`. At most
/// `retrievalDepth` matches, the best scored, are considered. It must come right after the source.
package struct PipelineSearch: Sendable, Equatable {
    /// The condition each row must meet.
    package var query: PipelineExpression
    /// How the matches are ordered; empty: by score, highest first.
    package var sort: [PipelineOrdering]
    /// Fields added to each match (they may use `score()`).
    package var addFields: [String: PipelineExpression]
    /// How many rows at most; nil for all.
    package var limit: Int?
    /// How many rows are skipped after sorting.
    package var offset: Int
    /// How many of the best-scored matches are considered at most; nil for all.
    package var retrievalDepth: Int?
    /// The language of the query's text (BCP-47); Hearth's word rules are the same for every language.
    package var languageCode: String?

    /// A search stage.
    package init(
        query: PipelineExpression, sort: [PipelineOrdering] = [], addFields: [String: PipelineExpression] = [:],
        limit: Int? = nil, offset: Int = 0, retrievalDepth: Int? = nil, languageCode: String? = nil
    ) {
        self.query = query
        self.sort = sort
        self.addFields = addFields
        self.limit = limit
        self.offset = offset
        self.retrievalDepth = retrievalDepth
        self.languageCode = languageCode
    }

    /// The functions only a search stage may use.
    static let functions: Set<String> = ["document_matches", "score", "geo_distance"]

    /// The error of a search stage anywhere but right after the source.
    static let misplacedMessage = "The search stage must be the first stage of a pipeline, right after its source."
}

/// What expressions see inside a search stage: the row's words and its score.
package struct PipelineSearchScope: Sendable {
    /// The parsed queries of the stage's `document_matches` calls, by their text.
    let queries: [String: SearchText.Query]
    /// The row's words.
    let document: SearchDocument
    /// The row's score (0 while the query itself is evaluated).
    var score: Double
}

extension PipelineStages {
    /// The rows a search stage keeps of `rows`, scored, extended and ordered.
    /// - Throws: `INVALID_ARGUMENT` for a `document_matches` query with no words, or an added
    ///   field or sort key whose expression fails.
    func search(_ stage: PipelineSearch, _ rows: [PipelineRow]) throws(FirestoreError) -> [PipelineRow] {
        var texts: [String] = []
        stage.query.collectMatchTexts(into: &texts)
        var queries: [String: SearchText.Query] = [:]
        var scored: [SearchText.Query] = []
        for text in texts where queries[text] == nil {
            let query = try SearchText.parse(text)
            queries[text] = query
            scored.append(query)
        }
        var matches: [(row: PipelineRow, score: Double, keys: [Value?], position: Int)] = []
        for (position, row) in rows.enumerated() {
            let document = SearchDocument(row.fields)
            var scope = PipelineSearchScope(queries: queries, document: document, score: 0)
            var scoped = evaluator
            scoped.search = scope
            guard try scoped.evaluate(stage.query, row).isTrue else { continue }
            scope.score = SearchText.score(scored, document)
            scoped.search = scope
            let inner = PipelineStages(evaluator: scoped)
            var extended = row
            for (name, value) in try inner.project(stage.addFields, row) { Self.place(value, named: name, in: &extended.fields) }
            var keys: [Value?] = []
            for ordering in stage.sort {
                switch try scoped.evaluate(ordering.expression, extended) {
                case .value(let value): keys.append(value)
                case .absent: keys.append(nil)
                case .error(let reason): throw FirestoreError(.invalidArgument, "Evaluating a search sort key failed: \(reason)")
                }
            }
            matches.append((extended, scope.score, keys, position))
        }
        matches.sort { $0.score != $1.score ? $0.score > $1.score : $0.position < $1.position }
        if let depth = stage.retrievalDepth, matches.count > depth { matches.removeLast(matches.count - depth) }
        if !stage.sort.isEmpty {
            matches.sort { left, right in
                for (index, ordering) in stage.sort.enumerated() {
                    let order = Self.compare(left.keys[index], right.keys[index])
                    if order != 0 { return ordering.descending ? order > 0 : order < 0 }
                }
                return left.position < right.position
            }
        }
        let kept = matches.dropFirst(stage.offset)
        return kept.prefix(stage.limit ?? kept.count).map(\.row)
    }
}

extension PipelineEvaluator {
    /// `document_matches(query)`, `score()` and `geo_distance(a, b)` (in metres, on a sphere of
    /// the Earth's mean radius), which only a search stage may use.
    /// - Throws: `INVALID_ARGUMENT` outside a search stage, or for a query that is not a string.
    func searchFunction(_ name: String, _ arguments: [PipelineExpression], _ row: PipelineRow) throws(FirestoreError) -> PipelineOutcome {
        guard let search else {
            throw FirestoreError(.invalidArgument, "\(name)() can only be used inside a search stage.")
        }
        switch name {
        case "document_matches":
            let values = try self.arguments(arguments, row, of: name, count: 1...1)
            guard case .value(.string(let text)) = values[0] else {
                throw FirestoreError(.invalidArgument, "document_matches takes a query string.")
            }
            let query: SearchText.Query
            if let parsed = search.queries[text] { query = parsed } else { query = try SearchText.parse(text) }
            return .value(.boolean(SearchText.matches(query, search.document)))
        case "score":
            _ = try self.arguments(arguments, row, of: name, count: 0...0)
            return .value(.double(search.score))
        default:
            let values = try self.arguments(arguments, row, of: name, count: 2...2)
            if let decided = PipelineFunctions.strict(values) { return decided }
            guard case .value(.geoPoint(let from)) = values[0], case .value(.geoPoint(let to)) = values[1] else {
                return .error("Function geo_distance takes two geo points.")
            }
            return .value(.double(Self.metres(from, to)))
        }
    }

    /// The great-circle distance between two points, in metres (haversine).
    static func metres(_ from: GeoPoint, _ to: GeoPoint) -> Double {
        let radius = 6_371_008.8
        let radians = Double.pi / 180
        let dLatitude = (to.latitude - from.latitude) * radians
        let dLongitude = (to.longitude - from.longitude) * radians
        let a = sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(from.latitude * radians) * cos(to.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * radius * asin(min(1, a.squareRoot()))
    }
}

extension PipelineExpression {
    /// The texts of the `document_matches` calls within, in order.
    func collectMatchTexts(into texts: inout [String]) {
        switch self {
        case .function("document_matches", let arguments):
            if case .constant(.string(let text))? = arguments.first { texts.append(text) }
        case .function(_, let arguments), .array(let arguments):
            for argument in arguments { argument.collectMatchTexts(into: &texts) }
        case .map(let members):
            for key in members.keys.sorted() { members[key]?.collectMatchTexts(into: &texts) }
        case .field, .constant, .variable, .pipeline:
            break
        }
    }
}
