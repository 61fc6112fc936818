extension Value {
    /// The deepest nesting of maps and arrays a document may hold (each map or array level adds one).
    package static let maxDepth = 20

    /// Validates a document's fields for storage; throws `INVALID_ARGUMENT` naming the offending field path.
    ///
    /// Checks, visiting fields in UTF-8 key order so the first error is deterministic: field names
    /// are non-empty, at most 1,500 bytes and not `__.*__` (except `__type__` inside a vector);
    /// maps and arrays nest at most 20 levels (`{m: {arr: [{foo: 1}]}}` has depth 3, and a vector
    /// counts as the map and array it is encoded as); no array directly inside an array; strings
    /// and bytes at most 1,048,487 bytes; timestamps, geopoints and references valid.
    /// Messages read `<reason> (found in field <path>).`, except the oversize value message, which
    /// is Firestore's own: `The value of property "<path>" is longer than 1048487 bytes.`
    ///
    /// With `allowsBSON` (an Enterprise database) a map of exactly one BSON key (`__oid__`,
    /// `__int__`, … see `BSONValue`) is a BSON value: accepted when well formed, refused with the
    /// rule it breaks otherwise; a BSON key beside other fields is refused. Without it those maps
    /// are refused like any other `__.*__` field name.
    package static func validateFields(_ fields: [String: Value], allowsBSON: Bool = false) throws(FirestoreError) {
        // Valid documents (the hot path) are checked in storage order; only when something is
        // wrong is the walk repeated in key order, so the reported error is deterministic.
        var fast = FieldValidator(sortsKeys: false, allowsBSON: allowsBSON)
        do {
            try fast.validateMap(fields, level: 0, isVector: false)
        } catch {
            var ordered = FieldValidator(sortsKeys: true, allowsBSON: allowsBSON)
            try ordered.validateMap(fields, level: 0, isVector: false)
            throw error
        }
    }

    /// `validateFields`, asking `allowsBSON` whether BSON values are accepted only when the strict
    /// check fails (so most writes never ask, e.g. never read the database's edition).
    package static func validateFields(
        _ fields: [String: Value], askingForBSON allowsBSON: () throws(FirestoreError) -> Bool
    ) throws(FirestoreError) {
        do {
            try validateFields(fields)
        } catch {
            guard try allowsBSON() else { throw error }
            try validateFields(fields, allowsBSON: true)
        }
    }
}

/// Walks a document's values depth first, keeping the current field path for messages.
private struct FieldValidator {
    /// Whether maps are visited in UTF-8 key order (deterministic first error) or storage order.
    let sortsKeys: Bool
    /// Whether BSON maps are values (an Enterprise database) rather than refused field names.
    let allowsBSON: Bool
    /// The field names from the document's top level down to the value being checked.
    var path: [String] = []
    /// The UTF-8 bytes of `path`'s names plus one separator between each two.
    var rawPathBytes = 0

    /// Validates the fields of a map whose own nesting level is `level` (0 for the document).
    mutating func validateMap(_ fields: [String: Value], level: Int, isVector: Bool) throws(FirestoreError) {
        let entries = sortsKeys ? fields.sorted { String.compareUTF8($0.key, $1.key) < 0 } : Array(fields)
        for (name, value) in entries {
            path.append(name)
            let added = name.utf8.count + (path.count > 1 ? 1 : 0)
            rawPathBytes += added
            try validateName(name, isVectorMarker: isVector && String.equalUTF8(name, "__type__"))
            try validatePathLength()
            try validateValue(value, containerLevel: level, insideArray: false)
            rawPathBytes -= added
            path.removeLast()
        }
    }

    /// A nested field's whole path (`a.b.c`, quoted as on the wire) is at most 1,500 bytes, as
    /// production's limit on field paths says. Escaping at most doubles a name and adds two
    /// backticks, so paths well below the limit are never formatted.
    private func validatePathLength() throws(FirestoreError) {
        guard rawPathBytes * 2 + 2 * path.count > FieldPath.maxBytes else { return }
        let size = FieldPath(uncheckedSegments: path).canonicalString.utf8.count
        guard size > FieldPath.maxBytes else { return }
        throw FieldPath.tooLong(size: size, path: FieldPath(uncheckedSegments: path))
    }

