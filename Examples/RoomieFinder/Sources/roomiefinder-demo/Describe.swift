import ExampleSupport
import Hearth
import RoomieFinder

/// One-line renderings of the model for the demo's output.
enum Describe {
    /// `Centro · 4 meses · 300 € · flat with 2 rooms`.
    static func ad(_ ad: Anuncio) -> String {
        let flat = ad.numHab.map { "flat with \($0) room\($0 == "1" ? "" : "s")" } ?? "no flat yet"
        return "\(ad.barrio) · \(ad.tiempoEstancia) · \(ad.presupuesto) € · \(flat)"
    }

    /// `Lucía Martín — Medicina (Universidad de Valladolid), student, speaks español/ingles, …`.
    static func profile(_ profile: Perfil) -> String {
        var parts = [profile.fullName]
        if let estudios = profile.estudios, let universidad = profile.universidad {
            parts.append("\(estudios) (\(universidad))")
        }
        if let trabaja = profile.trabaja { parts.append(trabaja ? "works" : "student") }
        if let idiomas = profile.idiomas { parts.append("speaks " + idiomas.map(\.rawValue).joined(separator: "/")) }
        if let fumar = profile.fumar { parts.append(fumar ? "smokes" : "non-smoker") }
        if let ambiente = profile.ambiente { parts.append("wants a \(ambiente.rawValue) home") }
        return parts.joined(separator: ", ")
    }

    /// `Marcos: "Hola"`.
    static func message(_ message: MensajeChat, names: [String: String]) -> String {
        "\(names[message.fromID] ?? message.fromID): \"\(message.text)\""
    }

    /// `2026-11-26 14:03:22.123 UTC`.
    static func time(_ timestamp: Timestamp?) -> String { DemoNarration.time(timestamp) }

    /// `3 accounts, 3 profiles, …`.
    static func statistics(_ statistics: StoreStatistics) -> String {
        [
            count(statistics.accounts, "account"), count(statistics.profiles, "profile"), count(statistics.ads, "ad"),
            count(statistics.favorites, "favourite"),
            count(statistics.conversations, "chat-list entry", plural: "chat-list entries"),
        ].joined(separator: ", ")
    }

    /// `1 ad`, `2 ads`.
    static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
        DemoNarration.count(number, singular, plural: plural)
    }
}
