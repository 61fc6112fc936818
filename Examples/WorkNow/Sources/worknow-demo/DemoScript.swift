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
        print("WorkNow demo — data directory \(directory)")
        print(
            before.accounts == 0
                ? "A fresh data directory: nothing stored yet."
                : "Found data from an earlier run: \(describe(before)).")

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
        var inboxes: [ListenerInbox<[Solicitud]>] = []
        var registrations: [any ListenerRegistration] = []
        defer { registrations.forEach { $0.remove() } }
        for (name, worker) in views {
            let inbox = ListenerInbox<[Solicitud]>()
            registrations.append(await worker.listenToOpenRequests(inbox.deliver))
            let first = try await inbox.next()
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
            let seen = try await inboxes[index].next()
            print("  live: \(name)'s list now has it on top: \(seen.first?.requestID == job.requestID)")
        }
        print("  Jordi (Barcelona, 500 km away) got no update: \(inboxes[2].pendingCount == 0)")
        try await app.waitForTriggers()
        for (name, worker) in views {
            let alerted = try await worker.myAlerts().contains { $0.requestId == job.requestID }
            print("  alert from the fan-out trigger in \(name)'s inbox: \(alerted)")
        }

        section("Offers")
        try await expectRefusal("Luis offers 75 €, above the maximum") {
            _ = try await luis.sendOffer(OfferForm(price: 75, duration: "1 hora"), to: job.requestID)
        }
        _ = try await luis.sendOffer(
            OfferForm(price: 55, duration: "1 hora", message: "Voy esta tarde"), to: job.requestID)
        _ = try await marta.sendOffer(
            OfferForm(price: 48, duration: "45 minutos", message: "Mañana a las 9"), to: job.requestID)
        print("Luis offers 55 €, Marta 48 €")
        try await expectRefusal("Marta sends a second offer") {
            _ = try await marta.sendOffer(OfferForm(price: 40, duration: "45 minutos"), to: job.requestID)
        }
        try await expectRefusal("Luis lists every offer of Ana's request (only she may)") {
            _ = try await luis.offers(on: job.requestID)
        }
        let offers = try await ana.offers(on: job.requestID)
        print(
            "Ana sees \(DemoNarration.count(offers.count, "offer")): "
                + offers.map { "\($0.price) €" }.joined(separator: ", "))

        section("Accept exactly one offer (two taps at once)")
        async let first = outcome { try await ana.acceptOffer(of: marta.uid, on: job.requestID) }
        async let second = outcome { try await ana.acceptOffer(of: luis.uid, on: job.requestID) }
        let results = await [("Marta", first), ("Luis", second)]
        for (name, result) in results { print("  accept \(name)'s offer → \(result)") }
        let accepted = try await ana.request(job.requestID)
        let winner = accepted.acceptedOffer == marta.uid ? "Marta" : "Luis"
        print("The request is \(accepted.status.rawValue); acceptedOffer = \(winner)")
        for (index, (name, _)) in views.prefix(2).enumerated() {
            let seen = try await inboxes[index].next()
            print("  live: the request left \(name)'s list: \(!seen.contains { $0.requestID == job.requestID })")
        }
        try await expectRefusal("Luis marks the job as done") { _ = try await luis.completeRequest(job.requestID) }

        section("Chat")
        let worker = winner == "Marta" ? marta : luis
        let chat = try await ana.openChat(about: job.requestID)
        print("Chat id by the original's rule: \(chat.id ?? "?") (5 uid characters + initials, smaller uid first)")
        let messages = ListenerInbox<[Mensaje]>()
        let chatListener = ana.listenToMessages(in: chat.id ?? "", messages.deliver)
        defer { chatListener.remove() }
        let earlier = try await messages.next()
        print("Ana's chat view opens with \(DemoNarration.count(earlier.count, "message")) (the last 25 at most)")
        try await expectRefusal("Jordi writes into their chat") {
            try await jordi.sendMessage("Hola", in: chat.id ?? "")
        }
        try await worker.sendMessage("Hola Ana, ¿te va bien a las 9?", in: chat.id ?? "")
        let live = try await messages.next()
        print("  live: Ana reads \"\(live.last?.text ?? "")\" from \(live.last?.senderName ?? "")")
        try await ana.sendMessage("Perfecto, gracias", in: chat.id ?? "")
        _ = try await messages.next()

        section("Job done · ratings")
        try await expectRefusal("Ana rates before the job is done") {
            try await ana.rate(job: job.requestID, stars: 5)
        }
        _ = try await ana.completeRequest(job.requestID)
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

        section("Summary")
        print("Stored now: \(describe(try await app.statistics())).")
        print("Ana has made \(DemoNarration.count(try await ana.myRequests().count, "request")) over all runs.")
        print("Run it again with --data \(directory): it signs in instead of registering and adds one more job.")
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
        do {
            try await step()
        } catch let error as WorkNowError {
            let kind = if case .notAllowed = error { "refused by the security rules" } else { "refused by the app" }
            print("✗ \(what) → \(kind): \"\(error.alertMessage)\" (\(error))")
            return
        }
        throw DemoFailure(description: "expected a refusal: \(what)")
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
    private func section(_ title: String) { print("\n== \(title)") }

    /// The statistics as one line.
    private func describe(_ s: StoreStatistics) -> String {
        [
            DemoNarration.count(s.accounts, "account"), DemoNarration.count(s.requests, "request"),
            DemoNarration.count(s.offers, "offer"), DemoNarration.count(s.ratings, "rating"),
            DemoNarration.count(s.messages, "message"),
        ].joined(separator: ", ")
    }
}

/// The demo saw something it did not expect.
struct DemoFailure: Error, CustomStringConvertible {
    /// What.
    let description: String
}
