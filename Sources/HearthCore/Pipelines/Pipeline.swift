/// A pipeline query (Enterprise edition): stages run in order, each taking the rows the one
/// before produced. A value, printable and comparable like `StructuredQuery`; the wire mapping
/// builds it, `Engine.executePipeline` runs it.
package struct Pipeline: Sendable, Equatable {
    /// The stages, the first of them a source.
    package var stages: [PipelineStage]

    /// A pipeline of `stages`.
    package init(stages: [PipelineStage]) { self.stages = stages }
}

/// One stage of a pipeline.
package enum PipelineStage: Sendable, Equatable {
    /// Every document of the collection at this path.
    case collection(ResourcePath)
    /// Every document of every collection with this id under `parent` (the root for the whole database).
    case collectionGroup(parent: ResourcePath, collectionID: String)
    /// Every document of the database.
    case database
    /// These documents (missing ones give no row), in the order given.
    case documents([DocumentKey])
    /// Rows given in the request itself.
    case literals([[String: PipelineExpression]])
    /// Keeps the rows whose condition is `true`.
    case `where`(PipelineExpression)
    /// Replaces each row by these named expressions (the row stops being a document).
    case select([String: PipelineExpression])
    /// Adds (or replaces) these fields.
    case addFields([String: PipelineExpression])
    /// Removes these fields.
    case removeFields([FieldPath])
    /// Orders the rows.
    case sort([PipelineOrdering])
    /// Skips this many rows.
    case offset(Int)
    /// Keeps at most this many rows.
    case limit(Int)
    /// One row per group of `groups` values, holding the groups and the accumulators.
    case aggregate(accumulators: [String: PipelineAggregate], groups: [String: PipelineExpression])
    /// One row per distinct combination of these expressions' values.
    case distinct([String: PipelineExpression])
    /// Replaces each row by the map an expression gives.
    case replaceWith(PipelineExpression)
    /// One row per element of an array: the element under `alias`, the rest of the row kept.
    case unnest(PipelineExpression, alias: String, indexField: String?)
    /// The rows of this pipeline and then those of another.
    case union(Pipeline)
    /// The rows nearest to a vector (see `PipelineNearest`).
    case findNearest(PipelineNearest)
    /// Full-text and geographic search (see `PipelineSearch`); right after the source only.
    case search(PipelineSearch)
    /// A pseudo-random sample of the rows: at most this many, or each row with this probability.
    case sample(PipelineSample)
    /// Binds these expressions' values, per row, to variables later stages and subqueries read
    /// (`let`, `define` in some SDKs).
    case define([String: PipelineExpression])
    /// A subquery's source: the sub-collection at this relative path under the outer row's document.
    case subcollection(String)
    /// DML, last stage only: writes each input row back to the document its `__name__` names —
    /// the whole row when `fields` is empty, else only these fields (a path each, from the name);
    /// gives one row, `documents_modified`.
    case update([String: PipelineExpression])
    /// DML, last stage only: deletes the document each input row's `__name__` names; gives one
    /// row, `documents_modified`.
    case delete

    /// Whether this stage writes (`update`, `delete`).
    package var isWrite: Bool {
        switch self {
        case .update, .delete: true
        default: false
        }
    }
}

/// An expression inside a pipeline: a field of the row, a constant, a function of expressions,
/// or a map or array literal whose members are expressions.
package indirect enum PipelineExpression: Sendable, Equatable {
    /// The row's field at this path (`__name__` is the document's reference).
    case field(FieldPath)
    /// A value.
    case constant(Value)
    /// A function applied to arguments.
    case function(String, [PipelineExpression])
    /// A map built of expressions.
    case map([String: PipelineExpression])
    /// An array built of expressions.
    case array([PipelineExpression])
    /// A variable bound by a `define` stage (of this pipeline or of an outer one), or by a
    /// function such as `array_filter`.
    case variable(String)
    /// A subquery, run for each outer row inside `array(…)` or `scalar(…)`.
    case pipeline(Pipeline)
}

/// An aggregate function of a pipeline's `aggregate` stage: its name and argument (nil for `count()`).
package struct PipelineAggregate: Sendable, Equatable {
    /// `count`, `sum`, `average`, `minimum`, ….
    package var name: String
    /// The accumulated expression.
    package var argument: PipelineExpression?

    /// The aggregate names Hearth implements.
    package static var names: Set<String> { PipelineAccumulator.names }

    /// An aggregate `name(argument)`.
    package init(name: String, argument: PipelineExpression?) {
        self.name = name
        self.argument = argument
    }
}

/// One key of a pipeline's `sort` stage.
package struct PipelineOrdering: Sendable, Equatable {
    /// What is ordered by.
    package var expression: PipelineExpression
    /// True for descending.
    package var descending: Bool

    /// An ordering by `expression`.
    package init(expression: PipelineExpression, descending: Bool) {
        self.expression = expression
        self.descending = descending
    }
}

/// One row a pipeline produces: its fields, and, while it is still a document (sources, where,
/// sort, limit, offset, add and remove fields), the document's key and times.
package struct PipelineRow: Sendable, Equatable {
    /// The document this row is, or nil once a stage built a new row.
    package var key: DocumentKey?
    /// The row's fields.
    package var fields: [String: Value]
    /// The document's create time, when the row is a document.
    package var createTime: Timestamp?
    /// The document's update time, when the row is a document.
    package var updateTime: Timestamp?
    /// The variables `define` stages bound for this row.
    package var variables: [String: Value] = [:]

    /// A row that is the document `document`.
    package init(document: Document) {
        key = document.key
        fields = document.fields
        createTime = document.createTime
        updateTime = document.updateTime
    }

    /// A row that is no document.
    package init(fields: [String: Value]) {
        key = nil
        self.fields = fields
    }
}

/// A `find_nearest` stage: rows whose `field` holds a vector of the query's dimension, nearest
/// first (largest dot product first), at most `limit`, each with its distance in `distanceField`
/// when one is named.
package struct PipelineNearest: Sendable, Equatable {
    /// The expression giving each row's vector (usually a field).
    package var field: PipelineExpression
    /// The query vector.
    package var vector: [Double]
    /// `euclidean`, `cosine` or `dot_product`.
    package var measure: VectorSearch.Measure
    /// How many rows at most; nil for all.
    package var limit: Int?
    /// Where to write each row's distance.
    package var distanceField: FieldPath?

    /// A nearest-neighbour stage.
    package init(field: PipelineExpression, vector: [Double], measure: VectorSearch.Measure, limit: Int?, distanceField: FieldPath?) {
        self.field = field
        self.vector = vector
        self.measure = measure
        self.limit = limit
        self.distanceField = distanceField
    }
}

/// How a `sample` stage picks rows.
package enum PipelineSample: Sendable, Equatable {
    /// At most this many rows, chosen uniformly.
    case documents(Int)
    /// Each row independently with this probability (0…1).
    case percent(Double)
}
