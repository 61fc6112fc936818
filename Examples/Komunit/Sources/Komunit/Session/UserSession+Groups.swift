import Hearth

/// What became of a leave request (CU05).
public enum LeaveOutcome: Sendable, Equatable {
    /// The user left; the group goes on with its other members.
    case left
    /// The user was the last member: the group was deleted, and the clean-up trigger removed
    /// everything under it before the call returned.
    case groupDeleted
}

extension UserSession {
    /// CU06: creates a group owned by the signed-in user, who becomes its first member — in one
    /// transaction that checks the user owns fewer than 2 groups and is in fewer than 4.
    /// - Throws: `invalidField`; `tooManyOwnedGroups`; `tooManyGroups`.
    public func createGroup(_ form: GroupForm) async throws(KomunitError) -> Grupo {
        var data = try form.validated()
        let group = db.collection(Collections.groups).document()
        let membership = membershipReference(group.documentID)
        let user = userReference()
        let uid = self.uid
        data["ownerId"] = uid
        data["memberCount"] = 1
        data["lastMessageAt"] = FieldValue.serverTimestamp()
        let fields = data
        try await db.transact { transaction in
            let usuario = try Self.user(user, in: transaction)
            guard usuario.ownedGroupIds.count < Limits.ownedGroupsPerUser else {
                throw KomunitError.tooManyOwnedGroups(limit: Limits.ownedGroupsPerUser)
            }
            guard usuario.groupIds.count < Limits.groupsPerUser else {
                throw KomunitError.tooManyGroups(limit: Limits.groupsPerUser)
            }
            transaction.setData(fields, forDocument: group)
            transaction.setData(from: Membresia(userId: uid, groupId: group.documentID), forDocument: membership)
            transaction.updateData(
                [
                    "groupIds": FieldValue.arrayUnion([group.documentID]),
                    "ownedGroupIds": FieldValue.arrayUnion([group.documentID]),
                ], forDocument: user)
        }
        return try await self.group(group.documentID)
    }

    /// Edits a group's details; owner only. The member limit cannot drop below the members it has.
    /// - Throws: `invalidField`; `groupNotFound`; `notOwner`.
    public func editGroup(_ groupId: String, with form: GroupForm) async throws(KomunitError) -> Grupo {
        let fields = try form.validated()
        let group = try groupReference(groupId)
        let uid = self.uid
        try await db.transact { transaction in
            let grupo = try Self.group(group, in: transaction)
            guard grupo.ownerId == uid else { throw KomunitError.notOwner }
            guard form.memberLimit >= grupo.memberCount else {
                throw KomunitError.invalidField(
                    name: "memberLimit", reason: "no puede ser menor que los \(grupo.memberCount) miembros actuales")
            }
            transaction.updateData(fields, forDocument: group)
        }
        return try await self.group(groupId)
    }

    /// CU04: joins a group — in one transaction that checks there is room (`memberCount <
    /// memberLimit`) and the user is in fewer than 4 groups, then writes the membership, the
    /// group's `memberCount` and the user's `groupIds` together.
    /// - Throws: `groupNotFound`; `alreadyMember`; `tooManyGroups`; `groupFull`.
    public func joinGroup(_ groupId: String) async throws(KomunitError) -> Grupo {
        let group = try groupReference(groupId)
        let membership = membershipReference(groupId)
        let user = userReference()
        let uid = self.uid
        try await db.transact { transaction in
            let grupo = try Self.group(group, in: transaction)
            let usuario = try Self.user(user, in: transaction)
            guard try !transaction.getDocument(membership).exists else { throw KomunitError.alreadyMember }
            guard usuario.groupIds.count < Limits.groupsPerUser else {
                throw KomunitError.tooManyGroups(limit: Limits.groupsPerUser)
            }
            guard grupo.hasRoom else { throw KomunitError.groupFull }
            transaction.setData(from: Membresia(userId: uid, groupId: groupId), forDocument: membership)
            transaction.updateData(["memberCount": grupo.memberCount + 1], forDocument: group)
            transaction.updateData(["groupIds": FieldValue.arrayUnion([groupId])], forDocument: user)
        }
        return try await self.group(groupId)
    }

    /// CU05: leaves a group. The last member's leaving deletes the group — so it happens only with
    /// `deletingTheGroup` (the app's offer of alt. 6.1, accepted) — then the backend removes its
    /// messages, events and attendances. The owner leaves only as the last member.
    /// - Throws: `groupNotFound`; `notMember`; `ownerCannotLeave`; `lastMember` when the user is the
    ///   last member and `deletingTheGroup` is false (nothing changes; the app offers the deletion).
    public func leaveGroup(_ groupId: String, deletingTheGroup: Bool = false) async throws(KomunitError)
        -> LeaveOutcome
    {
        let group = try groupReference(groupId)
        let membership = membershipReference(groupId)
        let user = userReference()
        let uid = self.uid
        let deleted = try await db.transact { transaction in
            let grupo = try Self.group(group, in: transaction)
            guard try transaction.getDocument(membership).exists else { throw KomunitError.notMember }
            let last = grupo.memberCount <= 1
            guard !last || deletingTheGroup else { throw KomunitError.lastMember }
            guard last || grupo.ownerId != uid else { throw KomunitError.ownerCannotLeave }
            transaction.deleteDocument(membership)
            var change: [String: Any] = ["groupIds": FieldValue.arrayRemove([groupId])]
            if last {
                transaction.deleteDocument(group)
                if grupo.ownerId == uid { change["ownedGroupIds"] = FieldValue.arrayRemove([groupId]) }
            } else {
                transaction.updateData(["memberCount": grupo.memberCount - 1], forDocument: group)
            }
            transaction.updateData(change, forDocument: user)
            return last
        }
        guard deleted else { return .left }
        try await backend.triggersSettled()
        return .groupDeleted
    }

    /// The group read in `transaction`.
    /// - Throws: `groupNotFound`.
    static func group(_ reference: DocumentReference, in transaction: Transaction) throws -> Grupo {
        let snapshot = try transaction.getDocument(reference)
        guard snapshot.exists else { throw KomunitError.groupNotFound(id: reference.documentID) }
        return try snapshot.decoded(as: Grupo.self)
    }

    /// The user read in `transaction`.
    /// - Throws: `userNotFound`.
    static func user(_ reference: DocumentReference, in transaction: Transaction) throws -> Usuario {
        let snapshot = try transaction.getDocument(reference)
        guard snapshot.exists else { throw KomunitError.userNotFound(uid: reference.documentID) }
        return try snapshot.decoded(as: Usuario.self)
    }
}
