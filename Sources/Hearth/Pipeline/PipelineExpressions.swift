internal import HearthCore

/// Something a pipeline evaluates per row (the SDKs' `Expression`): a `Field`, a `Constant`, or a
/// `FunctionExpression` built from them with the methods below.
public protocol Expression: Sendable {}

/// A field of the row, by dotted path (`Field.documentID` is the document's reference).
public struct Field: Expression, Selectable {
    /// The dotted path.
    public let path: String

    /// The field at `path` (e.g. `"address.city"`).
    public init(_ path: String) { self.path = path }

    /// The document's reference (`__name__`).
    public static let documentID = Field("__name__")
}

/// A constant (any value `setData` takes, sentinels excepted).
public struct Constant: Expression {
    let value: Result<Value, FirestoreError>

    /// The constant `value`; a value Firestore cannot hold fails the pipeline when it runs.
    public init(_ value: Any) {
        var reader = UserDataReader(method: "Constant()")
        do throws(FirestoreError) {
            self.value = .success(try reader.readPlain(value))
        } catch {
            self.value = .failure(error)
        }
    }
}

/// A variable bound by `define` (of this pipeline or an outer one) or by a lambda function.
public struct Variable: Expression {
    /// The variable's name.
    public let name: String

    /// The variable `name`.
    public init(_ name: String) { self.name = name }
}

/// A pipeline used as an expression (what `toArrayExpression()` and `toScalarExpression()` wrap).
struct Subquery: Expression {
    let pipeline: Pipeline
}

/// A function of expressions (what the comparison, arithmetic and string methods build).
public struct FunctionExpression: Expression {
    /// The function's wire name.
    public let name: String
    let arguments: [any Expression]

    /// The function `name` of `arguments` (for functions without a method here).
    public init(_ name: String, _ arguments: [any Expression]) {
        self.name = name
        self.arguments = arguments
    }
}

/// A condition (what `where` takes): a function giving a boolean.
public typealias BooleanExpression = FunctionExpression

/// What `select` and `distinct` take: a `Field` (named by its path) or an aliased expression.
public protocol Selectable: Sendable {}

/// An expression with the name its result gets.
public struct AliasedExpression: Selectable {
    /// The result's name.
    public let alias: String
    let expression: any Expression
}

/// A sort key.
public struct Ordering: Sendable {
    let expression: any Expression
    let descending: Bool
}

/// An aggregate function (`sum`, `count`, …), to be named with `as(_:)`.
public struct AggregateFunction: Sendable {
    let name: String
    let argument: (any Expression)?

    /// The aggregate with the name its result gets.
    public func `as`(_ alias: String) -> AliasedAggregate { AliasedAggregate(alias: alias, function: self) }
}

/// An aggregate with the name its result gets.
public struct AliasedAggregate: Sendable {
    /// The result's name.
    public let alias: String
    let function: AggregateFunction
}

/// Counts every row (the SDKs' `CountAll()`).
public func countAll() -> AggregateFunction { AggregateFunction(name: "count", argument: nil) }

extension Expression {
    private func call(_ name: String, _ others: [Any]) -> FunctionExpression {
        FunctionExpression(name, [self] + others.map { ($0 as? any Expression) ?? Constant($0) })
    }

    /// `self == other` (a value or an expression).
    public func equal(_ other: Any) -> BooleanExpression { call("equal", [other]) }
    /// `self != other`.
    public func notEqual(_ other: Any) -> BooleanExpression { call("not_equal", [other]) }
    /// `self < other`.
    public func lessThan(_ other: Any) -> BooleanExpression { call("less_than", [other]) }
    /// `self <= other`.
    public func lessThanOrEqual(_ other: Any) -> BooleanExpression { call("less_than_or_equal", [other]) }
    /// `self > other`.
    public func greaterThan(_ other: Any) -> BooleanExpression { call("greater_than", [other]) }
    /// `self >= other`.
    public func greaterThanOrEqual(_ other: Any) -> BooleanExpression { call("greater_than_or_equal", [other]) }
    /// Whether `self` equals one of `values`.
    public func equalAny(_ values: [Any]) -> BooleanExpression { call("equal_any", [values]) }
    /// Whether the array `self` contains `element`.
    public func arrayContains(_ element: Any) -> BooleanExpression { call("array_contains", [element]) }
    /// Whether the field is present (null counts as present).
    public func exists() -> BooleanExpression { call("exists", []) }
    /// `self + other`.
    public func add(_ other: Any) -> FunctionExpression { call("add", [other]) }
    /// `self - other`.
    public func subtract(_ other: Any) -> FunctionExpression { call("subtract", [other]) }
    /// `self * other`.
    public func multiply(_ other: Any) -> FunctionExpression { call("multiply", [other]) }
    /// `self / other` (integers divide to an integer).
    public func divide(_ other: Any) -> FunctionExpression { call("divide", [other]) }
    /// The remainder of `self / other`.
    public func mod(_ other: Any) -> FunctionExpression { call("mod", [other]) }
    /// The string in upper case.
    public func toUpper() -> FunctionExpression { call("to_upper", []) }
    /// The string in lower case.
    public func toLower() -> FunctionExpression { call("to_lower", []) }
    /// The string's length in code points.
    public func charLength() -> FunctionExpression { call("char_length", []) }
    /// Whether the string starts with `prefix`.
    public func startsWith(_ prefix: Any) -> BooleanExpression { call("starts_with", [prefix]) }
    /// Whether the string ends with `suffix`.
    public func endsWith(_ suffix: Any) -> BooleanExpression { call("ends_with", [suffix]) }
    /// Whether the string contains `part`.
    public func stringContains(_ part: Any) -> BooleanExpression { call("string_contains", [part]) }
    /// The strings joined.
    public func stringConcat(_ others: Any...) -> FunctionExpression { call("string_concat", others) }
    /// The array's length.
    public func arrayLength() -> FunctionExpression { call("array_length", []) }
    /// The distance in metres from this geo point to `other` (search stages only).
    public func geoDistance(_ other: Any) -> FunctionExpression { call("geo_distance", [other]) }

