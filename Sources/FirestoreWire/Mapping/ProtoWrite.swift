package import HearthCore

/// Converts wire writes (`Write`, `Precondition`, `FieldTransform`) to the core's `Write`.
package enum ProtoWrite {
    /// The core write for a wire write, which must target a document in `database`.
    /// - Throws: `INVALID_ARGUMENT` for a write with no operation, a bad name, mask, value or transform.
    package static func write(_ proto: Google_Firestore_V1_Write, in database: DatabaseID) throws(FirestoreError) -> Write {
        let precondition = proto.hasCurrentDocument ? try precondition(proto.currentDocument) : .none
        switch proto.operation {
        case .update(let document):
            let (_, key) = try ResourceName.document(document.name, in: database)
            let fields = try ProtoValue.fields(document.fields)
            let transforms = try proto.updateTransforms.map { t throws(FirestoreError) in try transform(t) }
            if proto.hasUpdateMask {
                let mask = try FieldMask(proto: proto.updateMask).paths
                return Write(.update(key, fields: fields, mask: mask), transforms: transforms, precondition: precondition)
            }
            return Write(.set(key, fields: fields), transforms: transforms, precondition: precondition)
        case .delete(let name):
            guard proto.updateTransforms.isEmpty, !proto.hasUpdateMask else {
                throw FirestoreError(.invalidArgument, "A delete cannot have an update mask or update transforms.")
            }
            let (_, key) = try ResourceName.document(name, in: database)
            return Write(.delete(key), precondition: precondition)
        case .verify(let name):
            // The JS SDK's transactions check their read-only documents this way: the precondition
            // (the update time read, or `exists: false`) is the whole write.
            guard proto.updateTransforms.isEmpty, !proto.hasUpdateMask else {
                throw FirestoreError(.invalidArgument, "A verify cannot have an update mask or update transforms.")
            }
            let (_, key) = try ResourceName.document(name, in: database)
            return Write(.verify(key), precondition: precondition)
        case .transform(let documentTransform):
            let (_, key) = try ResourceName.document(documentTransform.document, in: database)
            guard !documentTransform.fieldTransforms.isEmpty else {
                throw FirestoreError(.invalidArgument, "A transform write must have at least one field transform.")
            }
            let transforms = try documentTransform.fieldTransforms.map { t throws(FirestoreError) in try transform(t) }
            return Write(.update(key, fields: [:], mask: []), transforms: transforms, precondition: precondition)
        case nil:
            throw FirestoreError(.invalidArgument, "A write must have an operation: update, delete, verify or transform.")
        }
    }

    /// The core precondition of a wire precondition (an empty one is no condition).
    package static func precondition(_ proto: Google_Firestore_V1_Precondition) throws(FirestoreError) -> Precondition {
        switch proto.conditionType {
        case .exists(let exists): return .exists(exists)
        case .updateTime(let time): return .updateTime(try Timestamp(proto: time))
        case nil: return .none
        }
    }

    /// The core transform of a wire field transform.
    package static func transform(_ proto: Google_Firestore_V1_DocumentTransform.FieldTransform) throws(FirestoreError) -> FieldTransform {
        let path = try FieldPath(serverFormat: proto.fieldPath)
        switch proto.transformType {
        case .setToServerValue(let serverValue):
            guard serverValue == .requestTime else {
                throw FirestoreError(.invalidArgument, "Unsupported server value for field \(proto.fieldPath); only REQUEST_TIME exists.")
            }
            return FieldTransform(path, .serverTimestamp)
        case .increment(let operand): return FieldTransform(path, .increment(try numeric(operand, path: proto.fieldPath)))
        case .maximum(let operand): return FieldTransform(path, .maximum(try numeric(operand, path: proto.fieldPath)))
        case .minimum(let operand): return FieldTransform(path, .minimum(try numeric(operand, path: proto.fieldPath)))
        case .appendMissingElements(let array):
            return FieldTransform(path, .appendMissingElements(try array.values.map { v throws(FirestoreError) in try ProtoValue.value(v) }))
        case .removeAllFromArray(let array):
            return FieldTransform(path, .removeAllFromArray(try array.values.map { v throws(FirestoreError) in try ProtoValue.value(v) }))
        case nil:
            throw FirestoreError(.invalidArgument, "The field transform for \(proto.fieldPath) has no transform type.")
        }
    }

    private static func numeric(_ proto: Google_Firestore_V1_Value, path: String) throws(FirestoreError) -> Value {
        let operand = try ProtoValue.value(proto)
        guard operand.isNumber else {
            throw FirestoreError(
                .invalidArgument, "The operand of a numeric transform on field \(path) must be an integer or a double.")
        }
        return operand
    }

    /// The wire form of a write result.
    package static func proto(_ result: WriteResult) -> Google_Firestore_V1_WriteResult {
        var proto = Google_Firestore_V1_WriteResult()
        if let updateTime = result.updateTime { proto.updateTime = updateTime.proto }
        proto.transformResults = result.transformResults.map(ProtoValue.proto)
        return proto
    }
}
