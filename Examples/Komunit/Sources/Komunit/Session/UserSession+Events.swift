import Hearth

extension UserSession {
    /// CU08: the group's owner creates an event (`createdAt` = commit time).
    /// - Throws: `invalidField`; `groupNotFound`; `notOwner`.
    public func createEvent(in groupId: String, _ form: EventForm) async throws(KomunitError) -> Evento {
        var fields = try form.validated()
        try await requireOwner(of: groupId)
        fields["createdAt"] = FieldValue.serverTimestamp()
        let reference: DocumentReference = try await KomunitError.mapping {
            try await db.collection(Collections.events(of: groupId)).addDocument(data: fields)
        }
        return try await event(reference.documentID, in: groupId)
    }

    /// Edits an event's title, description and date; owner only. Whether it is flexible is fixed
    /// at creation (the attendances' windows depend on it).
    /// - Throws: `invalidField`; `groupNotFound`; `eventNotFound`; `notOwner`.
    public func editEvent(_ eventId: String, in groupId: String, with form: EventForm) async throws(KomunitError)
        -> Evento
    {
        let fields = try form.validated()
        try await requireOwner(of: groupId)
        let existing = try await event(eventId, in: groupId)
        guard existing.isFlexible == form.isFlexible else {
            throw .invalidField(name: "isFlexible", reason: "no se puede cambiar después de crear el evento")
        }
        try await KomunitError.mapping {
            try await db.collection(Collections.events(of: groupId)).document(eventId).updateData(fields)
        }
        return try await event(eventId, in: groupId)
    }

    /// The group's events, soonest first (members only).
    public func events(of groupId: String) async throws(KomunitError) -> [Evento] {
        return try await KomunitError.mapping {
            return try await db.collection(Collections.events(of: groupId)).order(by: "date").getDocuments()
                .decoded(as: Evento.self)
        }
    }

    /// The event `eventId` of the group.
    /// - Throws: `eventNotFound`.
    public func event(_ eventId: String, in groupId: String) async throws(KomunitError) -> Evento {
        guard FieldCheck.identifier(eventId), FieldCheck.identifier(groupId) else { throw .eventNotFound(id: eventId) }
        let snapshot: DocumentSnapshot = try await KomunitError.mapping {
            try await db.collection(Collections.events(of: groupId)).document(eventId).getDocument()
        }
        guard snapshot.exists else { throw .eventNotFound(id: eventId) }
        return try snapshot.decoded(as: Evento.self)
    }

    /// CU09: a member joins an event, with the window of time that suits them when the event is
    /// flexible. Joining again replaces the window.
    /// - Throws: `notMember`; `eventNotFound`; `invalidAvailability` for a window on a fixed event
    ///   or one that does not end after it starts.
    public func joinEvent(_ eventId: String, in groupId: String, window: AvailabilityWindow? = nil)
        async throws(KomunitError) -> Asistencia
    {
        guard try await isMember(of: groupId) else { throw .notMember }
        let event = try await event(eventId, in: groupId)
        if let window {
            guard event.isFlexible else {
                throw .invalidAvailability("este evento tiene una hora fija")
            }
            guard window.start < window.end else {
                throw .invalidAvailability("el inicio debe ser anterior al final")
            }
        }
        let attendance = Asistencia(userId: uid, preferredStart: window?.start, preferredEnd: window?.end)
        try await KomunitError.mapping {
            try await db.collection(Collections.attendances(of: groupId, event: eventId)).document(uid)
                .setData(from: attendance)
        }
        return attendance
    }

    /// A member leaves an event (nothing happens when they had not joined).
    public func leaveEvent(_ eventId: String, in groupId: String) async throws(KomunitError) {
        guard FieldCheck.identifier(eventId), FieldCheck.identifier(groupId) else { throw .eventNotFound(id: eventId) }
        try await KomunitError.mapping {
            try await db.collection(Collections.attendances(of: groupId, event: eventId)).document(uid).delete()
        }
    }

    /// Who attends an event (members only).
    public func attendances(of eventId: String, in groupId: String) async throws(KomunitError) -> [Asistencia] {
        guard FieldCheck.identifier(eventId), FieldCheck.identifier(groupId) else { throw .eventNotFound(id: eventId) }
        return try await KomunitError.mapping {
            return try await db.collection(Collections.attendances(of: groupId, event: eventId)).getDocuments()
                .decoded(as: Asistencia.self)
        }
    }

    /// Checks that the signed-in user owns the group.
    /// - Throws: `groupNotFound`; `notOwner`.
    func requireOwner(of groupId: String) async throws(KomunitError) {
        guard try await group(groupId).ownerId == uid else { throw .notOwner }
    }
}
