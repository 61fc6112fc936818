internal import HearthCore

extension Firestore {
    /// Starts a pipeline on this database (Enterprise edition: see `enableEnterpriseEdition()`).
    public func pipeline() -> PipelineSource { PipelineSource(firestore: self) }

    /// Makes this database Enterprise edition, which runs pipelines; stored in the data directory.
    public func enableEnterpriseEdition() async throws(FirestoreError) {
        try await openEngine().setEdition(.enterprise, project: databaseID.project, database: databaseID.database)
    }
}

/// Where a pipeline reads from (the SDKs' `PipelineSource`).
public struct PipelineSource: Sendable {
    let firestore: Firestore

    /// Every document of the collection at `path`.
    public func collection(_ path: String) -> Pipeline { start { () throws(FirestoreError) in
        .collection(try ResourcePath(validating: path))
    } }

    /// Every document of every collection with id `collectionID`.
    public func collectionGroup(_ collectionID: String) -> Pipeline { start { .collectionGroup(parent: .root, collectionID: collectionID) } }

    /// Every document of the database.
    public func database() -> Pipeline { start { .database } }

    /// These documents, in this order (missing ones give no result).
    public func documents(_ references: [DocumentReference]) -> Pipeline {
        start { () throws(FirestoreError) in
            var keys: [DocumentKey] = []
            for reference in references { keys.append(try DocumentKey(validating: reference.path)) }
            return .documents(keys)
        }
    }

    /// A subquery's source: the sub-collection `path` under each outer row's document (use it
    /// through `toArrayExpression()` or `toScalarExpression()`; it does not run on its own).
    public func subcollection(_ path: String) -> Pipeline { start { .subcollection(path) } }

    private func start(_ source: @escaping @Sendable () throws(FirestoreError) -> PipelineStage) -> Pipeline {
        Pipeline(firestore: firestore, stages: [source])
    }
}

/// A pipeline query (the SDKs' `Pipeline`): stages run in order by `execute()`. Each method
/// returns a new pipeline; a bad argument fails `execute()` with `INVALID_ARGUMENT`.
public struct Pipeline: Sendable {
    let firestore: Firestore
    let stages: [@Sendable () throws(FirestoreError) -> PipelineStage]

    func adding(_ stage: @escaping @Sendable () throws(FirestoreError) -> PipelineStage) -> Pipeline {
        Pipeline(firestore: firestore, stages: stages + [stage])
    }

    /// Keeps the rows whose condition is true.
    public func `where`(_ condition: BooleanExpression) -> Pipeline {
        adding { () throws(FirestoreError) in .where(try PipelineNodes.node(condition)) }
    }

    /// Replaces each row by these fields and named expressions.
    public func select(_ selections: [any Selectable]) -> Pipeline {
        adding { () throws(FirestoreError) in .select(try PipelineNodes.named(selections)) }
    }

    /// Replaces each row by these fields.
    public func select(_ fields: String...) -> Pipeline { select(fields.map(Field.init)) }

    /// Adds (or replaces) these named expressions.
    public func addFields(_ fields: [AliasedExpression]) -> Pipeline {
        adding { () throws(FirestoreError) in .addFields(try PipelineNodes.named(fields)) }
    }

    /// Removes these fields.
    public func removeFields(_ fields: String...) -> Pipeline {
        adding { () throws(FirestoreError) in
            var paths: [HearthCore.FieldPath] = []
            for field in fields { paths.append(try PipelineNodes.path(field)) }
            return .removeFields(paths)
        }
    }

    /// Orders the rows.
    public func sort(_ orderings: [Ordering]) -> Pipeline {
        adding { () throws(FirestoreError) in
            var keys: [PipelineOrdering] = []
            for ordering in orderings {
                keys.append(PipelineOrdering(expression: try PipelineNodes.node(ordering.expression), descending: ordering.descending))
            }
            return .sort(keys)
        }
    }

    /// Skips `count` rows.
    public func offset(_ count: Int) -> Pipeline {
        adding { () throws(FirestoreError) in
            guard count >= 0 else { throw FirestoreError(.invalidArgument, "offset() takes a non-negative count.") }
            return .offset(count)
        }
    }

    /// Keeps at most `count` rows.
    public func limit(_ count: Int) -> Pipeline {
        adding { () throws(FirestoreError) in
            guard count >= 0 else { throw FirestoreError(.invalidArgument, "limit() takes a non-negative count.") }
            return .limit(count)
        }
    }

    /// One row per group of `groups` values (one row in all without groups), with the aggregates.
    public func aggregate(_ aggregates: [AliasedAggregate], groups: [any Selectable] = []) -> Pipeline {
        adding { () throws(FirestoreError) in
            var accumulators: [String: PipelineAggregate] = [:]
            for aggregate in aggregates {
                let argument = try aggregate.function.argument.map { expression throws(FirestoreError) in try PipelineNodes.node(expression) }
                accumulators[aggregate.alias] = PipelineAggregate(name: aggregate.function.name, argument: argument)
            }
            return .aggregate(accumulators: accumulators, groups: try PipelineNodes.named(groups))
        }
    }

    /// One row per distinct combination of these fields' values.
    public func distinct(_ fields: [any Selectable]) -> Pipeline {
        adding { () throws(FirestoreError) in .distinct(try PipelineNodes.named(fields)) }
    }

