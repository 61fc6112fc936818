/// Field numbers and meaning codes of the legacy Datastore `EntityProto` that export files hold
/// (one entity per log record); `specs/export-format.md` lists them with what each one carries.
package enum EntityFields {
    /// `EntityProto` fields.
    package enum Entity {
        /// The kind (legacy, varint): skipped.
        static let kind = 4
        /// The kind URI (legacy, string): skipped.
        static let kindURI = 5
        /// The key (`Reference`).
        static let key = 13
        /// An indexed property.
        static let property = 14
        /// An unindexed property (what Firestore writes for nearly everything).
        static let rawProperty = 15
        /// The entity group (`Path` of the root element).
        static let entityGroup = 16
        /// The owner (legacy `User`): skipped.
        static let owner = 17
        /// The rank (legacy, varint): skipped.
        static let rank = 18
    }

    /// `Reference` (a document key) fields.
    package enum Key {
        /// The application id, `s~project` or `dev~project`.
        static let app = 13
        /// The `Path`.
        static let path = 14
        /// The namespace (Firestore leaves it unset).
        static let namespace = 20
        /// The database id, unset for `(default)`.
        static let databaseID = 23
    }

    /// `Path` fields: one group per element, each with a kind and a name or numeric id.
    package enum Path {
        /// The `Element` group.
        static let element = 1
        /// The element's kind: the collection id.
        static let type = 2
        /// A numeric id (Datastore style): Firestore shows it as `__id<n>__`.
        static let id = 3
        /// The element's name: the document id.
        static let name = 4
    }

    /// `Property` fields.
    package enum Property {
        /// The meaning code (see `Meaning`).
        static let meaning = 1
        /// The meaning URI (legacy): skipped.
        static let meaningURI = 2
        /// The property name.
        static let name = 3
        /// True for each element of an array (one property per element, same name).
        static let multiple = 4
        /// The `PropertyValue`.
        static let value = 5
        /// Legacy flags: skipped.
        static let legacyFlags: Set<Int> = [6, 7, 8, 9]
    }

    /// `PropertyValue` fields.
    package enum Value {
        /// A signed 64-bit integer (also timestamps, in microseconds).
        static let int64 = 1
        /// A boolean.
        static let boolean = 2
        /// Bytes: strings, blobs, and serialized nested entities (maps).
        static let string = 3
        /// A double (fixed 64-bit).
        static let double = 4
        /// The point group: x (6) latitude, y (7) longitude, doubles.
        static let point = 5
        static let pointX = 6
        static let pointY = 7
        /// The legacy user group: refused.
        static let user = 8
        /// The reference group: app (13), path elements (14 group: type 15, id 16, name 17),
        /// namespace (20), database id (23).
        static let reference = 12
        static let referenceApp = 13
        static let referenceElement = 14
        static let referenceType = 15
        static let referenceID = 16
        static let referenceName = 17
        static let referenceNamespace = 20
        static let referenceDatabaseID = 23
    }

    /// Meaning codes Firestore uses.
    package enum Meaning {
        /// A plain value.
        static let none: UInt64 = 0
        /// A timestamp: the int64 holds microseconds since the epoch.
        static let gdWhen: UInt64 = 7
        /// A geo point.
        static let geoPoint: UInt64 = 9
        /// Bytes, long form.
        static let blob: UInt64 = 14
        /// Long text.
        static let text: UInt64 = 15
        /// Bytes, short form.
        static let byteString: UInt64 = 16
        /// A map: the string holds a serialized `EntityProto` with an empty key.
        static let entityProto: UInt64 = 19
        /// An empty array (a property with no value).
        static let emptyList: UInt64 = 24
    }
}
