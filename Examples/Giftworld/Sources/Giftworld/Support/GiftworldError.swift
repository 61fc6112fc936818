import ExampleSupport
import Hearth

/// Why a Giftworld use case failed: the thesis's alternate flows, plus the store's refusals.
public enum GiftworldError: ExampleAppError, Sendable, Equatable, CustomStringConvertible {
    /// A form field is missing or malformed.
    case invalidField(name: String, reason: String)
    /// Registration: the password breaks the thesis's rule (8+ characters from
    /// `[A-Za-z0-9$@#!%*?&]` with a lowercase letter and a special character).
    case weakPassword
    /// Registration: another account already uses this email.
    case emailAlreadyInUse(String)
    /// Sign-in: unknown email or wrong password (which one is not revealed).
    case wrongCredentials
    /// The user card `users/<uid>` does not exist.
    case userNotFound(uid: String)
    /// The gift does not exist, or the caller may not see it.
    case giftNotFound(id: String)
    /// The group does not exist, or the caller is not a member.
    case groupNotFound(id: String)
    /// The debt does not exist, or the caller is not one of its parties.
    case debtNotFound(id: String)
    /// Someone already bought this gift.
    case alreadyBought
    /// A user tried to buy a gift from their own list.
    case ownGift
    /// A co-buyer or the gift's owner is not a member of the chosen group.
    case notInGroup(uid: String)
    /// The security rules refused the request; the detail names the allow statements that failed.
    case notAllowed(String)
    /// The session was signed out or the data directory closed.
    case unavailable
    /// A stored document does not have the data model's shape.
    case corruptDocument(path: String, detail: String)
    /// Any other store error, with its canonical code and message.
    case storage(code: String, message: String)


    /// The text the app shows (Spanish, as in the thesis's screens).
    public var alertMessage: String {
        switch self {
        case .invalidField: "Por favor, rellena todos los campos correctamente"
        case .weakPassword:
            "La contraseña debe tener al menos 8 caracteres, una minúscula y un carácter especial ($@#!%*?&)"
        case .emailAlreadyInUse: "Ha habido un error creando el usuario: el correo ya está registrado"
        case .wrongCredentials: "El correo o la contraseña no son correctos"
        case .userNotFound: "Usuario no encontrado"
        case .giftNotFound: "Regalo no encontrado"
        case .groupNotFound: "Grupo no encontrado"
        case .debtNotFound: "Saldo no encontrado"
        case .alreadyBought: "Este regalo ya ha sido comprado"
        case .ownGift: "No puedes comprar un regalo de tu propia lista"
        case .notInGroup: "Todos los compradores deben pertenecer al grupo"
        case .notAllowed: "No tienes permiso para hacer eso"
        case .unavailable: "Sesión cerrada"
        case .corruptDocument, .storage: "Error en la base de datos"
        }
    }

    /// What happened, in English, for logs and tests.
    public var description: String {
        switch self {
        case .invalidField(let name, let reason): "invalid \(name): \(reason)"
        case .weakPassword: "the password breaks the password rule"
        case .emailAlreadyInUse(let email): "the email \(email) is already registered"
        case .wrongCredentials: "wrong email or password"
        case .userNotFound(let uid): "no user users/\(uid)"
        case .giftNotFound(let id): "no visible gift \(id)"
        case .groupNotFound(let id): "no group \(id) with the caller as member"
        case .debtNotFound(let id): "no debt \(id) with the caller as party"
        case .alreadyBought: "the gift is already bought"
        case .ownGift: "a user cannot buy their own gift"
        case .notInGroup(let uid): "\(uid) is not a member of the group"
        case .notAllowed(let detail): "refused by the security rules: \(detail)"
        case .unavailable: "the session is closed"
        case .corruptDocument(let path, let detail): "malformed document \(path): \(detail)"
        case .storage(let code, let message): "store error \(code): \(message)"
        }
    }
}
