import ExampleSupport
import Foundation
import Hearth
import WorkNow

/// The scripted session: Ana needs an electrician; Luis, Marta (Madrid) and Jordi (Barcelona) are
/// electricians. Each run adds one more job; what earlier runs stored is found and counted.
struct DemoScript {
    let app: WorkNow
    let directory: String

    /// Runs the whole story.
    func run() async throws {
        let before = try await app.statistics()
        DemoScene.opening("WorkNow", directory: directory, accounts: before.accounts) { describe(before) }

        section("Register · sign in")
        try await expectRefusal("Ana tries the password \"corta\"") {
            var short = Cast.ana
            short.password = "corta"
            _ = try await app.register(short)
        }
        let ana = try await enter(Cast.ana)
        let luis = try await enter(Cast.luis)
        let marta = try await enter(Cast.marta)
        let jordi = try await enter(Cast.jordi)
        defer { [ana, luis, marta, jordi].forEach { $0.signOut() } }

        section("Workers listen to open requests of their trades within their radius")
        let views = [("Luis", luis), ("Marta", marta), ("Jordi", jordi)]
        var inboxes: [AsyncThrowingStream<[Solicitud], any Error>.Iterator] = []
        for (name, worker) in views {
            var inbox = await worker.openRequests().makeAsyncIterator()
            let first = try await inbox.next() ?? []
            print("\(name) sees \(DemoNarration.count(first.count, "open request")) on start")
            inboxes.append(inbox)
        }

        section("Request a service")
        try await expectRefusal("Ana forgets the description") {
            var blank = Cast.sockets
            blank.descripcion = "  "
            _ = try await ana.requestService(blank)
        }
        let job = try await ana.requestService(Cast.sockets)
        print("Ana asks for an electrician: \"\(job.descripcion)\", at most 60 € → requests/\(job.requestID)")
        for (index, (name, _)) in views.prefix(2).enumerated() {
            let seen = try await inboxes[index].next() ?? []
            print("  live: \(name)'s list now has it on top: \(seen.first?.requestID == job.requestID)")
        }
        try await app.waitForTriggers()
        for (name, worker) in views {
            let alerted = try await worker.myAlerts().contains { $0.requestId == job.requestID }
            print("  alert from the fan-out trigger in \(name)'s inbox: \(alerted)")
        }

        section("Offers (CU012 / RF005), arriving live on Ana's map (RF006)")
        var arriving = ana.liveOffers(on: job.requestID).makeAsyncIterator()
        _ = try await arriving.next()
        try await expectRefusal("Luis offers 50–75 €, the top above the maximum") {
            _ = try await luis.sendOffer(OfferForm(price: 50, priceTo: 75, duration: "1 hora"), to: job.requestID)
        }
        _ = try await luis.sendOffer(
            OfferForm(price: 50, priceTo: 55, duration: "1 hora", message: "Voy esta tarde"), to: job.requestID)
        let firstArrival = try await arriving.next() ?? []
        print("  live: Ana's map shows \(DemoNarration.count(firstArrival.count, "offer")) — Luis, 50–55 €, "
            + "at \(firstArrival.first.map { String(format: "%.4f, %.4f", $0.location.latitude, $0.location.longitude) } ?? "?")")
        _ = try await marta.sendOffer(
            OfferForm(price: 48, duration: "45 minutos", message: "Mañana a las 9"), to: job.requestID)
        print("  live: then Marta's 48 €: \(DemoNarration.count((try await arriving.next() ?? []).count, "offer")) on the map")
        try await expectRefusal("Marta sends a second offer") {
            _ = try await marta.sendOffer(OfferForm(price: 40, duration: "45 minutos"), to: job.requestID)
        }
        try await expectRefusal("Luis lists every offer of Ana's request (only she may)") {
            _ = try await luis.offers(on: job.requestID)
        }
        let offers = try await ana.offers(on: job.requestID)
        print(
            "Ana sees \(DemoNarration.count(offers.count, "offer")): "
                + offers.map { offer in offer.priceTo.map { "\(offer.price)–\($0) €" } ?? "\(offer.price) €" }
                .joined(separator: ", "))

        section("Accept exactly one offer (two taps at once)")
        async let first = outcome { try await ana.acceptOffer(of: marta.uid, on: job.requestID) }
        async let second = outcome { try await ana.acceptOffer(of: luis.uid, on: job.requestID) }
        let results = await [("Marta", first), ("Luis", second)]
        for (name, result) in results { print("  accept \(name)'s offer → \(result)") }
        let accepted = try await ana.request(job.requestID)
        let winner = accepted.acceptedOffer == marta.uid ? "Marta" : "Luis"
        print("The request is \(accepted.status.rawValue); acceptedOffer = \(winner)")
        for (index, (name, _)) in views.prefix(2).enumerated() {
            let seen = try await inboxes[index].next() ?? []
            print("  live: the request left \(name)'s list: \(!seen.contains { $0.requestID == job.requestID })")
        }
        try await expectRefusal("Jordi presses \"finalizar\" on their job") { _ = try await jordi.finishJob(job.requestID) }

        section("Chat")
        let worker = winner == "Marta" ? marta : luis
        let chat = try await ana.openChat(about: job.requestID)
        print("Chat id by the original's rule: \(chat.id ?? "?") (5 uid characters + initials, smaller uid first)")
        var messages = ana.messages(in: chat.id ?? "").makeAsyncIterator()
        let earlier = try await messages.next() ?? []
        print("Ana's chat view opens with \(DemoNarration.count(earlier.count, "message")) (the last 25 at most)")
        try await expectRefusal("Jordi writes into their chat") {
            try await jordi.sendMessage("Hola", in: chat.id ?? "")
        }
        try await worker.sendMessage("Hola Ana, ¿te va bien a las 9?", in: chat.id ?? "")
        let live = try await messages.next() ?? []
        print("  live: Ana reads \"\(live.last?.text ?? "")\" from \(live.last?.senderName ?? "")")
        try await ana.sendMessage("Perfecto, gracias", in: chat.id ?? "")
        _ = try await messages.next()

        section("Job in progress · finalizar by both · pay (CU011) · ratings (RF008)")
        let progress = try await ana.job(job.requestID)
        print(
            "Screen 15: \(progress.worker?.nombre ?? "?")'s proposal \(progress.offer?.price ?? 0) €, "
                + "chat \(progress.chatID ?? "none")")
        try await expectRefusal("Ana rates before the job is done") {
            try await ana.rate(job: job.requestID, stars: 5)
        }
        let half = try await worker.finishJob(job.requestID)
        print("\(winner) presses \"finalizar\" → still \(half.status.rawValue), finishedBy has 1 party")
        try await expectRefusal("\(winner) presses it twice") { _ = try await worker.finishJob(job.requestID) }
        let done = try await ana.finishJob(job.requestID)
        print("Ana presses it too → \(done.status.rawValue)")
        try await expectRefusal("Ana rates before paying") { try await ana.rate(job: job.requestID, stars: 5) }
        try await expectRefusal("\(winner) marks the job as paid") { _ = try await worker.pay(job: job.requestID) }
        let paid = try await ana.pay(job: job.requestID)
        print("Ana pays in the app (simulated, no provider) → paidAt \(DemoNarration.time(paid.paidAt))")
        try await expectRefusal("Ana pays twice") { _ = try await ana.pay(job: job.requestID) }
        try await expectRefusal("Ana tries 6 stars") { try await ana.rate(job: job.requestID, stars: 6) }
        try await ana.rate(job: job.requestID, stars: 4.5, comment: "Rápida y limpia")
        try await worker.rate(job: job.requestID, stars: 5, comment: "Muy amable")
        print("Ana gives \(winner) 4.5 stars; \(winner) gives Ana 5 (rating and counters in one transaction)")
        try await expectRefusal("Ana rates the same job again") { try await ana.rate(job: job.requestID, stars: 1) }
        try await expectRefusal("Ana reopens the done request") { _ = try await ana.cancelRequest(job.requestID) }

        section("Professionals of a trade nearby, best rated first")
        try await expectRefusal("Ana searches within 150 km") {
            _ = try await ana.professionals(of: .electricista, withinKm: 150)
        }
        for professional in try await ana.professionals(of: .electricista, withinKm: 20) {
            let average = professional.averageRating.map { String(format: "%.2f", $0) } ?? "no ratings yet"
            print(
                "  \(professional.usuario.nombre) \(professional.usuario.apellidos): "
                    + "\(String(format: "%.1f", professional.distanceKm)) km, average \(average) "
                    + "(\(DemoNarration.count(professional.usuario.ratingCount, "rating")))")
        }

        section("Reject a proposal (screen 6)")
        let lamp = try await ana.requestService(
            RequestForm(categoria: .electricista, descripcion: "Colgar una lámpara", precioMax: 30, latitude: 40.4169,
                longitude: -3.7035))
        _ = try await luis.sendOffer(OfferForm(price: 30, duration: "30 minutos"), to: lamp.requestID)
        _ = try await ana.rejectOffer(of: luis.uid, on: lamp.requestID)
        let seen = try await luis.myOffer(on: lamp.requestID)
        print("Ana rejects Luis's 30 € for the lamp; Luis sees rejected = \(seen?.rejected ?? false)")
        try await expectRefusal("Ana accepts the rejected offer") {
            _ = try await ana.acceptOffer(of: luis.uid, on: lamp.requestID)
        }
        _ = try await ana.cancelRequest(lamp.requestID)

        try await directHire(ana: ana, luis: luis, jordi: jordi)
        try await profileAndChats(ana: ana)

        section("Summary")
        print("Stored now: \(describe(try await app.statistics())).")
        print("Ana has made \(DemoNarration.count(try await ana.myRequests().count, "request")) over all runs.")
        print("Run it again with --data \(directory): it signs in instead of registering and adds one more job.")
    }