    /// The rows whose `field` holds a vector of `vector`'s dimension, nearest first (largest dot
    /// product first), at most `limit`, each with its distance under `distanceField` when given.
    public func findNearest(
        _ field: Field, vector: [Double], distanceMeasure: DistanceMeasure, limit: Int? = nil, distanceField: String? = nil
    ) -> Pipeline {
        adding { () throws(FirestoreError) in
            guard !vector.isEmpty else { throw FirestoreError(.invalidArgument, "findNearest() needs a non-empty vector.") }
            if let limit, limit <= 0 { throw FirestoreError(.invalidArgument, "findNearest() takes a positive limit.") }
            return .findNearest(PipelineNearest(
                field: try PipelineNodes.node(field), vector: vector, measure: distanceMeasure.core, limit: limit,
                distanceField: try distanceField.map { name throws(FirestoreError) in try PipelineNodes.path(name) }))
        }
    }

    /// At most `count` rows, chosen at random.
    public func sample(count: Int) -> Pipeline {
        adding { () throws(FirestoreError) in
            guard count >= 0 else { throw FirestoreError(.invalidArgument, "sample() takes a non-negative count.") }
            return .sample(.documents(count))
        }
    }

    /// Each row with probability `percentage` (0…1).
    public func sample(percentage: Double) -> Pipeline {
        adding { () throws(FirestoreError) in
            guard (0...1).contains(percentage) else { throw FirestoreError(.invalidArgument, "sample() takes a share between 0 and 1.") }
            return .sample(.percent(percentage))
        }
    }

    /// Binds each expression's value, per row, to a variable (`Variable(alias)`) that later
    /// stages and subqueries read.
    public func define(_ bindings: [AliasedExpression]) -> Pipeline {
        adding { () throws(FirestoreError) in .define(try PipelineNodes.named(bindings)) }
    }

    /// This pipeline as an expression for another pipeline: its rows, as maps, for each outer row.
    public func toArrayExpression() -> FunctionExpression { FunctionExpression("array", [Subquery(pipeline: self)]) }

    /// This pipeline as an expression for another pipeline: its one row's only field (a map for
    /// several fields, null for no row; more rows are an error), for each outer row.
    public func toScalarExpression() -> FunctionExpression { FunctionExpression("scalar", [Subquery(pipeline: self)]) }

    /// These rows, then those of `other`.
    public func union(with other: Pipeline) -> Pipeline {
        adding { () throws(FirestoreError) in .union(try other.corePipeline()) }
    }

    /// DML, last stage: writes each row back to its document (`__name__`), whole; the documents
    /// must exist. The result is one row, `documents_modified`.
    public func update() -> Pipeline {
        adding { () throws(FirestoreError) in .update([:]) }
    }

    /// DML, last stage: sets only these fields of each row's document (an absent value removes
    /// the field); the documents must exist. The result is one row, `documents_modified`.
    public func update(_ fields: [any Selectable]) -> Pipeline {
        adding { () throws(FirestoreError) in .update(try PipelineNodes.named(fields)) }
    }

    /// DML, last stage: deletes each row's document (`__name__`). The result is one row,
    /// `documents_modified`.
    public func delete() -> Pipeline {
        adding { () throws(FirestoreError) in .delete }
    }

    /// The engine's form of the pipeline.
    func corePipeline() throws(FirestoreError) -> HearthCore.Pipeline {
        var built: [PipelineStage] = []
        for stage in stages { built.append(try stage()) }
        return HearthCore.Pipeline(stages: built)
    }

    /// Runs the pipeline.
    /// - Throws: `INVALID_ARGUMENT` on a Standard-edition database, for a bad argument or a failing
    ///   projected expression; `UNIMPLEMENTED` for what Hearth does not have yet; `PERMISSION_DENIED`
    ///   when the handle's rules refuse the source's read or a DML write; `NOT_FOUND` when `update`
    ///   meets a missing document (nothing is written).
    public func execute() async throws(FirestoreError) -> PipelineSnapshot {
        let pipeline = try corePipeline()
        let engine = try firestore.openEngine()
        let time = engine.latestCommitTime
        let execution = try await engine.executePipelineReporting(pipeline, in: firestore.databaseID, access: firestore.access)
        return PipelineSnapshot(
            results: execution.rows.map { PipelineResult(row: $0, firestore: firestore) }, executionTime: execution.commitTime ?? time)
    }
}

/// What a pipeline returned.
public struct PipelineSnapshot: Sendable {
    /// The results, in order.
    public let results: [PipelineResult]
    /// The time the data was read at.
    public let executionTime: Timestamp
}

/// One row of a pipeline's results.
public struct PipelineResult: Sendable {
    let fields: [String: Value]
    /// The document this row is, while it is one (nil after `select`, `aggregate`, `distinct`).
    public let ref: DocumentReference?
    /// When the document was created, while the row is a document.
    public let createTime: Timestamp?
    /// When the document last changed, while the row is a document.
    public let updateTime: Timestamp?
    private let firestore: Firestore

    init(row: PipelineRow, firestore: Firestore) {
        fields = row.fields
        ref = row.key.map { DocumentReference(firestore: firestore, key: $0) }
        createTime = row.createTime
        updateTime = row.updateTime
        self.firestore = firestore
    }

    /// The document's id, while the row is a document.
    public var id: String? { ref?.documentID }

    /// The row's fields as Swift values.
    public var data: [String: Any] { ValueBridge.map(fields, firestore: firestore) }

    /// The value at `field` (dotted), or nil when absent.
    public func get(_ field: String) -> Any? {
        guard let path = try? HearthCore.FieldPath(dotted: field), let value = fields.value(at: path) else { return nil }
        return ValueBridge.any(value, firestore: firestore)
    }

    /// The row decoded as `type`.
    public func data<T: Decodable>(as type: T.Type, decoder: Firestore.Decoder = Firestore.Decoder()) throws -> T {
        try decoder.decode(type, fromFields: fields, in: ref)
    }
}
