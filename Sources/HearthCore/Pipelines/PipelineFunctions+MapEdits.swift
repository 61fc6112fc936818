extension PipelineFunctions {
    // MARK: Editing maps, the current document, sizes and randomness

    static let mapEdits: [String: Function] = [
        "map_set": Function(arity: 3...Int.max) { arguments, _ in
            guard arguments.count % 2 == 1 else { return .error("Function map_set takes a map, then keys and values in pairs.") }
            if let failed = arguments.first(where: \.isError) { return failed }
            guard case .value(.map(var fields)) = arguments[0] else {
                // Firestore: a map argument that is no map gives absent (null stays null).
                return arguments[0] == .value(.null) ? arguments[0] : .absent
            }
            for pair in stride(from: 1, to: arguments.count, by: 2) {
                guard case .value(.string(let key)) = arguments[pair] else { return .error("Function map_set takes string keys.") }
                fields[key] = arguments[pair + 1].value
            }
            return .value(.map(fields))
        },
        "map_remove": values(2...Int.max) { values in
            guard case .map(var fields) = values[0] else { return wrongType("map_remove", values[0]) }
            for key in values.dropFirst() {
                guard case .string(let key) = key else { return .error("Function map_remove takes string keys.") }
                fields[key] = nil
            }
            return .value(.map(fields))
        },
        "map_merge": values(1...Int.max) { values in
            var merged: [String: Value] = [:]
            for value in values {
                guard case .map(let fields) = value else { return wrongType("map_merge", value) }
                merged.merge(fields) { _, later in later }
            }
            return .value(.map(merged))
        },
        "map_entries": values(1...1) { values in
            guard case .map(let fields) = values[0] else { return wrongType("map_entries", values[0]) }
            return .value(.array(Value.sortedKeys(fields).compactMap { key in
                fields[key].map { .map(["k": .string(key), "v": $0]) }
            }))
        },
        "get_field": Function(arity: 2...2) { arguments, _ in
            if let failed = arguments.first(where: \.isError) { return failed }
            guard case .value(.string(let key)) = arguments[1] else { return .error("Function get_field takes a string key.") }
            switch arguments[0] {
            case .value(.map(let fields)): return fields[key].map(PipelineOutcome.value) ?? .absent
            case .value(.null): return arguments[0]
            default: return .absent
            }
        },
        "current_document": Function(arity: 0...0) { _, context in .value(.map(context.row.fields)) },
        "storage_size": Function(arity: 1...1) { arguments, _ in
            guard case .value(let value) = arguments[0] else { return arguments[0] }
            return .value(.integer(storageSize(value)))
        },
        "rand": Function(arity: 0...0) { _, _ in .value(.double(Double.random(in: 0..<1))) },
    ]

    /// The bytes Firestore counts for a value (its storage-size rules): null and booleans 1,
    /// numbers and timestamps 8, geo points 16, a string its UTF-8 bytes plus 1, bytes their count,
    /// a reference its document name (each segment's UTF-8 bytes plus 1, plus 16), an array its
    /// elements, a map each key (as a string) and value (a vector is counted as the map it is).
    static func storageSize(_ value: Value) -> Int64 {
        switch value {
        case .null, .boolean: 1
        case .integer, .double, .timestamp: 8
        case .geoPoint: 16
        case .string(let text): Int64(text.utf8.count) + 1
        case .bytes(let bytes): Int64(bytes.count)
        case .reference(let reference): reference.key.path.segments.reduce(16) { $0 + Int64($1.utf8.count) + 1 }
        case .array(let elements): elements.reduce(0) { $0 + storageSize($1) }
        case .map(let fields): fields.reduce(0) { $0 + Int64($1.key.utf8.count) + 1 + storageSize($1.value) }
        }
    }
}
