/// Which document changes a trigger fires on (Cloud Functions' four Firestore event types).
package enum TriggerEventKind: String, Sendable, Hashable, CaseIterable {
    /// A document came into existence.
    case created
    /// An existing document's contents changed.
    case updated
    /// A document stopped existing.
    case deleted
    /// Any of the three.
    case written

    /// Whether a change from `before` to `after` (nil = missing) is one of these.
    package func matches(before: Document?, after: Document?) -> Bool {
        switch self {
        case .created: before == nil && after != nil
        case .updated: before != nil && after != nil
        case .deleted: before != nil && after == nil
        case .written: before != nil || after != nil
        }
    }

    /// The CloudEvents type Eventarc gives this kind: `google.cloud.firestore.document.v1.<kind>`,
    /// with `.withAuthContext` appended for the variants that carry the writer's identity.
    package func cloudEventType(withAuthContext: Bool) -> String {
        "google.cloud.firestore.document.v1.\(rawValue)" + (withAuthContext ? ".withAuthContext" : "")
    }

    /// The kind (and whether the auth-context variant was asked for) of a CloudEvents type, or nil
    /// when it is not one of the eight Firestore document types.
    package static func parse(cloudEventType type: String) -> (kind: TriggerEventKind, withAuthContext: Bool)? {
        let prefix = "google.cloud.firestore.document.v1."
        guard type.hasPrefix(prefix) else { return nil }
        var rest = String(type.dropFirst(prefix.count))
        let withAuth = rest.hasSuffix(".withAuthContext")
        if withAuth { rest = String(rest.dropLast(".withAuthContext".count)) }
        return TriggerEventKind(rawValue: rest).map { ($0, withAuth) }
    }
}

/// Who made a change, as the `.withAuthContext` event types report it (`ce-authtype`, `ce-authid`).
package struct ChangeAuthor: Sendable, Hashable {
    /// `service_account`, `api_key`, `system`, `unauthenticated` or `unknown` (Eventarc's values).
    package var type: String
    /// The principal: a user's uid, or nil.
    package var id: String?

    /// Creates an author.
    package init(type: String, id: String?) {
        self.type = type
        self.id = id
    }

    /// Admin writes (the server's owner token, the Swift API's admin access, trigger handlers),
    /// named after the emulators' admin token.
    package static let admin = ChangeAuthor(type: "service_account", id: "owner")
    /// Writes Hearth makes itself (TTL deletes).
    package static let system = ChangeAuthor(type: "system", id: nil)

    /// The author of a commit made with `access` (a signed-in user: `unknown` with the uid,
    /// Eventarc's type for principals that are neither service accounts nor API keys).
    package init(_ access: AccessContext) {
        switch access {
        case .admin: self = .admin
        case .user(let uid, _): self.init(type: "unknown", id: uid)
        case .unauthenticated: self.init(type: "unauthenticated", id: nil)
        }
    }

    /// Set by Hearth's own writers (the TTL sweep) to name themselves instead of the access.
    @TaskLocal package static var override: ChangeAuthor?
}

/// How deep in a chain of trigger-made writes the current task is: 0 for a client's write, one
/// more for each trigger handler between it and the client. Commits record it in the log, so the
/// events of a handler's own writes carry it, and the loop guard can stop a handler that keeps
/// re-triggering itself.
package enum TriggerDepth {
    /// The depth of the running task's writes.
    @TaskLocal package static var current: UInt8 = 0
}
