@_exported public import HearthCore

// `import Hearth` is all an app needs. HearthCore is re-exported because the API uses its value
// types as they are (`Value`, `Timestamp`, `FirestoreError`, `AccessContext`, …) and, with
// member-import visibility, their members (`error.code`, `.user(uid:claims:)`) are only visible
// through an import of the module that declares them. Hearth's own `FieldPath` shadows the
// core's. The aliases below name the types the Firebase SDK's API has, for documentation.

/// A point in time with nanosecond precision (stored with microsecond precision).
public typealias Timestamp = HearthCore.Timestamp
/// A latitude/longitude pair.
public typealias GeoPoint = HearthCore.GeoPoint
/// The error every Hearth call throws: a canonical gRPC code and Firestore's message.
public typealias FirestoreError = HearthCore.FirestoreError
/// The canonical status codes of `FirestoreError` (the SDK's `FirestoreErrorCode`).
public typealias FirestoreErrorCode = HearthCore.FirestoreError.Code
/// Who makes the requests of a `Firestore` instance: admin, a signed-in user, or nobody.
public typealias AccessContext = HearthCore.AccessContext
/// A project and database id.
public typealias DatabaseID = HearthCore.DatabaseID
/// How the data directory is opened (durability, map size, history retention, clock).
public typealias EngineOptions = HearthCore.EngineOptions
/// Whether each commit is synced to disk before it returns.
public typealias Durability = HearthCore.Durability
