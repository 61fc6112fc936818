import ExampleSupport
import Hearth
import RoomieFinder

/// The scripted session: three students use every use case, and the output tells what happens.
/// Everything is idempotent across runs: what an earlier run stored is found and shown instead.
struct DemoScript {
    let app: RoomieFinder
    let directory: String

    /// Runs the whole story.
    func run() async throws {
        let before = try await app.statistics()
        DemoScene.opening("RoomieFinder", directory: directory, accounts: before.accounts) { Describe.statistics(before) }

        section("CU-01 Register · CU-03 Sign in · CU-04 Enter the app")
        let lucia = try await enter(Cast.lucia)
        let marcos = try await enter(Cast.marcos)
        let sara = try await enter(Cast.sara)
        defer { [lucia, marcos, sara].forEach { $0.signOut() } }
        try await expectRefusal("Marcos mistypes his password") {
            _ = try await app.signIn(email: Cast.marcos.email, password: "piso2023")
        }
        let names = [lucia.uid: "Lucía", marcos.uid: "Marcos", sara.uid: "Sara"]

        section("CU-02 Create profile · CU-12 View profile")
        var incomplete = Cast.saraProfile
        incomplete.descripcion = ""
        try await expectRefusal("Sara leaves her description empty") { try await sara.createProfile(incomplete) }
        try await completeProfile(lucia, "Lucía", Cast.luciaProfile)
        try await completeProfile(marcos, "Marcos", Cast.marcosProfile)
        try await completeProfile(sara, "Sara", Cast.saraProfile)

        section("CU-16 Publish ads · CU-15 Own ads")
        try await expectRefusal("Marcos writes \"mucho\" as his budget") {
            _ = try await marcos.createAd(AdForm(barrio: "Parquesol", tiempoEstancia: "1 año", presupuesto: "mucho"))
        }
        let centro = try await publishOnce(lucia, "Lucía", Cast.luciaAd)
        _ = try await publishOnce(marcos, "Marcos", Cast.marcosAd)
        _ = try await publishOnce(sara, "Sara", Cast.saraAd)

        try await search(as: marcos, lookingFor: centro)
        let exchanged = try await chat(lucia: lucia, marcos: marcos, sara: sara, names: names)
        try await editAndDelete(owner: marcos, other: lucia)
        try await updateProfile(lucia)

        section("Summary")
        let after = try await app.statistics()
        print("Stored now: \(Describe.statistics(after)).")
        print("Lucía and Marcos have exchanged \(Describe.count(exchanged, "message")) over all runs.")
        print(
            "Run it again with --data \(directory): it signs in instead of registering, and finds all of this "
                + "still there."
        )
    }

    /// CU-01, or CU-03 when an earlier run registered the email; then CU-04.
    private func enter(_ form: RegistrationForm) async throws -> UserSession {
        let account: Account
        do {
            account = try await app.register(form)
            print(
                "CU-01 \(form.nombre) registers as \(form.email) → uid \(account.uid); Perfiles/\(account.uid) "
                    + "holds nombre, apellido, fnac"
            )
        } catch .emailAlreadyInUse {
            account = try await app.signIn(email: form.email, password: form.password)
            print(
                "CU-03 \(form.email) is already registered (earlier run) → \(form.nombre) signs in: uid \(account.uid)")
        }
        let session = try await app.enterApp(as: account)
        print("CU-04 \(form.nombre) enters the app: from now on every request runs under the rules as \(account.uid)")
        return session
    }

    /// CU-02 when the profile is still the registration stub, CU-12 otherwise.
    private func completeProfile(_ session: UserSession, _ name: String, _ form: ProfileForm) async throws {
        let current = try await session.ownProfile()
        if current.isComplete {
            print("CU-12 \(name)'s profile is complete (earlier run): \(Describe.profile(current))")
            return
        }
        try await session.createProfile(form, photoPath: "images/\(session.uid).jpg")
        print("CU-02 \(name) completes the profile: \(Describe.profile(try await session.ownProfile()))")
    }

    /// CU-16 unless an earlier run published the same ad (CU-15 shows it then).
    private func publishOnce(_ session: UserSession, _ name: String, _ form: AdForm) async throws -> Anuncio {
        if let existing = try await session.ownAds().first(where: { $0.barrio == form.barrio }) {
            print(
                "CU-15 \(name)'s own ads already include \(Describe.ad(existing)), published "
                    + "\(Describe.time(existing.creadoEn))"
            )
            return existing
        }
        let ad = try await session.createAd(form)
        print(
            "CU-16 \(name) publishes \(Describe.ad(ad)) → Anuncios/\(ad.id ?? "?"), creadoEn "
                + "\(Describe.time(ad.creadoEn))"
        )
        return ad
    }

