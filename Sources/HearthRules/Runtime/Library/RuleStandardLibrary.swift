/// The rules standard library: methods on values and global or namespaced functions.
///
/// `get`, `exists`, `getAfter` and `existsAfter` are not here: they read documents, which the
/// evaluator does. `debug(x)` returns `x`; logging it (`debugLogText`) is the evaluator's job.
enum RuleStandardLibrary {
    /// Calls `receiver.name(arguments…)`.
    /// - Throws: `Null value error.` on a `null` receiver, `Function not found` for a method the
    ///   receiver's type lacks, and each method's own argument errors.
    static func callMethod(_ name: String, on receiver: RuleValue, arguments: [RuleValue]) throws(RuleError)
        -> RuleValue
    {
        let result: RuleValue?
        switch receiver {
        case .null: throw RuleError.nullValue
        case .string(let text): result = try stringMethod(name, text, arguments)
        case .list(let elements): result = try listMethod(name, elements, arguments)
        case .map(let fields): result = try mapMethod(name, fields, arguments)
        case .mapDiff(let diff): result = try mapDiffMethod(name, diff, arguments)
        case .set(let set): result = try setMethod(name, set, arguments)
        case .path(let path): result = try pathMethod(name, path, arguments)
        case .timestamp(let time): result = try timestampMethod(name, time, arguments)
        case .duration(let span): result = try durationMethod(name, span, arguments)
        case .latlng(let point): result = try latLngMethod(name, point, arguments)
        case .bytes(let bytes): result = try bytesMethod(name, bytes, arguments)
        case .bool, .int, .float: result = nil
        }
        guard let result else { throw RuleError.functionNotFound(name) }
        return result
    }

    /// Calls a global (`int`, `float`, `string`, `bool`, `path`, `debug`) or a namespaced function
    /// (`math.abs`, `timestamp.date`, `duration.value`, `latlng.value`, `hashing.sha256`…).
    /// - Throws: `Function not found error: Name: [<qualifiedName>].` for an unknown name.
    static func callFunction(_ qualifiedName: String, arguments: [RuleValue]) throws(RuleError) -> RuleValue {
        let result: RuleValue?
        let dot = qualifiedName.firstIndex(of: ".")
        let namespace = dot.map { String(qualifiedName[..<$0]) } ?? ""
        let name = dot.map { String(qualifiedName[qualifiedName.index(after: $0)...]) } ?? qualifiedName
        switch namespace {
        case "": result = try globalFunction(name, arguments)
        case "math": result = try mathFunction(name, arguments)
        case "timestamp": result = try timestampFunction(name, arguments)
        case "duration": result = try durationFunction(name, arguments)
        case "latlng": result = try latLngFunction(name, arguments)
        case "hashing": result = try hashingFunction(name, arguments)
        default: result = nil
        }
        guard let result else { throw RuleError.functionNotFound(qualifiedName) }
        return result
    }

    /// Whether `qualifiedName` names a library function (so the evaluator can tell it from user functions).
    static func hasFunction(_ qualifiedName: String) -> Bool {
        functionNames.contains(qualifiedName)
    }

    /// Every global and namespaced function this library implements.
    static let functionNames: Set<String> = [
        "int", "float", "string", "bool", "path", "debug",
        "math.abs", "math.ceil", "math.floor", "math.round", "math.sqrt", "math.pow", "math.isNaN",
        "math.isInfinite",
        "timestamp.date", "timestamp.value",
        "duration.value", "duration.time", "duration.abs",
        "latlng.value",
        "hashing.crc32", "hashing.crc32c", "hashing.md5", "hashing.sha256",
    ]
}
