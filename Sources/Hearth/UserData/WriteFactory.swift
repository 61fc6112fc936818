internal import HearthCore

/// Turns the SDK's write calls into engine `Write`s, exactly as the Firebase SDKs do (pinned by
/// Google's conformance vectors): sentinels become transforms or mask entries, maps emptied only
/// by removing sentinels disappear, literally empty maps stay.
enum WriteFactory {
    /// `setData(_:)`: replace the document.
    static func set(_ data: [String: Any], to key: DocumentKey, method: String = "setData()") throws(FirestoreError) -> Write {
        var reader = UserDataReader(method: method)
        return try set(nodes: try reader.readMap(data), to: key)
    }

    /// `setData(_:)` from nodes (the Codable path).
    static func set(nodes: [String: UserDataNode], to key: DocumentKey, precondition: Precondition = .none) throws(FirestoreError) -> Write {
        var split = WriteSplit()
        let fields = split.add(nodes, prefix: [])
        if let delete = split.deletes.first {
            throw failure(
                "FieldValue.delete() can only be used with updateData() and setData() with merge:true", at: delete)
        }
        return Write(.set(key, fields: fields), transforms: split.transforms, precondition: precondition)
    }

    /// `create`: a set that fails when the document exists (used by transactions' SDKs and the wire).
    static func create(_ data: [String: Any], to key: DocumentKey) throws(FirestoreError) -> Write {
        var reader = UserDataReader(method: "create()")
        return try set(nodes: try reader.readMap(data), to: key, precondition: .exists(false))
    }

    /// `setData(_:merge: true)`: change only the fields present.
    static func merge(_ data: [String: Any], to key: DocumentKey) throws(FirestoreError) -> Write {
        var reader = UserDataReader(method: "setData()")
        return try merge(nodes: try reader.readMap(data), to: key)
    }

    /// `setData(_:merge: true)` from nodes.
    static func merge(nodes: [String: UserDataNode], to key: DocumentKey) throws(FirestoreError) -> Write {
        var split = WriteSplit()
        let fields = split.add(nodes, prefix: [])
        let mask = split.leaves + split.deletes
        return Write(.update(key, fields: fields, mask: mask), transforms: split.transforms)
    }

    /// `setData(_:mergeFields:)`: change only the listed paths (each a dotted `String` or a `FieldPath`).
    static func merge(_ data: [String: Any], fields mergeFields: [Any], to key: DocumentKey) throws(FirestoreError) -> Write {
        var reader = UserDataReader(method: "setData()")
        let nodes = try reader.readMap(data)
        let paths = try mergeFields.map { field throws(FirestoreError) in try fieldPath(field) }
        try checkNoPrefixes(paths)
        var split = WriteSplit()
        let allFields = split.add(nodes, prefix: [])
        var fields: [String: Value] = [:]
        var mask: [HearthCore.FieldPath] = []
        for path in paths {
            guard let node = node(at: path, in: nodes) else {
                throw FirestoreError(
                    .invalidArgument,
                    "Field '\(path.canonicalString)' is specified in your field mask but missing from your input data.")
            }
            if case .sentinel(.transform) = node { continue }
            mask.append(path)
            if let value = allFields.value(at: path) { fields.setValue(value, at: path) }
        }
        for delete in split.deletes where !paths.contains(delete) {
            throw failure(
                "FieldValue.delete() can only appear at a path listed in mergeFields, not below or outside it", at: delete)
        }
        let transforms = split.transforms.filter { transform in paths.contains { $0.isPrefix(of: transform.fieldPath) } }
        return Write(.update(key, fields: fields, mask: mask), transforms: transforms)
    }

    /// `updateData(_:)`: keys are dotted paths or `FieldPath`s; the document must exist.
    /// A caller's `precondition` may only be an update time (an update always requires existence).
    static func update(_ data: [AnyHashable: Any], of key: DocumentKey, precondition: Precondition? = nil) throws(FirestoreError) -> Write {
        var pairs: [(HearthCore.FieldPath, Any)] = []
        for (rawKey, value) in data {
            pairs.append((try fieldPath(rawKey.base), value))
        }
        pairs.sort { $0.0 < $1.0 }
        return try update(pairs: pairs, of: key, precondition: precondition)
    }

