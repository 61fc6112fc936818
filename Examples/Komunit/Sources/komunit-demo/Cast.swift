import Hearth
import Komunit

/// The demo's people in Málaga, and their groups.
enum Cast {
    static let ana = person("Ana Ruiz", "ana_bajo", "ana@uma.es", "secreto1", 36.7213, -4.4214)
    static let bruno = person("Bruno Sanz", "bruno_drums", "bruno@uma.es", "baqueta9", 36.7180, -4.4350)
    static let carmen = person("Carmen Vidal", "carmen_voz", "carmen@uma.es", "soprano7", 36.6600, -4.4800)
    /// Registers, forgets and resets his password, then deletes his account, on every run.
    static let temporary = person("Teo Paso", "teo", "teo@uma.es", "de-paso", 36.7200, -4.4200)

    /// A sign-up form with the password typed twice and the terms accepted.
    static func person(
        _ name: String, _ username: String, _ email: String, _ password: String, _ latitude: Double, _ longitude: Double
    ) -> RegistrationForm {
        RegistrationForm(
            name: name, username: username, email: email, password: password, repeatPassword: password,
            latitude: latitude, longitude: longitude, acceptsTerms: true)
    }

    static let band = GroupForm(
        title: "Banda de rock de Málaga", description: "Buscamos batería y voz", type: "música", memberLimit: 4,
        latitude: 36.7196, longitude: -4.4200, placeName: "Calle Larios")
    static let duo = GroupForm(
        title: "Dúo acústico", description: "Guitarra y voz", type: "música", memberLimit: 2, latitude: 36.7230,
        longitude: -4.4150, placeName: "Plaza de la Merced")
    static let farGroup = GroupForm(
        title: "Senderismo en Ronda", description: "Rutas de fin de semana", type: "deporte", memberLimit: 10,
        latitude: 36.7420, longitude: -5.1650, placeName: "Ronda")
    static let picnic = GroupForm(
        title: "Picnic de un día", description: "Se disuelve al terminar", type: "ocio", memberLimit: 5,
        latitude: 36.7150, longitude: -4.4100, placeName: "Parque de Málaga")
}
