import Medspace

/// The demo's doctors, their forms and posts.
enum Cast {
    static let ana = RegistrationForm(
        username: "DrAnaSosa", fullname: "Ana Sosa", email: "ana@ulpgc.es", password: "secreto1",
        repeatPassword: "secreto1")
    static let luis = RegistrationForm(
        username: "LuisMedina", fullname: "Luis Medina", email: "luis@ulpgc.es", password: "corazon22",
        repeatPassword: "corazon22")
    /// Registers, changes and resets her password, then leaves, on every run.
    static let marta = RegistrationForm(
        username: "marta.rey", fullname: "Marta Rey", email: "marta@ulpgc.es", password: "pediatria1",
        repeatPassword: "pediatria1")

    static let chestPain = PostForm(
        title: "Dolor torácico en Cardiología", description: "Varón de 54 años con dolor opresivo de 30 minutos.",
        speciality: .internalMedicine, history: "Hipertenso, fumador", examination: "ECG con elevación del ST en V1–V4")
    static let congress = PostForm(
        title: "Medspace congress in Las Palmas", description: "Registration is open until March.",
        speciality: .familyMedicine, image: "news/congress.jpg")
    static let vaccines = PostForm(
        title: "Vaccine uptake in children", description: "A cohort study of 2,000 families.",
        speciality: .pediatrics, pdf: "researches/vaccine-uptake.pdf")

    /// Each run's discussion (deleted at the end of the run), which mentions Luis's keyword.
    static let followUp = PostForm(
        title: "Heart failure follow-up", description: "How often do you see your patients after discharge?",
        speciality: .internalMedicine)
}
