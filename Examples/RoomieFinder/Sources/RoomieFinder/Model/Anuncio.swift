public import Hearth

/// An ad, `Anuncios/{autoId}` (thesis Table 5.2), plus `creadoEn` to list newest first.
public struct Anuncio: Codable, Sendable, Equatable {
    /// The auto-generated document id.
    @DocumentID public var id: String?
    /// The publisher's uid (a user may publish many ads).
    public var userID: String
    /// Neighbourhood, e.g. `Centro`.
    public var barrio: String
    /// Length of stay, e.g. `4 meses`.
    public var tiempoEstancia: String
    /// Maximum budget in euros, a string of digits as in the thesis, e.g. `"300"`.
    public var presupuesto: String
    /// Rooms on offer, only when the publisher already has a flat (`num_hab`).
    public var numHab: String?
    /// When the ad was published (a server timestamp).
    @ServerTimestamp public var creadoEn: Timestamp?

    /// The stored field names (`num_hab` keeps the thesis's spelling).
    enum CodingKeys: String, CodingKey {
        case id, userID, barrio, tiempoEstancia, presupuesto, creadoEn
        case numHab = "num_hab"
    }

    /// Whether the publisher offers rooms in a flat they already have.
    public var hasFlat: Bool { numHab != nil }

    /// `presupuesto` as a number, or nil when it is not a whole number of euros.
    public var budget: Int? { Int(presupuesto) }

    /// A new ad by `userID`; the store fills in `creadoEn`.
    init(userID: String, form: AdForm) {
        self.userID = userID
        self.barrio = form.barrio
        self.tiempoEstancia = form.tiempoEstancia
        self.presupuesto = form.presupuesto
        self.numHab = form.habitaciones
    }
}
