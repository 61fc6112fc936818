import Hearth
import Komunit

/// The demo's people in Málaga, and their groups.
enum Cast {
    static let ana = RegistrationForm(
        name: "Ana Ruiz", username: "ana_bajo", email: "ana@uma.es", password: "secreto1", latitude: 36.7213,
        longitude: -4.4214)
    static let bruno = RegistrationForm(
        name: "Bruno Sanz", username: "bruno_drums", email: "bruno@uma.es", password: "baqueta9", latitude: 36.7180,
        longitude: -4.4350)
    static let carmen = RegistrationForm(
        name: "Carmen Vidal", username: "carmen_voz", email: "carmen@uma.es", password: "soprano7", latitude: 36.6600,
        longitude: -4.4800)
    static let temporary = RegistrationForm(
        name: "Teo Paso", username: "teo", email: "teo@uma.es", password: "de-paso", latitude: 36.7200,
        longitude: -4.4200)

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
