import Hearth
import HearthTesting
import Testing

/// What the rules must answer to one request.
enum Verdict: Sendable {
    /// The request goes through.
    case allowed
    /// The rules refuse it (`PERMISSION_DENIED`).
    case denied
}

/// One request a rules test sends, named for the failure message.
struct Request: CustomStringConvertible {
    /// What it does, e.g. `get users/alice`.
    let description: String
    /// Sends it as `db`.
    let send: (Firestore) async throws -> Void

    /// Reads the document at `path`.
    static func get(_ path: String) -> Request {
        Request(description: "get \(path)") { _ = try await $0.document(path).getDocument() }
    }

    /// Lists the collection at `path`, unfiltered.
    static func list(_ path: String) -> Request {
        query("list \(path)") { $0.collection(path) }
    }

    /// Lists the collection at `path` where `field == value`.
    static func list(_ path: String, where field: String, is value: String) -> Request {
        query("list \(path) where \(field) == \(value)") { $0.collection(path).whereField(field, isEqualTo: value) }
    }

    /// Lists the collection at `path` where the array `field` contains `value`.
    static func list(_ path: String, where field: String, contains value: String) -> Request {
        query("list \(path) where \(field) contains \(value)") {
            $0.collection(path).whereField(field, arrayContains: value)
        }
    }

    /// Runs the query `make` builds on the user's handle.
    static func query(_ description: String, _ make: @escaping (Firestore) -> Query) -> Request {
        Request(description: description) { _ = try await make($0).getDocuments() }
    }

    /// Writes `data` as the whole document at `path`.
    static func set(_ path: String, _ data: [String: Any]) -> Request {
        Request(description: "set \(path) \(data.keys.sorted())") { try await $0.document(path).setData(data) }
    }

    /// Changes the fields `data` names in the document at `path`.
    static func update(_ path: String, _ data: [String: Any]) -> Request {
        Request(description: "update \(path) \(data)") { try await $0.document(path).updateData(data) }
    }

    /// Deletes the document at `path`.
    static func delete(_ path: String) -> Request {
        Request(description: "delete \(path)") { try await $0.document(path).delete() }
    }
}

extension RulesFixture {
    /// The handle of `who`: one of the seeded users, `anonymous` (signed out), or any other uid
    /// signed in with the address `<uid>@test.es`.
    func db(_ who: String) throws -> Firestore {
        switch who {
        case "alice": alice
        case "bob": bob
        case "carol": carol
        case "dave": dave
        case "anonymous": anonymous
        default: try Self.signedIn(who, in: env)
        }
    }

    /// Sends each case's request as its user, in order, and records an issue for every answer
    /// that is not the case's verdict; an error other than `PERMISSION_DENIED` is thrown.
    func expect(
        _ cases: [(who: String, request: Request, verdict: Verdict)], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for (who, request, verdict) in cases {
            let db = try db(who)
            do {
                try await request.send(db)
                if verdict == .denied {
                    Issue.record("\(request) as \(who): allowed, expected denied", sourceLocation: sourceLocation)
                }
            } catch let error as FirestoreError where error.code == .permissionDenied {
                if verdict == .allowed {
                    Issue.record("\(request) as \(who): denied (\(error.message))", sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// Sends `request` as each of `users`: every one must get `verdict`.
    func expect(
        _ verdict: Verdict, _ request: Request, as users: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await expect(users.map { ($0, request, verdict) }, sourceLocation: sourceLocation)
    }
}

/// `base` with the fields of `changes` set (a valid document made invalid by one field).
func changing(_ base: [String: Any], _ changes: [String: Any]) -> [String: Any] {
    base.merging(changes) { _, new in new }
}