    /// CU005 → detail → CU009 → CU008 → CU012 in chat → CU010: Ana contacts Luis from his detail,
    /// hires him directly, he proposes in the chat and she accepts.
    private func directHire(ana: UserSession, luis: UserSession, jordi: UserSession) async throws {
        section("Professional's detail · contact before any job (CU009) · hire directly (CU008)")
        let detail = try await ana.professionalDetail(of: luis.uid)
        let average = detail.averageRating.map { String(format: "%.2f", $0) } ?? "no ratings yet"
        print("Luis's detail: average \(average), comments: "
            + (detail.ratings.map { "\"\($0.comment)\"" }.joined(separator: ", ").nonEmpty ?? "none"))
        let chat = try await ana.contact(luis.uid)
        let chatID = chat.id ?? ""
        print("Ana contacts Luis with no job: chats/\(chatID), requestId = \(chat.requestId ?? "null")")
        try await ana.sendMessage("¿Podrías mirar el cuadro eléctrico el sábado?", in: chatID)
        let hire = try await ana.hire(luis.uid, for: RequestForm(
            categoria: .electricista, descripcion: "Revisar el cuadro eléctrico", precioMax: 80, latitude: 40.4169,
            longitude: -3.7035))
        print("Ana hires Luis directly → requests/\(hire.requestID), worker = Luis, in no trade's list")
        try await expectRefusal("Jordi opens Luis's direct hire") { _ = try await jordi.request(hire.requestID) }
        var hires = luis.directRequests().makeAsyncIterator()
        print("  live: Luis's direct hires: \(DemoNarration.count((try await hires.next() ?? []).count, "open request"))")
        let (_, proposal) = try await luis.sendProposal(
            OfferForm(price: 60, priceTo: 75, duration: "2 horas", message: "El sábado a las 10"), in: chatID)
        print("Luis proposes \(proposal.price)–\(proposal.priceTo ?? proposal.price) € in the chat (CU012)")
        let accepted = try await ana.acceptProposal(in: chatID)
        print("Ana accepts the proposal made in chat (CU010) → \(accepted.status.rawValue)")
        _ = try await luis.cancelRequest(hire.requestID)
        print("Luis cancels it the day before (a last-minute problem) → cancelled")
    }

