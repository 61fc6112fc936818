/// CU-16/CU-17's ad form: neighbourhood, length of stay and budget are required; the number of
/// rooms is given only by a publisher who already has a flat.
public struct AdForm: Sendable, Equatable {
    /// Neighbourhood, e.g. `Centro`.
    public var barrio: String
    /// Length of stay, e.g. `4 meses`.
    public var tiempoEstancia: String
    /// Maximum budget in whole euros, e.g. `"300"`.
    public var presupuesto: String
    /// Rooms on offer (`num_hab`), or nil for a publisher without a flat.
    public var habitaciones: String?

    /// A form; leave `habitaciones` nil when the publisher has no flat.
    public init(barrio: String, tiempoEstancia: String, presupuesto: String, habitaciones: String? = nil) {
        self.barrio = barrio
        self.tiempoEstancia = tiempoEstancia
        self.presupuesto = presupuesto
        self.habitaciones = habitaciones
    }

    /// The form pre-filled from a stored ad (CU-17 shows the current data).
    public init(editing ad: Anuncio) {
        self.init(
            barrio: ad.barrio, tiempoEstancia: ad.tiempoEstancia, presupuesto: ad.presupuesto, habitaciones: ad.numHab)
    }

    /// The form with texts trimmed and numbers normalized, or the first invalid field.
    func validated() throws(RoomieFinderError) -> AdForm {
        AdForm(
            barrio: try FieldCheck.required(barrio, "barrio"),
            tiempoEstancia: try FieldCheck.required(tiempoEstancia, "tiempoEstancia"),
            presupuesto: try FieldCheck.wholeNumber(presupuesto, "presupuesto"),
            habitaciones: try habitaciones.map { rooms throws(RoomieFinderError) in
                try FieldCheck.wholeNumber(rooms, "num_hab")
            })
    }
}
