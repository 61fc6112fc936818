/// The single-field index entries of one document (layout in `IndexKeys.swift`).
package enum IndexEntries {
    /// One entry: its key and its data.
    package typealias Entry = (key: [UInt8], value: [UInt8])

    /// Every entry `fields` produce for the document `key` of collection number `collection`:
    /// each field path (nested map fields too) by value, each distinct array element, in
    /// collection scope — and in collection-group scope where `groupScope` enables it — and the
    /// document's collection-group name entry. In ascending key order, each key once.
    package static func entries(
        key: DocumentKey, fields: [String: Value], db: UInt32, collection: UInt64,
        groupScope: GroupScopePolicy = GroupScopePolicy(IndexConfiguration())
    ) -> [Entry] {
        var builder = EntryBuilder(key: key, db: db, collection: collection, capacity: 2 * fields.count + 1)
        let collectionID = key.collectionPath.lastSegment ?? ""
        let anyGroupFields = groupScope.hasAny(in: collectionID)
        var path: [String] = []
        // The builder travels as an `inout` argument rather than being captured, so appending to
        // it pays no dynamic exclusivity check.
        forEachField(fields, path: &path, into: &builder) { path, value, builder in
            let fieldPath = FieldPath(uncheckedSegments: path)
            let field = IndexKeys.fieldID(fieldPath)
            let inGroup = anyGroupFields && groupScope.isEnabled(fieldPath, in: collectionID)
            let encoded = OrderedValueEncoding.encode(value, direction: .ascending)
            let integer = value.isIntegerForIndex
            builder.add(.collection, .value, field: field, value: encoded, integer: integer)
            if inGroup { builder.add(.group, .value, field: field, value: encoded, integer: integer) }
            guard case .array(let elements) = value, !elements.isEmpty else { return }
            var seen = Set<[UInt8]>()
            for element in elements {
                let encodedElement = OrderedValueEncoding.encode(element, direction: .ascending)
                guard elements.count == 1 || seen.insert(encodedElement).inserted else { continue }
                builder.add(.collection, .arrayElement, field: field, value: encodedElement)
                if inGroup { builder.add(.group, .arrayElement, field: field, value: encodedElement) }
            }
        }
        builder.add(.group, .name, field: 0, value: [])
        return sortedUnique(builder.entries)
    }

    /// Builds one document's entries: what they share (names, scope ids, data) computed once.
    private struct EntryBuilder {
        let key: DocumentKey
        let db: UInt32
        let collection: UInt64
        let collectionName: [UInt8]
        let groupName: [UInt8]
        let groupID: UInt64
        let data: [UInt8]
        /// `data` with the integer flag, made when the first integer value needs it.
        private var integerData: [UInt8]?
        /// The entries so far.
        var entries: [Entry] = []

        /// A builder for the document `key` of collection number `collection`.
        init(key: DocumentKey, db: UInt32, collection: UInt64, capacity: Int) {
            self.key = key
            self.db = db
            self.collection = collection
            collectionName = IndexKeys.collectionName(id: key.documentID)
            groupName = IndexKeys.groupName(path: key.path)
            groupID = IndexKeys.groupID(key.collectionPath.lastSegment ?? "")
            data = IndexKeys.data(flags: 0, collection: collection, id: key.documentID)
            entries.reserveCapacity(capacity)
        }

        /// Adds the entry of `value` (an encoding) for `field` in `scope`; `integer` sets the
        /// integer flag (for a `.value` entry whose value is an integer).
        mutating func add(_ scope: IndexKeys.Scope, _ kind: IndexKeys.Kind, field: UInt64, value: [UInt8], integer: Bool = false) {
            let scopeID = scope == .collection ? collection : groupID
            let name = scope == .collection ? collectionName : groupName
            let length = IndexKeys.headerBytes + value.count + name.count
            if value.count <= IndexKeys.maxValueBytes && length <= IndexKeys.keptKeyBytes {
                // The common case, built in one buffer: the same bytes `IndexKeys.entry` gives uncut entries.
                var entryKey = [UInt8]()
                entryKey.reserveCapacity(length)
                IndexKeys.appendHeader(db: db, scope: scope, scopeID: scopeID, kind: kind, field: field, to: &entryKey)
                entryKey += value
                entryKey += name
                entries.append((entryKey, integer ? flaggedInteger() : data))
                return
            }
            let header = IndexKeys.header(db: db, scope: scope, scopeID: scopeID, kind: kind, field: field)
            let (entryKey, cutFlags) = IndexKeys.entry(header: header, value: value, name: name)
            let flags = cutFlags | (integer ? IndexKeys.integerFlag : 0)
            entries.append((entryKey, IndexKeys.data(flags: flags, collection: collection, id: key.documentID)))
        }

        /// The shared data with the integer flag set (made once per document).
        private mutating func flaggedInteger() -> [UInt8] {
            if let made = integerData { return made }
            var made = data
            made[0] |= IndexKeys.integerFlag
            integerData = made
            return made
        }
    }

    /// `entries` in ascending key order with each key once (the last entry of a key wins).
    package static func sortedUnique(_ entries: [Entry]) -> [Entry] {
        var sorted = entries
        sorted.sort { compare($0.key, $1.key) < 0 }
        var unique: [Entry] = []
        unique.reserveCapacity(sorted.count)
        for entry in sorted {
            if let last = unique.last, last.key == entry.key { unique[unique.count - 1] = entry } else { unique.append(entry) }
        }
        return unique
    }

    /// LMDB's key order of two byte strings (negative, zero, positive).
    package static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBytes { left in b.withUnsafeBytes { right in UTF8KeyOrder.compareBytes(left, right) } }
    }

    /// Visits every field path of a map, depth first, maps before their sub-fields; `path` is the
    /// prefix so far (a buffer reused down the recursion rather than a new array per field).
    private static func forEachField<State>(
        _ fields: [String: Value], path: inout [String], into state: inout State,
        _ visit: ([String], Value, inout State) -> Void
    ) {
        for (name, value) in fields {
            path.append(name)
            visit(path, value, &state)
            if case .map(let nested) = value { forEachField(nested, path: &path, into: &state, visit) }
            path.removeLast()
        }
    }

    /// The entries of the composite indexes `definitions` (all over this document's collection id),
    /// in ascending key order, each key once.
    package static func compositeEntries(
        key: DocumentKey, fields: [String: Value], db: UInt32, collection: UInt64, definitions: [IndexDefinition]
    ) -> [Entry] {
        guard !definitions.isEmpty else { return [] }
        var result: [Entry] = []
        for definition in definitions {
            guard let tuples = tuples(of: definition, in: fields) else { continue }
            let group = definition.queryScope == .collectionGroup
            let scopeID = group ? IndexKeys.groupID(key.collectionPath.lastSegment ?? "") : collection
            let header = IndexKeys.compositeHeader(index: definition.storageID, db: db, scopeID: scopeID)
            var name = group ? IndexKeys.groupName(path: key.path) : IndexKeys.collectionName(id: key.documentID)
            // Names follow the direction of the last indexed field (as Firestore's entries do).
            if definition.fields.last?.mode == .descending { OrderedValueEncoding.complement(&name, from: 0) }
            for tuple in tuples {
                let (entryKey, flags) = IndexKeys.entry(header: header, value: tuple, name: name)
                result.append((entryKey, IndexKeys.data(flags: flags, collection: collection, id: key.documentID)))
            }
        }
        return sortedUnique(result)
    }

    /// The encoded value tuples a document contributes to an index; nil when it lacks a field.
    private static func tuples(of definition: IndexDefinition, in fields: [String: Value]) -> [[UInt8]]? {
        var tuples: [[UInt8]] = [[]]
        for field in definition.fields {
            guard let value = fields.value(at: field.fieldPath) else { return nil }
            switch field.mode {
            case .ascending, .descending:
                let encoded = OrderedValueEncoding.encode(value, direction: field.mode == .ascending ? .ascending : .descending)
                tuples = tuples.map { $0 + encoded }
            case .arrayContains:
                guard case .array(let elements) = value else { return nil }
                var distinct: [[UInt8]] = []
                var seen = Set<[UInt8]>()
                for element in elements {
                    let encoded = OrderedValueEncoding.encode(element, direction: .ascending)
                    if seen.insert(encoded).inserted { distinct.append(encoded) }
                }
                tuples = tuples.flatMap { prefix in distinct.map { prefix + $0 } }
            }
        }
        return tuples.isEmpty ? nil : tuples
    }
}

extension Value {
    /// Whether an index entry of this value carries the integer flag: an int64, or an Int32 (whose
    /// key has an int64's bytes), so index-served sums read it back as an integer.
    var isIntegerForIndex: Bool {
        switch self {
        case .integer: return true
        case .map(let fields) where fields.count == 1:
            if case .int32? = bson { return true }
            return false
        default: return false
        }
    }
}
