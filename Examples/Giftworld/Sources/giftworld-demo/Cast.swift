import Giftworld

/// The demo's five friends and the gifts on Ana's wedding list.
enum Cast {
    static let ana = RegistrationForm(
        firstname: "Ana", lastname: "García", email: "ana@giftworld.es", password: "boda2020$ana")
    static let luis = RegistrationForm(
        firstname: "Luis", lastname: "Pérez", email: "luis@giftworld.es", password: "luis#regalos1")
    static let marta = RegistrationForm(
        firstname: "Marta", lastname: "Ruiz", email: "marta@giftworld.es", password: "marta!2020ok")
    static let pablo = RegistrationForm(
        firstname: "Pablo", lastname: "Sanz", email: "pablo@giftworld.es", password: "pablo%amigo7")
    static let sofia = RegistrationForm(
        firstname: "Sofía", lastname: "Gil", email: "sofia@giftworld.es", password: "sofia&boda22")

    static let coffeeMaker = GiftForm(
        name: "Cafetera", brand: "Nespresso", price: 120, link: "https://www.example.com/cafetera")
    static let sheets = GiftForm(name: "Juego de sábanas", brand: "Zara Home", price: 90)
    static let robot = GiftForm(
        name: "Robot aspirador", brand: "Roomba", price: 300, link: "https://www.example.com/roomba")

    static let weddingGroup = "Boda de Ana"
    static let weddingPicture = "https://img.example.com/boda-de-ana.jpg"
    static let luisPicture = "https://img.example.com/luis.jpg"
}
