import RoomieFinder

/// The demo's three students: their sign-up forms, profiles and ads.
enum Cast {
    static let lucia = RegistrationForm(
        nombre: "Lucía", apellido: "Martín", fnac: "2001-03-14", email: "lucia@uva.es", password: "secreto1")
    static let marcos = RegistrationForm(
        nombre: "Marcos", apellido: "Rivas", fnac: "1999-11-02", email: "marcos@uva.es", password: "piso2024")
    static let sara = RegistrationForm(
        nombre: "Sara", apellido: "Gómez", fnac: "2002-06-30", email: "sara@uva.es", password: "sara-pass")

    static let luciaProfile = ProfileForm(
        estudios: "Medicina", trabaja: false, universidad: "Universidad de Valladolid", idiomas: [.spanish, .english],
        sexo: .woman, tipoPersona: .calm, ambiente: .quiet, tiempoLibre: "Leer y correr por el Pisuerga", fumar: false,
        fiesta: false, descripcion: "Tranquila, ordenada y muy puntual")
    static let marcosProfile = ProfileForm(
        estudios: "Ingeniería Informática", trabaja: true, universidad: "Universidad de Valladolid",
        idiomas: [.spanish, .italian], sexo: .man, tipoPersona: .active, ambiente: .social, tiempoLibre: "Fútbol sala",
        fumar: false, fiesta: true, descripcion: "Sociable, cocino bien")
    static let saraProfile = ProfileForm(
        estudios: "Filología Francesa", trabaja: false, universidad: "Universidad de Valladolid",
        idiomas: [.spanish, .english, .french], sexo: .woman, tipoPersona: .both, ambiente: .social,
        tiempoLibre: "Conciertos", fumar: true, fiesta: true, descripcion: "Alegre y habladora")

    static let luciaAd = AdForm(barrio: "Centro", tiempoEstancia: "4 meses", presupuesto: "300", habitaciones: "2")
    static let marcosAd = AdForm(barrio: "Parquesol", tiempoEstancia: "1 año", presupuesto: "450")
    static let saraAd = AdForm(barrio: "Delicias", tiempoEstancia: "9 meses", presupuesto: "250", habitaciones: "3")
    static let temporaryAd = AdForm(
        barrio: "Rondilla", tiempoEstancia: "2 meses", presupuesto: "250", habitaciones: "1")
}
