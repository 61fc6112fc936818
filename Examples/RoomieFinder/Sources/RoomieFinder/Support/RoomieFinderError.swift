import ExampleSupport
import Hearth

/// Why a RoomieFinder use case failed: the thesis's alternate flows, plus the store's refusals.
public enum RoomieFinderError: ExampleAppError, Sendable, Equatable, CustomStringConvertible {
    /// A form field is missing or malformed (CU-01, CU-02, CU-14, CU-16, CU-17).
    case invalidField(name: String, reason: String)
    /// CU-01: another account already uses this email.
    case emailAlreadyInUse(String)
    /// CU-03: unknown email or wrong password (which one is not revealed).
    case wrongCredentials
    /// CU-06: every option of one filter category was selected, or the budget is negative.
    case invalidFilters(category: String)
    /// CU-10: the message is empty or only whitespace.
    case emptyMessage
    /// CU-09/CU-10: the other party is the user themself, or not a valid uid.
    case invalidChatPartner(String)
    /// The profile `Perfiles/<uid>` does not exist.
    case profileNotFound(uid: String)
    /// The ad `Anuncios/<id>` does not exist.
    case adNotFound(id: String)
    /// The security rules refused the request (e.g. editing someone else's ad); the detail names
    /// the allow statements that failed, as the emulator does.
    case notAllowed(String)
    /// The session was signed out or the data directory closed.
    case unavailable
    /// A stored document does not have the data model's shape.
    case corruptDocument(path: String, detail: String)
    /// Any other store error, with its canonical code and message.
    case storage(code: String, message: String)


    /// The text the app's alert shows (Spanish, as in the thesis's screens).
    public var alertMessage: String {
        switch self {
        case .invalidField(let name, let reason): "Datos incorrectos (\(name)): \(reason)"
        case .emailAlreadyInUse: "Ese correo ya está registrado"
        case .wrongCredentials: "Correo o contraseña incorrectos"
        case .invalidFilters: "Error en filtros"
        case .emptyMessage: "El mensaje está vacío"
        case .invalidChatPartner: "No se puede abrir ese chat"
        case .profileNotFound: "Perfil no encontrado"
        case .adNotFound: "Anuncio no encontrado"
        case .notAllowed: "No tienes permiso para hacer eso"
        case .unavailable: "Sesión cerrada"
        case .corruptDocument, .storage: "Error en la base de datos"
        }
    }

    /// What happened, in English, for logs and tests.
    public var description: String {
        switch self {
        case .invalidField(let name, let reason): "invalid \(name): \(reason)"
        case .emailAlreadyInUse(let email): "the email \(email) is already registered"
        case .wrongCredentials: "wrong email or password"
        case .invalidFilters(let category): "invalid filters: \(category)"
        case .emptyMessage: "the message is empty"
        case .invalidChatPartner(let reason): "invalid chat partner: \(reason)"
        case .profileNotFound(let uid): "no profile Perfiles/\(uid)"
        case .adNotFound(let id): "no ad Anuncios/\(id)"
        case .notAllowed(let detail): "refused by the security rules: \(detail)"
        case .unavailable: "the session is closed"
        case .corruptDocument(let path, let detail): "malformed document \(path): \(detail)"
        case .storage(let code, let message): "store error \(code): \(message)"
        }
    }
}
