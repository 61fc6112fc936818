import FirestoreWire
import HearthCore

/// What a client's `Target` asks for: documents or a query, and where to resume from, parsed and
/// checked against the stream's database.
struct ListenTargetRequest: Sendable, Equatable {
    /// What the target follows.
    enum Kind: Sendable, Equatable {
        /// These documents, in request order, without repeats.
        case documents([DocumentKey])
        /// This query's results.
        case query(StructuredQuery)
    }

    /// Where the target starts.
    enum Resume: Sendable, Equatable {
        /// No resume point was given: send the full state.
        case fresh
        /// A resume point was given but cannot be used (foreign, too old or in the future): RESET,
        /// then the full state.
        case unreachable
        /// Send only what changed after this version.
        case after(Int64)
    }

    /// How much sooner than the engine's retention window a resume point counts as too old, so
    /// the engine still has the history when the listener starts.
    static let resumeMarginMicroseconds: Int64 = 60_000_000

    /// What the target follows.
    let kind: Kind
    /// Where it starts.
    let resume: Resume

    /// Parses `target` for a stream on `database`; resume points are judged at `moment` against a
    /// history of `retentionMicroseconds`.
    /// - Throws: `INVALID_ARGUMENT` when the target is neither documents nor a structured query,
    ///   names something outside `database`, or holds an invalid query.
    init(
        _ target: Google_Firestore_V1_Target, in database: DatabaseID, at moment: ListenMoment, retentionMicroseconds: Int64
    ) throws(FirestoreError) {
        resume = Self.resume(target.resumeType, at: moment, retentionMicroseconds: retentionMicroseconds)
        switch target.targetType {
        case .documents(let documents):
            var keys: [DocumentKey] = []
            for name in documents.documents {
                let (_, key) = try ResourceName.document(name, in: database)
                if !keys.contains(key) { keys.append(key) }
            }
            kind = .documents(keys)
        case .query(let queryTarget):
            let (queryDatabase, parent) = try ResourceName.parent(queryTarget.parent)
            guard queryDatabase == database else {
                throw FirestoreError(.invalidArgument, "The query's parent is not in the stream's database \(database.resourceName).")
            }
            guard case .structuredQuery(let structured)? = queryTarget.queryType else {
                throw FirestoreError(.invalidArgument, "A query target needs a structured_query.")
            }
            // A listener names its collection; the kindless form without `from` is for RunQuery
            // (the Admin SDKs' recursive deletes), which no SDK listens to.
            guard !structured.from.isEmpty else {
                throw FirestoreError(.invalidArgument, "A query target needs a collection selector in 'from'.")
            }
            kind = .query(try ProtoQuery.query(structured, parent: parent))
        case nil:
            throw FirestoreError(.invalidArgument, "A target must be a query or a documents target.")
        }
    }

    /// Where a target with this resume token or read time starts.
    private static func resume(
        _ type: Google_Firestore_V1_Target.OneOf_ResumeType?, at moment: ListenMoment, retentionMicroseconds: Int64
    ) -> Resume {
        let version: Int64?
        switch type {
        case .resumeToken(let token) where !token.isEmpty: version = ResumeToken.decode(token)
        case .readTime(let time): version = (try? Timestamp(proto: time))?.microseconds
        default: return .fresh
        }
        guard let version, version > 0, version <= moment.latestVersion,
              version >= moment.now - retentionMicroseconds + resumeMarginMicroseconds
        else { return .unreachable }
        return .after(version)
    }
}
