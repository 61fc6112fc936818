import ExampleSupport
import Hearth

/// Why a Komunit use case failed: the thesis's alternate flows and the domain's limits, plus the
/// store's refusals. `alertMessage` is the app's own text (Spanish, as its screens).
public enum KomunitError: ExampleAppError, Sendable, Equatable, CustomStringConvertible {
    /// A form field is missing or malformed.
    case invalidField(name: String, reason: String)
    /// Another account already uses this email.
    case emailAlreadyInUse(String)
    /// The two passwords of the form differ.
    case passwordsDoNotMatch
    /// The terms of use were not accepted (CU01 step 4).
    case termsNotAccepted
    /// Unknown email or wrong password (which one is not revealed).
    case wrongCredentials
    /// The account's e-mail address is not confirmed yet (RNF0): the app shows the waiting screen.
    case emailNotConfirmed
    /// No account uses this e-mail (RF2, password reset).
    case unknownEmail
    /// The code of a confirmation or password-reset e-mail is unknown, used or expired.
    case invalidCode
    /// The user document `users/<uid>` does not exist.
    case userNotFound(uid: String)
    /// The group does not exist (any more).
    case groupNotFound(id: String)
    /// The event does not exist.
    case eventNotFound(id: String)
    /// The message does not exist.
    case messageNotFound(id: String)
    /// The group has `memberLimit` members already.
    case groupFull
    /// The user already belongs to the maximum number of groups (4).
    case tooManyGroups(limit: Int)
    /// The user already owns the maximum number of groups (2).
    case tooManyOwnedGroups(limit: Int)
    /// The user is already a member of that group.
    case alreadyMember
    /// The user is not a member of that group.
    case notMember
    /// Only the group's owner may do that.
    case notOwner
    /// The owner cannot leave while other members remain.
    case ownerCannotLeave
    /// The user is the group's last member: leaving deletes the group, so the app asks first
    /// (CU05 alt. 6.1); leaving again with the deletion confirmed goes ahead.
    case lastMember
    /// The message is empty or only whitespace.
    case emptyMessage
    /// An availability window on an event that is not flexible, or one that does not end after it starts.
    case invalidAvailability(String)
    /// The security rules refused the request.
    case notAllowed(String)
    /// Too many concurrent changes to the same documents; try again.
    case busy
    /// The session was signed out or the data directory closed.
    case unavailable
    /// A stored document does not have the data model's shape.
    case corruptDocument(path: String, detail: String)
    /// Any other store error, with its canonical code and message.
    case storage(code: String, message: String)


    /// Komunit's sorting of a failure (what `KomunitError.mapping { … }` throws).
    public static func mapped(_ error: any Error) -> KomunitError {
        if let store = error as? FirestoreError, store.code == .aborted { return .busy }
        if let account = error as? AccountError, account == .invalidCode { return .invalidCode }
        if let account = error as? AccountError, account == .weakPassword {
            return .invalidField(
                name: "password", reason: "debe tener al menos \(RegistrationForm.minimumPasswordLength) caracteres")
        }
        return KomunitError(mapping: error)
    }

    /// The text the app's alert shows.
    public var alertMessage: String {
        switch self {
        case .invalidField(let name, let reason): "Datos incorrectos (\(name)): \(reason)"
        case .emailAlreadyInUse: "El correo ya está registrado"
        case .passwordsDoNotMatch: "Las contraseñas no coinciden"
        case .termsNotAccepted: "Debes aceptar las condiciones de uso"
        case .wrongCredentials: "Correo o contraseña incorrectos"
        case .emailNotConfirmed: "Confirma tu correo electrónico: te hemos enviado un enlace"
        case .unknownEmail: "No hay ninguna cuenta con ese correo"
        case .invalidCode: "El enlace no es válido o ya se ha usado"
        case .userNotFound: "Usuario no encontrado"
        case .groupNotFound: "El grupo ya no existe"
        case .eventNotFound: "El evento ya no existe"
        case .messageNotFound: "El mensaje ya no existe"
        case .groupFull: "El grupo está completo"
        case .tooManyGroups(let limit): "Solo puedes pertenecer a \(limit) grupos a la vez"
        case .tooManyOwnedGroups(let limit): "Solo puedes crear \(limit) grupos"
        case .alreadyMember: "Ya formas parte de este grupo"
        case .notMember: "No formas parte de este grupo"
        case .notOwner: "Solo el propietario del grupo puede hacer eso"
        case .ownerCannotLeave: "Eres el propietario: no puedes abandonar el grupo mientras tenga otros miembros"
        case .lastMember: "Eres el último miembro: si sales, el grupo se eliminará. ¿Eliminar el grupo?"
        case .emptyMessage: "El mensaje está vacío"
        case .invalidAvailability(let reason): "Horario no válido: \(reason)"
        case .notAllowed: "No tienes permiso para hacer eso"
        case .busy: "Hay demasiada actividad, inténtalo de nuevo"
        case .unavailable: "Sesión cerrada"
        case .corruptDocument, .storage: "Error en la base de datos"
        }
    }

    /// What happened, in English, for logs and tests.
    public var description: String {
        switch self {
        case .invalidField(let name, let reason): "invalid \(name): \(reason)"
        case .emailAlreadyInUse(let email): "the email \(email) is already registered"
        case .passwordsDoNotMatch: "the passwords do not match"
        case .termsNotAccepted: "the terms of use were not accepted"
        case .wrongCredentials: "wrong email or password"
        case .emailNotConfirmed: "the e-mail address is not confirmed"
        case .unknownEmail: "no account uses this e-mail"
        case .invalidCode: "unknown, used or expired code"
        case .userNotFound(let uid): "no user users/\(uid)"
        case .groupNotFound(let id): "no group groups/\(id)"
        case .eventNotFound(let id): "no event \(id)"
        case .messageNotFound(let id): "no message \(id)"
        case .groupFull: "the group is full"
        case .tooManyGroups(let limit): "already a member of \(limit) groups"
        case .tooManyOwnedGroups(let limit): "already owns \(limit) groups"
        case .alreadyMember: "already a member"
        case .notMember: "not a member"
        case .notOwner: "only the owner may do that"
        case .ownerCannotLeave: "the owner cannot leave while other members remain"
        case .lastMember: "the last member's leaving deletes the group; confirm the deletion"
        case .emptyMessage: "the message is empty"
        case .invalidAvailability(let reason): "invalid availability: \(reason)"
        case .notAllowed(let detail): "refused by the security rules: \(detail)"
        case .busy: "too much contention"
        case .unavailable: "the session is closed"
        case .corruptDocument(let path, let detail): "malformed document \(path): \(detail)"
        case .storage(let code, let message): "store error \(code): \(message)"
        }
    }
}
