import HearthCore

/// Builds the `request` object (`rules.firestore.Request`) from plain inputs.
enum RuleRequest {
    /// The signed-in caller: `request.auth.uid` and `request.auth.token`.
    struct Auth: Sendable, Equatable {
        /// The user id.
        var uid: String
        /// Every claim of the ID token (custom claims included).
        var token: [String: Value]
    }

    /// One `orderBy` clause of a query.
    struct Order: Sendable, Equatable {
        /// The field path's canonical string (`name`, ``a.`b.c` ``, `__name__`).
        var field: String
        /// True for descending order.
        var descending: Bool
    }

    /// The parts of a query the rules can read as `request.query` (on `list` only).
    struct Query: Sendable, Equatable {
        /// `request.query.limit`, absent when the query has none.
        var limit: Int64?
        /// `request.query.offset`, absent when zero or unset.
        var offset: Int64?
        /// `request.query.orderBy`, absent when empty.
        var orderBy: [Order]

        /// Creates a query description.
        init(limit: Int64? = nil, offset: Int64? = nil, orderBy: [Order] = []) {
            self.limit = limit
            self.offset = offset
            self.orderBy = orderBy
        }
    }

    /// What `request.resource` is: absent (reads), `null` (deletes), or the document after the write.
    enum Incoming: Sendable, Equatable {
        /// Reads: the key does not exist, so reading it errors.
        case absent
        /// Deletes: `request.resource == null`.
        case null
        /// Creates and updates: the document as the write would leave it.
        case document(Document)
    }

    /// Everything `request` is made of; its members are built from these on demand.
    struct Parts: Sendable {
        /// The database id (`(default)`), used in `request.path` and `__name__`.
        var database: String
        /// `get`, `list`, `create`, `update` or `delete`.
        var method: String
        /// The document path relative to the database's documents root.
        var path: ResourcePath
        /// `request.time`.
        var time: Timestamp
        /// `request.auth`, already built: `{uid, token}` or `null`.
        var auth: RuleValue
        /// `request.query` on `list`; nil leaves the key absent.
        var query: Query?
        /// `request.resource`.
        var incoming: Incoming
        /// `request.writeFields` (deprecated); nil leaves the key absent.
        var writeFields: [String]?
    }

    /// The keys a `request` map can have.
    enum Member: String, CaseIterable {
        case auth, method, path, time, query, resource, writeFields
    }

    /// One member of the `request` built from `parts`; nil when the request has no such key.
    static func member(_ member: Member, of parts: Parts) -> RuleValue? {
        switch member {
        case .auth: return parts.auth
        case .method: return .string(parts.method)
        case .path: return .path(RuleResource.documentPath(database: parts.database, path: parts.path))
        case .time: return .timestamp(parts.time)
        case .query: return parts.query.map(queryValue)
        case .resource:
            switch parts.incoming {
            case .absent: return nil
            case .null: return .null
            case .document(let document): return RuleResource.value(of: document, database: parts.database)
            }
        case .writeFields: return parts.writeFields.map { .list($0.map { RuleValue.string($0) }) }
        }
    }

    /// The whole `request` map of `parts`.
    static func value(of parts: Parts) -> RuleValue {
        var fields: [String: RuleValue] = [:]
        for name in Member.allCases {
            if let value = member(name, of: parts) { fields[name.rawValue] = value }
        }
        return .map(fields)
    }

    /// The `request` map.
    ///
    /// - Parameters:
    ///   - database: the database id (`(default)`), used in `request.path` and `__name__`.
    ///   - method: `get`, `list`, `create`, `update` or `delete`.
    ///   - path: the document path relative to the database's documents root.
    ///   - time: `request.time`.
    ///   - auth: the caller, or nil when not signed in (`request.auth == null`).
    ///   - query: `request.query` on `list`; nil leaves the key absent.
    ///   - incoming: `request.resource`.
    ///   - writeFields: `request.writeFields` (deprecated); nil leaves the key absent.
    static func value(
        database: String, method: String, path: ResourcePath, time: Timestamp, auth: Auth?,
        query: Query? = nil, incoming: Incoming = .absent, writeFields: [String]? = nil
    ) -> RuleValue {
        value(of: Parts(
            database: database, method: method, path: path, time: time, auth: authValue(auth), query: query,
            incoming: incoming, writeFields: writeFields))
    }

    /// `request.auth`: `{uid, token}` or `null`.
    static func authValue(_ auth: Auth?) -> RuleValue {
        guard let auth else { return .null }
        return .map(["uid": .string(auth.uid), "token": .map(RuleValue.fields(auth.token))])
    }

    /// `request.query`: `limit` and `offset` as ints, `orderBy` as a map from field path to `ASC`/`DESC`.
    static func queryValue(_ query: Query) -> RuleValue {
        var fields: [String: RuleValue] = [:]
        if let limit = query.limit { fields["limit"] = .int(limit) }
        if let offset = query.offset, offset != 0 { fields["offset"] = .int(offset) }
        if !query.orderBy.isEmpty {
            var orders: [String: RuleValue] = [:]
            for order in query.orderBy where orders[order.field] == nil {
                orders[order.field] = .string(order.descending ? "DESC" : "ASC")
            }
            fields["orderBy"] = .map(orders)
        }
        return .map(fields)
    }
}

extension RuleRequest.Auth {
    /// The caller of an `AccessContext`: a user's uid and claims; nil when not signed in (or admin,
    /// which bypasses rules and is never evaluated).
    init?(_ context: AccessContext) {
        guard case .user(let uid, let claims) = context else { return nil }
        self.init(uid: uid, token: claims)
    }
}