    /// CU-05, CU-06, CU-08 and CU-07, as Marcos.
    private func search(as marcos: UserSession, lookingFor centro: Anuncio) async throws {
        section("CU-05 List ads · CU-06 Filter · CU-08 Publisher · CU-07 Favourite")
        let all = try await marcos.listAds()
        print("CU-05 Marcos sees \(all.count) ads, newest first (his own are left out):")
        for listing in all {
            print(
                "      \(Describe.ad(listing.anuncio)) — \(listing.publisher.fullName)\(listing.isFavorite ? " ★" : "")"
            )
        }

        var everyone = AdFilter()
        everyone.sexes = [.man, .woman]
        try await expectRefusal("Marcos ticks both \"hombre\" and \"mujer\"") {
            _ = try await marcos.searchAds(everyone)
        }
        var filter = AdFilter()
        filter.sexes = [.woman]
        filter.smoking = [false]
        filter.languages = [.spanish, .english]
        filter.maxBudget = 350
        let result = try await marcos.searchAds(filter)
        print(
            "CU-06 Marcos filters: women, non-smokers, speaking español and ingles, at most 350 € → "
                + "\(Describe.count(result.listings.count, "ad")):"
        )
        for listing in result.listings {
            print("      \(Describe.ad(listing.anuncio)) — \(listing.publisher.fullName)")
        }
        print("      evaluated by the store: \(result.serverSide.joined(separator: "; "))")
        print("      evaluated in memory:    \(result.inMemory.joined(separator: "; "))")

        let id = centro.id ?? ""
        let publisher = try await marcos.publisher(ofAd: id)
        print("CU-08 Marcos opens the publisher of the Centro ad: \(Describe.profile(publisher))")
        if try await marcos.isFavorite(id) {
            print("CU-07 The Centro ad is already among Marcos's favourites (earlier run)")
        } else {
            try await marcos.toggleFavorite(id)
            print("CU-07 Marcos marks the Centro ad as favourite ★ → Favoritos/\(marcos.uid)_\(id)")
        }
        var favorites = filter.refreshed()
        favorites.favoritesOnly = true
        let marked = try await marcos.searchAds(favorites)
        print("CU-06 \"Favourites only\" → \(marked.listings.map { Describe.ad($0.anuncio) }.joined(separator: ", "))")
    }

    /// CU-09, CU-10, CU-11 and the chat view, with live listeners.
    /// Returns how many messages Lucía and Marcos have exchanged.
    private func chat(lucia: UserSession, marcos: UserSession, sara: UserSession, names: [String: String]) async throws
        -> Int
    {
        section("CU-09 Start chat · CU-10 Send · CU-11 Chats — live listeners")
        let opened = try await marcos.startChat(with: lucia.uid)
        print(
            opened.hasMessages
                ? "CU-09 Marcos reopens his chat with \(opened.partner.nombre) (messages from earlier runs)"
                : "CU-09 Marcos opens a chat with \(opened.partner.nombre): nothing is stored until the first message")

        var luciaChats = lucia.chats().makeAsyncIterator()
        var luciaView = lucia.messages(with: marcos.uid).makeAsyncIterator()
        var marcosView = marcos.messages(with: lucia.uid).makeAsyncIterator()
        let firstList = try await luciaChats.next() ?? []
        let history = try await luciaView.next() ?? []
        _ = try await marcosView.next()
        print(
            "Listening: Lucía's chat list (\(Describe.count(firstList.count, "conversation"))), and Lucía's and "
                + "Marcos's views of their chat (\(Describe.count(history.count, "earlier message")))"
        )

        try await marcos.sendMessage("Hola Lucía, ¿sigue libre la habitación del Centro?", to: lucia.uid)
        print(
            "CU-10 Marcos sends a message: one atomic batch — the message in both chats, both chat-list "
                + "entries, one server timestamp"
        )
        try await show("Lucía's chat view", &luciaView, names)
        try await show("Marcos's chat view", &marcosView, names)
        try await show("Lucía's chat list", &luciaChats)

        try await sara.sendMessage("Hola Lucía, yo también busco piso, ¿hablamos?", to: lucia.uid)
        print("CU-10 Sara sends Lucía a message")
        try await show("Lucía's chat list", &luciaChats)

        try await lucia.sendMessage("¡Sí, Marcos! ¿Quieres verla el sábado por la mañana?", to: marcos.uid)
        print("CU-10 Lucía answers Marcos")
        try await show("Marcos's chat view", &marcosView, names)
        try await show("Lucía's chat view", &luciaView, names)
        try await show("Lucía's chat list", &luciaChats)
        try await expectRefusal("Marcos sends an empty message") { try await marcos.sendMessage("   ", to: lucia.uid) }
        return history.count + 2
    }

