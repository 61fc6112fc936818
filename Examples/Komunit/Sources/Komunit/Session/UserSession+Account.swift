import Hearth

/// What deleting an account removed (RNF7).
public struct AccountDeletion: Sendable, Equatable {
    /// Groups the user left (other members stay).
    public let groupsLeft: Int
    /// Groups the user owned, deleted with everything under them.
    public let groupsDeleted: Int
}

extension UserSession {
    /// RNF7: deletes the account: leaves every group (as the user, under the rules), has the
    /// backend delete the groups the user owns with their memberships, messages and events,
    /// deletes `users/<uid>` and the account, and signs out.
    /// - Throws: `userNotFound`; store errors.
    public func deleteAccount() async throws(KomunitError) -> AccountDeletion {
        let user = try await profile()
        var left = 0
        var deleted = 0
        for groupId in user.groupIds where !user.ownedGroupIds.contains(groupId) {
            do {
                _ = try await leaveGroup(groupId, deletingTheGroup: true)
                left += 1
            } catch .groupNotFound, .notMember {
                continue  // already gone: nothing to leave
            }
        }
        for groupId in user.ownedGroupIds {
            try await backend.dissolveGroup(groupId)
            deleted += 1
        }
        try await backend.triggersSettled()
        try await KomunitError.mapping {
            try await userReference().delete()
        }
        try await KomunitError.mapping {
            try await account.delete()
        }
        signOut()
        return AccountDeletion(groupsLeft: left, groupsDeleted: deleted)
    }
}
