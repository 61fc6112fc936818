/// One of the eight trades ("oficios") of the original app: workers subscribe to trades, and every
/// request belongs to one. The raw value is the name stored in Firestore, spelled as the thesis does.
public enum Oficio: String, CaseIterable, Codable, Sendable, Comparable {
    case informatica = "Informática"
    case mecanica = "Mecánica"
    case mecanicaBicicletas = "Mecanica bicicletas"
    case electricista = "Electricista"
    case cerrajeria = "Cerrajería"
    case fontaneria = "Fontanería"
    case construccion = "Construcción"
    case limpieza = "Limpieza"

    /// Orders trades as the original's list does.
    public static func < (lhs: Oficio, rhs: Oficio) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// One entry of a user's `oficios` list, as the original stored it: every trade with a flag.
public struct OficioSeleccion: Codable, Sendable, Equatable {
    /// The trade's name (`Oficio.rawValue`).
    public var nombre: String
    /// Whether the user is subscribed to it.
    public var selected: Bool

    /// The eight entries for a user subscribed to `trades`, in the original's order.
    static func list(selecting trades: Set<Oficio>) -> [OficioSeleccion] {
        Oficio.allCases.map { OficioSeleccion(nombre: $0.rawValue, selected: trades.contains($0)) }
    }
}
