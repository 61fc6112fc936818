public import ExampleSupport
import Hearth

/// A signed-in user inside RoomieFinder (CU-04 onwards). Each method is one use case; every
/// request it makes runs under the security rules as this user (`db`), so the rules — not this
/// code — have the last word on what the user may read and write.
public typealias UserSession = AppSession<Backend>

extension UserSession {
    /// Trusted server-side work (CU-18's favourite clean-up).
    var backend: Backend { services }

    /// `Perfiles/<uid>`.
    func profileReference(_ uid: String) -> DocumentReference {
        db.collection(Collections.profiles).document(uid)
    }

    /// The profile of `uid`.
    /// - Throws: `profileNotFound`.
    func profile(of uid: String) async throws(RoomieFinderError) -> Perfil {
        guard FieldCheck.identifier(uid) else { throw .profileNotFound(uid: uid) }
        return try await RoomieFinderError.mapping {
            guard let profile = try await profileReference(uid).decoded(as: Perfil.self) else {
                throw RoomieFinderError.profileNotFound(uid: uid)
            }
            return profile
        }
    }

    /// The ad `id`.
    /// - Throws: `adNotFound`.
    func ad(_ id: String) async throws(RoomieFinderError) -> Anuncio {
        guard FieldCheck.identifier(id) else { throw .adNotFound(id: id) }
        return try await RoomieFinderError.mapping {
            guard let ad = try await db.collection(Collections.ads).document(id).decoded(as: Anuncio.self) else {
                throw RoomieFinderError.adNotFound(id: id)
            }
            return ad
        }
    }
}
