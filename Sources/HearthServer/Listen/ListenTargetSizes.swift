import FirestoreWire

/// How many documents a Listen client holds in each of its targets, counted from the responses
/// sent to it: a changed document enters the targets it names and leaves those it is removed
/// from; a deleted or removed document leaves its targets; REMOVE and RESET empty a target.
///
/// Names are kept as hashes (a collision only miscounts by one), so the count costs about
/// 16 bytes a document.
struct ListenTargetSizes: Sendable {
    /// The hashes of the documents in each target.
    private var members: [Int32: Set<Int>] = [:]

    /// Creates an empty count.
    init() {}

    /// The documents in all targets together (a document in two targets counts twice, as each
    /// target's view holds it).
    var total: Int { members.values.reduce(0) { $0 + $1.count } }

    /// Accounts for one response on its way to the client.
    mutating func note(_ response: Google_Firestore_V1_ListenResponse) {
        switch response.responseType {
        case .documentChange(let change)?:
            let name = change.document.name.hashValue
            for target in change.targetIds { members[target, default: []].insert(name) }
            for target in change.removedTargetIds { members[target]?.remove(name) }
        case .documentDelete(let delete)?:
            let name = delete.document.hashValue
            for target in delete.removedTargetIds { members[target]?.remove(name) }
        case .documentRemove(let remove)?:
            let name = remove.document.hashValue
            for target in remove.removedTargetIds { members[target]?.remove(name) }
        case .targetChange(let change)?:
            if change.targetChangeType == .remove || change.targetChangeType == .reset {
                for target in change.targetIds { members[target] = nil }
            }
        case .filter?, nil:
            break
        }
    }
}
