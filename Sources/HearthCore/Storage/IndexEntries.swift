/// The single-field index entries of one document (layout in `IndexKeys.swift`).
package enum IndexEntries {
    /// Every entry `fields` produce for the document `key` of collection number `collection`:
    /// each field path (nested map fields too) by value in both scopes, each distinct array element,
    /// and the document's collection-group name entry. Keys map to their data.
    package static func entries(
        key: DocumentKey, fields: [String: Value], db: UInt32, collection: UInt64
    ) -> [[UInt8]: [UInt8]] {
        let collectionName = IndexKeys.collectionName(id: key.documentID)
        let groupName = IndexKeys.groupName(path: key.path)
        let groupID = IndexKeys.groupID(key.collectionPath.lastSegment ?? "")
        var result: [[UInt8]: [UInt8]] = [:]

        func add(_ scope: IndexKeys.Scope, _ kind: IndexKeys.Kind, field: UInt64, value: [UInt8]) {
            let scopeID = scope == .collection ? collection : groupID
            let name = scope == .collection ? collectionName : groupName
            let header = IndexKeys.header(db: db, scope: scope, scopeID: scopeID, kind: kind, field: field)
            let (entryKey, flags) = IndexKeys.entry(header: header, value: value, name: name)
            result[entryKey] = IndexKeys.data(flags: flags, collection: collection, id: key.documentID)
        }

        forEachField(fields, prefix: []) { path, value in
            let field = IndexKeys.nameHash(FieldPath(uncheckedSegments: path).canonicalString)
            let encoded = OrderedValueEncoding.encode(value, direction: .ascending)
            add(.collection, .value, field: field, value: encoded)
            add(.group, .value, field: field, value: encoded)
            guard case .array(let elements) = value else { return }
            var seen = Set<[UInt8]>()
            for element in elements {
                let encodedElement = OrderedValueEncoding.encode(element, direction: .ascending)
                guard seen.insert(encodedElement).inserted else { continue }
                add(.collection, .arrayElement, field: field, value: encodedElement)
                add(.group, .arrayElement, field: field, value: encodedElement)
            }
        }
        add(.group, .name, field: 0, value: [])
        return result
    }

    /// Visits every field path of a map, depth first, maps before their sub-fields.
    private static func forEachField(_ fields: [String: Value], prefix: [String], _ visit: ([String], Value) -> Void) {
        for (name, value) in fields {
            let path = prefix + [name]
            visit(path, value)
            if case .map(let nested) = value { forEachField(nested, prefix: path, visit) }
        }
    }
}
