import Hearth

extension UserSession {
    /// Report content (§6.2.2, no number): files a `reports` document naming the reported group,
    /// message or event, with the user's reason. The user reports what they can see: any group,
    /// and the messages and events of groups they belong to. A human reviews each report outside
    /// the app (no client reads reports back). Returns the report's id.
    /// - Throws: `invalidField` for an empty reason or one over 1,000 characters (Unicode scalars); `groupNotFound`,
    ///   `messageNotFound`, `eventNotFound`; `notMember` for a message or event of another group.
    @discardableResult
    public func report(_ content: ReportedContent, reason: String) async throws(KomunitError) -> String {
        let text = try FieldCheck.required(reason, "reason")
        guard text.unicodeScalars.count <= Self.maximumReasonLength else {
            throw .invalidField(name: "reason", reason: "no puede superar \(Self.maximumReasonLength) caracteres")
        }
        let groupId = content.groupId
        _ = try await group(groupId)
        switch content {
        case .group:
            break
        case .message(let messageId, _):
            guard try await isMember(of: groupId) else { throw .notMember }
            guard FieldCheck.identifier(messageId) else { throw .messageNotFound(id: messageId) }
            let exists: Bool = try await KomunitError.mapping {
                try await db.collection(Collections.messages(of: groupId)).document(messageId).getDocument()
                    .exists
            }
            guard exists else { throw .messageNotFound(id: messageId) }
        case .event(let eventId, _):
            guard try await isMember(of: groupId) else { throw .notMember }
            _ = try await event(eventId, in: groupId)
        }
        return try await KomunitError.mapping {
            let reference = db.collection(Collections.reports).document()
            try await reference.setData(from: Reporte(reporterId: uid, target: content.path, reason: text))
            return reference.documentID
        }
    }

    /// The longest reason a report may give, in Unicode scalars (what the rules' `size()` counts).
    public static var maximumReasonLength: Int { 1000 }
}
