package import HearthCore

/// Builds the core `Pipeline` from the wire's stages and expressions, and the wire form of its rows.
package enum ProtoPipeline {
    /// Stages Firestore has that Hearth does not run yet (UNIMPLEMENTED, not "unknown").
    static let missingStages: Set<String> = [
        "insert", "upsert",
    ]

    /// The pipeline a request carries.
    /// - Throws: `INVALID_ARGUMENT` for a malformed stage or expression, `UNIMPLEMENTED` for a
    ///   stage Hearth does not have yet.
    package static func pipeline(_ proto: Google_Firestore_V1_Pipeline) throws(FirestoreError) -> Pipeline {
        var stages: [PipelineStage] = []
        for stage in proto.stages { stages.append(try self.stage(stage)) }
        return Pipeline(stages: stages)
    }

    /// One stage.
    static func stage(_ proto: Google_Firestore_V1_Pipeline.Stage) throws(FirestoreError) -> PipelineStage {
        let args = proto.args
        func arg(_ index: Int) throws(FirestoreError) -> Google_Firestore_V1_Value {
            guard index < args.count else {
                throw FirestoreError(.invalidArgument, "Stage \(proto.name) needs \(index + 1) argument\(index == 0 ? "" : "s").")
            }
            return args[index]
        }
        switch proto.name {
        case "collection": return .collection(try path(try arg(0), stage: proto.name))
        case "collection_group":
            guard case .stringValue(let id)? = try arg(1).valueType, !id.isEmpty else {
                throw FirestoreError(.invalidArgument, "collection_group needs a collection id.")
            }
            return .collectionGroup(parent: try path(try arg(0), stage: proto.name), collectionID: id)
        case "database": return .database
        case "documents":
            var keys: [DocumentKey] = []
            for value in args { keys.append(try DocumentKey(path: try path(value, stage: proto.name))) }
            return .documents(keys)
        case "literals": return .literals(try args.map { value throws(FirestoreError) in try namedExpressions(value, in: proto.name) })
        case "where": return .where(try expression(try arg(0)))
        case "select": return .select(try namedExpressions(try arg(0), in: proto.name))
        case "add_fields": return .addFields(try namedExpressions(try arg(0), in: proto.name))
        case "remove_fields":
            return .removeFields(try args.map { value throws(FirestoreError) in
                guard case .fieldReferenceValue(let name)? = value.valueType else {
                    throw FirestoreError(.invalidArgument, "remove_fields takes field references.")
                }
                return try FieldPath(serverFormat: name)
            })
        case "sort": return .sort(try args.map(ordering))
        case "offset": return .offset(try count(try arg(0), stage: proto.name))
        case "limit": return .limit(try count(try arg(0), stage: proto.name))
        case "aggregate":
            let accumulators = try namedValues(try arg(0), in: proto.name)
            var aggregates: [String: PipelineAggregate] = [:]
            for (name, value) in accumulators { aggregates[name] = try aggregate(value) }
            let groups = args.count > 1 ? try namedExpressions(args[1], in: proto.name) : [:]
            return .aggregate(accumulators: aggregates, groups: groups)
        case "distinct": return .distinct(try namedExpressions(try arg(0), in: proto.name))
        case "replace_with": return .replaceWith(try expression(try arg(0)))
        case "unnest":
            // The array as an expression and the alias as a field; or, as the Python client sends
            // an aliased expression, a one-entry map {alias: expression} (in either argument).
            var unnested = try arg(0)
            var aliasName: String?
            if case .mapValue(let map)? = unnested.valueType, map.fields.count == 1, let (name, inner) = map.fields.first {
                (aliasName, unnested) = (name, inner)
            }
            switch try arg(1).valueType {
            case .fieldReferenceValue(let name)?: aliasName = name
            case .mapValue(let map)? where map.fields.count == 1: aliasName = aliasName ?? map.fields.keys.first
            default: break
            }
            guard let alias = aliasName else {
                throw FirestoreError(.invalidArgument, "unnest needs an alias field.")
            }
            var indexField: String?
            if let index = proto.options["index_field"] {
                guard case .fieldReferenceValue(let name)? = index.valueType else {
                    throw FirestoreError(.invalidArgument, "unnest's index_field must be a field.")
                }
                indexField = name
            }
            return .unnest(try expression(unnested), alias: alias, indexField: indexField)
        case "union":
            guard case .pipelineValue(let other)? = try arg(0).valueType else {
                throw FirestoreError(.invalidArgument, "union needs a pipeline.")
            }
            return .union(try pipeline(other))
        case "find_nearest": return .findNearest(try nearest(proto))
        case "search": return .search(try search(proto))
        case "sample":
            guard case .stringValue(let mode)? = try arg(1).valueType else {
                throw FirestoreError(.invalidArgument, "sample needs a mode, \"documents\" or \"percent\".")
            }
            switch (mode, try arg(0).valueType) {
            case ("documents", .integerValue(let count)?) where count >= 0: return .sample(.documents(Int(count)))
            case ("percent", .doubleValue(let share)?) where (0...1).contains(share): return .sample(.percent(share))
            case ("percent", .integerValue(let share)?) where (0...1).contains(share): return .sample(.percent(Double(share)))
            default: throw FirestoreError(.invalidArgument, "sample takes a non-negative document count or a share between 0 and 1.")
            }
        case "let", "define": return .define(try namedExpressions(try arg(0), in: proto.name))
        case "subcollection":
            guard case .stringValue(let path)? = try arg(0).valueType, !path.isEmpty else {
                throw FirestoreError(.invalidArgument, "subcollection needs a relative collection path.")
            }
            return .subcollection(path)
        case "update":
            return .update(args.isEmpty ? [:] : try namedExpressions(try arg(0), in: proto.name))
        case "delete":
            guard args.isEmpty else { throw FirestoreError(.invalidArgument, "delete takes no arguments.") }
            return .delete
        default:
            if missingStages.contains(proto.name) {
                throw FirestoreError(.unimplemented, "Hearth does not implement the pipeline stage \(proto.name) yet.")
            }
            throw FirestoreError(.invalidArgument, "Unknown pipeline stage: \(proto.name).")
        }
    }

    /// A `find_nearest` stage's arguments (field, vector, measure) and options (limit, distance_field).
    static func nearest(_ proto: Google_Firestore_V1_Pipeline.Stage) throws(FirestoreError) -> PipelineNearest {
        guard proto.args.count == 3 else { throw FirestoreError(.invalidArgument, "find_nearest takes a field, a vector and a measure.") }
        let field = try expression(proto.args[0])
        guard let vector = VectorSearch.elements(of: try ProtoValue.value(proto.args[1])), !vector.isEmpty else {
            throw FirestoreError(.invalidArgument, "find_nearest needs a non-empty vector.")
        }
        let measure: VectorSearch.Measure
        switch proto.args[2].valueType {
        case .stringValue("euclidean")?: measure = .euclidean
        case .stringValue("cosine")?: measure = .cosine
        case .stringValue("dot_product")?: measure = .dotProduct
        default: throw FirestoreError(.invalidArgument, "find_nearest's measure must be euclidean, cosine or dot_product.")
        }
        var limit: Int?
        if let value = proto.options["limit"] {
            guard case .integerValue(let count)? = value.valueType, count > 0 else {
                throw FirestoreError(.invalidArgument, "find_nearest's limit must be a positive integer.")
            }
            limit = Int(count)
        }
        var distanceField: FieldPath?
        if let value = proto.options["distance_field"] {
            guard case .fieldReferenceValue(let name)? = value.valueType else {
                throw FirestoreError(.invalidArgument, "find_nearest's distance_field must be a field.")
            }
            distanceField = try FieldPath(serverFormat: name)
        }
        return PipelineNearest(field: field, vector: vector, measure: measure, limit: limit, distanceField: distanceField)
    }

    /// A `search` stage's options: `query` (an expression; a string is a `document_matches`
    /// query), `sort`, `add_fields`, `limit`, `offset`, `retrieval_depth`, `language_code`.
    static func search(_ proto: Google_Firestore_V1_Pipeline.Stage) throws(FirestoreError) -> PipelineSearch {
        guard proto.args.isEmpty else { throw FirestoreError(.invalidArgument, "search takes options, not arguments.") }
        let known: Set<String> = ["query", "sort", "add_fields", "limit", "offset", "retrieval_depth", "language_code"]
        if let unknown = proto.options.keys.sorted().first(where: { !known.contains($0) }) {
            throw FirestoreError(.invalidArgument, "Unknown search option: \(unknown).")
        }
        guard let given = proto.options["query"] else { throw FirestoreError(.invalidArgument, "search needs a query.") }
        var query = try expression(given)
        if case .constant(.string(let text)) = query { query = .function("document_matches", [.constant(.string(text))]) }
        var search = PipelineSearch(query: query)
        if let sort = proto.options["sort"] {
            guard case .arrayValue(let orderings)? = sort.valueType else {
                throw FirestoreError(.invalidArgument, "search's sort takes an array of orderings.")
            }
            search.sort = try orderings.values.map(ordering)
        }
        if let added = proto.options["add_fields"] { search.addFields = try namedExpressions(added, in: "search") }
        func positive(_ name: String) throws(FirestoreError) -> Int? {
            guard let value = proto.options[name] else { return nil }
            guard case .integerValue(let number)? = value.valueType, number >= 0 else {
                throw FirestoreError(.invalidArgument, "search's \(name) must be a non-negative integer.")
            }
            return Int(clamping: number)
        }
        search.limit = try positive("limit")
        search.offset = try positive("offset") ?? 0
        search.retrievalDepth = try positive("retrieval_depth")
        if let language = proto.options["language_code"] {
            guard case .stringValue(let code)? = language.valueType else {
                throw FirestoreError(.invalidArgument, "search's language_code must be a string.")
            }
            search.languageCode = code
        }
        return search
    }

    /// An expression.
    package static func expression(_ proto: Google_Firestore_V1_Value) throws(FirestoreError) -> PipelineExpression {
        switch proto.valueType {
        case .fieldReferenceValue(let name): return .field(try FieldPath(serverFormat: name))
        case .functionValue(let function):
            return .function(function.name, try function.args.map(expression))
        case .mapValue(let map):
            var members: [String: PipelineExpression] = [:]
            for (name, value) in map.fields { members[name] = try expression(value) }
            return .map(members)
        case .arrayValue(let array): return .array(try array.values.map(expression))
        case .variableReferenceValue(let name): return .variable(name)
        case .pipelineValue(let inner): return .pipeline(try pipeline(inner))
        default: return .constant(try ProtoValue.value(proto))
        }
    }

    /// A map argument's entries as expressions (select, add_fields, groups, literals).
    static func namedExpressions(_ proto: Google_Firestore_V1_Value, in stage: String) throws(FirestoreError) -> [String: PipelineExpression] {
        var result: [String: PipelineExpression] = [:]
        for (name, value) in try namedValues(proto, in: stage) { result[name] = try expression(value) }
        return result
    }

    /// A map argument's entries.
    static func namedValues(_ proto: Google_Firestore_V1_Value, in stage: String) throws(FirestoreError) -> [String: Google_Firestore_V1_Value] {
        guard case .mapValue(let map)? = proto.valueType else {
            throw FirestoreError(.invalidArgument, "Stage \(stage) takes a map of names to expressions.")
        }
        return map.fields
    }

    /// An aggregate of the `aggregate` stage.
    static func aggregate(_ proto: Google_Firestore_V1_Value) throws(FirestoreError) -> PipelineAggregate {
        guard case .functionValue(let function)? = proto.valueType else {
            throw FirestoreError(.invalidArgument, "aggregate takes aggregate functions.")
        }
        guard PipelineAggregate.names.contains(function.name) else {
            throw FirestoreError(.invalidArgument, "Unknown aggregate function: \(function.name).")
        }
        guard function.args.count <= 1, function.name == "count" || function.args.count == 1 else {
            throw FirestoreError(.invalidArgument, "Aggregate \(function.name) takes one argument.")
        }
        return PipelineAggregate(name: function.name, argument: try function.args.first.map(expression))
    }

    /// One key of a `sort` stage: `{expression, direction}`.
    static func ordering(_ proto: Google_Firestore_V1_Value) throws(FirestoreError) -> PipelineOrdering {
        let fields = try namedValues(proto, in: "sort")
        guard let expression = fields["expression"] else { throw FirestoreError(.invalidArgument, "sort needs an expression.") }
        let direction: String
        switch fields["direction"]?.valueType {
        case .stringValue(let text)?: direction = text
        case nil: direction = "ascending"
        default: throw FirestoreError(.invalidArgument, "sort's direction must be ascending or descending.")
        }
        guard direction == "ascending" || direction == "descending" else {
            throw FirestoreError(.invalidArgument, "sort's direction must be ascending or descending, not \(direction).")
        }
        return PipelineOrdering(expression: try self.expression(expression), descending: direction == "descending")
    }

    /// A count argument (limit, offset): a non-negative integer.
    static func count(_ proto: Google_Firestore_V1_Value, stage: String) throws(FirestoreError) -> Int {
        guard case .integerValue(let number)? = proto.valueType, number >= 0 else {
            throw FirestoreError(.invalidArgument, "Stage \(stage) takes a non-negative integer.")
        }
        return Int(clamping: number)
    }

    /// A path argument: a reference value, relative ("/cities") or a full resource name; "" is the root.
    static func path(_ proto: Google_Firestore_V1_Value, stage: String) throws(FirestoreError) -> ResourcePath {
        guard case .referenceValue(var text)? = proto.valueType else {
            throw FirestoreError(.invalidArgument, "Stage \(stage) takes a reference path.")
        }
        if text.hasPrefix("projects/") {
            let segments = text.split(separator: "/", omittingEmptySubsequences: false)
            guard segments.count >= 5, segments[4] == "documents" else {
                throw FirestoreError(.invalidArgument, "Stage \(stage) takes a path under .../documents, not \"\(text)\".")
            }
            text = segments.dropFirst(5).joined(separator: "/")
        }
        while text.hasPrefix("/") { text.removeFirst() }
        return text.isEmpty ? .root : try ResourcePath(validating: text)
    }

    /// The wire form of a result row: a document (name and times) while it is one.
    package static func proto(_ row: PipelineRow, in database: DatabaseID) -> Google_Firestore_V1_Document {
        var document = Google_Firestore_V1_Document()
        if let key = row.key { document.name = DocumentReferenceValue(database: database, key: key).resourceName }
        document.fields = row.fields.mapValues(ProtoValue.proto)
        if let time = row.createTime { document.createTime = time.proto }
        if let time = row.updateTime { document.updateTime = time.proto }
        return document
    }
}