    /// Checks one field name: non-empty, not too long, not reserved (but a vector's `__type__`).
    private func validateName(_ name: String, isVectorMarker: Bool) throws(FirestoreError) {
        let size = name.utf8.count
        if size == 0 { throw failure("Field names must not be empty") }
        if size > ResourceID.maxBytes {
            throw failure(
                "Field names must not be longer than \(MessageText.withThousandsSeparators(ResourceID.maxBytes)) bytes")
        }
        if ResourceID.isReserved(name) && !isVectorMarker {
            if allowsBSON && BSONValue.Key.all.contains(name) {
                throw failure("A BSON value's map must hold only its \(name) field")
            }
            throw failure("Field names must not begin and end with \"__\"")
        }
    }

    /// Validates one value held by a container (a map or an array) at nesting level `containerLevel`.
    private mutating func validateValue(_ value: Value, containerLevel: Int, insideArray: Bool) throws(FirestoreError) {
        switch value {
        case .null, .boolean, .integer, .double:
            return
        case .string(let s):
            if s.utf8.count > DocumentSize.maxValueBytes { throw oversize() }
        case .bytes(let b):
            if b.count > DocumentSize.maxValueBytes { throw oversize() }
        case .timestamp(let t):
            if t.nanoseconds < 0 || t.nanoseconds > 999_999_999 {
                throw failure("Timestamp nanoseconds out of range: \(t.nanoseconds)")
            }
            if t.seconds < Timestamp.minSeconds || t.seconds > Timestamp.maxSeconds {
                throw failure("Timestamp seconds out of range: \(t.seconds)")
            }
        case .geoPoint(let g):
            do {
                _ = try GeoPoint(latitude: g.latitude, longitude: g.longitude)
            } catch {
                throw failure(error.message)
            }
        case .reference(let reference):
            do {
                _ = try DatabaseID(project: reference.database.project, database: reference.database.database)
                _ = try DocumentKey(path: reference.key.path)
            } catch {
                throw failure("Invalid reference value: " + error.message)
            }
        case .array(let elements):
            if insideArray { throw failure("Nested arrays are not supported") }
            let level = try enter(containerLevel)
            for element in elements { try validateValue(element, containerLevel: level, insideArray: true) }
        case .map(let fields):
            let level = try enter(containerLevel)
            if allowsBSON, fields.count == 1, let (key, held) = fields.first, BSONValue.Key.all.contains(key) {
                try validateBSON(key: key, value: held, level: level)
                return
            }
            try validateMap(fields, level: level, isVector: value.isVector)
        }
    }

    /// Validates the value under a BSON map's one key, `key`, the map being at nesting `level`.
    private func validateBSON(key: String, value: Value, level: Int) throws(FirestoreError) {
        do {
            _ = try BSONValue.parse(key: key, value: value)
        } catch {
            throw failure(error.message)
        }
        // A regex's or timestamp's inner map is one more level.
        if case .map = value { _ = try enter(level) }
        if case .map(let parts) = value, case .string(let pattern)? = parts["pattern"],
           pattern.utf8.count > DocumentSize.maxValueBytes {
            throw oversize()
        }
        if case .bytes(let data) = value, data.count > DocumentSize.maxValueBytes { throw oversize() }
    }

    /// The level of a map or array nested in a container at `containerLevel`, or an error past the limit.
    private func enter(_ containerLevel: Int) throws(FirestoreError) -> Int {
        let level = containerLevel + 1
        guard level <= Value.maxDepth else {
            throw failure("Maps and arrays must not be nested more than \(Value.maxDepth) levels deep")
        }
        return level
    }

    private var pathString: String {
        MessageText.display(FieldPath(uncheckedSegments: path).canonicalString)
    }

    private func oversize() -> FirestoreError {
        FirestoreError(
            .invalidArgument,
            "The value of property \"\(pathString)\" is longer than \(DocumentSize.maxValueBytes) bytes.")
    }

    /// `<reason> (found in field <path>).`, dropping a trailing period from `reason`.
    private func failure(_ reason: String) -> FirestoreError {
        let trimmed = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        return FirestoreError(.invalidArgument, "\(trimmed) (found in field \(pathString)).")
    }
}
