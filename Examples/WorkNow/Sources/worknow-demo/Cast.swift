import WorkNow

/// The demo's people: a client and three electricians — two in Madrid, one in Barcelona.
enum Cast {
    /// Ana, who needs help at home in Madrid (Puerta del Sol).
    static let ana = RegistrationForm(
        nombre: "Ana", apellidos: "García Ruiz", email: "ana@worknow.example", password: "ana-secreta",
        latitude: 40.4169, longitude: -3.7035)
    /// Luis, an electrician in Chamberí who travels 15 km.
    static let luis = RegistrationForm(
        nombre: "Luis", apellidos: "Martín Sanz", email: "luis@worknow.example", password: "luis-voltios",
        latitude: 40.4340, longitude: -3.7040, oficios: [.electricista, .informatica], radiusKm: 15)
    /// Marta, an electrician and plumber in Lavapiés who travels 10 km.
    static let marta = RegistrationForm(
        nombre: "Marta", apellidos: "López Vidal", email: "marta@worknow.example", password: "marta-tuberia",
        latitude: 40.4086, longitude: -3.7010, oficios: [.electricista, .fontaneria], radiusKm: 10)
    /// Jordi, an electrician in Barcelona (500 km away) who travels 50 km.
    static let jordi = RegistrationForm(
        nombre: "Jordi", apellidos: "Puig Serra", email: "jordi@worknow.example", password: "jordi-barcelona",
        latitude: 41.3874, longitude: 2.1686, oficios: [.electricista], radiusKm: 50)

    /// Ana's request: two sockets to replace, at most 60 €.
    static let sockets = RequestForm(
        categoria: .electricista, descripcion: "Cambiar dos enchufes de la cocina", precioMax: 60,
        latitude: 40.4169, longitude: -3.7035)
}
