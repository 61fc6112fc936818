import Hearth

extension UserSession {
    /// CU-005: creates a group with the chosen members (the creator included); the membership
    /// trigger (`onDocumentCreated`) then records it so members can see each other's lists, and
    /// the call returns once it has.
    /// - Throws: `invalidField` for a missing name or no other member; `userNotFound` for a
    ///   member who is not registered.
    @discardableResult
    public func createGroup(_ form: GroupForm) async throws(GiftworldError) -> Group {
        let valid = try form.validated(creator: uid)
        for member in valid.members.dropFirst() { _ = try await user(member) }
        let reference: DocumentReference
        do {
            let groups = db.collection(Collections.groups)
            reference = try await groups.addDocument(from: Group(form: valid, creator: uid))
        } catch {
            throw GiftworldError.mapped(error)
        }
        try await backend.triggersSettled()
        return try await group(reference.documentID)
    }

    /// CU-005's list: the groups the signed-in user belongs to, by name.
    public func myGroups() async throws(GiftworldError) -> [Group] {
        return try await GiftworldError.mapping {
            return try await db.collection(Collections.groups).whereField("members", arrayContains: uid)
                .getDocuments().decoded(as: Group.self).sorted { ($0.name, $0.id ?? "") < ($1.name, $1.id ?? "") }
        }
    }

    /// One of the signed-in user's groups.
    /// - Throws: `groupNotFound` when it does not exist or the user is not a member.
    public func group(_ groupID: String) async throws(GiftworldError) -> Group {
        guard FieldCheck.identifier(groupID) else { throw .groupNotFound(id: groupID) }
        do {
            guard let group = try await db.collection(Collections.groups).document(groupID).decoded(as: Group.self)
            else { throw GiftworldError.groupNotFound(id: groupID) }
            return group
        } catch let error as FirestoreError where error.code == .permissionDenied {
            throw .groupNotFound(id: groupID)
        } catch {
            throw GiftworldError.mapped(error)
        }
    }

    /// RF3.2: a member renames the group or changes its picture (the thesis names no role; any
    /// member may). Returns the stored group.
    /// - Throws: `invalidField` for an empty name; `groupNotFound` unless the user is a member.
    @discardableResult
    public func editGroup(_ groupID: String, name: String, imageURL: String = "") async throws(GiftworldError)
        -> Group
    {
        let name = try FieldCheck.required(name, "name")
        _ = try await group(groupID)
        try await GiftworldError.mapping {
            try await db.collection(Collections.groups).document(groupID).updateData([
                "name": name, "image_url": FieldCheck.optional(imageURL),
            ])
        }
        return try await group(groupID)
    }

    /// RF3.3: a member adds registered users to the group (nobody is ever removed). The
    /// membership trigger (`onDocumentUpdated`) then gives each newcomer the group's membership,
    /// so they and the others see each other's lists, and the call returns once it has. Users
    /// already in the group are skipped; adding nobody new changes nothing.
    /// - Throws: `invalidField` for a malformed id or more than `GroupForm.maximumMembers`
    ///   members in all; `userNotFound` for someone not registered; `groupNotFound` unless the
    ///   user is a member.
    @discardableResult
    public func addMembers(_ uids: [String], to groupID: String) async throws(GiftworldError) -> Group {
        for member in uids where !FieldCheck.identifier(member) {
            throw .invalidField(name: "members", reason: "not a user id")
        }
        let current = try await group(groupID)
        var newcomers: [String] = []
        for member in uids where !current.members.contains(member) && !newcomers.contains(member) {
            newcomers.append(member)
        }
        guard !newcomers.isEmpty else { return current }
        guard current.members.count + newcomers.count <= GroupForm.maximumMembers else {
            throw .invalidField(name: "members", reason: "at most \(GroupForm.maximumMembers) members")
        }
        for member in newcomers { _ = try await user(member) }
        try await GiftworldError.mapping {
            try await db.collection(Collections.groups).document(groupID).updateData([
                "members": FieldValue.arrayUnion(newcomers)
            ])
        }
        try await backend.triggersSettled()
        return try await group(groupID)
    }

    /// CU-006: deletes a group the signed-in user created; the membership trigger
    /// (`onDocumentDeleted`) then forgets it, and the call returns once it has. Purchases and
    /// debts made in it stay.
    /// - Throws: `groupNotFound`; `notAllowed` when someone else created it.
    public func deleteGroup(_ groupID: String) async throws(GiftworldError) {
        _ = try await group(groupID)
        try await GiftworldError.mapping {
            try await db.collection(Collections.groups).document(groupID).delete()
        }
        try await backend.triggersSettled()
    }
}