    /// `updateData` with explicit (path, value) pairs, in order.
    static func update(
        pairs: [(HearthCore.FieldPath, Any)], of key: DocumentKey, precondition: Precondition? = nil
    ) throws(FirestoreError) -> Write {
        if case .exists? = precondition {
            throw FirestoreError(.invalidArgument, "Invalid precondition. updateData() cannot take an 'exists' precondition.")
        }
        guard !pairs.isEmpty else {
            throw FirestoreError(.invalidArgument, "Invalid data. updateData() requires at least one field to update.")
        }
        try checkNoPrefixes(pairs.map(\.0))
        var fields: [String: Value] = [:]
        var mask: [HearthCore.FieldPath] = []
        var transforms: [FieldTransform] = []
        for (path, value) in pairs {
            var reader = UserDataReader(method: "updateData()", path: path.segments)
            switch try reader.read(value) {
            case .sentinel(.delete):
                mask.append(path)
            case .sentinel(.transform(let kind)):
                transforms.append(FieldTransform(path, kind))
            case .value(let value):
                fields.setValue(value, at: path)
                mask.append(path)
            case .array(let elements):
                fields.setValue(.array(elements), at: path)
                mask.append(path)
            case .map(let children):
                var split = WriteSplit()
                let nested = split.add(children, prefix: path.segments)
                if let delete = split.deletes.first {
                    throw failure("FieldValue.delete() can only appear at the top level of your update data", at: delete)
                }
                if !nested.isEmpty || children.isEmpty { fields.setValue(.map(nested), at: path) }
                mask.append(path)
                transforms += split.transforms
            }
        }
        return Write(.update(key, fields: fields, mask: mask), transforms: transforms, precondition: precondition ?? .exists(true))
    }

    /// A dotted `String` or a `FieldPath`, as the engine's field path.
    static func fieldPath(_ any: Any) throws(FirestoreError) -> HearthCore.FieldPath {
        if let path = any as? FieldPath { return try path.corePath() }
        if let dotted = any as? String { return try HearthCore.FieldPath(dotted: dotted) }
        throw FirestoreError(.invalidArgument, "Field paths must be strings or FieldPath objects, but got \(type(of: any)).")
    }

    private static func checkNoPrefixes(_ paths: [HearthCore.FieldPath]) throws(FirestoreError) {
        if let (a, b) = HearthCore.FieldPath.firstOverlap(in: paths) {
            throw FirestoreError(
                .invalidArgument,
                a == b
                    ? "Invalid data. Field '\(a.canonicalString)' is specified more than once."
                    : "Invalid data. Field '\(a.canonicalString)' is a prefix of field '\(b.canonicalString)'.")
        }
    }

    private static func node(at path: HearthCore.FieldPath, in nodes: [String: UserDataNode]) -> UserDataNode? {
        var current = nodes
        for (index, segment) in path.segments.enumerated() {
            guard let node = current[segment] else { return nil }
            if index == path.segments.count - 1 { return node }
            guard case .map(let children) = node else { return nil }
            current = children
        }
        return nil
    }

    private static func failure(_ reason: String, at path: HearthCore.FieldPath) -> FirestoreError {
        FirestoreError(.invalidArgument, "Invalid data. \(reason) (found in field \(path.canonicalString))")
    }
}

/// Splits nodes into stored fields, leaf paths, deleted paths and transforms.
struct WriteSplit {
    /// Paths of stored leaves (values, arrays and literally empty maps).
    var leaves: [HearthCore.FieldPath] = []
    /// Paths holding `FieldValue.delete()`.
    var deletes: [HearthCore.FieldPath] = []
    /// Transforms, in field order.
    var transforms: [FieldTransform] = []

    /// Adds a map's nodes found under `prefix`; returns its stored fields (maps emptied only by
    /// removing sentinels are left out).
    mutating func add(_ nodes: [String: UserDataNode], prefix: [String]) -> [String: Value] {
        var fields: [String: Value] = [:]
        for name in nodes.keys.sorted(by: { String.compareUTF8($0, $1) < 0 }) {
            guard let node = nodes[name] else { continue }
            let path = prefix + [name]
            switch node {
            case .value(let value):
                fields[name] = value
                leaves.append(HearthCore.FieldPath(uncheckedSegments: path))
            case .array(let elements):
                fields[name] = .array(elements)
                leaves.append(HearthCore.FieldPath(uncheckedSegments: path))
            case .map(let children) where children.isEmpty:
                fields[name] = .map([:])
                leaves.append(HearthCore.FieldPath(uncheckedSegments: path))
            case .map(let children):
                let nested = add(children, prefix: path)
                if !nested.isEmpty { fields[name] = .map(nested) }
            case .sentinel(.delete):
                deletes.append(HearthCore.FieldPath(uncheckedSegments: path))
            case .sentinel(.transform(let kind)):
                transforms.append(FieldTransform(HearthCore.FieldPath(uncheckedSegments: path), kind))
            }
        }
        return fields
    }
}
