/// Indexing (`x[i]`), slicing (`x[i:j]`) and member access (`x.name`).
extension RuleOperations {
    /// `container[index]`: list and string by int, map by string key, path by int segment or bound name.
    static func index(_ container: RuleValue, _ index: RuleValue) throws(RuleError) -> RuleValue {
        switch (container, index) {
        case (.list(let elements), .int(let position)):
            return elements[try checkedIndex(position, count: elements.count)]
        case (.string(let text), .int(let position)):
            let scalars = Array(text.unicodeScalars)
            var result = ""
            result.unicodeScalars.append(scalars[try checkedIndex(position, count: scalars.count)])
            return .string(result)
        case (.map(let fields), .string(let key)):
            guard let value = fields[key] else { throw RuleError.undefinedProperty(key) }
            return value
        case (.path(let path), .int(let position)):
            return .string(path.segments[try checkedIndex(position, count: path.segments.count)])
        case (.path(let path), .string(let name)):
            guard let value = path.bindings[name] else { throw RuleError.undefinedProperty(name) }
            return value
        case (.null, _):
            throw RuleError.nullValue
        case (.list, _), (.string, _), (.path, _):
            throw RuleError.unsupported(
                received: "\(container.typeName)[\(index.typeName)]", expected: "\(container.typeName)[int]")
        case (.map, _):
            throw RuleError.unsupported(received: "map[\(index.typeName)]", expected: "map[string]")
        default:
            throw RuleError.unsupported(received: "\(container.typeName)[\(index.typeName)]")
        }
    }

    /// `container[from:to]` on lists and strings, `to` exclusive.
    ///
    /// Like the production engine, `from` and `to - 1` must both be valid indices (no clamping):
    /// `x[0:0]` fails with index -1, `x[i:i]` for i ≥ 1 is empty; `to < from` fails on `to`.
    static func slice(_ container: RuleValue, from: RuleValue, to: RuleValue) throws(RuleError) -> RuleValue {
        switch (container, from, to) {
        case (.list(let elements), .int(let start), .int(let end)):
            let range = try checkedRange(start, end, count: elements.count)
            return .list(Array(elements[range]))
        case (.string(let text), .int(let start), .int(let end)):
            let scalars = Array(text.unicodeScalars)
            let range = try checkedRange(start, end, count: scalars.count)
            var result = ""
            result.unicodeScalars.append(contentsOf: scalars[range])
            return .string(result)
        case (.null, _, _):
            throw RuleError.nullValue
        case (.list, _, _), (.string, _, _):
            let kind = container.typeName
            throw RuleError.unsupported(
                received: "\(kind)[\(from.typeName):\(to.typeName)]", expected: "\(kind)[int:int]")
        default:
            throw RuleError.unsupported(received: "\(container.typeName)[\(from.typeName):\(to.typeName)]")
        }
    }

    /// `object.name`: a map entry or a path's bound name; `null.name` is `Null value error.`
    static func member(_ object: RuleValue, _ name: String) throws(RuleError) -> RuleValue {
        switch object {
        case .map(let fields):
            guard let value = fields[name] else { throw RuleError.undefinedProperty(name) }
            return value
        case .path(let path):
            guard let value = path.bindings[name] else { throw RuleError.undefinedProperty(name) }
            return value
        case .null:
            throw RuleError.nullValue
        default:
            throw RuleError.undefinedProperty(name)
        }
    }

    /// `position` as an array index, or the out-of-bound error naming it.
    private static func checkedIndex(_ position: Int64, count: Int) throws(RuleError) -> Int {
        guard position >= 0, position < Int64(count) else {
            throw RuleError.indexOutOfBounds(index: position, size: count)
        }
        return Int(position)
    }

    /// The half-open range `start..<end`, checking `start` and `end - 1` as indices.
    private static func checkedRange(_ start: Int64, _ end: Int64, count: Int) throws(RuleError) -> Range<Int> {
        let lower = try checkedIndex(start, count: count)
        let (last, overflow) = end.subtractingReportingOverflow(1)
        guard !overflow else { throw RuleError.indexOutOfBounds(index: end, size: count) }
        let upper = try checkedIndex(last, count: count) + 1
        guard upper >= lower else { throw RuleError.indexOutOfBounds(index: end, size: count) }
        return lower..<upper
    }
}