    /// The expression's result named `alias`.
    public func `as`(_ alias: String) -> AliasedExpression { AliasedExpression(alias: alias, expression: self) }
    /// Ascending order by this expression.
    public func ascending() -> Ordering { Ordering(expression: self, descending: false) }
    /// Descending order by this expression.
    public func descending() -> Ordering { Ordering(expression: self, descending: true) }

    /// The sum of the expression over a group.
    public func sum() -> AggregateFunction { AggregateFunction(name: "sum", argument: self) }
    /// The average over a group.
    public func average() -> AggregateFunction { AggregateFunction(name: "average", argument: self) }
    /// The smallest value in a group.
    public func minimum() -> AggregateFunction { AggregateFunction(name: "minimum", argument: self) }
    /// The largest value in a group.
    public func maximum() -> AggregateFunction { AggregateFunction(name: "maximum", argument: self) }
    /// How many rows of a group have a non-null value.
    public func count() -> AggregateFunction { AggregateFunction(name: "count", argument: self) }
    /// How many distinct values a group has.
    public func countDistinct() -> AggregateFunction { AggregateFunction(name: "count_distinct", argument: self) }
}

/// Both conditions.
public func && (left: BooleanExpression, right: BooleanExpression) -> BooleanExpression {
    FunctionExpression("and", [left, right])
}

/// Either condition.
public func || (left: BooleanExpression, right: BooleanExpression) -> BooleanExpression {
    FunctionExpression("or", [left, right])
}

/// The condition negated.
public prefix func ! (condition: BooleanExpression) -> BooleanExpression { FunctionExpression("not", [condition]) }

/// Turning the API's expressions into the engine's.
enum PipelineNodes {
    /// The engine's form of `expression`.
    /// - Throws: `INVALID_ARGUMENT` for a constant Firestore cannot hold, a bad field path, or an
    ///   expression type of the app's own.
    static func node(_ expression: any Expression) throws(FirestoreError) -> PipelineExpression {
        switch expression {
        case let field as Field: return .field(try path(field.path))
        case let constant as Constant: return .constant(try constant.value.get())
        case let variable as Variable: return .variable(variable.name)
        case let subquery as Subquery: return .pipeline(try subquery.pipeline.corePipeline())
        case let function as FunctionExpression:
            var arguments: [PipelineExpression] = []
            for argument in function.arguments { arguments.append(try node(argument)) }
            return .function(function.name, arguments)
        default:
            throw FirestoreError(.invalidArgument, "Pipelines take Field, Constant and FunctionExpression expressions, not \(type(of: expression)).")
        }
    }

    /// A dotted path (or `__name__`).
    static func path(_ dotted: String) throws(FirestoreError) -> HearthCore.FieldPath {
        dotted == "__name__" ? HearthCore.FieldPath.documentID : try HearthCore.FieldPath(dotted: dotted)
    }

    /// Names and expressions of selectables.
    static func named(_ selectables: [any Selectable]) throws(FirestoreError) -> [String: PipelineExpression] {
        var result: [String: PipelineExpression] = [:]
        for selectable in selectables {
            switch selectable {
            case let field as Field: result[field.path] = .field(try path(field.path))
            case let aliased as AliasedExpression: result[aliased.alias] = try node(aliased.expression)
            default: throw FirestoreError(.invalidArgument, "select takes Field and aliased expressions, not \(type(of: selectable)).")
            }
        }
        return result
    }
}
