/// One write of a commit, shaped like Firestore v1's `Write` message.
package struct Write: Sendable, Equatable {
    /// What the write does to its document.
    package var operation: Operation
    /// Field transforms applied, in order, after the operation (only with `.set` and `.update`).
    package var transforms: [FieldTransform]
    /// The condition the document must meet before this write, else the whole commit fails.
    package var precondition: Precondition
    /// Imports only: the create and update times a `.set` stores instead of the commit time.
    package var preservedTimes: PreservedTimes?

    /// The kinds of write.
    package enum Operation: Sendable, Equatable {
        /// Replace the whole document with `fields` (create it if missing).
        case set(DocumentKey, fields: [String: Value])
        /// Change only the paths in `mask`: a masked path present in `fields` is set, one absent is deleted.
        case update(DocumentKey, fields: [String: Value], mask: [FieldPath])
        /// Delete the document (succeeds when it is already missing).
        case delete(DocumentKey)
        /// Check the precondition only; writes nothing (used by transactions for documents read but not written).
        case verify(DocumentKey)
    }

    /// Creates a write.
    package init(_ operation: Operation, transforms: [FieldTransform] = [], precondition: Precondition = .none) {
        self.operation = operation
        self.transforms = transforms
        self.precondition = precondition
    }

    /// The document this write targets.
    package var key: DocumentKey {
        switch operation {
        case .set(let key, _), .update(let key, _, _), .delete(let key), .verify(let key): return key
        }
    }

    /// `create`: a set that requires the document not to exist.
    package static func create(_ key: DocumentKey, fields: [String: Value], transforms: [FieldTransform] = []) -> Write {
        Write(.set(key, fields: fields), transforms: transforms, precondition: .exists(false))
    }

    /// `set` (overwrite).
    package static func set(_ key: DocumentKey, fields: [String: Value], transforms: [FieldTransform] = []) -> Write {
        Write(.set(key, fields: fields), transforms: transforms)
    }

    /// `update`: a masked update that requires the document to exist.
    package static func update(
        _ key: DocumentKey, fields: [String: Value], mask: [FieldPath], transforms: [FieldTransform] = []
    ) -> Write {
        Write(.update(key, fields: fields, mask: mask), transforms: transforms, precondition: .exists(true))
    }

    /// `delete`.
    package static func delete(_ key: DocumentKey, precondition: Precondition = .none) -> Write {
        Write(.delete(key), precondition: precondition)
    }
}

/// The create and update times an imported document keeps (see `Write.preservedTimes`).
package struct PreservedTimes: Sendable, Equatable {
    /// The document's original creation time.
    package var createTime: Timestamp
    /// The document's original last update time.
    package var updateTime: Timestamp

    /// Creates the pair.
    package init(createTime: Timestamp, updateTime: Timestamp) {
        self.createTime = createTime
        self.updateTime = updateTime
    }
}

/// A condition on the document's current state, checked before a write applies.
package enum Precondition: Sendable, Equatable {
    /// No condition.
    case none
    /// The document must exist (`true`) or must not exist (`false`).
    case exists(Bool)
    /// The document must exist with exactly this last update time.
    case updateTime(Timestamp)
}

/// A server-side change to one field, applied after a write's operation.
package struct FieldTransform: Sendable, Equatable {
    /// The field to transform.
    package var fieldPath: FieldPath
    /// What to do.
    package var kind: Kind

    /// The transform kinds Firestore offers.
    package enum Kind: Sendable, Equatable {
        /// Set to the commit time (`REQUEST_TIME`).
        case serverTimestamp
        /// Add a number (integer or double).
        case increment(Value)
        /// Keep the larger of the current value and this number.
        case maximum(Value)
        /// Keep the smaller of the current value and this number.
        case minimum(Value)
        /// Append each element not already present (`arrayUnion`).
        case appendMissingElements([Value])
        /// Remove every occurrence of each element (`arrayRemove`).
        case removeAllFromArray([Value])
    }

    /// Creates a transform.
    package init(_ fieldPath: FieldPath, _ kind: Kind) {
        self.fieldPath = fieldPath
        self.kind = kind
    }
}

/// The outcome of one write in a committed commit.
package struct WriteResult: Sendable, Equatable {
    /// The document's update time after the write: the commit time if the write changed it, else the
    /// previous update time. Nil for deletes and verifies.
    package var updateTime: Timestamp?
    /// One value per transform, in order: the new value (timestamps and numbers) or null (array transforms).
    package var transformResults: [Value]
}

/// The outcome of a successful commit.
package struct CommitResult: Sendable, Equatable {
    /// One result per write, in the order the writes were given.
    package var writeResults: [WriteResult]
    /// The commit's time, shared by every write in it.
    package var commitTime: Timestamp
}