    /// Profile (change password; identity fixed) and "Mis Chats".
    private func profileAndChats(ana: UserSession) async throws {
        section("Profile · Mis Chats · history")
        try await expectRefusal("Ana repeats the new password wrongly") {
            try await ana.changePassword(to: "ana-nueva-1", repeat: "ana-nueva-2")
        }
        try await ana.changePassword(to: "ana-nueva-1", repeat: "ana-nueva-1")
        _ = try await app.signIn(email: Cast.ana.email, password: "ana-nueva-1")
        print("Ana changes her password and signs in with it (then sets it back for the next run)")
        try await ana.changePassword(to: Cast.ana.password, repeat: Cast.ana.password)
        var chats = ana.myChats().makeAsyncIterator()
        let mine = try await chats.next() ?? []
        print("Mis Chats: Ana has \(DemoNarration.count(mine.count, "chat")) "
            + "(\(mine.filter { $0.requestId == nil }.count) started before any job)")
        let history = try await ana.jobHistory()
        print("History: \(DemoNarration.count(history.asClient.count, "job")) as client, "
            + "\(history.asWorker.count) as worker")
    }

    /// Registers `form`, or signs in when an earlier run did; then enters the app.
    private func enter(_ form: RegistrationForm) async throws -> UserSession {
        let account: Account
        do {
            account = try await app.register(form)
            print("\(form.nombre) registers as \(form.email) → users/\(account.uid)")
        } catch .emailAlreadyInUse {
            account = try await app.signIn(email: form.email, password: form.password)
            print("\(form.email) is already registered (earlier run) → \(form.nombre) signs in")
        }
        return try await app.enterApp(as: account)
    }

    /// Runs `step`, which must fail, and prints the app's message for the failure.
    private func expectRefusal(_ what: String, _ step: () async throws -> Void) async throws {
        try await DemoScene.expectRefusal(what, as: WorkNowError.self, step)
    }

    /// "ok" or the app's error, for steps whose outcome is part of the story.
    private func outcome(_ step: () async throws -> Solicitud) async -> String {
        do {
            _ = try await step()
            return "accepted"
        } catch let error as WorkNowError {
            return "refused: \(error)"
        } catch {
            return "failed: \(error)"
        }
    }

    /// Prints a section heading.
    private func section(_ title: String) { DemoScene.section(title) }

    /// The statistics as one line.
    private func describe(_ s: StoreStatistics) -> String {
        [
            DemoNarration.count(s.accounts, "account"), DemoNarration.count(s.requests, "request"),
            DemoNarration.count(s.offers, "offer"), DemoNarration.count(s.ratings, "rating"),
            DemoNarration.count(s.chats, "chat"),
            DemoNarration.count(s.messages, "message"),
        ].joined(separator: ", ")
    }
}

extension String {
    /// Nil for the empty string.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
