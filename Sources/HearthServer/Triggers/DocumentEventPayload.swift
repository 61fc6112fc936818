import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf

/// The `data` of a Firestore CloudEvent: `google.events.cloud.firestore.v1.DocumentEventData`
/// (the document after and before, and for updates the changed fields), binary protobuf.
enum DocumentEventPayload {
    /// The encoded payload of `change`; `updateMask` only for `updated` events, as Eventarc sends it.
    static func encoded(_ change: LoggedChange, kind: TriggerEventKind) throws -> Data {
        var data = Google_Events_Cloud_Firestore_V1_DocumentEventData()
        if let after = change.after { data.value = ProtoDocument.proto(after, in: change.database) }
        if let before = change.before { data.oldValue = ProtoDocument.proto(before, in: change.database) }
        if kind == .updated, let before = change.before, let after = change.after {
            var mask = Google_Firestore_V1_DocumentMask()
            mask.fieldPaths = changedPaths(before.fields, after.fields, under: []).map(\.canonicalString).sorted()
            data.updateMask = mask
        }
        return try data.serializedData()
    }

    /// The leaf field paths whose values differ between two maps (a map compared field by field,
    /// anything else as a whole; a field present on one side only counts as changed).
    static func changedPaths(_ before: [String: Value], _ after: [String: Value], under prefix: [String]) -> [FieldPath] {
        var paths: [FieldPath] = []
        for name in Set(before.keys).union(after.keys) {
            let path = prefix + [name]
            switch (before[name], after[name]) {
            case (.map(let old)?, .map(let new)?):
                paths += changedPaths(old, new, under: path)
            case (let old, let new) where old != new:
                paths.append(FieldPath(uncheckedSegments: path))
            default:
                continue
            }
        }
        return paths
    }
}