    /// Prints the next update of a chat view.
    private func show(
        _ title: String, _ view: inout AsyncThrowingStream<[MensajeChat], any Error>.Iterator, _ names: [String: String]
    ) async throws {
        guard let messages = try await view.next(), let last = messages.last else { return }
        print(
            "      [live] \(title) shows \(Describe.message(last, names: names)) "
                + "(\(Describe.time(last.timestamp))); \(Describe.count(messages.count, "message")) in all"
        )
    }

    /// Prints the next update of a chat list.
    private func show(_ title: String, _ list: inout AsyncThrowingStream<[MensajeReciente], any Error>.Iterator) async throws {
        let entries = try await list.next() ?? []
        let order = entries.map { "\($0.nombre) (\"\($0.text.prefix(24))…\")" }.joined(separator: ", ")
        print("      [live] \(title), newest first: \(order)")
    }

    /// CU-16, CU-17 and CU-18 on a throwaway ad, with a refusal by the rules in between.
    private func editAndDelete(owner marcos: UserSession, other lucia: UserSession) async throws {
        section("CU-17 Edit ad · CU-18 Delete ad · the security rules")
        let ad = try await marcos.createAd(Cast.temporaryAd)
        let id = ad.id ?? ""
        print("CU-16 Marcos publishes a second ad: \(Describe.ad(ad))")
        var form = AdForm(editing: ad)
        form.presupuesto = "230"
        form.habitaciones = nil
        let edited = try await marcos.editAd(id, with: form)
        print("CU-17 Marcos edits it: \(Describe.ad(edited))")
        try await lucia.toggleFavorite(id)
        print("CU-07 Lucía marks it as favourite")
        do {
            _ = try await lucia.editAd(id, with: Cast.luciaAd)
            throw DemoFailure(description: "the rules let Lucía edit Marcos's ad")
        } catch RoomieFinderError.notAllowed(let detail) {
            print("CU-17 Lucía tries to edit Marcos's ad → refused by the security rules: \(detail)")
        }
        print(
            "CU-18 Marcos asks to delete it and answers \"Cancelar\" → "
                + "\(try await marcos.deleteAd(id, confirmed: false))"
        )
        print("      still there: \(try await marcos.ownAds().contains { $0.id == id })")
        let outcome = try await marcos.deleteAd(id, confirmed: true)
        guard case .deleted = outcome else {
            throw DemoFailure(description: "the deletion did not happen")
        }
        print("CU-18 Marcos answers \"Borrar\" → the ad is deleted, and its clean-up trigger removes the favourites pointing to it")
        print("      Lucía's favourite is gone: \(!(try await lucia.isFavorite(id)))")
    }

    /// CU-13 and CU-14.
    private func updateProfile(_ lucia: UserSession) async throws {
        section("CU-13 Change photo · CU-14 Edit profile")
        let replaced = try await lucia.changePhoto(to: "images/\(lucia.uid)-playa.jpg")
        print("CU-13 Lucía changes her photo → urlImage = \(try await lucia.ownProfile().urlImage ?? "?")")
        print("      old photo to remove from Storage: \(replaced ?? "none (it was already this one)")")
        var form = ProfileForm(editing: try await lucia.ownProfile())
        form.idiomas = [.spanish, .english, .portuguese]
        try await lucia.editProfile(form)
        print("CU-14 Lucía adds portugues to her languages: \(Describe.profile(try await lucia.ownProfile()))")
    }

    /// Runs `attempt`, which must be refused, and prints the alert the app would show.
    private func expectRefusal(_ what: String, _ attempt: () async throws -> Void) async throws {
        try await DemoScene.expectRefusal(what, as: RoomieFinderError.self, attempt)
    }

    /// Prints a section title.
    private func section(_ title: String) { DemoScene.section(title) }
}
