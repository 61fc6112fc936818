public import Hearth

/// One of a group's members ("integrantes", A.3).
public struct GroupMember: Sendable, Equatable {
    /// The member's user document.
    public let user: Usuario
    /// When they joined the group.
    public let joinedAt: Timestamp?
    /// Whether they own the group.
    public let isOwner: Bool
}

/// What the group's detail offers the signed-in user (CU04, CU05).
public enum GroupAction: Sendable, Equatable {
    /// «Unirse»: not a member, and the group has room.
    case join
    /// Not a member, and the group is full.
    case full
    /// «Salir del grupo» (CU04 alt. 3.1): a member who may leave.
    case leave
    /// The last member: leaving deletes the group, which the app offers first (CU05 alt. 6.1).
    case leaveDeletingTheGroup
    /// The owner while other members remain: nothing to join or leave.
    case none
}

/// A group's detail screen (CU04, A.3): the group, its members, and what the user can do.
public struct GroupDetail: Sendable, Equatable {
    /// The group: title, description, place, member count and limit.
    public let group: Grupo
    /// Its members, in the order they joined (the founder first).
    public let members: [GroupMember]
    /// Whether the signed-in user is one of them.
    public let isMember: Bool
    /// Whether the signed-in user owns it («Editar», A.7).
    public let isOwner: Bool
    /// Join, full, leave, or leave deleting the group.
    public let action: GroupAction
}

extension UserSession {
    /// CU04 step 2: the group's detail as any signed-in user sees it before joining — title,
    /// description, its members — and whether to offer «Unirse» or «Salir del grupo».
    /// - Throws: `groupNotFound`.
    public func groupDetail(_ groupId: String) async throws(KomunitError) -> GroupDetail {
        let group = try await self.group(groupId)
        let members = try await members(of: groupId)
        let isMember = members.contains { $0.user.id == uid }
        let isOwner = group.ownerId == uid
        let action: GroupAction =
            if !isMember { group.hasRoom ? .join : .full }
            else if group.memberCount <= 1 { .leaveDeletingTheGroup }
            else if isOwner { .none }
            else { .leave }
        return GroupDetail(group: group, members: members, isMember: isMember, isOwner: isOwner, action: action)
    }

    /// A group's members ("integrantes", A.3), in the order they joined: its memberships (any
    /// signed-in user may list them), then each member's `users` document. A membership whose
    /// user document is gone (an account being deleted) is skipped.
    /// - Throws: `groupNotFound`.
    public func members(of groupId: String) async throws(KomunitError) -> [GroupMember] {
        let group = try await self.group(groupId)
        var members: [GroupMember] = []
        try await KomunitError.mapping {
            let memberships = try await db.collection(Collections.memberships).whereField("groupId", isEqualTo: groupId)
                .getDocuments().decoded(as: Membresia.self)
                .sorted { ($0.joinedAt ?? .distantFuture, $0.userId) < ($1.joinedAt ?? .distantFuture, $1.userId) }
            for membership in memberships {
                let snapshot = try await db.collection(Collections.users).document(membership.userId).getDocument()
                guard snapshot.exists else { continue }
                members.append(
                    GroupMember(
                        user: try snapshot.decoded(as: Usuario.self), joinedAt: membership.joinedAt,
                        isOwner: membership.userId == group.ownerId))
            }
        }
        return members
    }
}

extension Timestamp {
    /// Later than every stored time: a membership whose `joinedAt` is missing sorts last.
    fileprivate static let distantFuture = Timestamp(microseconds: .max)
}
