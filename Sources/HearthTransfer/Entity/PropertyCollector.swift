import HearthCore

/// Gathers an entity's properties into Firestore fields: single properties become fields, runs of
/// `multiple` properties with one name become an array.
struct PropertyCollector {
    private typealias F = EntityFields
    private var singles: [String: Value] = [:]
    private var arrays: [String: [Value]] = [:]
    private var duplicate: String?

    /// Reads one `Property` message.
    mutating func add(_ reader: inout WireReader) throws(FirestoreError) {
        var meaning = F.Meaning.none
        var name: String?
        var multiple = false
        var valueReader: WireReader?
        while let tag = try reader.nextTag() {
            switch (tag.field, tag.type) {
            case (F.Property.meaning, .varint): meaning = try reader.varint()
            case (F.Property.name, .lengthDelimited): name = try reader.string()
            case (F.Property.multiple, .varint): multiple = try reader.varint() != 0
            case (F.Property.value, .lengthDelimited): valueReader = try reader.message()
            case (F.Property.meaningURI, _): try reader.skip(tag.type, field: tag.field)
            case (let field, _) where F.Property.legacyFlags.contains(field): try reader.skip(tag.type, field: tag.field)
            default: throw reader.damaged("unknown Property field \(tag.field)")
            }
        }
        guard let name else { throw reader.damaged("a property without a name") }
        guard var valueReader else {
            guard meaning == F.Meaning.emptyList else { throw reader.damaged("property '\(name)' has no value") }
            try store(name, .array([]), multiple: false)
            return
        }
        let value = try PropertyValueDecoder.value(&valueReader, meaning: meaning, name: name)
        try store(name, value, multiple: multiple)
    }

    private mutating func store(_ name: String, _ value: Value, multiple: Bool) throws(FirestoreError) {
        if multiple {
            guard singles[name] == nil else { duplicate = name; return }
            arrays[name, default: []].append(value)
        } else {
            guard singles[name] == nil, arrays[name] == nil else { duplicate = name; return }
            singles[name] = value
        }
    }

    /// The fields gathered.
    /// - Throws: `DATA_LOSS` when one name was used twice (other than as array elements).
    func fields(_ reader: WireReader) throws(FirestoreError) -> [String: Value] {
        if let duplicate { throw reader.damaged("property '\(duplicate)' appears twice") }
        var result = singles
        for (name, elements) in arrays { result[name] = .array(elements) }
        return result
    }
}
