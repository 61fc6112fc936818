import ExampleSupport
import Hearth

extension UserSession {
    /// The signed-in user's profile.
    /// - Throws: `profileNotFound`.
    public func ownProfile() async throws(WorkNowError) -> Usuario {
        try await profile(of: uid)
    }

    /// The profile of `uid` (profiles are visible to every signed-in user).
    /// - Throws: `profileNotFound`.
    public func profile(of uid: String) async throws(WorkNowError) -> Usuario {
        let reference = try userReference(uid)
        return try await WorkNowError.mapping {
            let snapshot = try await reference.getDocument()
            guard snapshot.exists else { throw WorkNowError.profileNotFound(uid: uid) }
            return try snapshot.decoded(as: Usuario.self)
        }
    }

    /// Subscribe to trades: replaces the trades the user works in (both `oficios` and `trades`).
    /// Requests of a trade reach the user's open-requests listener from the next update on.
    public func subscribe(to trades: Set<Oficio>) async throws(WorkNowError) -> Usuario {
        try await WorkNowError.mapping {
            try await userReference(uid).updateData([
                "oficios": OficioSeleccion.list(selecting: trades).map {
                    ["nombre": $0.nombre, "selected": $0.selected]
                },
                "trades": trades.sorted().map(\.rawValue),
            ])
        }
        return try await ownProfile()
    }

    /// Moves the user's place and usual radius (the default radius of their new requests).
    /// - Throws: `invalidField("location", …)`; `invalidRadius`.
    public func updateWorkArea(latitude: Double, longitude: Double, radiusKm: Double) async throws(WorkNowError)
        -> Usuario
    {
        let place = try FieldCheck.location(latitude: latitude, longitude: longitude)
        let radius = try FieldCheck.radius(radiusKm)
        try await WorkNowError.mapping {
            try await userReference(uid).updateData([
                "latitude": String(place.latitude), "longitude": String(place.longitude),
                "location": try GeoPoint(latitude: place.latitude, longitude: place.longitude), "radiusKm": radius,
            ])
        }
        return try await ownProfile()
    }

    /// Profile (screen 10): sets or, with nil or blank text, removes the phone number shown to
    /// the other party of a job. Nombre, apellidos and email never change (the rules refuse it).
    /// - Throws: `invalidField("telefono", …)`.
    public func updatePhone(_ telefono: String?) async throws(WorkNowError) -> Usuario {
        let phone = try telefono.flatMap(FieldCheck.phone)
        try await WorkNowError.mapping {
            try await userReference(uid).updateData(["telefono": phone.map { $0 as Any } ?? FieldValue.delete()])
        }
        return try await ownProfile()
    }

    /// Profile (screen 10): changes the password (*Firebase Auth*'s `updatePassword(to:)`, typed twice).
    /// - Throws: `passwordTooShort`; `passwordsDoNotMatch`; `unavailable` once signed out.
    public func changePassword(to newPassword: String, repeat repeated: String) async throws(WorkNowError) {
        let password = try FieldCheck.password(newPassword)
        guard password == repeated else { throw .passwordsDoNotMatch }
        try await WorkNowError.mapping {
            try await account.changePassword(to: password)
        }
    }
}
