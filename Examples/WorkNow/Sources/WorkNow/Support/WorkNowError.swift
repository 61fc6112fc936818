import ExampleSupport
import Hearth

/// Why a WorkNow use case failed: the app's own refusals, plus the store's.
public enum WorkNowError: ExampleAppError, Sendable, Equatable, CustomStringConvertible {
    /// A form field is missing or malformed.
    case invalidField(name: String, reason: String)
    /// Registration: the password has fewer than 8 characters.
    case passwordTooShort
    /// Change password: the two copies of the new password differ.
    case passwordsDoNotMatch
    /// Registration: another account already uses this email.
    case emailAlreadyInUse(String)
    /// Sign in: unknown email or wrong password (which one is not revealed).
    case wrongCredentials
    /// A search or work radius outside 1–100 km.
    case invalidRadius(Double)
    /// The profile `users/<uid>` does not exist.
    case profileNotFound(uid: String)
    /// The request `requests/<id>` does not exist or is not visible to the user.
    case requestNotFound(id: String)
    /// No offer of this worker on the request.
    case offerNotFound(worker: String)
    /// The client already turned this offer down (it cannot be accepted).
    case offerRejected(worker: String)
    /// A direct hire or a contact of a user who offers no trade, or not the request's trade.
    case notAProfessional(uid: String)
    /// An offer on a request of a trade the worker is not subscribed to.
    case notSubscribed(trade: String)
    /// An offer on one's own request.
    case ownRequest
    /// An offer whose price is above the request's `precio_max`.
    case priceAboveMaximum(price: Double, maximum: Double)
    /// A second offer by the same worker on the same request.
    case offerAlreadySent
    /// The request is no longer open (an offer arrived late, or another offer was accepted first).
    case requestNotOpen(status: RequestStatus)
    /// A status change the life cycle does not allow (e.g. `done → open`).
    case illegalTransition(from: RequestStatus, to: RequestStatus)
    /// Someone other than the request's client tried to change it.
    case notTheClient
    /// A rating or a payment before the job is done.
    case jobNotDone
    /// A rating before the client paid the job.
    case jobNotPaid
    /// A second payment of the same job.
    case alreadyPaid
    /// A party pressed "finalizar" a second time.
    case alreadyFinished
    /// A rating, chat, "finalizar" or cancellation by someone who is not a party of the job.
    case notAParty
    /// A second rating of the same job by the same party.
    case alreadyRated
    /// Stars outside 1.0–5.0.
    case invalidStars(Double)
    /// A chat message that is empty or blank.
    case emptyMessage
    /// A chat with oneself, or with a user the chat id rule cannot name.
    case invalidChatPartner(String)
    /// The security rules refused the request; the detail names the failing allow statements.
    case notAllowed(String)
    /// The session was signed out or the data directory closed.
    case unavailable
    /// A stored document does not have the data model's shape.
    case corruptDocument(path: String, detail: String)
    /// Any other store error, with its canonical code and message.
    case storage(code: String, message: String)


    /// The text the app's alert shows (Spanish, as the original's screens).
    public var alertMessage: String {
        switch self {
        case .invalidField(let name, _): "Revisa el campo \(name)"
        case .passwordTooShort: "La contraseña debe tener al menos 8 caracteres"
        case .passwordsDoNotMatch: "Las contraseñas no coinciden"
        case .emailAlreadyInUse: "Ese correo ya está registrado"
        case .wrongCredentials: "Correo o contraseña incorrectos"
        case .invalidRadius: "La distancia debe estar entre 1 y 100 km"
        case .profileNotFound: "Usuario no encontrado"
        case .requestNotFound: "Solicitud no encontrada"
        case .offerNotFound: "Oferta no encontrada"
        case .offerRejected: "Rechazaste esa oferta"
        case .notAProfessional: "Ese usuario no trabaja en ese oficio"
        case .notSubscribed: "No estás suscrito a ese oficio"
        case .ownRequest: "No puedes ofertar en tu propia solicitud"
        case .priceAboveMaximum: "La oferta supera el precio máximo"
        case .offerAlreadySent: "Ya enviaste una oferta para esta solicitud"
        case .requestNotOpen: "La solicitud ya no está abierta"
        case .illegalTransition: "Ese cambio de estado no está permitido"
        case .notTheClient: "Solo el cliente puede cambiar la solicitud"
        case .jobNotDone: "El trabajo aún no está terminado"
        case .jobNotPaid: "Solo se puede valorar un trabajo pagado"
        case .alreadyPaid: "Ya pagaste este trabajo"
        case .alreadyFinished: "Ya marcaste el trabajo como finalizado"
        case .notAParty: "No participaste en este trabajo"
        case .alreadyRated: "Ya valoraste este trabajo"
        case .invalidStars: "La valoración debe estar entre 1 y 5"
        case .emptyMessage: "El mensaje está vacío"
        case .invalidChatPartner: "No se puede abrir ese chat"
        case .notAllowed: "No tienes permiso para hacer eso"
        case .unavailable: "Sesión cerrada"
        case .corruptDocument, .storage: "Error en la base de datos"
        }
    }

    /// What happened, in English, for logs and tests.
    public var description: String {
        switch self {
        case .invalidField(let name, let reason): "invalid \(name): \(reason)"
        case .passwordTooShort: "the password has fewer than 8 characters"
        case .passwordsDoNotMatch: "the two passwords differ"
        case .emailAlreadyInUse(let email): "the email \(email) is already registered"
        case .wrongCredentials: "wrong email or password"
        case .invalidRadius(let km): "the radius \(km) km is outside 1–100 km"
        case .profileNotFound(let uid): "no profile users/\(uid)"
        case .requestNotFound(let id): "no request requests/\(id)"
        case .offerNotFound(let worker): "no offer by \(worker)"
        case .offerRejected(let worker): "the offer by \(worker) was rejected"
        case .notAProfessional(let uid): "\(uid) is not a professional of that trade"
        case .notSubscribed(let trade): "not subscribed to \(trade)"
        case .ownRequest: "an offer on one's own request"
        case .priceAboveMaximum(let price, let maximum): "the price \(price) is above the maximum \(maximum)"
        case .offerAlreadySent: "an offer was already sent"
        case .requestNotOpen(let status): "the request is \(status.rawValue), not open"
        case .illegalTransition(let from, let to): "a request cannot move from \(from.rawValue) to \(to.rawValue)"
        case .notTheClient: "only the request's client may change it"
        case .jobNotDone: "the job is not done"
        case .jobNotPaid: "the job is not paid"
        case .alreadyPaid: "the job was already paid"
        case .alreadyFinished: "this party already finished the job"
        case .notAParty: "not a party of the job"
        case .alreadyRated: "this job was already rated by this party"
        case .invalidStars(let stars): "\(stars) stars is outside 1.0–5.0"
        case .emptyMessage: "the message is empty"
        case .invalidChatPartner(let reason): "invalid chat partner: \(reason)"
        case .notAllowed(let detail): "refused by the security rules: \(detail)"
        case .unavailable: "the session is closed"
        case .corruptDocument(let path, let detail): "malformed document \(path): \(detail)"
        case .storage(let code, let message): "store error \(code): \(message)"
        }
    }
}
